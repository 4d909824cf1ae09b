import { Shell } from '../../components/Shell';
import { CSRF } from '../../components/Form';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// The review of a withdrawal without JavaScript, then its result (spec 001 §2 "Withdrawal
// dialog"): what the server stored, confirmed with a POST carrying the values shown (the
// provider refuses them if they are not the review's); once confirmed, the reference and
// that it will be sent for processing after review; on a refusal the error list titled
// 'Validation Error' (or 'Something went wrong') with Back.

type Props = PageProps['WithdrawalReview'];

export default function WithdrawalReview(p: Props) {
  const r = p.review;
  if (p.reference) {
    return (
      <Shell shell={p.shell}>
        <div className="max-w-xl">
          <h1 className="mb-4 text-2xl font-semibold">Withdrawal requested</h1>
          <p role="status" className={'mb-4 rounded border-l-4 p-3 ' + Tone('success')}>{p.result}</p>
          <div className="flex flex-wrap items-center gap-4">
            <a href={p.detail} className="text-blue-800 underline">View withdrawal {p.reference}</a>
            <a href={p.list} className="text-blue-800 underline">Back to withdrawals</a>
          </div>
        </div>
      </Shell>
    );
  }
  if (p.title) {
    return (
      <Shell shell={p.shell}>
        <div className="max-w-xl">
          <h1 className="mb-4 text-2xl font-semibold">{p.title}</h1>
          <div role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>
            {p.problems.length ? (
              <ul className="list-disc pl-5">
                {p.problems.map((pr) => (
                  <li>{pr.field ? <strong>{pr.field}: </strong> : null}{pr.message}</li>
                ))}
              </ul>
            ) : (
              <p>{p.message || p.title}</p>
            )}
          </div>
          <a href={p.back} className="text-blue-800 underline">Back</a>
        </div>
      </Shell>
    );
  }
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">Review withdrawal</h1>
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-gray-700">From account</dt>
          <dd className="break-all">{r.account}</dd>
          <dt className="text-gray-700">Amount</dt>
          <dd>{r.amount}</dd>
          {r.converted ? (
            <>
              <dt className="text-gray-700">Converted amount</dt>
              <dd>{r.converted}</dd>
              <dt className="text-gray-700">Exchange rate</dt>
              <dd>{r.rate}</dd>
            </>
          ) : null}
          <dt className="text-gray-700">End-to-end ID</dt>
          <dd className="break-all">{r.endToEndId}</dd>
        </dl>
        <h2 className="mb-1 text-lg font-semibold">Beneficiary</h2>
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {r.beneficiary.map((l) => (
            <>
              <dt className="text-gray-700">{l.label}</dt>
              <dd className="break-all">{l.value}</dd>
            </>
          ))}
        </dl>
        {r.noRate ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{r.noRate}</p> : null}
        <form method="post" action={p.action}>
          <CSRF token={p.shell.csrf} />
          {r.fields.map((f) => (
            <input type="hidden" name={f.name} value={f.value} />
          ))}
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" disabled={!!r.noRate}
              className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-gray-500">
              Confirm withdrawal
            </button>
            <a href={p.back} className="text-blue-800 underline">Back</a>
          </div>
        </form>
      </div>
    </Shell>
  );
}
