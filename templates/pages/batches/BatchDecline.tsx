import { Shell } from '../../components/Shell';
import { CSRF } from '../../components/Form';
import { Tone } from '../../components/Messages';
import { Facts } from '../../components/ListPage';
import type { PageProps } from '../../generated/props';

// "Decline batch?" (spec 001 §2, §8) without JavaScript: the question as a page whose form
// posts with the CSRF token; Cancel goes back to the batch.

type Props = PageProps['BatchDecline'];

export default function BatchDecline(p: Props) {
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">{p.title}</h1>
        <Facts facts={p.summary} words />
        {p.form ? (
          <form method="post" action={p.form.action}>
            <p className="mb-4">{p.text}</p>
            <CSRF token={p.form.csrf} />
            <div className="flex flex-wrap items-center gap-4">
              <a href={p.cancel} className="inline-block rounded border border-gray-600 px-4 py-2">Cancel</a>
              <button type="submit" className="rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900">{p.form.submit}</button>
            </div>
          </form>
        ) : (
          <>
            <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('warning')}>{p.refused}</p>
            <a href={p.cancel} className="text-blue-800 underline">Back to the batch</a>
          </>
        )}
      </div>
    </Shell>
  );
}
