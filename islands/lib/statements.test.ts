import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiBody, errorsOf, MSG, usableDay, validate, type Values } from './statements';
import { filenameOf, pending, stateLabel } from './exportList';

const file = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/statement-request.json');
const vectors = JSON.parse(readFileSync(file, 'utf8')) as {
  cases: { name: string; values: Values; max: string; accounts: string[]; errors: Record<string, string> }[];
};

describe('testdata/statement-request.json (also run by Go)', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(validate(c.values, c.max, c.accounts)).toEqual(c.errors);
  });
});

describe('apiBody', () => {
  it('sends YYYY-MM-DD days, the day after the last day as the exclusive end', () => {
    expect(apiBody({ account: 'A', from: '01-10-2026', to: '31-10-2026', kind: 'charges', format: 'mt940' }, '2026-11-22')).toEqual({
      virtual_account_number: 'A', created_after: '2026-10-01', created_before: '2026-11-01', kind: 'charges', format: 'mt940',
    });
    expect(apiBody({ account: 'A', from: '31-12-2025', to: '31-12-2025', kind: 'charges', format: '' }, '2026-11-22')).toMatchObject({
      created_before: '2026-01-01', format: 'csv',
    });
  });
});

describe('usableDay (what the island keeps as the last valid date)', () => {
  it.each([
    ['22-11-2026', '2026-11-22'],
    ['01-01-2000', '2000-01-01'],
    ['23-11-2026', null],
    ['30-02-2026', null],
    ['01-11-20', null],
    ['', null],
  ])('%s → %s', (typed, want) => {
    expect(usableDay(typed, '2026-11-22')).toBe(want);
  });
});

describe('errorsOf', () => {
  it('puts field errors on their fields', () => {
    const data = { errors: [{ title: 'Select one of your accounts.', source: { pointer: '/virtual_account_number' } }, { title: 'x', source: { pointer: '/created_before' } }] };
    expect(errorsOf(data)).toEqual({ account: 'Select one of your accounts.', to: 'x' });
  });
  it('says "Unable to create statement" otherwise', () => {
    expect(errorsOf({ errors: [{ title: 'Something went wrong' }] })).toEqual({ form: MSG.create });
    expect(errorsOf(null)).toEqual({ form: 'Unable to create statement' });
  });
});

describe('filenameOf (the download check)', () => {
  it.each([
    ['attachment; filename=statement-1.csv', 'statement-1.csv'],
    ['attachment; filename="report.csv"', 'report.csv'],
    ['attachment; filename="a \\"b\\".csv"', 'a "b".csv'],
    ["attachment; filename*=utf-8''%C3%A6r%C3%B8.csv", 'ærø.csv'],
    ['attachment', null],
    ['attachment; filename=""', null],
    [null, null],
  ])('%s → %s', (h, want) => {
    expect(filenameOf(h)).toBe(want);
  });
});

describe('states', () => {
  it('labels them', () => {
    expect([pending('queued'), pending('generating'), pending('ready'), pending('failed')]).toEqual([true, true, false, false]);
    expect(['queued', 'generating', 'ready', 'failed'].map(stateLabel)).toEqual(['Generating…', 'Generating…', 'Ready', 'Failed']);
  });
});
