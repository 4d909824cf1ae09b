import { describe, expect, it } from 'vitest';
import {
  EMPTY,
  TYPEAHEAD_MS,
  buttonKey,
  findByPrefix,
  listKey,
  move,
  typed,
  typing,
  type Action,
  type Key,
  type Move,
} from './listbox';

describe('move', () => {
  const cases: [from: number, count: number, to: Move, want: number][] = [
    [0, 5, 'next', 1],
    [3, 5, 'next', 4],
    [4, 5, 'next', 4], // clamps at the last option
    [2, 5, 'prev', 1],
    [0, 5, 'prev', 0], // clamps at the first option
    [2, 5, 'first', 0],
    [2, 5, 'last', 4],
    [-1, 5, 'next', 0], // nothing active: next starts at the top...
    [-1, 5, 'prev', 4], // ...and prev at the bottom
    [0, 1, 'next', 0],
    [0, 1, 'prev', 0],
    [0, 0, 'next', -1], // no options
    [0, 0, 'last', -1],
  ];
  it.each(cases)('from %i of %i, %s → %i', (from, count, to, want) => {
    expect(move(from, count, to)).toBe(want);
  });
});

describe('findByPrefix', () => {
  const names = ['Nordic Trading ApS', 'Atlantic Freight Ltd', 'atlas Holdings', 'Baltic Shipping', 'Ångström AB', 'Andes Co'];
  const cases: [active: number, text: string, want: number, why: string][] = [
    [0, 'a', 1, 'first match after the active option'],
    [1, 'a', 2, 'same letter again moves on'],
    [2, 'a', 5, 'skips names not starting with it'],
    [5, 'a', 1, 'goes round the end'],
    [1, 'at', 1, 'a longer prefix keeps a matching active option'],
    [0, 'at', 1, 'a longer prefix searches from the active option'],
    [1, 'atlas', 2, 'extending the prefix moves on when needed'],
    [1, 'ATLANTIC f', 1, 'case-insensitive, spaces included'],
    [0, 'aa', 1, 'a repeated letter cycles like a single one'],
    [1, 'aaa', 2, 'a repeated letter cycles like a single one'],
    [0, 'å', 4, 'non-ASCII, case-insensitive'],
    [0, 'x', -1, 'no match'],
    [0, 'atx', -1, 'no match for the whole prefix'],
    [-1, 'n', 0, 'nothing active: from the top'],
    [0, '', -1, 'empty prefix'],
  ];
  it.each(cases)('active %i, %j → %i (%s)', (active, text, want) => {
    expect(findByPrefix(names, active, text)).toBe(want);
  });
  it('finds nothing among no names', () => {
    expect(findByPrefix([], 0, 'a')).toBe(-1);
  });
});

describe('type-ahead buffer', () => {
  const steps: [char: string, at: number, text: string][] = [
    ['a', 1000, 'a'],
    ['t', 1000 + TYPEAHEAD_MS, 'at'], // exactly 500 ms later still counts
    ['l', 1000 + 2 * TYPEAHEAD_MS + 1, 'l'], // 501 ms after the last key: starts again
    ['a', 2100, 'la'],
  ];
  it('extends within 500 ms of the last key and restarts after', () => {
    let t = EMPTY;
    for (const [char, at, text] of steps) {
      t = typed(t, char, at);
      expect(t).toEqual({ text, at });
    }
  });
  const typingCases: [text: string, last: number, now: number, want: boolean][] = [
    ['', 0, 0, false],
    ['a', 1000, 1000, true],
    ['a', 1000, 1000 + TYPEAHEAD_MS, true],
    ['a', 1000, 1001 + TYPEAHEAD_MS, false],
  ];
  it.each(typingCases)('typing(%j typed at %i) at %i → %s', (text, at, now, want) => {
    expect(typing({ text, at }, now)).toBe(want);
  });
});

describe('keys', () => {
  const none: Action = { type: 'none' };
  const listCases: [key: Key, typing: boolean, want: Action][] = [
    [{ key: 'ArrowDown' }, false, { type: 'move', to: 'next' }],
    [{ key: 'ArrowUp' }, false, { type: 'move', to: 'prev' }],
    [{ key: 'Home' }, false, { type: 'move', to: 'first' }],
    [{ key: 'End' }, false, { type: 'move', to: 'last' }],
    [{ key: 'Enter' }, false, { type: 'select' }],
    [{ key: 'Enter' }, true, { type: 'select' }],
    [{ key: ' ' }, false, { type: 'select' }],
    [{ key: ' ' }, true, { type: 'type', char: ' ' }], // "Atlantic F..."
    [{ key: 'Escape' }, false, { type: 'close' }],
    [{ key: 'Tab' }, false, none], // the browser moves focus; leaving the popup closes it
    [{ key: 'a' }, false, { type: 'type', char: 'a' }],
    [{ key: 'A' }, false, { type: 'type', char: 'A' }],
    [{ key: 'Å' }, false, { type: 'type', char: 'Å' }],
    [{ key: '😀' }, false, { type: 'type', char: '😀' }],
    [{ key: '@', ctrlKey: true, altKey: true }, false, { type: 'type', char: '@' }], // AltGr
    [{ key: 'a', ctrlKey: true }, false, none],
    [{ key: 'a', metaKey: true }, false, none],
    [{ key: 'ArrowDown', altKey: true }, false, none],
    [{ key: 'Shift' }, false, none],
    [{ key: 'F5' }, false, none],
    [{ key: 'PageDown' }, false, none],
  ];
  it.each(listCases)('listbox: %j (typing %s) → %j', (key, t, want) => {
    expect(listKey(key, t)).toEqual(want);
  });

  const buttonCases: [key: Key, want: Action['type']][] = [
    [{ key: 'ArrowDown' }, 'open'],
    [{ key: 'ArrowUp' }, 'open'],
    [{ key: 'Enter' }, 'open'],
    [{ key: ' ' }, 'open'],
    [{ key: 'Escape' }, 'none'],
    [{ key: 'Tab' }, 'none'],
    [{ key: 'a' }, 'none'],
    [{ key: 'Enter', metaKey: true }, 'none'],
  ];
  it.each(buttonCases)('button: %j → %s', (key, want) => {
    expect(buttonKey(key).type).toBe(want);
  });
});
