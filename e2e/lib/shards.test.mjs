import { describe, expect, it } from 'vitest';

import { balance, updatedDurations } from './shards.mjs';
import { timeScaleOf } from './time.mjs';

const weights = (o) => new Map(Object.entries(o));

describe('balance', () => {
  it('puts the costliest file first onto the emptiest shard, by the last durations', () => {
    // By weight, a.mjs would look heaviest; the last run says c.mjs took longest.
    const plan = balance(weights({ 'a.mjs': 10, 'b.mjs': 2, 'c.mjs': 2, 'd.mjs': 2 }), { 'a.mjs': 100, 'b.mjs': 90, 'c.mjs': 300, 'd.mjs': 80 }, 2);
    expect(plan.unit).toBe('ms');
    expect(plan.shards).toEqual([{ files: ['c.mjs'], cost: 300 }, { files: ['a.mjs', 'b.mjs', 'd.mjs'], cost: 270 }]);
  });

  it('costs a file the durations do not name by its weight at the measured ms per unit', () => {
    // a and b: 400 ms for 4 units, so new.mjs (3 units) costs 300 ms.
    const plan = balance(weights({ 'a.mjs': 2, 'b.mjs': 2, 'new.mjs': 3 }), { 'a.mjs': 200, 'b.mjs': 200, 'gone.mjs': 999 }, 2);
    expect(plan.shards).toEqual([{ files: ['new.mjs'], cost: 300 }, { files: ['a.mjs', 'b.mjs'], cost: 400 }]);
  });

  it('falls back to the weights with no durations', () => {
    const plan = balance(weights({ 'a.mjs': 10, 'b.mjs': 4, 'c.mjs': 5 }), null, 2);
    expect(plan.unit).toBe('weight');
    expect(plan.shards).toEqual([{ files: ['a.mjs'], cost: 10 }, { files: ['c.mjs', 'b.mjs'], cost: 9 }]);
  });

  it("costs a file the filter picks only some tests of at that share of its duration", () => {
    // a.mjs: 1 of its 4 units picked, so a quarter of its 800 ms.
    const plan = balance(weights({ 'a.mjs': 1, 'b.mjs': 2 }), { 'a.mjs': 800, 'b.mjs': 300 }, 2, weights({ 'a.mjs': 4, 'b.mjs': 2 }));
    expect(plan.shards).toEqual([{ files: ['b.mjs'], cost: 300 }, { files: ['a.mjs'], cost: 200 }]);
  });

  it('makes no more shards than files, and at least one', () => {
    expect(balance(weights({ 'a.mjs': 1 }), null, 4).shards).toHaveLength(1);
    expect(balance(weights({}), null, 4).shards).toEqual([{ files: [], cost: 0 }]);
  });
});

describe('updatedDurations', () => {
  it("sums a file's tests, keeps the old figure of a file that failed or did not run", () => {
    const results = [
      { file: 'a.mjs', ms: 100, ok: true }, { file: 'a.mjs', ms: 50, ok: true },
      { file: 'b.mjs', ms: 30_000, ok: false }, { file: 'b.mjs', ms: 10, ok: true },
      { file: 'new.mjs', ms: 7, ok: true },
    ];
    expect(updatedDurations({ 'b.mjs': 400, 'c.mjs': 900 }, results)).toEqual({ 'a.mjs': 150, 'b.mjs': 400, 'c.mjs': 900, 'new.mjs': 7 });
  });
});

describe('timeScaleOf', () => {
  it('is E2E_TIME_SCALE when set, 3 under CI, 1 elsewhere', () => {
    expect(timeScaleOf({})).toBe(1);
    expect(timeScaleOf({ CI: 'true' })).toBe(3);
    expect(timeScaleOf({ CI: 'false' })).toBe(1);
    expect(timeScaleOf({ CI: 'true', E2E_TIME_SCALE: '1.5' })).toBe(1.5);
    expect(() => timeScaleOf({ E2E_TIME_SCALE: '0' })).toThrow(/positive/);
    expect(() => timeScaleOf({ E2E_TIME_SCALE: 'fast' })).toThrow(/positive/);
  });
});
