// A small fetch wrapper for consumers of the portal's JSON API (islands and
// scripts): spec 000 §4 "Token refresh: automatic 30 seconds before expiry
// and on any 401 response (retried once, then the request repeated);
// failure marks the session expired", and §7 "other errors reject with the
// response data; mutations are retried once".
//
// Two ways to authenticate, as the API accepts them:
//   - bearer: after setSession(reply of log in, refresh or MFA completion)
//     requests carry Authorization: Bearer, and the token is refreshed with
//     the HttpOnly portal_refresh cookie plus X-CSRF-Token (csrf_token);
//   - cookie: an island on a portal page, whose session cookie travels by
//     itself; give it the page's CSRF token (csrfToken) and it sends
//     X-CSRF-Token with every request.
//
// A refresh that fails marks the session expired once: state() becomes
// 'expired', onExpired and an 'expired' event on events fire (detail: the
// spec's "Your login expired / Please log in again."), and later requests
// reject at once without reaching the network, until setSession.
//
// The page hears of it too (lib/sessionBus.ts), so no island fails
// silently: in cookie mode (an island on a portal page) an expiry is shown
// as "Your login expired" with a link to log in again, by the shell's idle
// warning or else by a dialog the client mounts itself; and every request
// that succeeds tells the idle warning the session was just used.

/** Refresh this long before the access token expires (spec 000 §9). */
export const REFRESH_LEAD_MS = 30_000;
/** A mutation that fails on the network is sent again once (spec 000 §9). */
export const MUTATION_RETRIES = 1;
/** Pause before that retry. */
export const RETRY_DELAY_MS = 1_000;

/** The API's code for a token or session that ran out (spec 000 §8). */
export const EXPIRED_CODE = 'EXPIRED_AUTHENTICATION';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The reply of log in, refresh and MFA completion. */
export type TokenReply = {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  scope: string;
  csrf_token: string;
};

/** One entry of the API's error list. */
export type ApiProblem = {
  status: number;
  code: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
};

/** A rejected request: status 0 when the network failed. */
export class ApiError extends Error {
  readonly status: number;
  /** The response body as read (JSON when it was JSON). */
  readonly data: unknown;
  readonly problems: ApiProblem[];

  constructor(status: number, data: unknown, cause?: unknown) {
    const problems = problemsOf(data);
    super(problems[0]?.title ?? (status === 0 ? 'Network error' : `HTTP ${status}`), { cause });
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.problems = problems;
  }

  /** The first problem's code, e.g. EXPIRED_AUTHENTICATION or invalid. */
  get code(): string | undefined {
    return this.problems[0]?.code;
  }
}

function problemsOf(data: unknown): ApiProblem[] {
  const errs = (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errs) ? (errs as ApiProblem[]) : [];
}

export type SessionState = 'loggedOut' | 'loggedIn' | 'expired';

export type ExpiredDetail = { title: string; text: string };

/** The part of fetch the client needs (window.fetch fits). */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export type ApiClientOptions = {
  /** Default /api/v1. */
  base?: string;
  fetch?: Fetch;
  /** Cookie mode: the page's CSRF token. */
  csrfToken?: string;
  onExpired?: (d: ExpiredDetail) => void;
};

export type RequestOptions = {
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** E.g. an Idempotency-Key: a retried mutation sends the same headers, so
   *  the server can tell the retry from a second submit. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false for calls without a credential (log in, forgotten password): a
   *  401 there is an answer, not an expired token. */
  auth?: boolean;
};

