import { Shell } from '../../components/Shell';
import { CSRF } from '../../components/Form';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// A decision on a payout draft asked as a page, without JavaScript (spec 001 §8 'Delete
// draft?' … Yes/No; declining asks too): the DraftDecision island's dialog, as a form that
// posts with the CSRF token. When the user may not take it the page says so and leads back.

type Props = PageProps['PayoutDraftConfirm'];

export default function PayoutDraftConfirm(p: Props) {
  const c = p.confirm;
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">{p.title}</h1>
        <dl className="mb-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {p.facts.map((f) => (
            <>
              <dt className="text-gray-700">{f.label}</dt>
              <dd className="break-all">{f.value}</dd>
            </>
          ))}
        </dl>
        {c ? (
          <form method="post" action={c.action}>
            <p className="mb-4">{c.text}</p>
            <CSRF token={c.csrf} />
            <input type="hidden" name="return_to" value={c.returnTo} />
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">{c.submit}</button>
              <a href={p.backHref} className="text-blue-800 underline">{c.back}</a>
            </div>
          </form>
        ) : (
          <>
            <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('warning')}>{p.refused}</p>
            <a href={p.backHref} className="text-blue-800 underline">Back to the draft</a>
          </>
        )}
      </div>
    </Shell>
  );
}
