// Helpers of the island tests (vitest, jsdom).
import { readFileSync, writeFileSync } from 'node:fs';
import { h, render, type ComponentType, type VNode } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';

// violations runs axe on the document. Colour contrast needs layout, which
// jsdom lacks (the browser tests run it); jsdom has no canvas either (axe
// asks it about icon fonts), so it is quietly stubbed.
export async function violations() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const r = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }));
}

// describeVectors checks an island's shared test vectors (file: JSON with
// cases {name, props, html}), which the Go side renders through goja too:
// the server markup is exactly the vector's, and preact's first client render
// of those props is the same DOM (after normalized). UPDATE_VECTORS=1
// rewrites the file from the current render.
export function describeVectors<P>(
  file: string,
  Component: ComponentType<P>,
  serverPage: (p: P, html: string) => Element,
  normalized: (el: Element) => string = (el) => el.innerHTML,
) {
  const server = (p: P) => serverRender(h(Component as ComponentType<any>, p as any));
  const vectors = JSON.parse(readFileSync(file, 'utf8')) as { cases: { name: string; props: P; html: string }[] };
  if (process.env.UPDATE_VECTORS) {
    for (const c of vectors.cases) c.html = server(c.props);
    writeFileSync(file, JSON.stringify(vectors, null, 2) + '\n');
  }
  describe(file.slice(file.indexOf('testdata/')), () => {
    it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
      expect(server(c.props)).toBe(c.html);
      const el = serverPage(c.props, c.html);
      const d = document.createElement('div');
      act(() => {
        render(h(Component as ComponentType<any>, c.props as any), d);
        expect(normalized(d)).toBe(normalized(el));
      });
      render(null, d);
    });
  });
}

// advance moves the fake clock on by ms inside act, so the renders that its
// timers (and the promises they settle) cause are flushed before the test looks.
export function advance(ms: number): Promise<void> {
  return act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The server's markup of node: renderToString with the bundler's server flag on, as in
 *  the server's bundle (islands/lib/serverOnly.ts). */
export function serverRender(node: VNode<any>): string {
  globalThis.__PORTAL_SERVER__ = true;
  try {
    return renderToString(node);
  } finally {
    globalThis.__PORTAL_SERVER__ = false;
  }
}

/** islandPage puts a server page in the document: before, then the island as the server
 *  writes it for props p (islandMarkup of html, by default its server render), then after;
 *  it returns the island's marker. */
export function islandPage<P>(name: string, Component: ComponentType<P>, p: P, before: string, after: string, html?: string): HTMLElement {
  document.body.innerHTML = before + islandMarkup(name, p, html ?? serverRender(h(Component as ComponentType<any>, p as any))) + after;
  return document.querySelector<HTMLElement>('[data-island]')!;
}

/** A JSON reply as the API sends it, for a stubbed fetch. */
export function jsonReply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A request the stubbed fetch of stubFetchByUrl received. */
export type Call = { url: string; init: RequestInit };

// stubFetchByUrl stubs fetch: each request is pushed onto calls and answered
// by the first reply whose key the URL contains (500 when none does). replies
// is asked on every request, so a test can swap a reply after the stub is set.
export function stubFetchByUrl(calls: Call[], replies: () => Record<string, () => Response>): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const r = replies();
      const key = Object.keys(r).find((k) => url.includes(k));
      return key ? r[key]() : jsonReply(500, {});
    }),
  );
}

// islandMarkup is an island as a server page holds it: its markup in the
// data-island element and its props beside it as JSON (the first island, id island-0).
export function islandMarkup(name: string, props: unknown, html: string): string {
  return (
    `<div data-island="${name}" data-props="island-0">${html}</div>` +
    `<script type="application/json" id="island-0">${JSON.stringify(props).replace(/</g, '\\u003c')}</script>`
  );
}

/** An export list's downloads, as the test sees them: no object URLs made for real, and
 *  the links clicked (their download name, else href) pushed onto clicked. */
export function stubDownloads(clicked: string[]) {
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download || this.href);
  });
}

/** fetchByUrl stubs fetch for each test with stubFetchByUrl, answering from a fresh
 *  defaults(); the test reads the requests in calls and may change or add replies. */
