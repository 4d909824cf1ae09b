import { AuthLayout } from '../../components/AuthLayout';
import { CSRF, ErrorSummary } from '../../components/Form';
import { Island } from '../../components/Island';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// Accept an invitation (spec 000 §2): create a password; with the query
// flag created, "New password created" and a link to log in.
type Props = PageProps['InvitationAccept'];

const fields = [
  { id: 'password', label: 'New password' },
  { id: 'password_confirmation', label: 'Confirm new password' },
];

export default function InvitationAccept({ sandbox, csrf, state, email, organisation, join, action, errors, base }: Props) {
  if (state === 'done') {
    return (
      <AuthLayout sandbox={sandbox}>
        <h1 className="mb-6 text-2xl font-semibold">New password created</h1>
        <p className="mb-6">Your account is ready. Log in with your email and your new password.</p>
        <a href="/login" className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white">Log in</a>
      </AuthLayout>
    );
  }
  if (state === 'login') {
    // The address already has a login: the person logs in and accepts; no
    // password is chosen here.
    return (
      <AuthLayout sandbox={sandbox}>
        <h1 className="mb-6 text-2xl font-semibold">Accept the invitation</h1>
        <p className="mb-6">
          You have been invited to join <strong>{organisation}</strong> as <strong>{email}</strong>. This e-mail address already
          has a login: log in to accept the invitation.
        </p>
        <a href={join} className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white">Log in to accept</a>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-6 text-2xl font-semibold">Create your password</h1>
      {base ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{base}</p> : null}
      <ErrorSummary errors={errors} fields={fields} />
      <p className="mb-4">
        You have been invited to join <strong>{organisation}</strong> as <strong>{email}</strong>. Create a password to finish setting
        up your account.
      </p>
      <form method="post" action={action} noValidate className="mb-6">
        <CSRF token={csrf || ''} />
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <Island name="PasswordStrength" props={{ errors, submit: 'Create password' }} />
      </form>
      <a href="/login" className="text-blue-800 underline">Back to log in</a>
    </AuthLayout>
  );
}
