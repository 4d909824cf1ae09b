// /mfa-setup and /new-mfa-setup (spec 000 §2 "MFA setup screens", §5, §8):
// an authenticator app (QR code, or the key typed by hand, then a code) and a
// phone (country code, default dk, and number; request SMS; enter the code).
// The user moves on once both are set up; until then each step reloads the
// page with what is done.
import type { ComponentChildren } from 'preact';
import { AuthLayout } from '../../components/AuthLayout';
import { CSRF, ErrorSummary, Field, TextField, Button } from '../../components/Form';
import { describedBy } from '../../../ui/field';
import { Island } from '../../components/Island';
import { MfaFooter, MfaMessages } from '../../components/MfaParts';
import type { PageProps } from '../../generated/props';

type Props = PageProps['MfaSetup'];

const fields = [
  { id: 'totp_code', label: 'Code from the app' },
  { id: 'country_code', label: 'Country code' },
  { id: 'cellphone', label: 'Phone number' },
  { id: 'token', label: 'Code from the SMS' },
];

function Done({ children }: { children?: ComponentChildren }) {
  return (
    <p className="rounded border-l-4 border-green-700 bg-green-50 p-3 text-green-900">
      <span aria-hidden="true">✓ </span>
      {children}
    </p>
  );
}

function Authenticator({ p }: { p: Props }) {
  const t = p.totp;
  if (t.active) return <Done>The authenticator app is set up.</Done>;
  if (t.error) return <p className="rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{t.error}</p>;
  if (t.start) {
    // Showing the page creates nothing: the key is made by this POST.
    return (
      <form method="post" action={p.base + '/totp/start'}>
        <CSRF token={p.csrf} />
        <p className="mb-2">Get a key for your authenticator app (for example Google Authenticator or Authy) to scan or type in.</p>
        <Button>Set up the authenticator app</Button>
      </form>
    );
  }
  return (
    <ol className="list-decimal space-y-4 pl-5">
      <li>
        <p>Scan this QR code with your authenticator app (for example Google Authenticator or Authy).</p>
        {t.qr ? (
          // Trusted markup: an SVG made by the server from the key (package mfa), no outside service.
          <div className="mt-2 h-48 w-48" dangerouslySetInnerHTML={{ __html: t.qr }} />
        ) : null}
      </li>
      <li>
        <p>Or, if you cannot scan it, add an account by hand with this key:</p>
        <p className="mt-1">
          <code id="totp-secret" className="select-all rounded bg-gray-100 px-2 py-1 font-mono text-lg">{t.secret}</code>
        </p>
        <p className="mt-1 text-sm text-gray-700">Select the key to copy it. The spaces are only there to help you read it; the app ignores them. Choose a time-based key.</p>
      </li>
      <li>
        <p className="mb-2">Enter the 6-digit code the app shows.</p>
        <form method="post" action={p.base + '/totp'} noValidate>
          <CSRF token={p.csrf} />
          <Island name="VerifyCode" props={{ id: 'totp_code', label: 'Code from the app', hint: '6 digits, with or without a space: 123 456.', error: p.errors.totp_code, numeric: true }} />
        </form>
      </li>
    </ol>
  );
}

function Phone({ p }: { p: Props }) {
  const ph = p.phone;
  if (ph.active) return <Done>Your phone number is confirmed.</Done>;
  const cErr = p.errors.country_code;
  return (
    <>
      <form method="post" action={p.base + '/phone'} noValidate className="mb-6">
        <CSRF token={p.csrf} />
        <Field id="country_code" label="Country code" error={cErr}>
          <select
            id="country_code"
            name="country_code"
            aria-invalid={cErr ? 'true' : undefined}
            aria-describedby={describedBy('country_code', undefined, cErr)}
            className="mt-1 block w-full rounded border border-gray-500 px-3 py-2"
          >
            {ph.countries.map((c) => (
              <option value={c.code} selected={c.code === ph.countryCode}>{c.name} ({c.dial})</option>
            ))}
          </select>
        </Field>
        <TextField id="cellphone" label="Phone number" type="tel" value={ph.number} error={p.errors.cellphone} autoComplete="tel-national" hint="Without the country code." />
        <Button kind="secondary">Request SMS</Button>
      </form>
      <form method="post" action={p.base + '/phone/confirm'} noValidate>
        <CSRF token={p.csrf} />
        {ph.pending ? (
          <p className="mb-2">We sent a code to {ph.display || ph.number}. It is valid for 10 minutes.</p>
        ) : (
          <p className="mb-2">Request an SMS first: “Enable MFA” becomes available once the country code and number are set.</p>
        )}
        <Island name="VerifyCode" props={{ id: 'token', label: 'Code from the SMS', hint: 'At least 7 characters, as in the SMS.', error: p.errors.token, button: 'Enable MFA', off: !ph.pending }} />
      </form>
    </>
  );
}

export default function MfaSetup(p: Props) {
  const both = p.totp.active && p.phone.active;
  return (
    <AuthLayout sandbox={p.sandbox}>
      <h1 className="mb-2 text-2xl font-semibold">Set up two-factor authentication</h1>
      <p className="mb-6">
        Protect your account with an authenticator app and your phone.
        {p.dashboard ? '' : ' You continue to the portal once both are set up.'}
      </p>
      <MfaMessages flashes={p.flashes} alert={p.alert} note={p.note} />
      <ErrorSummary errors={p.errors} fields={fields} />
      {both ? <Done>Two-factor authentication is set up.</Done> : null}
      <section aria-labelledby="totp-title" className="mb-8">
        <h2 id="totp-title" className="mb-3 text-xl font-semibold">Authenticator app</h2>
        <Authenticator p={p} />
      </section>
      <section aria-labelledby="phone-title">
        <h2 id="phone-title" className="mb-3 text-xl font-semibold">Phone</h2>
        <Phone p={p} />
      </section>
      <MfaFooter csrf={p.csrf} outbox={p.outbox} home={p.dashboard} />
    </AuthLayout>
  );
}
