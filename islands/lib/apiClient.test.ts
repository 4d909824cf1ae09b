import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  MUTATION_RETRIES,
  REFRESH_LEAD_MS,
  RETRY_DELAY_MS,
  createApiClient,
  type ExpiredDetail,
  type Fetch,
  type TokenReply,
} from './apiClient';
import { EXPIRED_TEXT, EXPIRED_TITLE } from './sessionBus';

// A scripted fetch: each call takes the next answer (a status and body, or
// 'network' for a failure) and is recorded with its headers.
type Answer = { status: number; body?: unknown } | 'network';
type Call = { url: string; method: string; headers: Record<string, string>; body?: string };

function fakeFetch(...answers: Answer[]) {
  const calls: Call[] = [];
  const fn: Fetch = async (url, init) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body as string | undefined,
    });
    const a = answers.shift();
    if (a === undefined) throw new Error('unexpected fetch ' + url);
    if (a === 'network') throw new TypeError('Failed to fetch');
    const text = a.body === undefined ? '' : JSON.stringify(a.body);
    return new Response(a.status === 204 ? null : text, {
      status: a.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  };
  return { fn, calls, answers };
}

const token = (n: number, expiresIn = 900): TokenReply => ({
  access_token: 'tok' + n,
  token_type: 'Bearer',
  expires_in: expiresIn,
  scope: 'dashboard',
  csrf_token: 'csrf' + n,
});

const expired = { errors: [{ status: 401, code: 'EXPIRED_AUTHENTICATION', title: 'Your token was expired, please login again' }] };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refresh before expiry', () => {
  it('refreshes 30 seconds before the token expires, then uses the new token', async () => {
    const f = fakeFetch({ status: 200, body: token(2) }, { status: 200, body: { data: 1 } });
    const api = createApiClient({ fetch: f.fn });
    api.setSession(token(1, 900));
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_LEAD_MS - 1);
    expect(f.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0]).toMatchObject({ url: '/api/v1/authentication/token/refresh', method: 'POST' });
    expect(f.calls[0].headers['X-CSRF-Token']).toBe('csrf1');
    expect(f.calls[0].headers.Authorization).toBeUndefined();

    await expect(api.get('/customer/current_user')).resolves.toEqual({ data: 1 });
    expect(f.calls[1].headers.Authorization).toBe('Bearer tok2');
    expect(api.isLoggedIn()).toBe(true);
    api.dispose();
  });

  it('keeps refreshing, one timer at a time', async () => {
    const f = fakeFetch({ status: 200, body: token(2, 60) }, { status: 200, body: token(3, 60) });
    const api = createApiClient({ fetch: f.fn });
    api.setSession(token(1, 60));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.calls).toHaveLength(2);
    expect(f.calls[1].headers['X-CSRF-Token']).toBe('csrf2');
    api.dispose();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(f.calls).toHaveLength(2);
  });

  it('refreshes at once when the token has less than 30 seconds left', async () => {
    const f = fakeFetch({ status: 200, body: token(2) });
    const api = createApiClient({ fetch: f.fn });
    api.setSession(token(1, 20));
    await vi.advanceTimersByTimeAsync(0);
    expect(f.calls).toHaveLength(1);
    api.dispose();
  });

  it('marks the session expired when the timed refresh fails', async () => {
    const f = fakeFetch({ status: 401, body: expired });
    const seen: ExpiredDetail[] = [];
    const api = createApiClient({ fetch: f.fn, onExpired: (d) => seen.push(d) });
    const events: Event[] = [];
    api.events.addEventListener('expired', (e) => events.push(e));
    api.setSession(token(1, 60));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(api.state()).toBe('expired');
    expect(api.isLoggedIn()).toBe(false);
    expect(seen).toEqual([{ title: EXPIRED_TITLE, text: EXPIRED_TEXT }]);
    expect(events).toHaveLength(1);
    expect((events[0] as CustomEvent<ExpiredDetail>).detail.title).toBe('Your login expired');
  });
});

