import { AuthLayout } from '../../components/AuthLayout';
import { CSRF, ErrorSummary, Button } from '../../components/Form';
import { Island } from '../../components/Island';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// Forgot password (spec 000 §2, §5, §8): the form, or with the query flag
// sent the "Check your email" state with a Resend button. The sent state
// reads the same whether or not the address belongs to an account.
type Props = PageProps['ForgotPassword'];

const fields = [{ id: 'email', label: 'Email' }];

function NoticeBox({ notice }: { notice?: Props['notice'] }) {
  if (!notice) return null;
  return (
    <div role="status" className={'mb-4 rounded border-l-4 p-3 ' + Tone(notice.kind)}>
      <p className="font-semibold">{notice.title}</p>
      {notice.text ? <p>{notice.text}</p> : null}
    </div>
  );
}

export default function ForgotPassword({ sandbox, csrf, email, errors, base, notice, sent, lifetime }: Props) {
  if (sent) {
    return (
      <AuthLayout sandbox={sandbox}>
        <h1 className="mb-6 text-2xl font-semibold">Check your email</h1>
        <NoticeBox notice={notice} />
        {email ? (
          <p className="mb-4">
            If <strong>{email}</strong> belongs to an account, we have sent it a link to reset the password.
          </p>
        ) : (
          <p className="mb-4">If the address you entered belongs to an account, we have sent it a link to reset the password.</p>
        )}
        <p className="mb-4">The link works once and expires after {lifetime}.</p>
        <p className="mb-6">Nothing arrived after a few minutes? Check your spam folder, or send the link again.</p>
        {email ? (
          <form method="post" action="/passwords/forgot" className="mb-6">
            <CSRF token={csrf} />
            <input type="hidden" name="email" value={email} />
            <Button kind="secondary">Resend</Button>
          </form>
        ) : null}
        <ul className="space-y-2">
          <li><a href="/passwords/forgot" className="text-blue-800 underline">Use a different email</a></li>
          <li><a href="/login" className="text-blue-800 underline">Back to log in</a></li>
        </ul>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-6 text-2xl font-semibold">Forgot password</h1>
      <NoticeBox notice={notice} />
      {base ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{base}</p> : null}
      <ErrorSummary errors={errors} fields={fields} />
      <p className="mb-4">Enter the email you log in with and we will send you a link to reset your password.</p>
      <form method="post" action="/passwords/forgot" noValidate className="mb-6">
        <CSRF token={csrf} />
        <Island name="EmailForm" props={{ email, error: errors.email, label: 'Email', submit: 'Send reset link' }} />
      </form>
      <a href="/login" className="text-blue-800 underline">Back to log in</a>
    </AuthLayout>
  );
}
