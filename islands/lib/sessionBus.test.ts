import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type Fetch } from './apiClient';
import { EXPIRED_TEXT, EXPIRED_TITLE, SESSION_ACTIVE, SESSION_EXPIRED } from './sessionBus';
import { EXPIRED_ID } from './ExpiredNotice';
import { violations } from '../testing';

// The API client tells the page: an island's call that meets an expired
// session shows "Your login expired" with a link to log in again (no silent
// failure), and a call that succeeds restarts the idle warning's countdown.

function answers(...list: { status: number; body?: unknown }[]) {
  const calls: string[] = [];
  const fn: Fetch = async (url, init) => {
    calls.push((init.method ?? 'GET') + ' ' + url);
    const a = list.shift();
    if (!a) throw new Error('unexpected fetch ' + url);
    return new Response(a.status === 204 || a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fn, calls };
}

const expiredBody = { errors: [{ status: 401, code: 'EXPIRED_AUTHENTICATION', title: 'Your token was expired, please login again' }] };

beforeEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/org/o1/accounts/42?entry=7');
});
afterEach(() => vi.restoreAllMocks());

describe('an island meeting an expired session', { timeout: 30_000 }, () => {
  it('shows "Your login expired" with a link back here when nothing else does', async () => {
    const f = answers({ status: 401, body: expiredBody }, { status: 401, body: expiredBody });
    const c = createApiClient({ fetch: f.fn, csrfToken: 'c' });
    await expect(c.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(f.calls).toEqual(['GET /api/v1/x', 'POST /api/v1/authentication/token/refresh']);
    const d = document.getElementById(EXPIRED_ID)!;
    expect(d.getAttribute('role')).toBe('alertdialog');
    // The dialog opens in an effect, after the render.
    await vi.waitFor(() => expect(d.hasAttribute('open')).toBe(true));
    expect(document.getElementById(EXPIRED_ID + '-title')!.textContent).toBe(EXPIRED_TITLE);
    expect(document.getElementById(d.getAttribute('aria-describedby')!)!.textContent).toContain(EXPIRED_TEXT);
    const link = [...d.querySelectorAll('a')].find((a) => a.textContent === 'Log in again')!;
    expect(link.getAttribute('href')).toBe('/login?expired=1&redirect_url=%2Forg%2Fo1%2Faccounts%2F42%3Fentry%3D7');
    expect(document.activeElement).toBe(link);
    expect(await violations()).toEqual([]);
    // Once: a second call neither asks the network nor adds a dialog.
    await expect(c.get('/y')).rejects.toMatchObject({ status: 401 });
    expect(f.calls.length).toBe(2);
    expect(document.querySelectorAll('#' + EXPIRED_ID).length).toBe(1);
  });

  it('leaves it to the idle warning when one listens', async () => {
    const seen: string[] = [];
    const take = (e: Event) => {
      e.preventDefault();
      seen.push((e as CustomEvent<{ title: string }>).detail.title);
    };
    window.addEventListener(SESSION_EXPIRED, take);
    try {
      const f = answers({ status: 401, body: expiredBody }, { status: 401, body: expiredBody });
      await expect(createApiClient({ fetch: f.fn, csrfToken: 'c' }).post('/x', {})).rejects.toMatchObject({ status: 401 });
    } finally {
      window.removeEventListener(SESSION_EXPIRED, take);
    }
    expect(seen).toEqual([EXPIRED_TITLE]);
    expect(document.getElementById(EXPIRED_ID)).toBeNull();
  });

  it('says nothing on the page for a script with its own bearer tokens', async () => {
    const f = answers({ status: 401, body: expiredBody }, { status: 401, body: expiredBody });
    const c = createApiClient({ fetch: f.fn });
    await expect(c.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(c.state()).toBe('expired');
    expect(document.getElementById(EXPIRED_ID)).toBeNull();
  });
});

describe('a call that succeeds', () => {
  it('tells the page the session was used; failures and logging out do not', async () => {
    let active = 0;
    const count = () => active++;
    window.addEventListener(SESSION_ACTIVE, count);
    try {
      const f = answers({ status: 200, body: { data: 1 } }, { status: 422, body: { errors: [] } }, { status: 204 }, { status: 204 });
      const c = createApiClient({ fetch: f.fn, csrfToken: 'c' });
      await c.get('/x');
      expect(active).toBe(1);
      await expect(c.post('/y', {})).rejects.toMatchObject({ status: 422 });
      expect(active).toBe(1);
      // The page session's refresh (204: no token) keeps the client logged in.
      expect(await c.refresh()).toBe(true);
      expect(c.state()).toBe('loggedIn');
      expect(active).toBe(2);
      await c.logout();
      expect(active).toBe(2);
    } finally {
      window.removeEventListener(SESSION_ACTIVE, count);
    }
  });
});
