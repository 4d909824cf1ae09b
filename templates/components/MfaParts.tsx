// Parts shared by the MFA screens (MfaVerify, MfaSetup; the code field is the VerifyCode
// island): the page's messages, and the footer with the sandbox outbox link and log out.
import { CSRF } from './Form';
import { Flashes, Tone, type Flash } from './Messages';

// MfaMessages: one-shot flashes (role=status), a page-level error
// (role=alert) and a note on the attempts left.
export function MfaMessages({ flashes, alert, note }: { flashes?: Flash[]; alert?: string; note?: string }) {
  return (
    <>
      {flashes && flashes.length ? <div className="mb-4"><Flashes flashes={flashes} /></div> : null}
      {alert ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{alert}</p> : null}
      {note ? <p className={'mb-4 rounded border-l-4 p-3 ' + Tone('warning')}>{note}</p> : null}
    </>
  );
}

// MfaFooter: in the sandbox, where the codes and push requests are; and a way
// out of a login that is not finished (or back to the portal).
export function MfaFooter({ csrf, outbox, home }: { csrf: string; outbox?: string; home?: boolean }) {
  return (
    <div className="mt-8 space-y-4 border-t border-gray-300 pt-4 text-sm">
      {outbox ? (
        <p>
          Sandbox: codes, e-mails and push requests are not really sent; they are listed in the outbox.{' '}
          <a href={outbox} className="text-blue-800 underline">Open the sandbox outbox</a>
        </p>
      ) : null}
      {home ? (
        <p><a href="/" className="text-blue-800 underline">Back to the portal</a></p>
      ) : (
        <form method="post" action="/logout">
          <CSRF token={csrf} />
          <button type="submit" className="text-blue-800 underline">Log out</button>
        </form>
      )}
    </div>
  );
}
