/** @jsxRuntime automatic @jsxImportSource preact */
// The cookie consent banner (spec 000 §4, §9: the choice is stored as accepted or rejected).
// The server's markup is a plain form: Accept and Reject post the choice, which the server
// keeps in a cookie and answers by going back to the page. Once hydrated, the island sends
// the same form in the background, keeps the choice under the spec's local key as well, and
// replaces the banner with a confirmation whose "Hide" button takes focus, so keyboard and
// screen-reader users hear what happened and are not dropped at the top of the page.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['CookieConsent'];
export type Choice = 'accepted' | 'rejected';

/** The local key the choice is kept under in the browser. */
export const CONSENT_KEY = 'cookieConsent';

export const SAVED: Record<Choice, string> = {
  accepted: 'You accepted cookies. The portal still sets only the cookies it needs to work.',
  rejected: 'You rejected optional cookies. The portal sets only the cookies it needs to work.',
};
export const FAILED = 'Your choice could not be saved. Please try again.';

const button = 'rounded px-3 py-1 font-medium sm:px-4 sm:py-2 ';

export default function CookieConsent({ action, csrf, back }: Props) {
  const [saved, setSaved] = useState<Choice | null>(null);
  const [failed, setFailed] = useState(false);
  const [hidden, setHidden] = useState(false);
  const hide = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (saved) hide.current?.focus();
  }, [saved]);
  if (hidden) return null;

  const choose = async (e: SubmitEvent) => {
    const choice = (e.submitter as HTMLButtonElement | null)?.value as Choice | undefined;
    if (choice !== 'accepted' && choice !== 'rejected') return; // let the browser post it
    e.preventDefault();
    try {
      const res = await fetch(action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams({ _csrf: csrf, consent: choice, back }),
      });
      if (!res.ok) throw new Error(String(res.status));
      try {
        localStorage.setItem(CONSENT_KEY, choice);
      } catch {
        // Storage may be off (private mode); the server's cookie holds the choice.
      }
      setSaved(choice);
    } catch {
      setFailed(true);
    }
  };

  return (
    <section aria-label="Cookies" className="border-b border-gray-300 bg-gray-100 px-4 py-2 sm:py-3">
      {saved ? (
        <div className="flex flex-wrap items-center gap-3">
          <p id="cookie-saved">{SAVED[saved]}</p>
          <button ref={hide} type="button" aria-describedby="cookie-saved" className={button + 'border border-gray-600 bg-white'} onClick={() => setHidden(true)}>
            Hide this message
          </button>
        </div>
      ) : (
        <form method="post" action={action} onSubmit={choose} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="back" value={back} />
          <p className="min-w-0 flex-1 basis-64 text-sm sm:text-base">
            {/* On a phone one line: the same question, shorter, so the page starts on the first screen. */}
            <span className="sm:hidden"><strong>Cookies:</strong> only what the portal needs. Accept?</span>
            <span className="hidden sm:inline">
              <strong>Cookies on the portal.</strong> We use only the cookies the portal needs to work: your session and this
              choice. Do you accept cookies?
            </span>
          </p>
          {failed ? <p role="alert" className="w-full font-medium text-red-800">{FAILED}</p> : null}
          <button type="submit" name="consent" value="accepted" className={button + 'bg-blue-800 text-white hover:bg-blue-900'}>Accept</button>
          <button type="submit" name="consent" value="rejected" className={button + 'border border-gray-600 bg-white'}>Reject</button>
        </form>
      )}
    </section>
  );
}
