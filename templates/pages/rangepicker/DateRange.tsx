import { Shell } from '../../components/Shell';
import { CSRF, ErrorSummary, Field, SelectField, Button } from '../../components/Form';
import { describedBy } from '../../../ui/field';
import type { PageProps } from '../../generated/props';

// The date range picker as a page: where the top bar's form comes back with
// its errors and what was typed when JavaScript is off (spec 000 §5 "Date
// inputs"). Field ids differ from the top bar's, which is on this page too.
export default function DateRange({ shell, form }: PageProps['DateRange']) {
  const errors = form.errors || {};
  const v = form.values || { type: form.type, from: form.from, to: form.to };
  const fields = [
    { id: 'range_type', label: 'Date range' },
    { id: 'range_from', label: 'From' },
    { id: 'range_to', label: 'To' },
  ];
  const byId: Record<string, string> = {};
  if (errors.type) byId.range_type = errors.type;
  if (errors.from) byId.range_from = errors.from;
  if (errors.to) byId.range_to = errors.to;
  return (
    <Shell shell={shell}>
      <h1 className="mb-6 text-2xl font-semibold">Date range</h1>
      <div className="max-w-md">
        <ErrorSummary errors={byId} fields={fields} />
        <form method="post" action={form.action} noValidate>
          <CSRF token={form.csrf} />
          <input type="hidden" name="return_to" value={form.returnTo} />
          <SelectField id="range_type" name="type" label="Date range" value={v.type} error={errors.type}
            options={form.presets.map((p) => ({ value: p.type, label: p.label }))} />
          <RangeField id="range_from" name="from" label="From" value={v.from} error={errors.from} />
          <RangeField id="range_to" name="to" label="To" value={v.to} error={errors.to} />
          <Button>Apply</Button>
        </form>
      </div>
    </Shell>
  );
}

function RangeField({ id, name, label, value, error }: { id: string; name: string; label: string; value: string; error?: string }) {
  const hint = 'DD-MM-YYYY, for Custom range';
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input id={id} name={name} value={value} inputMode="numeric" placeholder="DD-MM-YYYY" maxLength={10}
        aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy(id, hint, error)}
        className={'mt-1 block w-40 rounded border px-3 py-2 ' + (error ? 'border-red-700' : 'border-gray-500')} />
    </Field>
  );
}
