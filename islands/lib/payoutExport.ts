// The "Download payout requests" export rules (spec 001 §5 "CSV export", §8 "Export"),
// shared by the PayoutExport island's code and its tests. The server
// (server/payoutreports, checkExportForm) is the authority; the same cases run in Go and
// here (testdata/payout-export.json).
import { addDays, parseDisplay } from './dates';
import type { Errors } from './exports';
import { checkPeriod, type PeriodWords } from './period';

/** The form as typed: from and to are DD-MM-YYYY; statuses none means all. */
export type Values = { account: string; from: string; to: string; statuses: string[]; amountFrom: string; amountTo: string };

export const MSG = {
  account: 'Please choose account',
  days: 'Please choose less than 90 days',
  from: 'Enter the first day of the report',
  to: 'Enter the last day of the report',
  fromAfter: 'The first day cannot be after %s',
  toAfter: 'The last day cannot be after %s',
  order: 'The first day must be on or before the last day',
  status: 'Select statuses from the list',
  amount: 'Enter an amount of 0 or more',
  amountOrder: 'The highest amount must not be below the lowest',
  empty: 'No requests found for the selected filters. Please adjust your filters and try again.',
  failed: 'Something went wrong',
};

/** The error code of "no requests found" (spec 001 §8). */
export const EMPTY_CODE = '1001';

const PERIOD: PeriodWords = { from: MSG.from, to: MSG.to, fromAfter: MSG.fromAfter, toAfter: MSG.toAfter, order: MSG.order };

const DAY_MS = 86_400_000;

/** An amount as the server accepts it: digits, optionally up to 18 decimals, below 1e13. */
const AMOUNT = /^\d{1,13}(\.\d{1,18})?$/;

/** An amount as an integer of 18 decimals, to compare exactly. */
function scaled(a: string): bigint {
  const [w, f = ''] = a.split('.');
  return BigInt(w + f.padEnd(18, '0'));
}

/** The form's checks, as the server makes them. max is today (YYYY-MM-DD); maxDays the
 *  longest period, both ends included. */
export function validate(v: Values, max: string, accounts: string[], statuses: string[], maxDays = 90): Errors {
  const e: Errors = {};
  if (!accounts.includes(v.account)) e.account = MSG.account;
  const days = checkPeriod(v, max, PERIOD, e);
  if (days && (Date.parse(days.to) - Date.parse(days.from)) / DAY_MS >= maxDays) e.from = MSG.days;
  if (v.statuses.some((s) => !statuses.includes(s))) e.statuses = MSG.status;
  const from = v.amountFrom.trim();
  const to = v.amountTo.trim();
  if (from !== '' && !AMOUNT.test(from)) e.amountFrom = MSG.amount;
  if (to !== '' && !AMOUNT.test(to)) e.amountTo = MSG.amount;
  if (!e.amountFrom && !e.amountTo && from !== '' && to !== '' && scaled(from) > scaled(to)) e.amountTo = MSG.amountOrder;
  return e;
}

/** The API's request body (spec 001 §7 export) for a form validate accepted: YYYY-MM-DD
 *  days, created_before the day after the last day (exclusive). */
export function apiBody(v: Values, max: string) {
  const body: Record<string, unknown> = {
    virtual_account_number: v.account,
    created_after: parseDisplay(v.from, max).date!,
    created_before: addDays(parseDisplay(v.to, max).date!, 1),
    status_categories: v.statuses,
  };
  if (v.amountFrom.trim()) body.amount_from = v.amountFrom.trim();
  if (v.amountTo.trim()) body.amount_to = v.amountTo.trim();
  return body;
}

const FIELD_OF: Record<string, string> = {
  '/virtual_account_number': 'account',
  '/created_after': 'from',
  '/created_before': 'to',
  '/status_categories': 'statuses',
  '/amount_from': 'amountFrom',
  '/amount_to': 'amountTo',
};

type Problem = { code?: string; title?: string; source?: { pointer?: string } };

/** The form's errors for an API error reply (spec 001 §8): code 1001 is "no requests
 *  found"; a field's problem goes beside it; anything else is "Something went wrong". */
export function errorsOf(data: unknown): Errors {
  const list = (data as { errors?: Problem[] } | null)?.errors;
  const e: Errors = {};
  if (Array.isArray(list)) {
    for (const p of list) {
      if (p.code === EMPTY_CODE) return { form: MSG.empty };
      const f = FIELD_OF[p.source?.pointer ?? ''];
      if (f && p.title) e[f] = p.title;
    }
  }
  if (Object.keys(e).length === 0) e.form = MSG.failed;
  return e;
}