describe('401', () => {
  it('refreshes once and repeats the request', async () => {
    const f = fakeFetch({ status: 401, body: expired }, { status: 200, body: token(2) }, { status: 200, body: { data: 'ok' } });
    const api = createApiClient({ fetch: f.fn });
    api.setSession(token(1));
    await expect(api.get('/customer/organisations')).resolves.toEqual({ data: 'ok' });
    expect(f.calls.map((c) => c.url)).toEqual([
      '/api/v1/customer/organisations',
      '/api/v1/authentication/token/refresh',
      '/api/v1/customer/organisations',
    ]);
    expect(f.calls[0].headers.Authorization).toBe('Bearer tok1');
    expect(f.calls[2].headers.Authorization).toBe('Bearer tok2');
    api.dispose();
  });

  it('gives up after one refresh: a second 401 rejects', async () => {
    const f = fakeFetch({ status: 401, body: expired }, { status: 200, body: token(2) }, { status: 401, body: expired });
    const api = createApiClient({ fetch: f.fn });
    api.setSession(token(1));
    const err = await api.get('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).code).toBe('EXPIRED_AUTHENTICATION');
    expect(f.calls).toHaveLength(3);
    expect(api.state()).toBe('loggedIn');
    api.dispose();
  });

  it('a failed refresh marks the session expired once, and later calls fail without the network', async () => {
    const f = fakeFetch({ status: 401, body: expired }, { status: 401, body: expired });
    const onExpired = vi.fn();
    const api = createApiClient({ fetch: f.fn, onExpired });
    api.setSession(token(1));
    await expect(api.post('/customer/organisations/1/set_default')).rejects.toMatchObject({ status: 401 });
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(api.state()).toBe('expired');
    await expect(api.get('/x')).rejects.toMatchObject({ status: 401, code: 'EXPIRED_AUTHENTICATION' });
    expect(f.calls).toHaveLength(2);
    expect(onExpired).toHaveBeenCalledTimes(1);
    // A new session (log in again) works again.
    f.answers.push({ status: 200, body: { data: 1 } });
    api.setSession(token(5));
    await expect(api.get('/x')).resolves.toEqual({ data: 1 });
    api.dispose();
  });

  it('requests failing together share one refresh', async () => {
    const f = fakeFetch(
      { status: 401, body: expired },
      { status: 401, body: expired },
      { status: 200, body: token(2) },
      { status: 200, body: { n: 1 } },
      { status: 200, body: { n: 2 } },
    );
    const api = createApiClient({ fetch: f.fn });
    api.setSession(token(1));
    const [a, b] = await Promise.all([api.get('/a'), api.get('/b')]);
    expect([a, b]).toEqual([{ n: 1 }, { n: 2 }]);
    expect(f.calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(1);
    api.dispose();
  });

  it('is an answer, not an expired token, for calls without a credential', async () => {
    const bad = { errors: [{ status: 401, code: 'invalid_credentials', title: 'Incorrect email or password.' }] };
    const f = fakeFetch({ status: 401, body: bad });
    const onExpired = vi.fn();
    const api = createApiClient({ fetch: f.fn, onExpired });
    const err = (await api.login('a@b.example', 'x').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(err.message).toBe('Incorrect email or password.');
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0].headers.Authorization).toBeUndefined();
    expect(JSON.parse(f.calls[0].body ?? '')).toEqual({ email: 'a@b.example', password: 'x' });
    expect(onExpired).not.toHaveBeenCalled();
  });
});

describe('errors and retries', () => {
  it('rejects other errors with the response data', async () => {
    const body = {
      errors: [
        { status: 422, code: 'invalid', title: 'Password is not valid', source: { pointer: '/password' } },
        { status: 422, code: 'invalid', title: 'Passwords must match', source: { pointer: '/password_confirmation' } },
      ],
    };
    const f = fakeFetch({ status: 422, body });
    const api = createApiClient({ fetch: f.fn });
    const err = (await api.put('/authentication/passwords/reset', { password: 'a' }, { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.data).toEqual(body);
    expect(err.problems.map((p) => p.source?.pointer)).toEqual(['/password', '/password_confirmation']);
    expect(f.calls[0].headers['Content-Type']).toBe('application/json');
  });

  it(`retries a mutation ${MUTATION_RETRIES} time on a network failure, with the same headers`, async () => {
    const f = fakeFetch('network', { status: 201, body: { id: 'x' } });
    const api = createApiClient({ fetch: f.fn });
    api.setSession(token(1));
    const p = api.post('/transfers', { amount: '1.00' }, { headers: { 'Idempotency-Key': 'k1' } });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await expect(p).resolves.toEqual({ id: 'x' });
    expect(f.calls).toHaveLength(2);
    expect(f.calls[1].headers['Idempotency-Key']).toBe('k1');
    expect(f.calls[1].body).toBe(f.calls[0].body);
    api.dispose();
  });

  it('rejects a mutation failing twice on the network, with status 0', async () => {
    const f = fakeFetch('network', 'network');
    const api = createApiClient({ fetch: f.fn });
    const p = api.del('/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    const err = (await p) as ApiError;
    expect(err.status).toBe(0);
    expect(f.calls).toHaveLength(2);
  });

  it('does not retry a read', async () => {
    const f = fakeFetch('network');
    const api = createApiClient({ fetch: f.fn });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0 });
    expect(f.calls).toHaveLength(1);
  });

  it('builds the query string and reads 204 as nothing', async () => {
    const f = fakeFetch({ status: 200, body: { status: 'pending' } }, { status: 204 });
    const api = createApiClient({ fetch: f.fn, base: '/api/v2' });
    api.setSession(token(1));
    await api.get('/authentication/mfa_tokens/status', { query: { approval_request_id: 'a b', skip: undefined } });
    expect(f.calls[0].url).toBe('/api/v2/authentication/mfa_tokens/status?approval_request_id=a+b');
    await expect(api.del('/customer/x')).resolves.toBeUndefined();
    api.dispose();
  });
});

describe('cookie mode and logout', () => {
  it('sends the page CSRF token, never a bearer header, and takes the new token after MFA', async () => {
    const f = fakeFetch({ status: 200, body: { scope: 'dashboard', csrf_token: 'rotated' } }, { status: 200, body: {} });
    const api = createApiClient({ fetch: f.fn, csrfToken: 'page' });
    const reply = await api.post<TokenReply>('/authentication/mfa/verify_totp_factor', { code: '123456' });
    expect(f.calls[0].headers['X-CSRF-Token']).toBe('page');
    expect(f.calls[0].headers.Authorization).toBeUndefined();
    api.setSession(reply);
    await api.get('/customer/current_user');
    expect(f.calls[1].headers['X-CSRF-Token']).toBe('rotated');
    api.dispose();
  });

  it('logs out on the server, then clears the session even when that fails', async () => {
    const f = fakeFetch({ status: 204 }, { status: 500, body: { errors: [{ status: 500, code: 'internal_error', title: 'Something went wrong' }] } });
    const api = createApiClient({ fetch: f.fn });
    api.setSession(token(1));
    await api.logout();
    expect(f.calls[0]).toMatchObject({ url: '/api/v1/authentication/token', method: 'DELETE' });
    expect(f.calls[0].headers.Authorization).toBe('Bearer tok1');
    expect(api.state()).toBe('loggedOut');
    await vi.advanceTimersByTimeAsync(900_000);
    expect(f.calls).toHaveLength(1); // no refresh timer left

    api.setSession(token(2));
    await expect(api.logout()).rejects.toMatchObject({ status: 500 });
    expect(api.state()).toBe('loggedOut');
  });

  it('does not report an expired login while logging out', async () => {
    const f = fakeFetch({ status: 401, body: expired }, { status: 401, body: expired });
    const onExpired = vi.fn();
    const api = createApiClient({ fetch: f.fn, onExpired });
    api.setSession(token(1));
    await api.logout().catch(() => undefined);
    expect(onExpired).not.toHaveBeenCalled();
    expect(api.state()).toBe('loggedOut');
  });
});
