// /mfa-verify (spec 000 §2, §4, §5): the three choice cards, then one screen
// per method. Every step is a link or a form: it all works without
// JavaScript; the push screen's ApprovalPoll island only saves the clicks.
import type { ComponentChildren } from 'preact';
import { AuthLayout } from '../../components/AuthLayout';
import { CSRF, ErrorSummary, Button } from '../../components/Form';
import { Island } from '../../components/Island';
import { MfaFooter, MfaMessages } from '../../components/MfaParts';
import type { PageProps } from '../../generated/props';

type Props = PageProps['MfaVerify'];

const cards = [
  {
    method: 'authenticator',
    title: 'Authentication app (recommended)',
    text: 'Enter the 6-digit code from your authenticator app.',
  },
  { method: 'authy', title: 'Authy', text: 'Approve a request sent to the Authy app on your phone.' },
  { method: 'sms', title: 'SMS', text: 'Get a code by text message to your phone.' },
  { method: 'passkey', title: 'Passkey', text: 'Use a passkey saved on this device or your phone (needs JavaScript).' },
];

// Choose offers the cards of the methods the user has, in the spec's order.
function Choose({ methods }: { methods: string[] }) {
  const offered = cards.filter((c) => methods.includes(c.method));
  if (offered.length === 0) {
    return (
      <>
        <h1 className="mb-2 text-2xl font-semibold">Two-factor authentication</h1>
        <p className="mb-6">No second factor is set up for your login yet.</p>
        <a href="/mfa-setup" className="text-blue-800 underline">Set up two-factor authentication</a>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">Two-factor authentication</h1>
      <p className="mb-6">Choose how to confirm that it is you.</p>
      <ul className="space-y-3">
        {offered.map((c) => (
          <li>
            <a href={'/mfa-verify?method=' + c.method} className="block rounded border border-gray-500 p-4 hover:bg-gray-100">
              <span className="block font-semibold text-blue-800 underline">{c.title}</span>
              <span className="block text-sm text-gray-700">{c.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function GoBack() {
  return (
    <p className="mt-6">
      <a href="/mfa-verify" className="text-blue-800 underline">Go back</a>
    </p>
  );
}

// Send asks for a code or an approval request: a form that posts only the CSRF token.
function Send({ action, csrf, kind, className, children }: {
  action: string;
  csrf: string;
  kind?: 'secondary' | 'link';
  className?: string;
  children?: ComponentChildren;
}) {
  return (
    <form method="post" action={action} className={className}>
      <CSRF token={csrf} />
      <Button kind={kind}>{children}</Button>
    </form>
  );
}

function CodeForm({ p, label, hint, numeric }: { p: Props; label: string; hint: string; numeric?: boolean }) {
  return (
    <>
      <ErrorSummary errors={p.errors} fields={[{ id: 'code', label }]} />
      <form method="post" action={p.action} noValidate>
        <CSRF token={p.csrf} />
        <Island name="VerifyCode" props={{ id: 'code', label, hint, error: p.errors.code, numeric: !!numeric }} />
      </form>
    </>
  );
}

function Authenticator({ p }: { p: Props }) {
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">Enter your authentication code</h1>
      <p className="mb-6">Open the authenticator app on your phone and enter the code it shows for the portal.</p>
      <MfaMessages flashes={p.flashes} alert={p.base} note={p.note} />
      <CodeForm p={p} label="Authentication code" hint="6 digits, with or without a space: 123 456." numeric />
      <GoBack />
    </>
  );
}

function SMS({ p }: { p: Props }) {
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">Verify with SMS</h1>
      <MfaMessages flashes={p.flashes} alert={p.base} note={p.note} />
      {p.smsSent ? (
        <>
          <p className="mb-6">We sent a code to your phone. It can be used once, within 10 minutes.</p>
          <CodeForm p={p} label="SMS code" hint="At least 7 characters, as in the SMS." />
          <Send action="/mfa-verify/sms/send" csrf={p.csrf} kind="link" className="mt-4">Send a new code</Send>
        </>
      ) : (
        <>
          <p className="mb-6">We will send a code to the phone number you confirmed. It can be used once, within 10 minutes.</p>
          <Send action="/mfa-verify/sms/send" csrf={p.csrf}>Send code</Send>
        </>
      )}
      <GoBack />
    </>
  );
}

function Authy({ p }: { p: Props }) {
  const a = p.approval;
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">Approve with Authy</h1>
      <MfaMessages flashes={p.flashes} alert={p.base} />
      {a ? (
        <>
          <p className="mb-4">We sent a request to the Authy app on your phone. Approve it there to continue.</p>
          <Island name="ApprovalPoll" props={a} />
          {a.status !== 'pending' && a.status !== 'approved' ? (
            <Send action="/mfa-verify/authy" csrf={p.csrf} kind="secondary">Send a new request</Send>
          ) : null}
        </>
      ) : (
        <>
          <p className="mb-6">We will send a request to the Authy app on your phone. Approve it there to continue.</p>
          <Send action="/mfa-verify/authy" csrf={p.csrf}>Send request</Send>
        </>
      )}
      <GoBack />
    </>
  );
}

// Passkey: the island runs the ceremony; without JavaScript it says a passkey needs it,
// and the user's other methods are links beside it either way.
function PasskeyScreen({ p }: { p: Props }) {
  const others = cards.filter((c) => p.methods.includes(c.method));
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">Verify with a passkey</h1>
      <p className="mb-4">Your browser asks you to confirm with the passkey saved for this portal: your fingerprint, face or device PIN.</p>
      <MfaMessages flashes={p.flashes} alert={p.base} note={p.note} />
      {p.passkey ? <Island name="Passkey" props={p.passkey} /> : null}
      {others.length > 0 ? (
        <>
          <h2 className="mb-2 mt-6 text-lg font-semibold">Other methods</h2>
          <ul className="list-disc space-y-1 pl-5">
            {others.map((c) => (
              <li><a href={'/mfa-verify?method=' + c.method} className="text-blue-800 underline">{c.title}</a></li>
            ))}
          </ul>
        </>
      ) : null}
      <GoBack />
    </>
  );
}

// Verified: a fully logged-in user who opens this page is told so, not
// silently sent elsewhere.
function Verified() {
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">You are already verified</h1>
      <p className="mb-6">You are logged in and your second factor was checked. It is asked again at your next login.</p>
      <a href="/" className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white">Go to the dashboard</a>
    </>
  );
}

export default function MfaVerify(p: Props) {
  const body =
    p.method === 'verified' ? <Verified /> :
    p.method === 'authenticator' ? <Authenticator p={p} /> : p.method === 'sms' ? <SMS p={p} /> : p.method === 'authy' ? <Authy p={p} /> :
    p.method === 'passkey' ? <PasskeyScreen p={p} /> : <Choose methods={p.methods} />;
  return (
    <AuthLayout sandbox={p.sandbox}>
      {body}
      <MfaFooter csrf={p.csrf} outbox={p.outbox} />
    </AuthLayout>
  );
}
