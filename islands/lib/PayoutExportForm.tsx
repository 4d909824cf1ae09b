/** @jsxRuntime automatic @jsxImportSource preact */
// The payout report request's form (islands/PayoutExport): on the page, a plain form posted
// to the server, and the same form in the dialog (./PayoutExportDialog, loaded when it
// first opens), so both render one markup.
import { display } from './dates';
import { Done, ExportSelect, FieldError, FormErrors, PeriodFields, SubmitButton, fieldSetter, type ExportFormProps } from './exports';
import type { Values } from './payoutExport';
import type { IslandProps } from '../../templates/generated/props';

type Props = IslandProps['PayoutExport'];

export { TITLE } from './payoutExportTitle';

const DATE_LABELS: Record<'from' | 'to', string> = { from: 'Created from', to: 'Created to' };

const FIELDS: { id: string; label: string }[] = [
  { id: 'account', label: 'Account' },
  ...(['from', 'to'] as const).map((id) => ({ id, label: DATE_LABELS[id] })),
  { id: 'statuses', label: 'Status' },
  { id: 'amountFrom', label: 'Amount from' },
  { id: 'amountTo', label: 'Amount to' },
];

const fid = (f: string) => 'payout-export-' + f;
const errId = (f: string) => fid(f) + '-error';

export function ExportForm(p: ExportFormProps<Props, Values>) {
  const { values: v, errors: e } = p;
  const set = fieldSetter(p.onChange);
  const toggle = (status: string) => (ev: Event) => {
    const on = (ev.currentTarget as HTMLInputElement).checked;
    p.onChange?.((cur) => ({ ...cur, statuses: on ? [...cur.statuses.filter((s) => s !== status), status] : cur.statuses.filter((s) => s !== status) }));
  };
  const described = (k: string, hint?: string) => [hint, e[k] ? errId(k) : undefined].filter(Boolean).join(' ') || undefined;
  const input = 'mt-1 block w-full rounded border px-3 py-2 ';
  const border = (k: string) => (e[k] ? 'border-red-700' : 'border-gray-500');
  return (
    <form method="post" action={p.action} onSubmit={p.onSubmit} noValidate={p.onSubmit ? true : undefined}>
      <input type="hidden" name="_csrf" value={p.csrf} />
      <FormErrors prefix="payout-export" errors={e} fields={FIELDS} />
      <ExportSelect prefix="payout-export" name="account" label="Account" error={e.account} options={p.accounts} placeholder="All"
        selected={v.account} onChange={set('account')} />
      <PeriodFields prefix="payout-export" labels={DATE_LABELS} hintId="payout-export-dates-hint" values={v} errors={e} onDate={p.onDate}>
        <legend className="font-medium">Created between</legend>
        <p id="payout-export-dates-hint" className="text-sm text-gray-700">
          DD-MM-YYYY, at most {p.maxDays} days, up to today ({display(p.max)}).
        </p>
      </PeriodFields>
      <fieldset className="mb-4" aria-describedby={described('statuses', 'payout-export-statuses-hint')}>
        <legend className="font-medium">Status</legend>
        <p id="payout-export-statuses-hint" className="text-sm text-gray-700">None chosen: every status.</p>
        <FieldError id={errId('statuses')} error={e.statuses} />
        <div className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
          {p.statuses.map((s, i) => (
            <label key={s.value} className="flex items-center gap-2">
              <input
                type="checkbox"
                id={i === 0 ? fid('statuses') : fid('status-' + s.value)}
                name="statuses"
                value={s.value}
                checked={v.statuses.includes(s.value)}
                onChange={toggle(s.value)}
              />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mb-4 grid grid-cols-2 gap-3">
        {(['amountFrom', 'amountTo'] as const).map((k) => (
          <div key={k}>
            <label htmlFor={fid(k)} className="block">{k === 'amountFrom' ? 'Amount from' : 'Amount to'}</label>
            <FieldError id={errId(k)} error={e[k]} />
            <input
              id={fid(k)}
              name={k}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={v[k]}
              aria-invalid={e[k] ? 'true' : undefined}
              aria-describedby={described(k)}
              className={input + border(k)}
              onInput={set(k)}
            />
          </div>
        ))}
      </div>
      <SubmitButton loading={p.loading} pending="Processing…">Export to CSV</SubmitButton>
    </form>
  );
}


export function ReportDone({ listUrl }: { listUrl: string }) {
  return (
    <Done title="Your report is being generated" listUrl={listUrl} back="Back to exported payouts">
      <p>You will receive an e-mail when it is ready to download.</p>
    </Done>
  );
}

