import { Shell } from '../../components/Shell';
import { CSRF, ErrorSummary, Field, SelectField, TextField } from '../../components/Form';
import { describedBy } from '../../../ui/field';
import { Tone } from '../../components/Messages';
import type { PageProps, TransferAccount } from '../../generated/props';

// The transfer form without JavaScript (spec 000 §2 "Transfer dialog", §5):
// the Transfer button's link leads here, and the dialog island posts the
// same fields to the API. "Show exchange rate" posts the form back with the
// currency-conversion hint and books nothing.

type Props = PageProps['AccountTransfer'];

const fields = [
  { id: 'from_account_number', label: 'From account' },
  { id: 'to_account_number', label: 'To account' },
  { id: 'amount', label: 'Amount' },
  { id: 'end_to_end_id', label: 'End-to-end ID' },
];

const label = (a: TransferAccount) => a.name + ' (' + a.currency + ') · ' + a.number;

// The amount field carries the spec's placeholder, which TextField has no
// prop for.
function AmountField({ label, value, error }: { label: string; value: string; error?: string }) {
  const hint = 'Digits, with commas between thousands if you like, and a point before the decimals.';
  return (
    <Field id="amount" label={label} hint={hint} error={error}>
      <input
        id="amount"
        name="amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="000,000,000.00"
        value={value}
        required
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy('amount', hint, error)}
        className={'mt-1 block w-full rounded border px-3 py-2 ' + (error ? 'border-red-700' : 'border-gray-500')}
      />
    </Field>
  );
}

export default function AccountTransfer({ shell, action, back, accounts, form }: Props) {
  const e = form.errors || {};
  const from = accounts.find((a) => a.number === form.from);
  return (
    <Shell shell={shell}>
      <div className="max-w-md">
        <h1 className="mb-6 text-2xl font-semibold">Transfer</h1>
        {form.formError ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{form.formError}</p> : null}
        <ErrorSummary errors={e} fields={fields} />
        <form method="post" action={action} noValidate>
          <CSRF token={shell.csrf} />
          <input type="hidden" name="idempotency_key" value={form.idempotencyKey} />
          <SelectField
            id="from_account_number"
            label="From account"
            placeholder="Select account"
            options={accounts.map((a) => ({ value: a.number, label: label(a) }))}
            value={form.from}
            error={e.from_account_number}
            required
          />
          <SelectField
            id="to_account_number"
            label="To account"
            hint="One of your other accounts."
            placeholder="Select account"
            options={accounts.filter((a) => a.number !== form.from).map((a) => ({ value: a.number, label: label(a) }))}
            value={form.to}
            error={e.to_account_number}
            required
          />
          <AmountField label={from ? 'Amount (' + from.currency + ')' : 'Amount'} value={form.amount} error={e.amount} />
          <TextField id="end_to_end_id" label="End-to-end ID" value={form.endToEndId} error={e.end_to_end_id} autoComplete="off" required />
          <div aria-live="polite" className="mb-4">
            {form.hint ? (
              <p className={'rounded border-l-4 p-3 text-sm ' + Tone('info')}>
                Currency conversion: {form.hint.rate}
                {form.hint.converted ? <span className="block">{form.hint.converted}</span> : null}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" name="intent" value="transfer" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Transfer</button>
            <button type="submit" name="intent" value="quote" className="rounded border border-gray-600 px-4 py-2">Show exchange rate</button>
            <a href={back} className="text-blue-800 underline">Cancel</a>
          </div>
        </form>
      </div>
    </Shell>
  );
}
