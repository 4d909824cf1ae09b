import { groupDigits } from './amount';

// Currency conversion of the transfer hint, exact like the server's
// (money.Amount.Convert): amount × rate, rounded down to the buy currency's
// decimals. Amounts and rates are decimal strings; BigInt does the sums.

function scaled(plain: string, dec: number): bigint {
  const [whole, frac = ''] = plain.split('.');
  return BigInt(whole + frac.padEnd(dec, '0').slice(0, dec));
}

function unscaled(v: bigint, dec: number): string {
  let s = v.toString();
  if (dec === 0) return s;
  s = s.padStart(dec + 1, '0');
  return s.slice(0, s.length - dec) + '.' + s.slice(s.length - dec);
}

/** convert returns plain × rate with buyDec decimals, rounded down. */
export function convert(plain: string, dec: number, rate: string, buyDec: number): string {
  const rateDec = (rate.split('.')[1] ?? '').length;
  const num = scaled(plain, dec) * scaled(rate, rateDec) * 10n ** BigInt(buyDec);
  const den = 10n ** BigInt(dec + rateDec);
  return unscaled(num / den, buyDec);
}

// How a rate is shown everywhere (money.FormatRate on the server, the same vectors in
// testdata/rate/vectors.json): at least 4 decimals and 5 significant digits, at most the
// 10 a rate is quoted with, rounded half away from zero, the whole part grouped. '' when
// rate is not a positive decimal.
const RATE_DECIMALS = 10;

export function formatRate(rate: string): string {
  const s = rate.trim();
  if (!/^\d+(\.\d+)?$/.test(s)) return '';
  const [whole, frac = ''] = s.split('.');
  const digits = BigInt(whole + frac);
  if (digits === 0n) return '';
  let dec = 4;
  if (BigInt(whole) === 0n) {
    // The first significant digit's place after the point, then four more.
    const lead = frac.length - frac.replace(/^0+/, '').length;
    dec = Math.max(dec, lead + 5);
  }
  dec = Math.min(dec, RATE_DECIMALS);
  // Round half away from zero at dec decimals (rates are positive).
  const have = frac.length;
  let scaled: bigint;
  if (have <= dec) scaled = digits * 10n ** BigInt(dec - have);
  else {
    const cut = 10n ** BigInt(have - dec);
    scaled = digits / cut;
    if ((digits % cut) * 2n >= cut) scaled += 1n;
  }
  let out = scaled.toString().padStart(dec + 1, '0');
  out = out.slice(0, out.length - dec) + '.' + out.slice(out.length - dec);
  return groupDigits(out);
}
