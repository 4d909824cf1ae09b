import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { freshCode, stepAt, totp } from './totp.mjs';

// A page as freshCode sees it: only its URL.
const at = (url) => ({ url: () => url });
const SECRET = 'JBSWY3DPEHPK3PXP';

describe('freshCode', () => {
  // A clock that stands still mid-step, so no step boundary falls between two calls.
  beforeEach(() => vi.useFakeTimers({ now: 1_800_000_000_000 + 10_000, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('hands each portal its own steps: a code spent on one is new to another', async () => {
    const a = await freshCode(SECRET, { page: at('http://127.0.0.1:41001/mfa-verify') });
    const b = await freshCode(SECRET, { page: at('http://127.0.0.1:41002/mfa-verify') });
    expect(b.waited).toBe(0);
    expect(a.step).toBe(stepAt());
    expect(b.step).toBe(a.step);
    expect(b.code).toBe(totp(SECRET, b.step));
  });

  it('never gives one portal the same step twice, whichever host name reaches it', async () => {
    const first = await freshCode(SECRET, { page: at('http://127.0.0.1:41003/login') });
    const second = await freshCode(SECRET, { page: at('http://localhost:41003/mfa-verify') });
    expect(second.step).toBe(first.step + 1);
    expect(second.step).toBe(stepAt() + 1);
  });
});
