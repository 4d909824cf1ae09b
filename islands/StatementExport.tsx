/** @jsxRuntime automatic @jsxImportSource preact */
// "Download statement" (spec 000 §2, §4, §5): date range, account (owned only), kind, file
// format (CSV, camt.053 or MT940) and "Download CSV report" (the button names the format
// chosen); states form, loading, done ("the report is e-mailed"); the modal closes 1 second
// after.
//
// The dates are the spec's masked DD-MM-YYYY text inputs (lib/daterange's mask and parser,
// the top bar picker's). They are named "Statement from"/"Statement to": the top bar's own
// "From"/"To" sit on the same page. Once hydrated, the island masks them as the user types
// and, the range being one that cannot be cleared, puts back the last usable date when a
// field is emptied; the server refuses an empty one all the same.
//
// mode "page": the server's markup is the whole request as a page, a plain form that POSTs
// to the server (which answers with the done page, or the form with its errors): the flow
// without JavaScript, and where the account page's "Export to CSV" link lands.
// mode "opener": the server's markup is a link to that page. Once hydrated, an effect takes
// over its click and opens the same form in the one dialog (lib/Modal, 336 wide), which
// sends the request to the JSON API and then shows the list with the new statement. With
// openOnLoad (the list opened with ?download_statement) the dialog opens at once; the
// account page's "Export to CSV" is such an opener too (openerLabel, openerStyle).
import { useEffect, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { display } from './lib/daterange';
import { CLOSE_AFTER_MS, Done, ExportModal, ExportOpener, ExportSelect, FormErrors, PeriodFields, SubmitButton, fieldSetter, useDateMask, useExportDialog, type ExportFormProps } from './lib/exports';
import { MSG, apiBody, errorsOf, usableDay, validate, type Values } from './lib/statements';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['StatementExport'];

/** The modal closes this long after the request is accepted (spec 000 §4). */
export { CLOSE_AFTER_MS };

type DateField = 'from' | 'to';
const DATE_LABELS: Record<DateField, string> = { from: 'Statement from', to: 'Statement to' };

const FIELDS: { id: keyof Values; label: string }[] = [
  ...(['from', 'to'] as const).map((id) => ({ id, label: DATE_LABELS[id] })),
  { id: 'account', label: 'Account' },
  { id: 'kind', label: 'Report type' },
  { id: 'format', label: 'File format' },
];

function StatementDone({ listUrl }: { listUrl: string }) {
  return (
    <Done title="Your statement is being generated." listUrl={listUrl} back="Back to exported statements">
      <p>The report will be e-mailed to you when it is ready.</p>
    </Done>
  );
}

function RequestForm(p: ExportFormProps<Props, Values>) {
  const { values: v, errors: e } = p;
  const set = fieldSetter(p.onChange);
  return (
    <form method="post" action={p.action} onSubmit={p.onSubmit} noValidate={p.onSubmit ? true : undefined}>
      <input type="hidden" name="_csrf" value={p.csrf} />
      <FormErrors prefix="statement" errors={e} fields={FIELDS} />
      <PeriodFields prefix="statement" labels={DATE_LABELS} hintId="statement-dates-hint" values={v} errors={e} onDate={p.onDate}>
        <legend className="font-medium">Statement period</legend>
        <p id="statement-dates-hint" className="text-sm text-gray-700">DD-MM-YYYY, up to today ({display(p.max)}).</p>
      </PeriodFields>
      <ExportSelect prefix="statement" name="account" label="Account" required error={e.account} options={p.accounts}
        placeholder="Select an account" selected={v.account} onChange={set('account')} />
      <ExportSelect prefix="statement" name="kind" label="Report type" required error={e.kind} options={p.kinds} selected={v.kind}
        onChange={set('kind')} />
      <ExportSelect prefix="statement" name="format" label="File format" required error={e.format} options={p.formats}
        hint={{ id: 'statement-format-hint', text: 'camt.053 and MT940 cannot carry crypto amounts: choose CSV for a crypto account.' }}
        selected={v.format || 'csv'} onChange={set('format')} />
      <SubmitButton loading={p.loading} pending="Requesting your statement…">
        {'Download ' + (p.formats.find((f) => f.value === v.format)?.label ?? 'CSV') + ' report'}
      </SubmitButton>
    </form>
  );
}

/** The dates to put back when a field is emptied: the ones shown, where usable. */
const periodOf = (v: Values) => ({ from: v.from, to: v.to });

export default function StatementExport(props: Props) {
  const js = useHydrated();
  const [values, setValues] = useState<Values>(props.values);
  const dialog = useExportDialog<Values>({
    apiUrl: props.apiUrl, listUrl: props.listUrl, csrf: props.csrf, initialErrors: props.errors, failed: MSG.create, errorsOf,
    check: (v) => validate(v, props.max, props.accounts.map((a) => a.value), props.kinds.map((k) => k.value), props.formats.map((f) => f.value)),
    body: (v) => apiBody(v, props.max),
  });
  const { onDate, reset } = useDateMask<DateField>(periodOf(props.values), (d) => usableDay(d, props.max) !== null,
    (k, value) => setValues((v) => ({ ...v, [k]: value })));

  // ?download_statement: the dialog opens over the list as the page loads (once).
  useEffect(() => {
    if (props.mode === 'opener' && props.openOnLoad) dialog.show(true);
  }, []);
  if (props.mode === 'page') {
    // Still a plain form posted to the server: the island only masks its dates.
    return props.done ? <StatementDone listUrl={props.listUrl} /> : <RequestForm {...props} values={values} loading={false} onChange={setValues} onDate={onDate} />;
  }

  const submit = (e: Event) => {
    e.preventDefault();
    void dialog.submit(values);
  };

  return (
    <>
      <ExportOpener href={props.openerUrl} label={props.openerLabel ?? 'Download statement'} secondary={props.openerStyle === 'secondary'}
        enhanced={js} onOpen={() => {
          setValues(props.values);
          reset(periodOf(props.values));
          dialog.show();
        }} />
      {js ? (
        <ExportModal id="statement-export" title="Download statement" open={dialog.open} phase={dialog.phase} onClose={dialog.close}
          done={<StatementDone listUrl={props.listUrl} />}
          form={<RequestForm {...props} values={values} errors={dialog.errors} loading={dialog.phase === 'loading'} onChange={setValues} onDate={onDate} onSubmit={submit} />} />
      ) : null}
    </>
  );
}