export function fetchByUrl(defaults: () => Record<string, () => Response>) {
  const api = { calls: [] as Call[], replies: {} as Record<string, () => Response> };
  beforeEach(() => {
    api.calls = [];
    api.replies = defaults();
    stubFetchByUrl(api.calls, () => api.replies);
  });
  return api;
}

/** After an island's test: real timers and globals again, and the island unmounted. */
export function unmountIsland() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  render(null, document.querySelector('[data-island]')!);
}

/** After an island's test: mocks and stubbed globals restored, the island (if the test put
 *  one on the page) unmounted, and the page emptied for the next test. */
export function clearPage() {
  const el = document.querySelector('[data-island]');
  if (el) render(null, el);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
}

// hydrateUnchanged mounts the page's island as the loader does (over el, its marker) and
// checks that hydrating left the server's markup exactly as it was.
export function hydrateUnchanged(el: Element, name: string, Component: ComponentType<any>): void {
  const before = el.innerHTML;
  act(() => {
    mount(name, Component);
    expect(el.innerHTML).toBe(before);
  });
  expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
}

/** hydrateUntilReady mounts with the browser's own scheduling (no act), checks that hydrating
 *  left the server's markup as it was, then waits until the island is marked ready (enhanced). */
export async function hydrateUntilReady(el: Element, name: string, Component: ComponentType<any>): Promise<void> {
  const before = el.innerHTML;
  mount(name, Component);
  expect(el.innerHTML).toBe(before);
  expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
  await vi.waitFor(() => expect(el.hasAttribute('data-ready')).toBe(true));
}

/** hydrateEnhanced is hydrateUnchanged, then lets the effects that enhance the island run
 *  (preact/hooks runs them after the next frame, or after 35 ms without frames). */
export async function hydrateEnhanced<E extends Element>(el: E, name: string, Component: ComponentType<any>): Promise<E> {
  hydrateUnchanged(el, name, Component);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
  return el;
}

/** settle flushes promises, the modules an island asked for by import() (lib/lazy) and the
 *  renders they cause, rounds times over. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await act(() => vi.dynamicImportSettled());
}

/** The page's first element sel matches (the test knows there is one). */
export const q = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;

// A user's edit of a field (the element, or a selector naming it): the value set, then the
// event the island listens to, input for typing, change for a choice from a list.
function edit(field: string | HTMLInputElement | HTMLSelectElement, value: string, event: string) {
  const el = typeof field === 'string' ? q<HTMLInputElement>(field) : field;
  act(() => {
    el.value = value;
    el.dispatchEvent(new Event(event, { bubbles: true }));
  });
}

/** typeInto types value into a field (replacing what it held). */
export const typeInto = (field: string | HTMLInputElement, value: string) => edit(field, value, 'input');

/** choose picks value in a select. */
export const choose = (field: string | HTMLSelectElement, value: string) => edit(field, value, 'change');

/** blur takes the focus off a field, as far as the island can tell. */
export function blur(el: Element) {
  act(() => {
    el.dispatchEvent(new Event('blur'));
  });
}

/** key presses k on el (the keydown bubbles, as a real key's does). */
export const key = (el: Element, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

/** A hydrated tablist's tabs, and the one selected. */
export const tabs = () => [...document.querySelectorAll<HTMLButtonElement>('[role=tab]')];
export const selectedTab = () => tabs().find((t) => t.getAttribute('aria-selected') === 'true')!;

/** expectOnlyLink checks a dialog island's markup without JavaScript: one link, to href,
 *  saying text, and no button, dialog or form. */
export function expectOnlyLink(el: Element, href: string, text: string) {
  const links = el.querySelectorAll('a');
  expect(links).toHaveLength(1);
  expect(links[0].getAttribute('href')).toBe(href);
  expect(links[0].textContent).toBe(text);
  expect(el.querySelector('button, dialog, form')).toBeNull();
}

/** openDialog clicks the island's dialog button, focused first as a click leaves it (the
 *  dialog gives focus back to it on closing). */
export function openDialog(el: Element) {
  const b = el.querySelector<HTMLButtonElement>('button[aria-haspopup=dialog]')!;
  b.focus();
  act(() => b.click());
}

/** openDialog for an island whose dialog's module comes on the first click (lib/lazy):
 *  resolves once it came and the dialog opened. */
export async function openLazyDialog(el: Element) {
  openDialog(el);
  await act(() => vi.dynamicImportSettled());
}

/** A request dialog's test: the API's posts recorded and answered with reply() (read at
 *  each post, so a test may change it), and the page's location.assign recorded. */
export function stubApiPosts(posts: { url: string; init: RequestInit }[], reply: () => { status: number; body: unknown }, assigned: string[]) {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    posts.push({ url, init });
    const r = reply();
    return Promise.resolve(jsonReply(r.status, r.body));
  });
  vi.stubGlobal('location', { ...window.location, assign: (u: string) => assigned.push(u) });
}