export type ApiClient = {
  /** 'expired' (CustomEvent<ExpiredDetail>) and 'session' (a new TokenReply). */
  readonly events: EventTarget;
  state(): SessionState;
  /** The spec's isLoggedIn flag: false once a refresh failed. */
  isLoggedIn(): boolean;
  setSession(reply: TokenReply): void;
  request<T = unknown>(method: Method, path: string, opts?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, opts?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  del<T = unknown>(path: string, opts?: RequestOptions): Promise<T>;
  /** Refreshes now (one refresh at a time); false means the session expired. */
  refresh(): Promise<boolean>;
  login(email: string, password: string): Promise<TokenReply>;
  /** Calls the server, then clears the session whatever it answered. */
  logout(): Promise<void>;
  /** Stops the refresh timer. */
  dispose(): void;
};

import { EXPIRED_TEXT, EXPIRED_TITLE, loginAgainHref, noteActive, noteExpired } from './sessionBus';
import { showExpiredNotice } from './ExpiredNotice';

const REFRESH_PATH = '/authentication/token/refresh';
const TOKEN_PATH = '/authentication/token';

export function createApiClient(opts: ApiClientOptions = {}): ApiClient {
  const base = opts.base ?? '/api/v1';
  const doFetch: Fetch = opts.fetch ?? ((url, init) => fetch(url, init));
  const events = new EventTarget();
  let state: SessionState = 'loggedOut';
  let token: string | undefined;
  let csrf: string | undefined = opts.csrfToken;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshing: Promise<boolean> | undefined;
  // Logging out: a refresh failing on the way says nothing to the user.
  let leaving = false;
  // An island on a portal page: its page's session cookie is the
  // credential, so the page's idle warning cares about its requests.
  const cookieMode = opts.csrfToken !== undefined;

  function stopTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function setSession(reply: TokenReply) {
    csrf = reply.csrf_token || csrf;
    state = 'loggedIn';
    stopTimer();
    if (reply.access_token) {
      token = reply.access_token;
      if (reply.expires_in !== undefined) {
        const delay = Math.max(0, reply.expires_in * 1000 - REFRESH_LEAD_MS);
        timer = setTimeout(() => void refresh(), delay);
      }
    }
    events.dispatchEvent(new CustomEvent('session', { detail: reply }));
  }

  function clear(next: SessionState) {
    stopTimer();
    token = undefined;
    state = next;
  }

  function markExpired() {
    if (state === 'expired' || leaving) return;
    clear('expired');
    const detail: ExpiredDetail = { title: EXPIRED_TITLE, text: EXPIRED_TEXT };
    events.dispatchEvent(new CustomEvent('expired', { detail }));
    opts.onExpired?.(detail);
    // A page's island (cookie mode) tells the user; a script holding its
    // own bearer tokens decides for itself.
    if (cookieMode && !noteExpired(detail)) showExpiredNotice(detail.title, detail.text, loginAgainHref());
  }

  function refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      try {
        const res = await doFetch(base + REFRESH_PATH, {
          method: 'POST',
          credentials: 'same-origin',
          cache: 'no-store',
          headers: { Accept: 'application/json', ...(csrf ? { 'X-CSRF-Token': csrf } : {}) },
        });
        if (!res.ok) throw new ApiError(res.status, await readBody(res));
        if (res.status === 204) {
          // A page session kept alive: its cookie stays the credential.
          state = 'loggedIn';
          if (cookieMode) noteActive();
          return true;
        }
        setSession((await res.json()) as TokenReply);
        return true;
      } catch {
        markExpired();
        return false;
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  }

  function url(path: string, query?: RequestOptions['query']): string {
    let u = base + path;
    if (query) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
      const s = q.toString();
      if (s) u += (u.includes('?') ? '&' : '?') + s;
    }
    return u;
  }

  function init(method: Method, o: RequestOptions): RequestInit {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (o.body !== undefined) headers['Content-Type'] = 'application/json';
    if (o.auth !== false) {
      if (token) headers.Authorization = 'Bearer ' + token;
      else if (csrf) headers['X-CSRF-Token'] = csrf;
    }
    return {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: o.signal,
    };
  }

  async function request<T>(method: Method, path: string, o: RequestOptions = {}): Promise<T> {
    const auth = o.auth !== false;
    if (auth && state === 'expired') {
      throw new ApiError(401, { errors: [{ status: 401, code: EXPIRED_CODE, title: EXPIRED_TITLE, detail: EXPIRED_TEXT }] });
    }
    let networkRetries = method === 'GET' ? 0 : MUTATION_RETRIES;
    let refreshed = false;
    for (;;) {
      let res: Response;
      try {
        res = await doFetch(url(path, o.query), init(method, o));
      } catch (e) {
        if (o.signal?.aborted || networkRetries-- <= 0) throw new ApiError(0, null, e);
        await sleep(RETRY_DELAY_MS);
        continue;
      }
      if (res.status === 401 && auth && !refreshed) {
        refreshed = true;
        if (await refresh()) continue;
      }
      const data = await readBody(res);
      if (!res.ok) throw new ApiError(res.status, data);
      if (auth && cookieMode && !leaving) noteActive();
      return data as T;
    }
  }

  return {
    events,
    state: () => state,
    isLoggedIn: () => state === 'loggedIn',
    setSession,
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    del: (path, o) => request('DELETE', path, o),
    refresh,
    async login(email, password) {
      const reply = await request<TokenReply>('POST', TOKEN_PATH, { body: { email, password }, auth: false });
      setSession(reply);
      return reply;
    },
    async logout() {
      leaving = true;
      try {
        if (state !== 'expired') await request('DELETE', TOKEN_PATH);
      } finally {
        leaving = false;
        clear('loggedOut');
      }
    },
    dispose: stopTimer,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// readBody: JSON when the reply says so, text otherwise, undefined for none.
async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
