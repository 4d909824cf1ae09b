import { AuthLayout } from '../../components/AuthLayout';
import { CSRF, ErrorSummary, TextField, Button } from '../../components/Form';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

type Props = PageProps['Login'];

const fields = [
  { id: 'email', label: 'Email' },
  { id: 'password', label: 'Password' },
];

export default function Login({ sandbox, csrf, email, errors, base, notice, redirectUrl }: Props) {
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-6 text-2xl font-semibold">Log in</h1>
      {notice ? (
        <div role="status" className={'mb-4 rounded border-l-4 p-3 ' + Tone(notice.kind)}>
          <p className="font-semibold">{notice.title}</p>
          {notice.text ? <p>{notice.text}</p> : null}
        </div>
      ) : null}
      {base ? (
        <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{base}</p>
      ) : null}
      <ErrorSummary errors={errors} fields={fields} />
      <form method="post" action="/login" noValidate>
        <CSRF token={csrf} />
        {redirectUrl ? <input type="hidden" name="redirect_url" value={redirectUrl} /> : null}
        <TextField id="email" label="Email" type="email" value={email} error={errors.email} autoComplete="username" required />
        <TextField id="password" label="Password" type="password" error={errors.password} autoComplete="current-password" required />
        <div className="flex items-center justify-between">
          <Button>Log in</Button>
          <a href="/passwords/forgot" className="text-blue-800 underline">Forgot Password?</a>
        </div>
      </form>
    </AuthLayout>
  );
}
