import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convert, formatRate } from './fx';

// The shown-rate rule, the same cases money.FormatRate runs (money/rate_test.go).
const rateFile = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/rate/vectors.json');
const rateCases = (JSON.parse(readFileSync(rateFile, 'utf8')) as { cases: { rate: string; want: string }[] }).cases;

describe('formatRate', () => {
  it.each(rateCases.map((c) => [c.rate, c.want]))('%s', (rate, want) => {
    expect(formatRate(rate)).toBe(want);
  });
});

// The same conversions as the server's hint (server/accounts/accounts_test.go) and
// the ledger's booking (reference: TestTransferEURToGBPWithMarkup).
describe('convert', () => {
  it.each([
    ['1000.00', 2, '0.8521948818', 2, '852.19'],
    ['1', 0, '0.8521948818', 2, '0.85'],
    ['0.01', 2, '0.8521948818', 2, '0.00'],
    ['250.50', 2, '1.1658248847', 2, '292.03'],
    ['1.000000', 6, '65000.0000000000', 8, '65000.00000000'],
    ['12345678901.23', 2, '1.0000000000', 2, '12345678901.23'],
  ] as const)('%s × %s', (amount, dec, rate, buyDec, want) => {
    expect(convert(amount, dec, rate, buyDec)).toBe(want);
  });
});
