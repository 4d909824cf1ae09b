import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { next, readStatus, startPolling, statusText, type Fetch } from './approval';

// A fetch that answers with the given statuses in turn (the last repeats).
function replies(...statuses: (string | Error | { code: number; body: unknown })[]) {
  let i = 0;
  const calls: { url: string; init: unknown }[] = [];
  const f: Fetch = (url, init) => {
    calls.push({ url, init });
    const r = statuses[Math.min(i++, statuses.length - 1)];
    if (r instanceof Error) return Promise.reject(r);
    const { code, body } = typeof r === 'string' ? { code: 200, body: { status: r } } : r;
    return Promise.resolve({ ok: code < 300, status: code, json: () => Promise.resolve(body) });
  };
  return { f, calls };
}

describe('next', () => {
  it.each([
    ['pending', 'poll'],
    ['approved', 'continue'],
    ['denied', 'stop'],
    ['expired', 'stop'],
    ['login_expired', 'stop'],
    ['error', 'stop'],
    ['', 'stop'],
  ])('%s → %s', (s, want) => expect(next(s)).toBe(want));
});

describe('statusText', () => {
  it('words every status, with a fallback', () => {
    expect(statusText('pending')).toMatch(/^Waiting for approval/);
    expect(statusText('denied')).toBe('The request was denied.');
    expect(statusText('expired')).toBe('The request expired.');
    expect(statusText('something new')).toMatch(/Check again/);
  });
});

describe('readStatus', () => {
  it('asks same-origin, for JSON, uncached', async () => {
    const { f, calls } = replies('pending');
    expect(await readStatus(f, '/mfa-verify/approval?id=a')).toBe('pending');
    expect(calls[0]).toEqual({
      url: '/mfa-verify/approval?id=a',
      init: { credentials: 'same-origin', headers: { Accept: 'application/json' }, cache: 'no-store' },
    });
  });
  it('reads the status of an error reply (401 login expired, 404)', async () => {
    expect(await readStatus(replies({ code: 401, body: { status: 'login_expired' } }).f, '/x')).toBe('login_expired');
    expect(await readStatus(replies({ code: 404, body: { status: 'not_found' } }).f, '/x')).toBe('not_found');
  });
  it('is "error" for a network failure or an unreadable reply', async () => {
    expect(await readStatus(replies(new Error('offline')).f, '/x')).toBe('error');
    expect(await readStatus(replies({ code: 500, body: null }).f, '/x')).toBe('error');
    expect(await readStatus(replies({ code: 200, body: { status: 7 } }).f, '/x')).toBe('error');
    const bad: Fetch = () => Promise.resolve({ ok: true, status: 200, json: () => Promise.reject(new SyntaxError('html')) });
    expect(await readStatus(bad, '/x')).toBe('error');
  });
});

describe('startPolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every interval while pending and stops at approved', async () => {
    const { f, calls } = replies('pending', 'pending', 'approved');
    const seen: string[] = [];
    startPolling({ url: '/s', interval: 2000, fetch: f, onStatus: (s) => seen.push(s) });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(0); // the first check waits a full interval
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['pending']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen).toEqual(['pending', 'pending']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen).toEqual(['pending', 'pending', 'approved']);
    await vi.advanceTimersByTimeAsync(20000);
    expect(calls).toHaveLength(3);
  });

  it.each(['denied', 'expired', 'error', 'login_expired'])('stops at %s', async (final) => {
    const { f, calls } = replies('pending', final);
    const seen: string[] = [];
    startPolling({ url: '/s', interval: 2000, fetch: f, onStatus: (s) => seen.push(s) });
    await vi.advanceTimersByTimeAsync(30000);
    expect(seen).toEqual(['pending', final]);
    expect(calls).toHaveLength(2);
  });

  it('never overlaps requests: the next waits for the reply', async () => {
    let resolve: (v: { ok: boolean; status: number; json(): Promise<unknown> }) => void = () => {};
    let n = 0;
    const slow: Fetch = () => {
      n++;
      return new Promise((r) => (resolve = r));
    };
    startPolling({ url: '/s', interval: 2000, fetch: slow, onStatus: () => {} });
    await vi.advanceTimersByTimeAsync(10000);
    expect(n).toBe(1);
    resolve({ ok: true, status: 200, json: () => Promise.resolve({ status: 'pending' }) });
    await vi.advanceTimersByTimeAsync(2000);
    expect(n).toBe(2);
  });

  it('stop() ends it, also with a reply in flight', async () => {
    const { f, calls } = replies('pending');
    const seen: string[] = [];
    const stop = startPolling({ url: '/s', interval: 2000, fetch: f, onStatus: (s) => seen.push(s) });
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    await vi.advanceTimersByTimeAsync(20000);
    expect(calls).toHaveLength(1);
    expect(seen).toEqual(['pending']);
  });
});
