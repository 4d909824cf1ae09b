// Amount input of the transfer form (spec 000 §5): digits and commas only,
// decimals limited to the currency's places, the whole part grouped by three
// as the user types, sent without commas; at or above 1e13 "Amount too big".
// The server's twin is money.ParseInput (money/input.go); both follow
// testdata/amount/vectors.json.

export const MSG_REQUIRED = 'Enter an amount';
export const MSG_FORMAT = 'Enter the amount in digits, for example 1,234.56';
export const MSG_POSITIVE = 'Enter an amount above zero';
export const MSG_TOO_BIG = 'Amount too big';

/** Whole-part digits at which an amount reaches the 1e13 ceiling. */
const CEILING_DIGITS = 14;

export function decimalsMessage(dec: number): string {
  if (dec === 0) return 'Enter a whole amount, without decimals';
  if (dec === 1) return 'Enter the amount with at most 1 decimal';
  return `Enter the amount with at most ${dec} decimals`;
}

/** groupDigits writes a plain amount ("-1234.5") grouped ("-1,234.5"). */
export function groupDigits(plain: string): string {
  const neg = plain.startsWith('-');
  const s = neg ? plain.slice(1) : plain;
  const dot = s.indexOf('.');
  const whole = dot < 0 ? s : s.slice(0, dot);
  const rest = dot < 0 ? '' : s.slice(dot);
  let out = '';
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) out += ',';
    out += whole[i];
  }
  return (neg ? '-' : '') + out + rest;
}

/**
 * formatTyping is what the field shows after an edit: characters other than
 * digits, commas and the first point dropped, decimals cut to dec, leading
 * zeros removed, the whole part regrouped. A trailing point stays so the
 * user can go on typing decimals.
 */
export function formatTyping(raw: string, dec: number): string {
  let whole = '';
  let frac = '';
  let dot = false;
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') {
      if (dot) frac += ch;
      else whole += ch;
    } else if (ch === '.' && !dot) {
      dot = true;
    }
  }
  if (dec === 0) {
    dot = false;
    frac = '';
  }
  frac = frac.slice(0, dec);
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole === '' && dot) whole = '0';
  return groupDigits(whole) + (dot ? '.' + frac : '');
}

export type Parsed = { ok: true; plain: string } | { ok: false; error: string };

const GROUPED = /^\d{1,3}(,\d{3})*$/;
const DIGITS = /^\d+$/;

/** parseAmount checks a typed amount as the server does and gives the value to send. */
export function parseAmount(input: string, dec: number): Parsed {
  const s = input.trim();
  if (s === '') return { ok: false, error: MSG_REQUIRED };
  const dot = s.indexOf('.');
  const whole = dot < 0 ? s : s.slice(0, dot);
  const frac = dot < 0 ? '' : s.slice(dot + 1);
  const wholeOk = whole.includes(',') ? GROUPED.test(whole) : DIGITS.test(whole);
  if (!wholeOk || (dot >= 0 && !DIGITS.test(frac))) return { ok: false, error: MSG_FORMAT };
  if (frac.length > dec) return { ok: false, error: decimalsMessage(dec) };
  const digits = whole.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (/^0+$/.test(digits) && /^0*$/.test(frac)) return { ok: false, error: MSG_POSITIVE };
  if (digits.length >= CEILING_DIGITS) return { ok: false, error: MSG_TOO_BIG };
  return { ok: true, plain: dec === 0 ? digits : digits + '.' + frac.padEnd(dec, '0') };
}
