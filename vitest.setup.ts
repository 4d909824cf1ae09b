// preact's hooks run effects "after paint": a requestAnimationFrame raced against a 100 ms
// timeout, the loser cancelled with cancelAnimationFrame. With one jsdom per worker, that
// timeout can fire after the worker's jsdom is torn down, where cancelAnimationFrame no
// longer exists, and vitest reports an unhandled error after every test passed. Tests
// schedule those effects on a plain timer instead: nothing to cancel, nothing left behind.
import { options } from 'preact';

(options as { requestAnimationFrame?: (cb: () => void) => void }).requestAnimationFrame = (cb) => {
  setTimeout(cb, 0);
};

// The bundler's server flag (islands/lib/serverOnly.ts): the browser's value, but for the
// server renders of islands/testing.ts.
globalThis.__PORTAL_SERVER__ = false;

// The icon sprite's URL, which the server's bundle defines (templates/components/Icon.tsx),
// for the pages the screen reader tests render.
(globalThis as Record<string, unknown>).__PORTAL_ICONS__ = '/assets/icons.svg';
