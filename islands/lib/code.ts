// MFA code input rules (spec 000 §5: Verify only with at least 7 characters).

export const MIN_CODE_LENGTH = 7;

// formatCode shows an authenticator code as "123 456": digits only, at most
// six, a space after the third.
export function formatCode(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 6);
  return d.length > 3 ? d.slice(0, 3) + ' ' + d.slice(3) : d;
}
