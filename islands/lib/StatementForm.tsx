/** @jsxRuntime automatic @jsxImportSource preact */
// The statement request's form (islands/StatementExport): the page's plain form posted to the
// server, and the same form in the dialog (./StatementDialog, loaded on the opener's first
// click), so both render one markup.
import { display } from './dates';
import { Done, ExportSelect, FormErrors, PeriodFields, SubmitButton, fieldSetter, type ExportFormProps } from './exports';
import type { Values } from './statements';
import type { IslandProps } from '../../templates/generated/props';

type Props = IslandProps['StatementExport'];

export const DATE_LABELS: Record<'from' | 'to', string> = { from: 'Statement from', to: 'Statement to' };

const FIELDS: { id: keyof Values; label: string }[] = [
  ...(['from', 'to'] as const).map((id) => ({ id, label: DATE_LABELS[id] })),
  { id: 'account', label: 'Account' },
  { id: 'kind', label: 'Report type' },
  { id: 'format', label: 'File format' },
];

export function StatementDone({ listUrl }: { listUrl: string }) {
  return (
    <Done title="Your statement is being generated." listUrl={listUrl} back="Back to exported statements">
      <p>The report will be e-mailed to you when it is ready.</p>
    </Done>
  );
}

export function RequestForm(p: ExportFormProps<Props, Values>) {
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


