/** @jsxRuntime automatic @jsxImportSource preact */
// The "Withdraw funds" button and dialog (spec 001 §2 "Withdrawal dialog", width
// 440; §5 "Withdrawal form"; §8). The server's markup, and the first client
// render that hydrates it, is a link to the form page, which works without
// JavaScript. Once hydrated the link becomes a button opening the dialog; the
// dialog and its steps (lib/WithdrawalForm: the form, the review, the
// confirmation, the result) come with the first click (lib/lazy withModal), and
// when they cannot come the click goes to the form page.
import { useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { withModal } from './lib/lazy';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['WithdrawalDialog'];

// The browser keeps the module once it came: a second click imports nothing again.
const loadForm = () => import('./lib/WithdrawalForm');
type FormModule = typeof import('./lib/WithdrawalForm');

export default function WithdrawalDialog(p: Props) {
  // Hydration itself must leave the link as it is.
  const js = useHydrated();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<FormModule | null>(null);
  // What the steps do at each opening (back to the form), set by them at each render.
  const starts = useRef<() => void>();

  if (!js) {
    return <a href={p.href} className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Withdraw funds</a>;
  }

  const start = () => {
    starts.current?.();
    setOpen(true);
  };
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => void withModal(setForm, start, () => window.location.assign(p.href), loadForm)}
        className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900"
      >
        Withdraw funds
      </button>
      {form ? <form.WithdrawalForm {...p} open={open} onClose={() => setOpen(false)} starts={starts} /> : null}
    </>
  );
}
