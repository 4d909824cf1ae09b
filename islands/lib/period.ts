// The period of an export request as the server checks it (exports.CheckPeriod): the
// dialogs' own check before they send (statements, payout reports).
import { display, parseDisplay } from './dates';

/** A form's words for its period fields (server/exports.PeriodWords). */
export type PeriodWords = { from: string; to: string; fromAfter: string; toAfter: string; order: string };

/** The period typed as two DD-MM-YYYY fields, as the server reads it (exports.CheckPeriod):
 *  neither empty nor after max (today, YYYY-MM-DD), from not after to. Errors go into e by
 *  field; the days (YYYY-MM-DD) come back when both are usable. */
export function checkPeriod(v: { from: string; to: string }, max: string, w: PeriodWords, e: Record<string, string>): { from: string; to: string } | null {
  const read = (field: 'from' | 'to', empty: string, after: string): string | null => {
    const typed = v[field];
    if (typed.trim() === '') {
      e[field] = empty;
      return null;
    }
    const p = parseDisplay(typed, max);
    if (p.error !== undefined) {
      e[field] = p.error;
      return null;
    }
    if (p.date > max) {
      e[field] = after.replace('%s', display(max));
      return null;
    }
    return p.date;
  };
  const from = read('from', w.from, w.fromAfter);
  const to = read('to', w.to, w.toAfter);
  if (from && to && from > to) {
    e.from = w.order;
    return null;
  }
  return from && to ? { from, to } : null;
}

