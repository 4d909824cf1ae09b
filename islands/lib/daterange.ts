// The global date range's rules, mirrored from package daterange (Go) so the
// picker can check a range before it posts: the same presets, DD-MM-YYYY
// parsing and messages, checked against testdata/daterange/vectors.json by
// both. Days are ISO strings (YYYY-MM-DD) computed in UTC; "today" always
// comes from the server, never the browser's clock.

export const MIN_YEAR = 2000;

export const MSG = {
  format: 'Enter the date as DD-MM-YYYY',
  day: 'Day must be between 1 and 31',
  month: 'Month must be between 1 and 12',
  noDate: 'This date does not exist',
  required: 'A range needs both a from and a to date',
  type: 'Choose a date range',
} as const;

export const PRESET_TYPES = [
  'today', 'yesterday', 'd7', 'd30', 'last_week', 'last_month', 'last_year', 'this_week', 'this_month', 'this_year',
] as const;

export type Range = { type: string; from: string; to: string };

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

/** Adds months, keeping the day where the month has it, else its last day. */
export function addMonths(day: string, n: number): string {
  const d = toDate(day);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return ymd(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(d.getUTCDate(), last));
}

/** Monday of the day's week (weeks start on Monday, spec 000 §9). */
export function monday(day: string): string {
  return addDays(day, -((toDate(day).getUTCDay() + 6) % 7));
}

/** DD-MM-YYYY of an ISO day. */
export function display(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y}`;
}

export function forPreset(type: string, today: string): Range | null {
  const t = toDate(today);
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth() + 1;
  const first = ymd(y, m, 1);
  switch (type) {
    case 'today': return { type, from: today, to: today };
    case 'yesterday': return { type, from: addDays(today, -1), to: addDays(today, -1) };
    case 'd7': return { type, from: addDays(today, -6), to: today };
    case 'd30': return { type, from: addDays(today, -29), to: today };
    case 'last_week': return { type, from: addDays(monday(today), -7), to: addDays(monday(today), -1) };
    case 'last_month': return { type, from: addMonths(first, -1), to: addDays(first, -1) };
    case 'last_year': return { type, from: ymd(y - 1, 1, 1), to: ymd(y - 1, 12, 31) };
    case 'this_week': return { type, from: monday(today), to: today };
    case 'this_month': return { type, from: first, to: today };
    case 'this_year': return { type, from: ymd(y, 1, 1), to: today };
  }
  return null;
}

export type Parsed = { date: string; error?: undefined } | { date?: undefined; error: string };

/** Reads a typed DD-MM-YYYY date; the year runs from 2000 to next year. */
export function parseDisplay(input: string, today: string): Parsed {
  const s = input.trim();
  if (!/^\d\d-\d\d-\d\d\d\d$/.test(s)) return { error: MSG.format };
  const [d, m, y] = s.split('-').map(Number);
  if (d < 1 || d > 31) return { error: MSG.day };
  if (m < 1 || m > 12) return { error: MSG.month };
  const last = toDate(today).getUTCFullYear() + 1;
  if (y < MIN_YEAR || y > last) return { error: `Year must be between ${MIN_YEAR} and ${last}` };
  const date = ymd(y, m, d);
  if (toDate(date).getUTCDate() !== d) return { error: MSG.noDate };
  return { date };
}

/** Two days in either order as a custom range (the calendar's second click). */
export function customRange(a: string, b: string): Range {
  return a <= b ? { type: 'custom', from: a, to: b } : { type: 'custom', from: b, to: a };
}

/** The picker's form, as the server reads it. */
export function fromForm(type: string, from: string, to: string, today: string): { range?: Range; errors?: Record<string, string> } {
  if (type !== 'custom') {
    const r = forPreset(type, today);
    return r ? { range: r } : { errors: { type: MSG.type } };
  }
  const errors: Record<string, string> = {};
  const read = (field: string, v: string) => {
    if (v.trim() === '') {
      errors[field] = MSG.required;
      return '';
    }
    const p = parseDisplay(v, today);
    if (p.error) errors[field] = p.error;
    return p.date ?? '';
  };
  const a = read('from', from);
  const b = read('to', to);
  if (Object.keys(errors).length) return { errors };
  return { range: customRange(a, b) };
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

/** The weeks of a month, Monday first; days outside the month are null. */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const first = ymd(year, month, 1);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (toDate(first).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array(lead).fill(null);
  for (let d = 1; d <= days; d++) cells.push(ymd(year, month, d));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Keeps a day inside the years the picker allows. */
export function clampDay(day: string, minYear: number, maxYear: number): string {
  if (day < ymd(minYear, 1, 1)) return ymd(minYear, 1, 1);
  if (day > ymd(maxYear, 12, 31)) return ymd(maxYear, 12, 31);
  return day;
}
