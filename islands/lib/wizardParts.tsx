/** @jsxRuntime automatic @jsxImportSource preact */
// What the payout wizard's island (islands/PayoutWizard), its frame (./wizardFrame) and its
// steps (./wizardSteps) draw with: ids, classes, a field's error and its ties, a select, where a step posts.
import type { Dispatch, StateUpdater } from 'preact/hooks';
import type { IslandProps, PayoutDraft } from '../../templates/generated/props';

export type Props = IslandProps['PayoutWizard'];

/** What was typed into the server's markup before the frame (./wizardFrame) came: each
 *  field's value by name, the "same person" choice, the id of the element that had focus. */
export type Carried = { values: Record<string, string>; same: string; focus: string };

/** The dialog mode's ties to the island, which draws the opener and the live region:
 *  whether the dialog is open, what asked for it before the frame came (the address, or a
 *  press of the opener), and where the frame leaves its opening call for later presses. */
export type Shell = {
  open: boolean;
  setOpen: Dispatch<StateUpdater<boolean>>;
  setStatus: Dispatch<StateUpdater<string>>;
  want: '' | 'address' | 'press';
  opener: { current: (() => void) | null };
};

const ID = 'pw';
export const fid = (name: string) => ID + '-' + name;

export const btn = 'rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-gray-500';
export const btn2 = 'rounded border border-gray-600 px-4 py-2';
export const ctl = (err?: string) =>
  'mt-1 block w-full rounded border bg-white px-3 py-2 disabled:bg-gray-100 disabled:text-gray-700 ' + (err ? 'border-red-700' : 'border-gray-500');
export const alertCls = 'mb-4 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900';

export function Err({ id, msg }: { id: string; msg?: string }) {
  return msg ? (
    <p id={id + '-error'} className="text-sm font-medium text-red-800"><span className="sr-only">Error: </span>{msg}</p>
  ) : null;
}

export const aria = (id: string, err?: string, hint?: boolean) => ({
  'aria-invalid': err ? ('true' as const) : undefined,
  'aria-describedby': [hint ? id + '-hint' : '', err ? id + '-error' : ''].filter(Boolean).join(' ') || undefined,
});

/** The wizard's name: the page's, the dialog's and its opener's. */
export const TITLE = 'Create payout';

/** A step's page: the draft's step page, or the first page before the draft exists. */
export const pageHref = (base: string, draftId: string | undefined, step: string) =>
  draftId ? base + '/' + encodeURIComponent(draftId) + '/' + step : base;

/** Where a step's form posts without JavaScript: its page. */
export const formAction = (p: Props, d: PayoutDraft | null, step: string) => pageHref(p.base, d?.draft_id, step);

export type Change = (name: string, value: string) => void;

export function Select(p: { id: string; name: string; value: string; err?: string; disabled?: boolean; placeholder?: string; options: { value: string; label: string }[]; onChange?: Change }) {
  return (
    <select id={fid(p.id)} name={p.name} disabled={p.disabled} className={ctl(p.err)} {...aria(fid(p.id), p.err)}
      onChange={p.onChange ? (e) => p.onChange!(p.name, (e.currentTarget as HTMLSelectElement).value) : undefined}>
      <option value="" selected={!p.value}>{p.placeholder ?? 'Select'}</option>
      {p.options.map((o) => (
        <option value={o.value} selected={o.value === p.value}>{o.label}</option>
      ))}
    </select>
  );
}
