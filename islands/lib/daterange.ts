// The global date range's rules, mirrored from package daterange (Go) so the
// picker can check a range before it posts: the same presets, DD-MM-YYYY
// parsing and messages, checked against testdata/daterange/vectors.json by
// both. Days are ISO strings (YYYY-MM-DD) computed in UTC; "today" always
// comes from the server, never the browser's clock.

// The typed dates themselves (DD-MM-YYYY parsing, the mask, the day arithmetic) are in
// ./dates, which the export forms load without the presets and the calendar's grid.
export * from './dates';
import { DATE_MSG, addDays, parseDisplay, toDate, ymd } from './dates';

export const MSG = {
  ...DATE_MSG,
  required: 'A range needs both a from and a to date',
  type: 'Choose a date range',
} as const;

export const PRESET_TYPES = [
  'today', 'yesterday', 'd7', 'd30', 'last_week', 'last_month', 'last_year', 'this_week', 'this_month', 'this_year',
] as const;

export type Range = { type: string; from: string; to: string };

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
