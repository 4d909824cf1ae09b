/** @jsxRuntime automatic @jsxImportSource preact */
// The one dialog of the islands (transfer 440, account funding 436, statement
// 336 wide: spec 000 §9). It is a native <dialog> opened with showModal(): the
// browser makes the rest of the page inert (focus cannot leave it), Escape
// closes it, and on close focus goes back to the control that opened it.
// Every dialog also exists as a page reached by the opener's link, so the
// task works without JavaScript; the island only takes over the click.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export type ModalProps = {
  /** id of the dialog; its title gets id + '-title'. */
  id: string;
  title: string;
  /** Width in CSS pixels (capped by the viewport). */
  width: number;
  open: boolean;
  /** Called when the user closes the dialog (Escape, the close button). */
  onClose: () => void;
  children?: ComponentChildren;
  /** Text of the close button in the header; none when empty. */
  closeLabel?: string;
  /**
   * False for a dialog that only its close button may close (the payout
   * wizard: spec 001 §2, not by the mask or the keyboard); Escape is then
   * swallowed.
   */
  escapeCloses?: boolean;
  /** 'alertdialog' for a dialog that interrupts on its own (the idle
   *  warning); the default is the native dialog role. */
  role?: 'alertdialog';
  /** id of the element that describes the dialog (aria-describedby). */
  describedBy?: string;
};

export function Modal({ id, title, width, open, onClose, children, closeLabel = 'Close', escapeCloses = true, role, describedBy }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', ''); // jsdom: no top layer
      // The first form control, not the header's close button.
      const first =
        d.querySelector<HTMLElement>('[autofocus]') ??
        d.querySelector<HTMLElement>('input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])') ??
        d.querySelector<HTMLElement>('button:not([disabled]), a[href]');
      first?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
    if (!open && opener.current instanceof HTMLElement) {
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      id={id}
      role={role}
      aria-labelledby={id + '-title'}
      aria-describedby={open ? describedBy : undefined}
      aria-modal="true"
      style={{ width: `min(${width}px, calc(100vw - 2rem))` }}
      className="m-auto rounded border border-gray-400 p-0 shadow-lg backdrop:bg-black/40"
      onCancel={(e) => {
        e.preventDefault();
        if (escapeCloses) onClose();
      }}
      onClose={() => {
        // Chrome closes a dialog on a second Escape even when the first
        // cancel was refused: one that must stay open opens again.
        const d = ref.current;
        if (!escapeCloses && open && d && !d.open && typeof d.showModal === 'function') d.showModal();
      }}
    >
      {open ? (
        <div className="p-5">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={id + '-title'} className="text-lg font-semibold">{title}</h2>
            {closeLabel ? (
              <button type="button" className="rounded px-2 text-gray-800 underline" onClick={onClose}>{closeLabel}</button>
            ) : null}
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
