import { Shell } from '../../components/Shell';
import { CSRF } from '../../components/Form';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// The confirmation of a payout action without JavaScript (spec 001 §8 "Cancel payout
// request?", and the sandbox test case): what the PayoutDetails island's dialog asks, as a
// page whose form posts with the CSRF token. When the payout cannot take the action any more
// the page says so and only leads back.

type Props = PageProps['PayoutConfirm'];

export default function PayoutConfirm(p: Props) {
  const c = p.confirm;
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">{p.title}</h1>
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-700">Payout</dt>
          <dd className="break-all">{p.reference}</dd>
          <dt className="text-gray-700">Amount</dt>
          <dd>{p.amount}</dd>
          <dt className="text-gray-700">Status</dt>
          <dd>{p.statusLabel}</dd>
          {p.testCase ? (
            <>
              <dt className="text-gray-700">Test case</dt>
              <dd>{p.testCase}</dd>
            </>
          ) : null}
        </dl>
        {c ? (
          <form method="post" action={c.action}>
            <p className="mb-4">{c.text}</p>
            <CSRF token={c.csrf} />
            <input type="hidden" name="return_to" value={c.returnTo} />
            {c.fields.map((f) => (
              <input type="hidden" name={f.name} value={f.value} />
            ))}
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">{c.submit}</button>
              <a href={p.backHref} className="text-blue-800 underline">{c.back}</a>
            </div>
          </form>
        ) : (
          <>
            <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('warning')}>{p.refused}</p>
            <a href={p.backHref} className="text-blue-800 underline">Back to the payout</a>
          </>
        )}
      </div>
    </Shell>
  );
}
