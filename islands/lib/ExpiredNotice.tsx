/** @jsxRuntime automatic @jsxImportSource preact */
// "Your login expired" (spec 000 §2, §4) as a dialog that interrupts: the
// idle warning shows it when its countdown runs out or a refresh fails, and
// the API client mounts it itself (showExpiredNotice) on a page without the
// warning. Forms sent from the page afterwards are kept by the server and
// come back after logging in (server/savedform.go), which it says.
import { render } from 'preact';
import { Modal } from './Modal';

export const EXPIRED_ID = 'login-expired';

export type ExpiredDialogProps = {
  open: boolean;
  title: string;
  text: string;
  /** Log in again (and come back here). */
  login: string;
  onClose: () => void;
};

export function ExpiredDialog({ open, title, text, login, onClose }: ExpiredDialogProps) {
  return (
    <Modal id={EXPIRED_ID} title={title} width={400} open={open} onClose={onClose} closeLabel="" role="alertdialog" describedBy={EXPIRED_ID + '-text'}>
      <div id={EXPIRED_ID + '-text'}>
        <p className="mb-2">{text}</p>
        <p className="mb-4 text-sm text-gray-700">A form you send from this page now is kept for 10 minutes and shown to you again after you log in.</p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <a href={login} className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Log in again</a>
        <button type="button" className="rounded border border-gray-600 px-4 py-2" onClick={onClose}>Close</button>
      </div>
    </Modal>
  );
}

/** Mounts the dialog once, for a page whose islands have no idle warning. */
export function showExpiredNotice(title: string, text: string, login: string): void {
  if (typeof document === 'undefined' || document.getElementById(EXPIRED_ID + '-host')) return;
  const host = document.createElement('div');
  host.id = EXPIRED_ID + '-host';
  document.body.appendChild(host);
  const close = () => render(<ExpiredDialog open={false} title={title} text={text} login={login} onClose={close} />, host);
  render(<ExpiredDialog open title={title} text={text} login={login} onClose={close} />, host);
}
