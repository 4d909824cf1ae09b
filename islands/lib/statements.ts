// Statement export rules shared by the StatementExport and StatementsTable islands. The
// server (server/statements) is the authority; the same cases run in Go and here
// (testdata/statement-request.json). Dates are typed DD-MM-YYYY and read with the global
// date range's parser (lib/daterange), in its words.
import { addDays, parseDisplay } from './dates';
import { checkPeriod, type PeriodWords } from './period';

/** The form as typed: from and to are DD-MM-YYYY; format empty or left out is CSV. */
export type Values = { account: string; from: string; to: string; kind: string; format: string };
export type Errors = Record<string, string>;

export const MSG = {
  account: 'Select an account',
  from: 'Enter the first day of the statement',
  to: 'Enter the last day of the statement',
  kind: 'Select a report type',
  format: 'Select a file format',
  order: 'The first day must be on or before the last day',
  afterMax: 'The last day cannot be after %s',
  fromAfterMax: 'The first day cannot be after %s',
  create: 'Unable to create statement',
  fetch: 'Could not fetch exported statement',
  download: 'Error while downloading the file',
};

/** A typed date that a statement may use: an existing day, at most max (YYYY-MM-DD). */
export { usableDay } from './dates';

const PERIOD: PeriodWords = { from: MSG.from, to: MSG.to, fromAfter: MSG.fromAfterMax, toAfter: MSG.afterMax, order: MSG.order };

/** The statement formats, CSV (the default) first: provider.StatementFormats. */
export const FORMATS = ['csv', 'camt053', 'mt940'];

/** The request form's checks, as the server makes them. max is today (YYYY-MM-DD). */
export function validate(v: Values, max: string, accounts: string[], kinds = ['transactions', 'charges'],
  formats = FORMATS): Errors {
  const e: Errors = {};
  if (!accounts.includes(v.account)) e.account = MSG.account;
  checkPeriod(v, max, PERIOD, e);
  if (!kinds.includes(v.kind)) e.kind = MSG.kind;
  if (!formats.includes(v.format || 'csv')) e.format = MSG.format;
  return e;
}

/** The API's request body for a form validate accepted: YYYY-MM-DD days, created_before
 *  being the day after the last day (exclusive). */
export function apiBody(v: Values, max: string) {
  const from = parseDisplay(v.from, max).date!;
  const to = parseDisplay(v.to, max).date!;
  return { virtual_account_number: v.account, created_after: from, created_before: addDays(to, 1), kind: v.kind, format: v.format || 'csv' };
}

const FIELD_OF: Record<string, string> = {
  '/virtual_account_number': 'account',
  '/created_after': 'from',
  '/created_before': 'to',
  '/kind': 'kind',
  '/format': 'format',
};

type Problem = { title?: string; source?: { pointer?: string } };

/** The form's errors for an API error reply: by field where it points at one, else the
 *  spec's "Unable to create statement". */
export function errorsOf(data: unknown): Errors {
  const list = (data as { errors?: Problem[] } | null)?.errors;
  const e: Errors = {};
  if (Array.isArray(list)) {
    for (const p of list) {
      const f = FIELD_OF[p.source?.pointer ?? ''];
      if (f && p.title) e[f] = p.title;
    }
  }
  if (Object.keys(e).length === 0) e.form = MSG.create;
  return e;
}

