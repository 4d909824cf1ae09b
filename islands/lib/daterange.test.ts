import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addMonths, clampDay, forPreset, fromForm, maskDate, maskDateAt, monthGrid, parseDisplay, PRESET_TYPES } from './daterange';

// The shared vectors: daterange/daterange_test.go runs the same file.
type Vectors = {
  presets: { now: string; type: string; from: string; to: string }[];
  parse: { now: string; input: string; date?: string; error?: string }[];
  form: { now: string; type: string; from: string; to: string; range?: { type: string; from: string; to: string }; errors?: Record<string, string> }[];
};
const file = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/daterange/vectors.json');
const vectors = JSON.parse(readFileSync(file, 'utf8')) as Vectors;

describe('testdata/daterange/vectors.json', () => {
  it('covers every preset', () => {
    expect(new Set(vectors.presets.map((p) => p.type))).toEqual(new Set(PRESET_TYPES));
  });

  it.each(vectors.presets.map((p) => [`${p.type} as of ${p.now}`, p] as const))('preset %s', (_, p) => {
    expect(forPreset(p.type, p.now)).toEqual({ type: p.type, from: p.from, to: p.to });
  });

  it.each(vectors.parse.map((p) => [JSON.stringify(p.input), p] as const))('parse %s', (_, p) => {
    const got = parseDisplay(p.input, p.now);
    if (p.error) expect(got).toEqual({ error: p.error });
    else expect(got).toEqual({ date: p.date });
  });

  it.each(vectors.form.map((f) => [JSON.stringify([f.type, f.from, f.to]), f] as const))('form %s', (_, f) => {
    const got = fromForm(f.type, f.from, f.to, f.now);
    if (f.errors) expect(got).toEqual({ errors: f.errors });
    else expect(got).toEqual({ range: f.range });
  });
});

describe('calendar helpers', () => {
  it('masks typed dates', () => {
    expect(maskDate('')).toBe('');
    expect(maskDate('0')).toBe('0');
    expect(maskDate('011')).toBe('01-1');
    expect(maskDate('01-11-2026')).toBe('01-11-2026');
    expect(maskDate('01112026999')).toBe('01-11-2026');
    expect(maskDate('ab01/11x2026')).toBe('01-11-2026');
  });

  it('keeps the caret after the same digits while masking', () => {
    expect(maskDateAt('011', 3)).toEqual({ value: '01-1', caret: 4 });
    expect(maskDateAt('01', 2)).toEqual({ value: '01', caret: 2 });
    expect(maskDateAt('01-112', 6)).toEqual({ value: '01-11-2', caret: 7 });
    // A digit typed in the middle: the caret stays after it, not at the end.
    expect(maskDateAt('019-11-2026', 3)).toEqual({ value: '01-91-1202', caret: 4 });
    // A digit deleted in the middle.
    expect(maskDateAt('0-11-2026', 1)).toEqual({ value: '01-12-026', caret: 1 });
    expect(maskDateAt('', 0)).toEqual({ value: '', caret: 0 });
  });

  it('lays out months from Monday', () => {
    const nov = monthGrid(2026, 11); // 1 November 2026 is a Sunday
    expect(nov[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(nov[nov.length - 1][0]).toBe('2026-11-30');
    expect(nov.flat().filter(Boolean)).toHaveLength(30);
    const feb = monthGrid(2024, 2);
    expect(feb.flat().filter(Boolean)).toHaveLength(29);
    expect(feb[0][3]).toBe('2024-02-01'); // a Thursday
  });

  it('moves by months and stays within the allowed years', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
    expect(clampDay('1999-12-31', 2000, 2027)).toBe('2000-01-01');
    expect(clampDay('2028-01-01', 2000, 2027)).toBe('2027-12-31');
    expect(clampDay('2026-05-05', 2000, 2027)).toBe('2026-05-05');
  });
});
