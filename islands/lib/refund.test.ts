import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { refundError } from './refund';

// The refund amount rule, case by case as the server checks it (server/collections
// TestRefundAmountVectors runs the same file against provider.RefundAmount).
const file = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/collections/refund-amount.json');
const vectors = JSON.parse(readFileSync(file, 'utf8')) as {
  cases: { name: string; typed: string; total: string; currency: string; decimals: number; error: string }[];
};

describe('testdata/collections/refund-amount.json', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(refundError(c.typed, c.total, c.currency, c.decimals)).toBe(c.error);
  });
});
