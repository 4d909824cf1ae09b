import type { ShellAlert, ShellFlash } from '../generated/props';

export type Flash = ShellFlash;
export type Alert = ShellAlert;

const tone: Record<string, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  info: 'border-blue-700 bg-blue-50 text-blue-900',
  warning: 'border-amber-700 bg-amber-50 text-amber-900',
  error: 'border-red-700 bg-red-50 text-red-900',
};

export function Tone(kind: string) {
  return tone[kind] || tone.info;
}

// Flash messages after a form action. Errors are announced at once
// (role=alert); the rest politely (role=status).
export function Flashes({ flashes }: { flashes?: Flash[] }) {
  const list = flashes || [];
  return (
    <div role="status" aria-live="polite" className="space-y-2">
      {list.map((f) =>
        f.kind === 'error' ? (
          <p role="alert" className={'rounded border-l-4 p-3 ' + Tone(f.kind)}>{f.text}</p>
        ) : (
          <p className={'rounded border-l-4 p-3 ' + Tone(f.kind)}>{f.text}</p>
        ),
      )}
    </div>
  );
}

export const SANDBOX_TEXT = "You're in a non-production environment. Any changes made here won't impact your live data.";
// On a phone the banner takes one line: the same fact, shorter.
export const SANDBOX_SHORT = 'Sandbox: no effect on live data.';

export function SandboxBanner({ on }: { on: boolean }) {
  if (!on) return null;
  return (
    <p className="bg-amber-300 px-4 py-1 text-center text-sm text-black">
      <span className="sm:hidden">{SANDBOX_SHORT}</span>
      <span className="hidden sm:inline">{SANDBOX_TEXT}</span>
    </p>
  );
}

type BannerProps = { alerts?: Alert[]; orgId?: string; csrf?: string; back?: string };

// AlertBanners: an info or warning banner has a Dismiss button (a form POST, so it works
// without JavaScript) that puts it away for the session; error banners stay. On a phone
// the info and warning banners fold into one "Notices" line (a native disclosure) so the
// page starts on the first screen; error banners are always shown whole.
export function AlertBanners(p: BannerProps) {
  const alerts = p.alerts || [];
  if (alerts.length === 0) return null;
  const errors = alerts.filter((a) => a.type === 'error');
  const notices = alerts.filter((a) => a.type !== 'error');
  return (
    <>
      {errors.length > 0 ? <BannerList {...p} alerts={errors} label="Alerts" /> : null}
      {notices.length > 0 ? (
        <>
          <details className="px-4 pt-1 text-sm sm:hidden">
            <summary className="cursor-pointer py-1 font-medium">
              Notices ({notices.length})
            </summary>
            <BannerList {...p} alerts={notices} label="Notices" />
          </details>
          <div className="hidden sm:block">
            <BannerList {...p} alerts={notices} label="Notices" />
          </div>
        </>
      ) : null}
    </>
  );
}

function BannerList({ alerts, orgId, csrf, back, label }: BannerProps & { label: string }) {
  return (
    <ul aria-label={label} className="space-y-1 px-4 py-2">
      {(alerts || []).map((a) => (
        <li className={'flex items-start gap-2 rounded border-l-4 px-3 py-1.5 text-sm ' + Tone(a.type)}>
          <p className="min-w-0 flex-1">
            <span className="sr-only">{a.type === 'error' ? 'Error: ' : a.type === 'warning' ? 'Warning: ' : 'Information: '}</span>
            {a.message}
          </p>
          {a.dismissible && orgId ? (
            <form method="post" action={'/org/' + orgId + '/alerts/dismiss'} className="shrink-0">
              <input type="hidden" name="_csrf" value={csrf} />
              <input type="hidden" name="id" value={a.id} />
              <input type="hidden" name="back" value={back || '/org/' + orgId} />
              <button type="submit" className="rounded px-1 underline" aria-label={'Dismiss: ' + a.message}>Dismiss</button>
            </form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
