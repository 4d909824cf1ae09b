// The field rules of a manual payout (spec 001 §5), mirrored for instant
// feedback: the server's twin is package payoutfield (Check), the authority,
// which runs on every draft save. Both follow the cases of
// testdata/payoutfield/vectors.json.
import { parseAmount } from './amount';
import { compactIban, ibanValid } from './iban';

export const MSG_IBAN_CHARS = 'IBAN may only contain letters, digits and spaces';
export const MSG_IBAN_INVALID = 'Enter a valid IBAN';
export const MSG_BIC = 'Enter a valid BIC (8 or 11 letters and digits)';
export const MSG_DOB_INCOMPLETE = 'Enter the date of birth as DD MM YYYY';
export const MSG_DOB_INVALID = 'Enter a real date of birth';
export const MSG_DOB_FUTURE = 'Date of birth must be in the past';
export const MSG_DATE_INVALID = 'Enter the date as YYYY-MM-DD';
export const MSG_DATE_PAST = 'The date must be today or later';
export const MSG_E2E_CHARS = 'End-to-end ID may only contain letters, numbers, - or _';
export const MSG_E2E_LONG = 'End-to-end ID must be at most 140 characters';
export const MSG_PURPOSE = 'Enter a purpose code of 4 letters or digits, for example PC02';
export const MSG_SELECT = 'Select one of the options';
export const MSG_COUNTRY = 'Select a country';
export const MSG_EMAIL = 'Enter a valid email address';
export const MSG_SORT_CODE = 'Enter a 6-digit sort code, for example 40-47-84';
export const MSG_UK_ACCOUNT = 'Enter an 8-digit account number';
export const MSG_ACCOUNT = 'Enter an account number of 4 to 34 letters and digits';
export const MSG_WALLET = 'Enter a wallet address of 26 to 64 letters and digits';
const MAX_TEXT = 140;

/** What the rules need to know of a field. */
export type RuleField = {
  label: string;
  ui_field: string;
  access_type: string;
  step: string;
  /** The values a select accepts; null or absent accepts anything of the field's shape. */
  allowed?: string[] | null;
  /** Decimals of the corridor's currency, for an amount. */
  decimals?: number;
};

/** Every field is required except optional ones of the payout_request step (spec 001 §5). */
export const isRequired = (f: RuleField) => !(f.access_type === 'optional' && f.step === 'payout_request');

export const requiredMessage = (label: string) => label + ' is required';

/** A YYYY-MM-DD date that exists, as a UTC time; NaN otherwise. */
function dateOf(v: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return NaN;
  const t = Date.parse(v + 'T00:00:00Z');
  return !isNaN(t) && new Date(t).toISOString().slice(0, 10) === v ? t : NaN;
}

const startOfDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/**
 * check validates a typed value as the server will: the value to store
 * (trimmed; an IBAN or BIC upper-cased without spaces; an amount plain with
 * the currency's decimals) and the message, '' when accepted.
 */
export function check(f: RuleField, raw: string, today: Date): [string, string] {
  let v = raw.trim();
  if (v === '') return ['', isRequired(f) ? requiredMessage(f.label) : ''];
  const allowed = f.allowed;
  const pick = (ok: boolean, msg: string): [string, string] => [v, ok ? '' : msg];
  switch (f.ui_field) {
    case 'amount': {
      const a = parseAmount(v, f.decimals ?? 2);
      return a.ok ? [a.plain, ''] : [v, a.error];
    }
    case 'iban':
      if (!/^[A-Za-z0-9 ]*$/.test(v)) return [v, MSG_IBAN_CHARS];
      v = compactIban(v);
      return pick(ibanValid(v), MSG_IBAN_INVALID);
    case 'bic':
      v = v.replace(/ /g, '').toUpperCase();
      return pick(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), MSG_BIC);
    case 'date_of_birth': {
      const t = dateOf(v);
      if (isNaN(t)) return [v, v.length === 10 ? MSG_DOB_INVALID : MSG_DOB_INCOMPLETE];
      return pick(t < startOfDay(today), MSG_DOB_FUTURE);
    }
    case 'date': {
      const t = dateOf(v);
      if (isNaN(t)) return [v, MSG_DATE_INVALID];
      return pick(t >= startOfDay(today), MSG_DATE_PAST);
    }
    case 'end_to_end_id':
      if (!/^[A-Za-z0-9_-]+$/.test(v)) return [v, MSG_E2E_CHARS];
      return pick(v.length <= MAX_TEXT, MSG_E2E_LONG);
    case 'purpose_code':
      if (allowed) return pick(allowed.includes(v), MSG_SELECT);
      v = v.toUpperCase();
      return pick(/^[A-Z0-9]{4}$/.test(v), MSG_PURPOSE);
    case 'country':
      v = v.toUpperCase();
      return pick(!allowed || allowed.includes(v), MSG_COUNTRY);
    case 'creditor_type':
      return pick(v === 'private' || v === 'organization', MSG_SELECT);
    case 'select':
    case 'business_unit':
    case 'account':
      return pick(!!allowed && allowed.includes(v), MSG_SELECT);
    case 'sort_code': {
      const n = v.replace(/[- ]/g, '');
      return /^\d{6}$/.test(n) ? [n, ''] : [v, MSG_SORT_CODE];
    }
    case 'uk_account_number':
      return pick(/^\d{8}$/.test(v), MSG_UK_ACCOUNT);
    case 'account_number': {
      const n = v.replace(/ /g, '').toUpperCase();
      return /^[A-Z0-9]{4,34}$/.test(n) ? [n, ''] : [v, MSG_ACCOUNT];
    }
    case 'crypto_wallet':
      return pick(/^[A-Za-z0-9]{26,64}$/.test(v), MSG_WALLET);
    case 'email':
      return pick(/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v) && v.length <= 254, MSG_EMAIL);
  }
  return pick([...v].length <= MAX_TEXT, f.label + ' must be at most 140 characters');
}

export { composeDate, splitDate } from './dateParts';
