/** @jsxRuntime automatic @jsxImportSource preact */
// The idle-timeout warning of every logged-in page (the shell). The server
// says, as of the render, when the session ends if nothing happens
// (server.ShellSession); at least `warn` seconds before that (WCAG 2.2.1
// "Timing adjustable": 60 s) an alert dialog offers "Stay logged in", which
// keeps the session through the token refresh endpoint (with the page's CSRF
// token), and "Log out". Any island's API call that succeeds restarts the
// countdown (lib/sessionBus.ts), as does activity in another tab of the
// portal (a BroadcastChannel). When the time is up the session is ended on
// the server too and the dialog says "Your login expired", with a link to
// log in again and come back.
//
// Screen readers hear the dialog when it opens (alertdialog, labelled and
// described, focus moved in) and once more at 30 seconds; the visible
// countdown is a timer, which is not read out every second. Server-side it
// renders nothing; once hydrated, a closed <dialog>, outside the flow:
// nothing moves when it is added or opens.
// Without JavaScript there is no warning; a form posted after the end is
// kept by the server and comes back after logging in (server/savedform.go).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { IslandProps } from '../templates/generated/props';
import type { ApiClient } from './lib/apiClient';
import { ExpiredDialog } from './lib/ExpiredNotice';
import { useHydrated } from './lib/hydrated';
import { loadApi } from './lib/lazy';
import { Modal } from './lib/Modal';
import { EXPIRED_TEXT, EXPIRED_TITLE, SESSION_ACTIVE, SESSION_EXPIRED, pageStart } from './lib/sessionBus';

export type Props = IslandProps['IdleWarning'];

const ID = 'idle-warning';
/** The second the countdown is read out again. */
export const ANNOUNCE_AT = 30;
const CHANNEL = 'portal-session';

export type Phase = 'active' | 'warning' | 'expired';

/** Where a countdown stands: ms left until deadline, and the phase. */
export function phaseAt(now: number, deadline: number, warnMs: number): Phase {
  if (now >= deadline) return 'expired';
  return deadline - now <= warnMs ? 'warning' : 'active';
}

/** m:ss of the seconds left. */
export function clock(secs: number): string {
  const s = Math.max(0, Math.ceil(secs));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function inWords(secs: number): string {
  const s = Math.max(0, Math.round(secs));
  if (s >= 60 && s % 60 === 0) return s === 60 ? '1 minute' : `${s / 60} minutes`;
  return `${s} seconds`;
}

export default function IdleWarning(p: Props) {
  // The props count from the render; the code may come long after (loaded shortly before the warning).
  const start = useRef(pageStart());
  // The absolute end: no request moves it.
  const hardEnd = useRef(start.current + p.absoluteIn * 1000);
  const [deadline, setDeadline] = useState(() => Math.min(start.current + p.endsIn * 1000, hardEnd.current));
  const [now, setNow] = useState(start.current);
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');
  // What the description says: the time left when the warning opened.
  const [openedWith, setOpenedWith] = useState(p.warn);
  const client = useRef<ApiClient | null>(null);
  // The client's module comes when the session is kept or ended (lib/lazy), not with the island.
  const api = async () => (client.current ??= (await loadApi()).createApiClient({ base: '/api/v1', csrfToken: p.csrf }));
  const channel = useRef<BroadcastChannel | null>(null);
  const ended = useRef(false);

  // The server's markup is the closed dialog; hydration must find it so.
  const js = useHydrated();
  const phase: Phase = js ? phaseAt(now, deadline, p.warn * 1000) : 'active';
  const left = (deadline - now) / 1000;

  // A request kept the session for `secs`: count from now again (never
  // past the absolute end), and tell the other tabs.
  const restart = (secs: number) => {
    if (ended.current) return;
    const t = Date.now();
    const next = Math.min(t + secs * 1000, hardEnd.current);
    setDeadline((d) => Math.max(d, next));
    setNow(t);
    setAnnounce('');
    channel.current?.postMessage({ until: next });
  };

  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    const onActive = () => restart(p.idle);
    const onExpired = (e: Event) => {
      e.preventDefault(); // this island tells the user
      setDeadline(Date.now());
      setNow(Date.now());
    };
    window.addEventListener(SESSION_ACTIVE, onActive);
    window.addEventListener(SESSION_EXPIRED, onExpired);
    if (typeof BroadcastChannel !== 'undefined') {
      const ch = new BroadcastChannel(CHANNEL);
      ch.onmessage = (e: MessageEvent<{ until?: number }>) => {
        const until = e.data?.until;
        if (typeof until === 'number' && !ended.current) setDeadline((d) => Math.max(d, Math.min(until, hardEnd.current)));
      };
      channel.current = ch;
      // This page's render used the session: the other tabs may wait longer.
      ch.postMessage({ until: Math.min(start.current + p.endsIn * 1000, hardEnd.current) });
    }
    return () => {
      window.clearInterval(tick);
      window.removeEventListener(SESSION_ACTIVE, onActive);
      window.removeEventListener(SESSION_EXPIRED, onExpired);
      channel.current?.close();
      channel.current = null;
    };
  }, []);

  useEffect(() => {
    if (phase === 'warning') setOpenedWith(Math.round(left));
  }, [phase === 'warning']);

  useEffect(() => {
    if (phase === 'warning' && left <= ANNOUNCE_AT && announce === '') setAnnounce(`${ANNOUNCE_AT} seconds left before you are logged out.`);
    if (phase !== 'expired' || ended.current) return;
    ended.current = true;
    // Say it only once it is so: end the session on the server now (it
    // could otherwise outlive the countdown by the seconds it errs early).
    void api()
      .then((c) => c.logout())
      .catch(() => {});
  }, [phase, left <= ANNOUNCE_AT]);

  const stay = async () => {
    setBusy(true);
    // A client's module that did not come keeps the dialog open: the button tries again.
    const ok = await api().then(
      (c) => c.refresh(),
      () => false,
    );
    setBusy(false);
    if (ok) restart(p.kept);
    // A failed refresh marks the session expired (SESSION_EXPIRED above).
  };

  // Nothing on the server: the dialog's width is an inline style, which the
  // CSP allows only when set from script; a closed dialog is out of the
  // flow, so adding it after hydration moves nothing.
  if (!js) return null;
  if (phase === 'expired') {
    return <ExpiredDialog open={!dismissed} title={EXPIRED_TITLE} text={EXPIRED_TEXT} login={p.login} onClose={() => setDismissed(true)} />;
  }
  const warning = phase === 'warning';
  return (
    <Modal id={ID} title="Your login is about to expire" width={400} open={warning} onClose={() => void stay()} closeLabel="" role="alertdialog" describedBy={ID + '-text'}>
      <p id={ID + '-text'} className="mb-2">
        For your security you will be logged out in {inWords(openedWith)} unless you stay logged in.
      </p>
      <p className="mb-4 text-sm text-gray-700">
        Time left: <span role="timer" className="font-mono font-semibold">{clock(left)}</span>
      </p>
      <p className="sr-only" aria-live="polite">{announce}</p>
      <div className="flex flex-wrap items-center gap-4">
        <button type="button" disabled={busy} onClick={() => void stay()} className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">
          Stay logged in
        </button>
        <form method="post" action="/logout">
          <input type="hidden" name="_csrf" value={p.csrf} />
          <button type="submit" className="rounded border border-gray-600 px-4 py-2">Log out</button>
        </form>
      </div>
    </Modal>
  );
}
