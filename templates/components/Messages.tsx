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

export function SandboxBanner({ on }: { on: boolean }) {
  if (!on) return null;
  return <p className="bg-amber-300 px-4 py-1 text-center text-sm text-black">{SANDBOX_TEXT}</p>;
}

export function AlertBanners({ alerts }: { alerts?: Alert[] }) {
  if (!alerts || alerts.length === 0) return null;
  return (
    <ul aria-label="Alerts" className="space-y-1 px-4 py-2">
      {alerts.map((a) => (
        <li className={'rounded border-l-4 px-3 py-2 text-sm ' + Tone(a.type)}>
          <span className="sr-only">{a.type === 'error' ? 'Error: ' : a.type === 'warning' ? 'Warning: ' : 'Information: '}</span>
          {a.message}
        </li>
      ))}
    </ul>
  );
}
