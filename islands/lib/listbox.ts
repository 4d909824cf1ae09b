// Pure logic of a single-select listbox popup (the organisation switcher's):
// what a key does, where the active option moves, and type-ahead. No DOM, no
// clock: the component passes the time in, so all of it is table-tested.

/** Typed characters within this many ms of the previous one extend the prefix. */
export const TYPEAHEAD_MS = 500;

export type Move = 'next' | 'prev' | 'first' | 'last';

export type Action =
  | { type: 'open' } // on the closed button: open with the current option active
  | { type: 'move'; to: Move }
  | { type: 'select' } // choose the active option
  | { type: 'close' } // close and give focus back to the button
  | { type: 'type'; char: string } // one type-ahead character
  | { type: 'none' }; // not ours: let the browser do its default (Tab included)

/** The parts of a KeyboardEvent the mapping reads. */
export type Key = { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean };

const NONE: Action = { type: 'none' };

// A shortcut (Ctrl+L, Cmd+R, Alt+Left...) is never ours. Ctrl+Alt together is
// AltGr on Windows keyboards and types characters such as "@", so it is not.
function shortcut(e: Key): boolean {
  return !!e.metaKey || !!e.ctrlKey !== !!e.altKey;
}

/** A key pressed on the closed button. Enter and Space are handled here rather
 *  than by the native click, so the popup opens on keydown like a select. */
export function buttonKey(e: Key): Action {
  if (shortcut(e)) return NONE;
  switch (e.key) {
    case 'ArrowDown':
    case 'ArrowUp':
    case 'Enter':
    case ' ':
      return { type: 'open' };
  }
  return NONE;
}

/** A key pressed on the listbox (which keeps focus while options are
 *  "active" through aria-activedescendant). `typing` says a type-ahead is in
 *  progress, so Space is part of a name ("Atlantic F...") instead of selecting.
 *  Tab is left to the browser: focus moves on to "API Reference" and "Log out"
 *  in the same popup, and the popup closes once focus leaves it. */
export function listKey(e: Key, typing = false): Action {
  if (shortcut(e)) return NONE;
  switch (e.key) {
    case 'ArrowDown':
      return { type: 'move', to: 'next' };
    case 'ArrowUp':
      return { type: 'move', to: 'prev' };
    case 'Home':
      return { type: 'move', to: 'first' };
    case 'End':
      return { type: 'move', to: 'last' };
    case 'Enter':
      return { type: 'select' };
    case ' ':
      return typing ? { type: 'type', char: ' ' } : { type: 'select' };
    case 'Escape':
      return { type: 'close' };
  }
  // One printable character (an astral one is two UTF-16 units); named keys
  // such as "Shift" or "F5" are longer.
  return [...e.key].length === 1 ? { type: 'type', char: e.key } : NONE;
}

/** The next active index among `count` options. The ends clamp rather than
 *  wrap, like a native select: a screen reader user hears the last option
 *  again instead of being thrown back to the top; Home and End jump.
 *  With nothing active (-1), next starts at the first and prev at the last. */
export function move(index: number, count: number, to: Move): number {
  if (count <= 0) return -1;
  switch (to) {
    case 'first':
      return 0;
    case 'last':
      return count - 1;
    case 'next':
      return index < 0 ? 0 : Math.min(index + 1, count - 1);
    case 'prev':
      return index < 0 ? count - 1 : Math.max(index - 1, 0);
  }
}

/** The type-ahead buffer: the prefix typed so far and when its last key came. */
export type Typeahead = { text: string; at: number };

export const EMPTY: Typeahead = { text: '', at: -Infinity };

/** Whether a type-ahead is still in progress at `now`. */
export function typing(t: Typeahead, now: number): boolean {
  return t.text !== '' && now - t.at <= TYPEAHEAD_MS;
}

/** The buffer after one more character typed at `now`. */
export function typed(t: Typeahead, char: string, now: number): Typeahead {
  return { text: (typing(t, now) ? t.text : '') + char, at: now };
}

/** The option to make active for a typed prefix, or -1 when none matches
 *  (the active option then stays). Case-insensitive; the search goes round
 *  from the active option. A first character starts after the active option,
 *  so pressing "a" again moves on to the next name with "a"; a longer prefix
 *  starts at the active option, which stays while it still matches. The
 *  same character repeated ("aaa") cycles through names starting with it. */
export function findByPrefix(names: readonly string[], active: number, text: string): number {
  const n = names.length;
  if (n === 0 || text === '') return -1;
  const chars = [...text.toLowerCase()];
  const same = chars.every((c) => c === chars[0]);
  const q = same ? chars[0] : chars.join('');
  const start = same ? active + 1 : active;
  for (let k = 0; k < n; k++) {
    const i = (((start + k) % n) + n) % n;
    if (names[i].toLowerCase().startsWith(q)) return i;
  }
  return -1;
}
