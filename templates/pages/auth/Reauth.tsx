import { AuthLayout } from '../../components/AuthLayout';
import { CSRF, ErrorSummary, TextField, Button } from '../../components/Form';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

type Props = PageProps['Reauth'];

export default function Reauth({ sandbox, csrf, email, next, errors, base }: Props) {
  return (
    <AuthLayout sandbox={sandbox}>
      <h1 className="mb-4 text-2xl font-semibold">Confirm it's you</h1>
      <p className="mb-6">To change how you sign in, enter the password of {email} again.</p>
      {base ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{base}</p> : null}
      <ErrorSummary errors={errors} fields={[{ id: 'password', label: 'Password' }]} />
      <form method="post" action="/reauth" noValidate>
        <CSRF token={csrf} />
        <input type="hidden" name="next" value={next} />
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <TextField id="password" label="Password" type="password" error={errors.password} autoComplete="current-password" required />
        <div className="flex items-center justify-between">
          <Button>Confirm</Button>
          <a href="/" className="text-blue-800 underline">Cancel</a>
        </div>
      </form>
    </AuthLayout>
  );
}
