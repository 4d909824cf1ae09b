// The shared cases of the manual payout field rules (testdata/payoutfield/vectors.json),
// which package payoutfield runs in Go: the island says what the server will say.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { check, composeDate, type RuleField } from './payoutFields';
import { formatIban } from './iban';

type Vectors = {
  check: { name: string; field: RuleField & { allowed?: string[] | null }; today?: string; input: string; value: string; error: string }[];
  compose_date: { dd: string; mm: string; yyyy: string; out: string }[];
  format_iban: { input: string; output: string }[];
};

const file = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/payoutfield/vectors.json');
const v = JSON.parse(readFileSync(file, 'utf8')) as Vectors;

describe('testdata/payoutfield/vectors.json', () => {
  it.each(v.check.map((c) => [c.name, c] as const))('check: %s', (_, c) => {
    // As the Go test: 15:00 UTC of the case's day, 2026-11-23 unless it names one.
    const today = new Date((c.today ?? '2026-11-23') + 'T15:00:00Z');
    expect(check(c.field, c.input, today)).toEqual([c.value, c.error]);
  });

  it.each(v.compose_date.map((c) => [`${c.dd}|${c.mm}|${c.yyyy}`, c] as const))('compose date: %s', (_, c) => {
    expect(composeDate(c.dd, c.mm, c.yyyy)).toBe(c.out);
  });

  it.each(v.format_iban.map((c) => [c.input, c] as const))('format IBAN: %s', (_, c) => {
    expect(formatIban(c.input)).toBe(c.output);
  });
});
