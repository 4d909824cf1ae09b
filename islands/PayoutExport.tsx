/** @jsxRuntime automatic @jsxImportSource preact */
// "Download payout requests" (spec 000 §2 "Exported payouts", spec 001 §4 "CSV export
// dialog", §5, §8): the payouts page's filters (account, created between, statuses,
// amounts), then processing, then "Your report is being generated" with the note that an
// e-mail goes to the user; the modal (336 wide) closes a second later and shows the list.
//
// mode "opener": the server's markup is a link to the page with ?download_payouts=1. Once
// hydrated, an effect takes over its click and opens the form in the one dialog
// (lib/Modal), which sends the request to the JSON API.
// mode "open": the page was asked for with ?download_payouts (the payouts page's "Export
// to CSV" carries its filters): the server's markup shows the form on the page, a plain form
// posted to the server, which answers with the done state or the form with its errors: the
// flow without JavaScript. Once hydrated, the island opens the same form in the dialog.
import { useEffect, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { display, parseDisplay } from './lib/daterange';
import { Done, ExportModal, ExportOpener, ExportSelect, FieldError, FormErrors, PeriodFields, SubmitButton, fieldSetter, useDateMask, useExportDialog, type ExportFormProps } from './lib/exports';
import { MSG, apiBody, errorsOf, validate, type Values } from './lib/payoutExport';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['PayoutExport'];

const TITLE = 'Download payout requests';

type DateField = 'from' | 'to';
const DATE_LABELS: Record<DateField, string> = { from: 'Created from', to: 'Created to' };

const FIELDS: { id: string; label: string }[] = [
  { id: 'account', label: 'Account' },
  ...(['from', 'to'] as const).map((id) => ({ id, label: DATE_LABELS[id] })),
  { id: 'statuses', label: 'Status' },
  { id: 'amountFrom', label: 'Amount from' },
  { id: 'amountTo', label: 'Amount to' },
];

const fid = (f: string) => 'payout-export-' + f;
const errId = (f: string) => fid(f) + '-error';

function ExportForm(p: ExportFormProps<Props, Values>) {
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

const periodOf = (v: Values) => ({ from: v.from, to: v.to });

function ReportDone({ listUrl }: { listUrl: string }) {
  return (
    <Done title="Your report is being generated" listUrl={listUrl} back="Back to exported payouts">
      <p>You will receive an e-mail when it is ready to download.</p>
    </Done>
  );
}

export default function PayoutExport(props: Props) {
  const js = useHydrated();
  const [values, setValues] = useState<Values>(props.values);
  const usable = (d: string) => {
    const day = parseDisplay(d, props.max).date;
    return !!day && day <= props.max;
  };
  const dialog = useExportDialog<Values>({
    apiUrl: props.apiUrl, listUrl: props.listUrl, csrf: props.csrf, initialErrors: props.errors, failed: MSG.failed, errorsOf,
    check: (v) => validate(v, props.max, props.accounts.map((a) => a.value), props.statuses.map((s) => s.value), props.maxDays),
    body: (v) => apiBody(v, props.max),
  });
  const { onDate, reset } = useDateMask<DateField>(periodOf(props.values), usable, (k, value) => setValues((v) => ({ ...v, [k]: value })));

  // Asked for with ?download_payouts: the form moves into the dialog, errors and all.
  useEffect(() => {
    if (props.mode === 'open' && !props.done) dialog.show(true);
  }, []);

  const submit = (e: Event) => {
    e.preventDefault();
    void dialog.submit(values);
  };
  const inline = props.mode === 'open' && (!js || props.done);

  return (
    <>
      <ExportOpener href={props.openerUrl} label={TITLE} enhanced={js} onOpen={() => {
        setValues(props.values);
        reset(periodOf(props.values));
        dialog.show();
      }} />
      {inline ? (
        <section aria-labelledby="payout-export-page-title" className="mt-4 max-w-[336px] rounded border border-gray-400 p-5">
          <h2 id="payout-export-page-title" className="mb-4 text-lg font-semibold">{TITLE}</h2>
          {props.done ? <ReportDone listUrl={props.listUrl} /> : <ExportForm {...props} values={values} loading={false} onChange={setValues} onDate={onDate} />}
        </section>
      ) : null}
      {js ? (
        <ExportModal id="payout-export" title={TITLE} open={dialog.open} phase={dialog.phase} onClose={dialog.close}
          done={<ReportDone listUrl={props.listUrl} />}
          form={<ExportForm {...props} values={values} errors={dialog.errors} loading={dialog.phase === 'loading'} onChange={setValues} onDate={onDate} onSubmit={submit} />} />
      ) : null}
    </>
  );
}
