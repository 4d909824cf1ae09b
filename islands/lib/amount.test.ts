import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatTyping, groupDigits, parseAmount } from './amount';

// The shared vectors: money/input_test.go runs the parse and group cases.
type Vectors = {
  parse: { name: string; input: string; decimals: number; plain?: string; error?: string }[];
  group: { input: string; output: string }[];
  typing: { input: string; decimals: number; output: string }[];
};
const file = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/amount/vectors.json');
const vectors = JSON.parse(readFileSync(file, 'utf8')) as Vectors;

describe('testdata/amount/vectors.json', () => {
  it('has cases', () => {
    expect(vectors.parse.length).toBeGreaterThan(20);
    expect(vectors.typing.length).toBeGreaterThan(10);
  });

  it.each(vectors.parse.map((c) => [c.name, c] as const))('parse: %s', (_, c) => {
    const r = parseAmount(c.input, c.decimals);
    if (c.error !== undefined) expect(r).toEqual({ ok: false, error: c.error });
    else expect(r).toEqual({ ok: true, plain: c.plain });
  });

  it.each(vectors.group.map((c) => [c.input, c] as const))('group: %s', (_, c) => {
    expect(groupDigits(c.input)).toBe(c.output);
  });

  it.each(vectors.typing.map((c) => [c.input, c] as const))('typing: %j', (_, c) => {
    expect(formatTyping(c.input, c.decimals)).toBe(c.output);
  });

  it('typing output always parses, or is half-typed', () => {
    for (const c of vectors.typing) {
      const out = c.output;
      if (out === '' || out.endsWith('.') || /^0(\.0*)?$/.test(out)) continue;
      expect(parseAmount(out, c.decimals).ok).toBe(true);
    }
  });
});
