// IBAN input (spec 001 §5 "IBAN input"): letters, digits and spaces only,
// upper-cased and shown in blocks of 4; checked by ISO 13616 (the country's
// length from the IBAN registry and the mod-97 check digits). The server's
// check is the authority; both run the shared draft field vectors.

// Country code and IBAN length, two letters and two digits each.
const LENGTHS =
  'AD24AE23AL28AT20AZ28BA20BE16BG22BH22BI27BR29BY28CH21CR22CY28CZ24DE22DJ27DK18DO28EE20EG29ES24FI18FK18FO18FR27' +
  'GB22GE22GI23GL18GR27GT28HR21HU28IE22IL23IQ23IS26IT27JO30KW30KZ20LB28LC32LI21LT20LU20LV21LY25MC27MD24ME22' +
  'MK19MN20MR27MT31MU30NI28NL18NO15OM23PK24PL28PS29PT25QA29RO24RS22RU33SA24SC31SD18SE24SI19SK24SM27SO23ST25SV28' +
  'TL23TN24TR26UA29VA22VG24XK20YE30';

/** The IBAN length of a country, 0 when the registry has none. */
export function ibanLength(country: string): number {
  for (let i = 0; i < LENGTHS.length; i += 4) {
    if (LENGTHS.slice(i, i + 2) === country) return +LENGTHS.slice(i + 2, i + 4);
  }
  return 0;
}

/** The IBAN without spaces, upper-cased. */
export const compactIban = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** What the field shows after an edit: other characters dropped, upper case, blocks of 4. */
export function formatIban(raw: string): string {
  return compactIban(raw.replace(/[^A-Za-z0-9]/g, '')).replace(/(.{4})(?=.)/g, '$1 ');
}

/** ISO 7064 mod 97-10 over the rearranged IBAN, a digit at a time. */
function mod97(iban: string): number {
  let r = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const n = parseInt(ch, 36);
    r = n > 9 ? (r * 100 + n) % 97 : (r * 10 + n) % 97;
  }
  return r;
}

/**
 * Whether a compact IBAN has the shape, its country's length (15 to 34
 * characters for a country outside the registry) and right check digits.
 */
export function ibanValid(iban: string): boolean {
  const n = ibanLength(iban.slice(0, 2));
  return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) && (!n || n === iban.length) && mod97(iban) === 1;
}
