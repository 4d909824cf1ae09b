// The e-mail rule of the login and forgot password forms (spec 000 §5:
// "email required and valid"), the browser's mirror of the server's
// validEmail (server/auth/login.go: net/mail's addr-spec, written exactly as
// typed, with a dot in the domain). Both run testdata/email-rules.json.
// Pure: no DOM.

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  invalid: 'Must be a valid email',
} as const;

// RFC 5322 atext, and any non-ASCII character (RFC 6532), as Go's net/mail.
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\\x00-\\x7f]";
const DOT_ATOM = `(?:${ATEXT})+(?:\\.(?:${ATEXT})+)*`;
// A domain literal: printable ASCII but [ ] \ and space.
const LITERAL = '\\[[!-Z^-~]*\\]';
const ADDRESS = new RegExp(`^${DOT_ATOM}@(?:${DOT_ATOM}|${LITERAL})$`, 'u');

// Go's strings.TrimSpace: Unicode White_Space at either end.
const TRIM = /^[\p{White_Space}]+|[\p{White_Space}]+$/gu;

export function trimEmail(s: string): string {
  return s.replace(TRIM, '');
}

/** Whether the trimmed address is one the server accepts. */
export function validEmail(s: string): boolean {
  const t = trimEmail(s);
  return ADDRESS.test(t) && t.slice(t.lastIndexOf('@')).includes('.');
}

/** The field's error, in the server's words; '' when valid. */
export function emailError(s: string): string {
  const t = trimEmail(s);
  if (t === '') return EMAIL_MESSAGES.required;
  return validEmail(t) ? '' : EMAIL_MESSAGES.invalid;
}
