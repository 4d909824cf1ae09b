import { Shell } from '../../components/Shell';
import { CSRF, ErrorSummary, Field, SelectField } from '../../components/Form';
import { describedBy } from '../../../ui/field';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// The withdrawal form without JavaScript (spec 001 §2 "Withdrawal dialog", §5 "Withdrawal
// form"): "Withdraw funds" leads here, and the dialog island shows the same fields. The
// withdrawal accounts offered are those linked to the chosen account, so choosing the
// account first ("Show withdrawal accounts") posts the form back with its list; "Request
// withdrawal" posts it to be checked and reviewed.

type Props = PageProps['WithdrawalForm'];

const fields = [
  { id: 'account', label: 'Account' },
  { id: 'withdrawal_account', label: 'Withdrawal account' },
  { id: 'amount', label: 'Amount' },
  { id: 'end_to_end_id', label: 'End-to-end ID' },
];

function Input({ id, label, value, error, hint, inputMode, maxLength }: {
  id: string; label: string; value: string; error?: string; hint?: string; inputMode?: string; maxLength?: number;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input id={id} name={id} type="text" value={value} inputMode={inputMode} maxLength={maxLength} autoComplete="off" required
        aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy(id, hint, error)}
        className={'mt-1 block w-full rounded border px-3 py-2 ' + (error ? 'border-red-700' : 'border-gray-500')} />
    </Field>
  );
}

export default function WithdrawalForm({ shell, action, back, accounts, options, hint, currency, form }: Props) {
  const e = form.errors || {};
  return (
    <Shell shell={shell}>
      <div className="max-w-md">
        <h1 className="mb-6 text-2xl font-semibold">Withdraw funds</h1>
        {form.formError ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{form.formError}</p> : null}
        <ErrorSummary errors={e} fields={fields} />
        <form method="post" action={action} noValidate>
          <CSRF token={shell.csrf} />
          <SelectField id="account" label="Account" placeholder="Select account" required
            options={accounts.map((a) => ({ value: a.number, label: a.label }))} value={form.account} error={e.account} />
          <button type="submit" name="intent" value="account" className="mb-4 rounded border border-gray-600 px-4 py-2">
            Show withdrawal accounts
          </button>
          <SelectField id="withdrawal_account" label="Withdrawal account" placeholder="Select withdrawal account" required hint={hint || undefined}
            options={options.map((o) => ({ value: o.id, label: o.label }))} value={form.withdrawal} error={e.withdrawal_account} />
          <Input id="amount" label={'Amount (' + currency + ')'} value={form.amount} error={e.amount} inputMode="decimal"
            hint="Digits, with commas between thousands if you like, and a point before the decimals." />
          <Input id="end_to_end_id" label="End-to-end ID" value={form.endToEndId} error={e.end_to_end_id} maxLength={35}
            hint="Your reference: letters, numbers, - or _." />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" name="intent" value="review" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">
              Request withdrawal
            </button>
            <a href={back} className="text-blue-800 underline">Cancel</a>
          </div>
        </form>
      </div>
    </Shell>
  );
}
