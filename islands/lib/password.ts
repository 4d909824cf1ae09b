// New-password rules (spec 000 §5, 001 §5), the browser's mirror of the
// portal's password rule (package passwordrule, the authority, which the
// server's forms and the reference provider share). Both run the cases
// of testdata/password-rules.json. Pure: no DOM.

/** At least this many characters (Unicode code points). */
export const MIN_LENGTH = 8;
/** At most this many bytes of UTF-8 (what the store hashes). */
export const MAX_BYTES = 1024;

export type RuleId = 'minLength' | 'mixedCase' | 'numberAndSymbol';
export type Rules = Record<RuleId, boolean>;
export type Strength = '' | 'Weak' | 'Average' | 'Strong';

/** The rules in the order the meter lists them, with their words. */
export const RULES: readonly { id: RuleId; label: string }[] = [
  { id: 'minLength', label: 'At least 8 characters' },
  { id: 'mixedCase', label: 'Upper and lower case letters' },
  { id: 'numberAndSymbol', label: 'At least 1 number and 1 symbol' },
];

export const MESSAGES = {
  required: 'Password is required',
  invalid: 'Password is not valid',
  confirmationRequired: 'Password confirmation is required',
  mustMatch: 'Passwords must match',
} as const;

const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const NUMBER = /\p{N}/u;
// A symbol is anything that is neither a letter nor a number (spaces too).
const SYMBOL = /[^\p{L}\p{N}]/u;

/** Which rules a password meets. Length counts code points, as Go's
 *  utf8.RuneCountInString does (an emoji is one character, not two). */
export function checkPassword(pw: string): Rules {
  return {
    minLength: [...pw].length >= MIN_LENGTH,
    mixedCase: UPPER.test(pw) && LOWER.test(pw),
    numberAndSymbol: NUMBER.test(pw) && SYMBOL.test(pw),
  };
}

export function rulesMet(r: Rules): number {
  return RULES.filter((rule) => r[rule.id]).length;
}

/** The meter's label by rules met: 1 Weak, 2 Average, 3 Strong (none met is
 *  Weak too); an empty password has none. */
export function strength(pw: string): Strength {
  if (pw === '') return '';
  const n = rulesMet(checkPassword(pw));
  return n === 3 ? 'Strong' : n === 2 ? 'Average' : 'Weak';
}

function utf8Length(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** The spec's strength check: every rule, and not too long to store. */
export function passwordValid(pw: string): boolean {
  return rulesMet(checkPassword(pw)) === RULES.length && utf8Length(pw) <= MAX_BYTES;
}

export type FieldErrors = { password?: string; password_confirmation?: string };

/** The form's field errors, exactly as the server words them. Passwords are
 *  taken as typed: no trimming. */
export function validateNewPassword(pw: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  if (pw === '') errors.password = MESSAGES.required;
  else if (!passwordValid(pw)) errors.password = MESSAGES.invalid;
  if (confirm === '') errors.password_confirmation = MESSAGES.confirmationRequired;
  else if (confirm !== pw) errors.password_confirmation = MESSAGES.mustMatch;
  return errors;
}