/** The with-JavaScript describe of a request dialog: fake timers and stubApiPosts before
 *  each test, first answering 201 with created; the island unmounted after. A test reads
 *  the posts and assignments and may replace the reply through the returned object. */
export function dialogApi(created: unknown) {
  const api = {
    posts: [] as { url: string; init: RequestInit }[],
    reply: { ok: true, status: 201, body: created as unknown } as { ok: boolean; status: number; body: unknown },
    assigned: [] as string[],
  };
  beforeEach(() => {
    vi.useFakeTimers();
    api.posts = [];
    api.assigned = [];
    api.reply = { ok: true, status: 201, body: created };
    stubApiPosts(api.posts, () => api.reply, api.assigned);
  });
  afterEach(unmountIsland);
  return api;
}

/** The frame both export dialogs' test props share: the list page at list (the form posts
 *  there), the API at api, the opener link with its query flag, and two owned accounts. */
export function exportFrame(list: string, api: string, flag: string) {
  return {
    csrf: 'csrf-1',
    action: list,
    apiUrl: api,
    listUrl: list,
    openerUrl: `${list}?${flag}=1`,
    accounts: [
      { value: '4520011000000015', label: 'Main EUR (EUR) · No. 4520011000000015' },
      { value: '4520011000000023', label: 'Payroll GBP (GBP) · No. 4520011000000023' },
    ],
  };
}

/** An island on a server page under the heading title (headedIsland). serverPage puts the island's server
 *  markup there and returns its element; hydrate then mounts it as the browser does and
 *  checks that preact found no mismatch and that kept(markup now, server markup) holds (by
 *  default: the markup is unchanged). */
export function headedIsland<P>(title: string, name: string, Component: ComponentType<P>) {
  const serverPage = (p: P): HTMLElement => islandPage(name, Component, p, `<main><h1>${title}</h1>`, '</main>');
  const hydrate = (p: P, kept: (now: string, before: string) => boolean = (now, before) => now === before): HTMLElement => {
    const el = serverPage(p);
    const before = el.innerHTML;
    act(() => mount(name, Component));
    expect(kept(el.innerHTML, before)).toBe(true);
    expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
    return el;
  };
  return { serverPage, hydrate };
}

/** The with-JavaScript describe of an export list: fake timers, and before each test fetch
 *  stubbed: a download (a URL with /download) answered as download says, a state asked for
 *  with the next of states (then generating); what was fetched and the downloads clicked
 *  recorded. The island unmounted after. A test sets states and download on the object. */
export function listApi(disposition: string) {
  const api = { states: [] as string[], fetched: [] as string[], clicked: [] as string[], download: { ok: true, disposition: disposition as string | null } };
  beforeEach(() => {
    vi.useFakeTimers();
    api.states = [];
    api.fetched = [];
    api.clicked = [];
    api.download = { ok: true, disposition };
    vi.stubGlobal('fetch', (url: string) => {
      api.fetched.push(url);
      if (url.includes('/download')) {
        return Promise.resolve({
          ok: api.download.ok, status: api.download.ok ? 200 : 500,
          headers: { get: (k: string) => (k === 'Content-Disposition' ? api.download.disposition : null) },
          blob: () => Promise.resolve(new Blob(['date,id\r\n'])),
        });
      }
      return Promise.resolve(jsonReply(200, { data: { state: api.states.shift() ?? 'generating' } }));
    });
    stubDownloads(api.clicked);
  });
  afterEach(unmountIsland);
  return api;
}
