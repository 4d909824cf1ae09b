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
