import { AuthLayout } from '../../components/AuthLayout';
import { CSRF, ErrorSummary } from '../../components/Form';
import { Island } from '../../components/Island';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// Reset password (spec 000 §2, §5, §8; 001 §2, §5, §8): the new password
// form, the expired link (403), or with the query flag sent the success
// state. Every state links back to /login.
type Props = PageProps['ResetPassword'];

const fields = [
  { id: 'password', label: 'New password' },
  { id: 'password_confirmation', label: 'Confirm new password' },
];

export default function ResetPassword({ sandbox, csrf, state, action, errors, base }: Props) {
  if (state === 'expired') {
    return (
      <AuthLayout sandbox={sandbox}>
        <h1 className="mb-6 text-2xl font-semibold">Your link expired</h1>
        <p className="mb-6">
          This page has expired, please request a new reset password link <a href="/passwords/forgot" className="text-blue-800 underline">here</a>
        </p>
        <a href="/login" className="text-blue-800 underline">Back to log in</a>
      </AuthLayout>
    );
  }
  if (state === 'done') {
    return (
      <AuthLayout sandbox={sandbox}>
        <h1 className="mb-6 text-2xl font-semibold">Your password has been reset</h1>
        <p role="status" className={'mb-4 rounded border-l-4 p-3 ' + Tone('success')}>Your new password is saved.</p>
        <p className="mb-6">For your security, you have been logged out everywhere. Log in with your new password.</p>
        <a href="/login" className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white">Log in</a>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-6 text-2xl font-semibold">Reset password</h1>
      {base ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{base}</p> : null}
      <ErrorSummary errors={errors} fields={fields} />
      <p className="mb-4">Choose a new password for your account.</p>
      <form method="post" action={action} noValidate className="mb-6">
        <CSRF token={csrf || ''} />
        <Island name="PasswordStrength" props={{ errors, submit: 'Reset password' }} />
      </form>
      <a href="/login" className="text-blue-800 underline">Back to log in</a>
    </AuthLayout>
  );
}
