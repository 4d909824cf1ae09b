import { Shell } from '../components/Shell';
import { CSRF } from '../components/Form';
import { Tone } from '../components/Messages';
import type { PageProps } from '../generated/props';

// A form that was posted after the session ended, kept by the core and
// shown once the user has logged in again (server/savedform.go). Nothing was
// sent: the button posts the kept values, with this page's CSRF token, to
// where the form was going, whose own checks then apply as for any post.

type Props = PageProps['SavedForm'];

export default function SavedForm(p: Props) {
  if (p.gone) {
    return (
      <Shell shell={p.shell}>
        <div className="max-w-xl">
          <h1 className="mb-4 text-2xl font-semibold">Nothing to send again</h1>
          <p className="mb-4">
            A form sent after your login expired is kept for {p.minutes} minutes, for the next login in the same browser. There is none here now: it
            was sent, discarded, or its time ran out. Nothing was sent without you.
          </p>
          <a href={p.home} className="text-blue-800 underline">Go to the dashboard</a>
        </div>
      </Shell>
    );
  }
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">Check and send again</h1>
        <p className="mb-4">
          Your login expired before this form was sent, so nothing was sent. We kept what you entered ({p.kept}, until {p.until}). Check it and send it
          again, or discard it.
        </p>
        {p.listed.length > 0 ? (
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {p.listed.map((v) => (
              <>
                <dt className="text-gray-700">{v.label}</dt>
                <dd className="break-all">{v.value === '' ? <span className="text-gray-700">(empty)</span> : v.value}</dd>
              </>
            ))}
          </dl>
        ) : null}
        {p.dropped.length > 0 ? (
          <p className={'mb-4 rounded border-l-4 p-3 ' + Tone('warning')}>
            For your security these were not kept; you will be asked for them again: {p.dropped.join(', ')}.
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <form method="post" action={p.action}>
            <CSRF token={p.shell.csrf} />
            <input type="hidden" name={p.marker} value="1" />
            {p.fields.map((f) => (
              <input type="hidden" name={f.name} value={f.value} />
            ))}
            <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Send again</button>
          </form>
          <form method="post" action={p.discard}>
            <CSRF token={p.shell.csrf} />
            <button type="submit" className="rounded border border-gray-600 px-4 py-2">Discard</button>
          </form>
          {p.back ? <a href={p.back} className="text-blue-800 underline">Back to the form</a> : null}
        </div>
      </div>
    </Shell>
  );
}
