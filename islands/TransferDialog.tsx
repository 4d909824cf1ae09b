/** @jsxRuntime automatic @jsxImportSource preact */
// The Transfer button and dialog (spec 000 §2 "Transfer dialog", width 440;
// §5 "Transfer", "Amount input"). The server's markup, and the first client
// render that hydrates it, is a link to the transfer page, which works
// without JavaScript. Once hydrated the link becomes a button opening the
// dialog; the dialog and its form (lib/TransferForm: the accounts, the
// amount, the exchange rate, the post) come with the first click (lib/lazy
// withModal), and when they cannot come the click goes to the transfer page.
import { useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { withModal } from './lib/lazy';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['TransferDialog'];

// The browser keeps the module once it came: a second click imports nothing again.
const loadForm = () => import('./lib/TransferForm');
type FormModule = typeof import('./lib/TransferForm');

export default function TransferDialog(p: Props) {
  // Hydration itself must leave the link as it is.
  const js = useHydrated();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<FormModule | null>(null);

  if (!js) {
    return <a href={p.href} className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Transfer</a>;
  }

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => void withModal(setForm, () => setOpen(true), () => window.location.assign(p.href), loadForm)}
        className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900"
      >
        Transfer
      </button>
      {form ? <form.TransferForm {...p} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
