import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiBody, errorsOf, MSG, validate, type Values } from './payoutExport';

const file = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/payout-export.json');
const vectors = JSON.parse(readFileSync(file, 'utf8')) as {
  statuses: string[];
  cases: { name: string; values: Values; max: string; accounts: string[]; errors: Record<string, string> }[];
};

describe('testdata/payout-export.json (also run by Go)', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(validate(c.values, c.max, c.accounts, vectors.statuses)).toEqual(c.errors);
  });
});

const v: Values = { account: 'A1', from: '01-10-2026', to: '31-10-2026', statuses: ['completed'], amountFrom: ' 10 ', amountTo: '' };

describe('apiBody', () => {
  it('sends the export call of spec 001 §7: YYYY-MM-DD, the day after the last day, the statuses and the amounts given', () => {
    expect(apiBody(v, '2026-11-22')).toEqual({
      virtual_account_number: 'A1', created_after: '2026-10-01', created_before: '2026-11-01', status_categories: ['completed'], amount_from: '10',
    });
  });
});

describe('errorsOf (spec 001 §8)', () => {
  it('reads code 1001 as "no requests found"', () => {
    expect(errorsOf({ errors: [{ code: '1001', title: 'whatever' }] })).toEqual({ form: MSG.empty });
  });
  it('puts a field problem beside its field', () => {
    expect(errorsOf({ errors: [{ code: 'invalid', title: 'Please choose less than 90 days', source: { pointer: '/created_after' } }] }))
      .toEqual({ from: 'Please choose less than 90 days' });
  });
  it('says "Something went wrong" otherwise', () => {
    expect(errorsOf({ errors: [{ code: 'forbidden', title: 'Your role does not allow this.' }] })).toEqual({ form: 'Something went wrong' });
    expect(errorsOf(null)).toEqual({ form: 'Something went wrong' });
  });
});
