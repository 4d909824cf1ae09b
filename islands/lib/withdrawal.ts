// Withdrawal form rules (spec 001 §5 "Withdrawal form"), the island's twin of
// withdrawalrule (Go): both run testdata/withdrawal-form.json. The amount rules
// are the amount input's (./amount) with the withdrawal form's own words.
import { MSG_FORMAT, MSG_POSITIVE, MSG_REQUIRED, parseAmount, type Parsed } from './amount';

export const MSG_ACCOUNT = 'Please select account';
export const MSG_WITHDRAWAL = 'Please select a withdrawal account';
export const MSG_AMOUNT_LEADING = 'Amount must be without leading zero';
export const MSG_AMOUNT_NUMBER = 'Amount must be a number';
export const MSG_END_TO_END = 'Please enter End-to-end ID';
export const MSG_AMOUNT_REQUIRED = 'Please enter amount';
export const MSG_AMOUNT_POSITIVE = 'Amount must be greater than zero';
export const MSG_END_TO_END_CHARS = 'End-to-end ID may contain only letters, numbers, - or _';
export const MSG_END_TO_END_LONG = 'End-to-end ID must be at most 35 characters';
export const MAX_END_TO_END = 35;

const WORDS: Record<string, string> = {
  [MSG_REQUIRED]: MSG_AMOUNT_REQUIRED,
  [MSG_FORMAT]: MSG_AMOUNT_NUMBER,
  [MSG_POSITIVE]: MSG_AMOUNT_POSITIVE,
};

/** parseWithdrawalAmount reads a typed amount as the server does. */
export function parseWithdrawalAmount(input: string, dec: number): Parsed {
  const s = input.trim();
  const whole = s.split('.')[0].replace(/,/g, '');
  if (whole.length > 1 && whole[0] === '0' && /^\d+$/.test(whole)) return { ok: false, error: MSG_AMOUNT_LEADING };
  const p = parseAmount(s, dec);
  return p.ok ? p : { ok: false, error: WORDS[p.error] ?? p.error };
}

export function endToEndError(input: string): string {
  const s = input.trim();
  if (s === '') return MSG_END_TO_END;
  if (s.length > MAX_END_TO_END) return MSG_END_TO_END_LONG;
  return /^[A-Za-z0-9_-]+$/.test(s) ? '' : MSG_END_TO_END_CHARS;
}

export type FormValues = { account: string; withdrawal_account: string; amount: string; end_to_end_id: string };

/** formErrors: what is wrong with the form before anything is sent, by field. */
export function formErrors(v: FormValues, dec: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (!v.account.trim()) out.account = MSG_ACCOUNT;
  if (!v.withdrawal_account.trim()) out.withdrawal_account = MSG_WITHDRAWAL;
  const a = parseWithdrawalAmount(v.amount, dec);
  if (!a.ok) out.amount = a.error;
  const e = endToEndError(v.end_to_end_id);
  if (e) out.end_to_end_id = e;
  return out;
}

/** The body field an API problem points at, as the form names it. */
export const POINTER_FIELD: Record<string, string> = {
  '/debtor_account/id': 'account',
  '/creditor_account/id': 'withdrawal_account',
  '/amount': 'amount',
  '/currency_code': 'amount',
  '/end_to_end_id': 'end_to_end_id',
};

/** Labels of the fields on the error step. */
export const FIELD_LABEL: Record<string, string> = {
  account: 'Account',
  withdrawal_account: 'Withdrawal account',
  amount: 'Amount',
  end_to_end_id: 'End-to-end ID',
};
