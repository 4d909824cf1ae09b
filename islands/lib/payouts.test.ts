import { describe, expect, it } from 'vitest';
import { errorCount, tabForKey } from './payouts';

describe('tabForKey', () => {
  const ids = ['summary', 'payout_request', 'sender', 'history'];
  it.each([
    ['ArrowRight', 'summary', 'payout_request'],
    ['ArrowRight', 'history', 'summary'],
    ['ArrowLeft', 'summary', 'history'],
    ['ArrowLeft', 'sender', 'payout_request'],
    ['Home', 'sender', 'summary'],
    ['End', 'summary', 'history'],
  ])('%s from %s goes to %s', (key, from, to) => {
    expect(tabForKey(ids, from, key)).toBe(to);
  });
  it('leaves other keys alone', () => {
    for (const key of ['Enter', ' ', 'ArrowDown', 'Tab', 'a']) expect(tabForKey(ids, 'sender', key)).toBeNull();
  });
  it('has nothing to move to without tabs', () => {
    expect(tabForKey([], 'x', 'ArrowRight')).toBeNull();
  });
});

describe('errorCount', () => {
  it('says error or errors', () => {
    expect(errorCount(1)).toBe(' error');
    expect(errorCount(2)).toBe(' errors');
  });
});
