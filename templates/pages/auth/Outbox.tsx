// /sandbox/outbox: a test tool of the sandbox (not in production). It lists
// what the provider "sent" (SMS codes, e-mails with their links) and the push
// approval requests waiting for the user's phone, with Approve and Deny.
import { AuthLayout } from '../../components/AuthLayout';
import { CSRF } from '../../components/Form';
import { Flashes } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

type Props = PageProps['Outbox'];

export default function Outbox({ sandbox, csrf, messages, approvals, flashes }: Props) {
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-2 text-2xl font-semibold">Sandbox outbox</h1>
      <p className="mb-2">
        This is a test tool of the sandbox. E-mails and SMS are not sent from here: they are listed below, newest first,
        for anyone using this environment, together with the push requests you can approve or deny as the user's phone
        would. Production has no such page.
      </p>
      <p className="mb-6"><a href="/sandbox/outbox" className="text-blue-800 underline">Refresh the list</a></p>
      {flashes && flashes.length ? <div className="mb-4"><Flashes flashes={flashes} /></div> : null}

      <section aria-labelledby="approvals-title" className="mb-8">
        <h2 id="approvals-title" className="mb-3 text-xl font-semibold">Push requests waiting</h2>
        {approvals.length === 0 ? (
          <p>No push requests are waiting.</p>
        ) : (
          <ul className="space-y-3">
            {approvals.map((a) => (
              <li className="rounded border border-gray-400 p-3">
                <p id={'approval-' + a.id}>
                  Log in as <strong>{a.email}</strong>, requested {a.requested}
                </p>
                <form method="post" action={'/sandbox/outbox/approvals/' + a.id} className="mt-2 flex gap-3">
                  <CSRF token={csrf} />
                  <button type="submit" name="decision" value="approve" aria-describedby={'approval-' + a.id}
                    className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Approve</button>
                  <button type="submit" name="decision" value="deny" aria-describedby={'approval-' + a.id}
                    className="rounded border border-gray-600 px-4 py-2">Deny</button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="messages-title">
        <h2 id="messages-title" className="mb-3 text-xl font-semibold">Messages</h2>
        {messages.length === 0 ? (
          <p>Nothing has been sent yet.</p>
        ) : (
          <ol className="space-y-3">
            {messages.map((m) => (
              <li className="rounded border border-gray-400 p-3" data-kind={m.kind}>
                <h3 className="font-semibold">{m.kind} to {m.to}</h3>
                <p className="text-sm text-gray-700">Sent {m.sent}</p>
                {m.subject ? <p className="mt-1 font-medium">{m.subject}</p> : null}
                <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
                {m.link ? (
                  <p className="mt-1 break-all">Link: <a href={m.link} className="text-blue-800 underline">{m.link}</a></p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </AuthLayout>
  );
}
