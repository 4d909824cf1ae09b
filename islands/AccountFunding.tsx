/** @jsxRuntime automatic @jsxImportSource preact */
// Account funding dialog (spec 000 §2, width 436): opened from the sidebar's
// "Account funding" link on every organisation page. Without JavaScript that
// link is the page /org/{id}/account_funding with the same content as a
// form; this island renders nothing on the server (so hydration changes
// nothing) and, once hydrated, takes over the link's click and shows the
// content in the shared Modal, loading the instructions from the API.
import { useEffect, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { Modal } from './lib/Modal';
import {
  MSG_ACCEPTED, MSG_CHANGED, MSG_LOADING, MSG_SELECT, MSG_UNAVAILABLE,
  acceptChanges, fundingRows, loadInstructions, type Instruction,
} from './lib/funding';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['AccountFunding'];

/** The marker the shell puts on the sidebar link. */
export const LINK = 'a[data-dialog="account-funding"]';
const ID = 'account-funding';

export default function AccountFunding({ orgId, csrf, width, accounts }: Props) {
  const js = useHydrated();
  const [open, setOpen] = useState(false);
  const [account, setAccount] = useState('');
  const [data, setData] = useState<Record<string, Instruction> | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const links = document.querySelectorAll(LINK);
    links.forEach((l) => l.setAttribute('aria-haspopup', 'dialog'));
    const onClick = (e: MouseEvent) => {
      // A new tab or window still gets the page.
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.(LINK) as HTMLElement | null;
      if (!link) return;
      e.preventDefault();
      link.focus(); // the Modal gives focus back to it on close
      setOpen(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  if (!js) return null;

  const load = async () => {
    setLoading(true);
    setFailed(false);
    const r = await loadInstructions(orgId);
    setLoading(false);
    if (r.ok) setData(r.data);
    else setFailed(true);
  };

  const choose = (acct: string) => {
    setAccount(acct);
    setNotice('');
    if (acct && !data && !loading) void load();
  };

  const close = () => {
    setOpen(false);
    setAccount('');
    setData(null);
    setFailed(false);
    setNotice('');
  };

  const current = account && data ? data[account] : undefined;

  const accept = async (f: Instruction) => {
    setBusy(true);
    const r = await acceptChanges(orgId, f.virtual_account_number, f.uuid, csrf);
    setBusy(false);
    if (r.ok) {
      setData((d) => ({ ...(d || {}), [f.virtual_account_number]: r.data }));
      setNotice(MSG_ACCEPTED);
      return;
    }
    setNotice(r.message);
    // An older configuration: show the current one.
    if (r.status === 409) void load();
  };

  let status = '';
  if (!account) status = MSG_SELECT;
  else if (loading) status = MSG_LOADING;
  else if (failed || (data && !current)) status = MSG_UNAVAILABLE;

  return (
    <Modal id={ID} title="Account funding" width={width} open={open} onClose={close} closeLabel="">
      <div className="mb-4">
        <label htmlFor={ID + '-account'} className="block font-medium">Account</label>
        <select
          id={ID + '-account'}
          className="mt-1 block w-full rounded border border-gray-500 bg-white px-3 py-2"
          onChange={(e) => choose((e.target as HTMLSelectElement).value)}
        >
          <option value="" selected={!account}>Select account</option>
          {accounts.map((a) => (
            <option value={a.value} selected={a.value === account}>{a.label}</option>
          ))}
        </select>
      </div>
      <div role="status" aria-live="polite" className="mb-4 space-y-2">
        {status ? <p>{status}</p> : null}
        {notice ? <p className="rounded border-l-4 border-blue-700 bg-blue-50 p-3 text-blue-900">{notice}</p> : null}
      </div>
      {current && !loading ? (
        <section aria-labelledby={ID + '-details'} className="mb-4">
          <h3 id={ID + '-details'} className="mb-2 font-semibold">Funding instructions</h3>
          {current.changed ? (
            <div className="mb-3 rounded border-l-4 border-amber-700 bg-amber-50 p-3 text-amber-900">
              <p className="mb-2">{MSG_CHANGED}</p>
              <button type="button" disabled={busy} onClick={() => accept(current)}
                className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">I got it!</button>
            </div>
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {fundingRows(current).map((r) => [
              <dt className="text-gray-700">{r.term}</dt>,
              <dd className="font-medium [overflow-wrap:anywhere]">{r.value}</dd>,
            ])}
          </dl>
        </section>
      ) : null}
      <button type="button" onClick={close} className="rounded border border-gray-600 px-4 py-2">Done, close window</button>
    </Modal>
  );
}
