import { AuthLayout } from '../../components/AuthLayout';
import { CSRF } from '../../components/Form';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// A logged-in person accepts an invitation sent to their address: joining
// is the button's POST, never the link alone. An invitation sent to another
// address is refused; logging out lets the invited login accept it.
type Props = PageProps['InvitationJoin'];

export default function InvitationJoin({ sandbox, csrf, state, organisation, role, email, action, message }: Props) {
  if (state === 'other') {
    return (
      <AuthLayout sandbox={sandbox}>
        <h1 className="mb-6 text-2xl font-semibold">Join the organisation</h1>
        <p role="alert" className={'mb-6 rounded border-l-4 p-3 ' + Tone('error')}>{message}</p>
        <form method="post" action="/logout" className="mb-4">
          <CSRF token={csrf} />
          <input type="hidden" name="next" value="login" />
          <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white">Log out</button>
        </form>
        <a href="/" className="text-blue-800 underline">Back to the portal</a>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-6 text-2xl font-semibold">Join {organisation}</h1>
      <p className="mb-6">
        You have been invited to join <strong>{organisation}</strong> as <strong>{role}</strong>, with your login <strong>{email}</strong>.
      </p>
      <form method="post" action={action} className="mb-6 flex flex-wrap items-center gap-4">
        <CSRF token={csrf} />
        <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white">Accept invitation</button>
        <a href="/" className="text-blue-800 underline">Not now</a>
      </form>
    </AuthLayout>
  );
}
