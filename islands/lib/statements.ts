// Statement export rules shared by the StatementExport and StatementsTable islands. The
// server (server/statements_area.go) is the authority; the same cases run in Go and here
// (testdata/statement-request.json).

export type Values = { account: string; from: string; to: string; kind: string };
export type Errors = Record<string, string>;

export const MSG = {
  account: 'Select an account',
  from: 'Enter the first day of the statement',
  to: 'Enter the last day of the statement',
  kind: 'Select a report type',
  order: 'The first day must be on or before the last day',
  afterMax: 'The last day cannot be after %s',
  create: 'Unable to create statement',
  fetch: 'Could not fetch exported statement',
  download: 'Error while downloading the file',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD day that exists, or null. */
export function parseDay(s: string): Date | null {
  if (!ISO_DAY.test(s)) return null;
  const d = new Date(s + 'T00:00:00Z');
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) return null;
  return d;
}

/** DD-MM-YYYY (spec 000 §9) of a YYYY-MM-DD day. */
export function display(day: string): string {
  return day.slice(8, 10) + '-' + day.slice(5, 7) + '-' + day.slice(0, 4);
}

/** The request form's checks, as the server makes them. max is today (YYYY-MM-DD). */
export function validate(v: Values, max: string, accounts: string[], kinds = ['transactions', 'charges']): Errors {
  const e: Errors = {};
  if (!accounts.includes(v.account)) e.account = MSG.account;
  const from = parseDay(v.from);
  const to = parseDay(v.to);
  if (!from) e.from = MSG.from;
  if (!to) e.to = MSG.to;
  else if (v.to > max) e.to = MSG.afterMax.replace('%s', display(max));
  else if (from && from > to) e.from = MSG.order;
  if (!kinds.includes(v.kind)) e.kind = MSG.kind;
  return e;
}

/** The API's request body: created_before is the day after the last day (exclusive). */
export function apiBody(v: Values) {
  const to = parseDay(v.to)!;
  const next = new Date(to.getTime() + 86_400_000).toISOString().slice(0, 10);
  return { virtual_account_number: v.account, created_after: v.from, created_before: next, kind: v.kind };
}

const FIELD_OF: Record<string, string> = {
  '/virtual_account_number': 'account',
  '/created_after': 'from',
  '/created_before': 'to',
  '/kind': 'kind',
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

/** The filename of a download reply's Content-Disposition, or null when it has none (the
 *  spec's download check: such a reply is an error). */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim()) || null;
    } catch {
      return null;
    }
  }
  const m = /filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]+)/.exec(disposition);
  if (!m) return null;
  let name = m[1].trim();
  if (name.startsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  return name || null;
}

/** Whether a statement is still being made. */
export const pending = (state: string) => state === 'queued' || state === 'generating';

export function stateLabel(state: string): string {
  if (pending(state)) return 'Generating…';
  if (state === 'ready') return 'Ready';
  return 'Failed';
}
