import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_BYTES, checkPassword, passwordValid, rulesMet, strength, validateNewPassword, type Rules } from './password';

// The shared vectors: the Go rule (passwordrule/passwordrule_test.go) runs
// the same file.
type Vectors = {
  maxBytes: number;
  cases: { name: string; password: string; repeat?: number; rules: Rules; met: number; strength: string; valid: boolean }[];
  forms: { name: string; password: string; confirmation: string; errors: Record<string, string> }[];
};
const file = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/password-rules.json');
const vectors = JSON.parse(readFileSync(file, 'utf8')) as Vectors;

describe('testdata/password-rules.json', () => {
  it('has cases and the same byte limit', () => {
    expect(vectors.maxBytes).toBe(MAX_BYTES);
    expect(vectors.cases.length).toBeGreaterThan(20);
    expect(vectors.forms.length).toBeGreaterThan(5);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const pw = c.password.repeat(c.repeat ?? 1);
    const rules = checkPassword(pw);
    expect(rules).toEqual(c.rules);
    expect(rulesMet(rules)).toBe(c.met);
    expect(strength(pw)).toBe(c.strength);
    expect(passwordValid(pw)).toBe(c.valid);
  });

  it.each(vectors.forms.map((f) => [f.name, f] as const))('form: %s', (_, f) => {
    expect(validateNewPassword(f.password, f.confirmation)).toEqual(f.errors);
  });
});
