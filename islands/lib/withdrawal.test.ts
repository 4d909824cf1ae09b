import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endToEndError, formErrors, parseWithdrawalAmount } from './withdrawal';

// testdata/withdrawal-form.json: the Go side (withdrawalrule) runs the same cases.
const here = dirname(fileURLToPath(import.meta.url));
const v = JSON.parse(readFileSync(join(here, '../../testdata/withdrawal-form.json'), 'utf8')) as {
  amount: { name: string; input: string; decimals: number; plain?: string; error?: string }[];
  endToEnd: { name: string; input: string; error?: string }[];
  form: { name: string; values: Record<string, string>; decimals: number; errors: Record<string, string> }[];
};

describe('withdrawal amount', () => {
  it.each(v.amount.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const p = parseWithdrawalAmount(c.input, c.decimals);
    expect(p).toEqual(c.error ? { ok: false, error: c.error } : { ok: true, plain: c.plain });
  });
});

describe('withdrawal end-to-end id', () => {
  it.each(v.endToEnd.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(endToEndError(c.input)).toBe(c.error ?? '');
  });
});

describe('withdrawal form', () => {
  it.each(v.form.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const values = { account: '', withdrawal_account: '', amount: '', end_to_end_id: '', ...c.values };
    expect(formErrors(values, c.decimals)).toEqual(c.errors);
  });
});
