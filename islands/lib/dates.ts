// A typed day, as the global date range (./daterange) and the export forms read it: the
// DD-MM-YYYY parser with its messages, the input mask, and the UTC day arithmetic. Days
// are ISO strings (YYYY-MM-DD); "today" always comes from the server.

export const MIN_YEAR = 2000;

/** A typed date's messages (./daterange's MSG adds the range's own). */
export const DATE_MSG = {
  format: 'Enter the date as DD-MM-YYYY',
  day: 'Day must be between 1 and 31',
  month: 'Month must be between 1 and 12',
  noDate: 'This date does not exist',
} as const;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A UTC Date for an ISO day. */
export function toDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

export function iso(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function ymd(y: number, m: number, d: number): string {
  return iso(new Date(Date.UTC(y, m - 1, d)));
}

export function addDays(day: string, n: number): string {
  const d = toDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}

/** DD-MM-YYYY of an ISO day. */
export function display(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y}`;
}

export type Parsed = { date: string; error?: undefined } | { date?: undefined; error: string };

/** Reads a typed DD-MM-YYYY date; the year runs from 2000 to next year. */
export function parseDisplay(input: string, today: string): Parsed {
  const s = input.trim();
  if (!/^\d\d-\d\d-\d\d\d\d$/.test(s)) return { error: DATE_MSG.format };
  const [d, m, y] = s.split('-').map(Number);
  if (d < 1 || d > 31) return { error: DATE_MSG.day };
  if (m < 1 || m > 12) return { error: DATE_MSG.month };
  const last = toDate(today).getUTCFullYear() + 1;
  if (y < MIN_YEAR || y > last) return { error: `Year must be between ${MIN_YEAR} and ${last}` };
  const date = ymd(y, m, d);
  if (toDate(date).getUTCDate() !== d) return { error: DATE_MSG.noDate };
  return { date };
}

/** The input mask: digits only, dashes put in after the day and the month. */
export function maskDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return digits.slice(0, 2) + '-' + digits.slice(2);
  return digits.slice(0, 2) + '-' + digits.slice(2, 4) + '-' + digits.slice(4);
}

/** maskDate for an input being edited: the masked text and where the caret goes, after
 *  as many digits as were before it (dashes put in or taken out must not move the caret
 *  to the end when the user edits the middle). */
export function maskDateAt(raw: string, caret: number): { value: string; caret: number } {
  const value = maskDate(raw);
  const digits = raw.slice(0, caret).replace(/\D/g, '').length;
  let at = 0;
  for (let seen = 0; at < value.length && seen < digits; at++) if (/\d/.test(value[at])) seen++;
  // Typing the day's or the month's last digit steps over the dash that follows it.
  if (value[at] === '-' && digits > 0) at++;
  return { value, caret: Math.min(at, value.length) };
}

/** A typed date that may be kept as a period's day: an existing day, at most max
 *  (YYYY-MM-DD); null otherwise. */
export function usableDay(typed: string, max: string): string | null {
  const d = parseDisplay(typed, max).date;
  return d && d <= max ? d : null;
}
