import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import CookieConsent, { CONSENT_KEY, FAILED, SAVED, type Props } from './CookieConsent';

const props: Props = { action: '/cookie-consent', csrf: 'csrf-1', back: '/login' };

function serverPage(): HTMLElement {
  document.body.innerHTML =
    `<div data-island="CookieConsent" data-props="island-0">${renderToString(h(CookieConsent, props))}</div>` +
    `<script type="application/json" id="island-0">${JSON.stringify(props)}</script><main id="main"><h1>Log in</h1></main>`;
  return document.querySelector('[data-island]')!;
}

function choose(el: HTMLElement, value: string) {
  const form = el.querySelector('form')!;
  const button = el.querySelector<HTMLButtonElement>(`button[value=${value}]`)!;
  const e = new SubmitEvent('submit', { cancelable: true, bubbles: true, submitter: button });
  form.dispatchEvent(e);
  return e;
}

describe('CookieConsent', () => {
  let posts: { url: string; init: RequestInit }[];
  let ok: boolean;
  beforeEach(() => {
    posts = [];
    ok = true;
    localStorage.clear();
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      posts.push({ url, init });
      return Promise.resolve({ ok, status: ok ? 204 : 403 });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    render(null, document.querySelector('[data-island]')!);
  });

  it('is a plain form without JavaScript: a labelled region, the token, Accept and Reject', () => {
    const el = serverPage();
    expect(el.querySelector('section')!.getAttribute('aria-label')).toBe('Cookies');
    const f = el.querySelector('form')!;
    expect([f.getAttribute('method'), f.getAttribute('action')]).toEqual(['post', '/cookie-consent']);
    expect(Object.fromEntries(new FormData(f))).toEqual({ _csrf: 'csrf-1', back: '/login' });
    expect([...el.querySelectorAll('button')].map((b) => [b.textContent, b.name, b.value])).toEqual([
      ['Accept', 'consent', 'accepted'],
      ['Reject', 'consent', 'rejected'],
    ]);
  });

  it.each(['accepted', 'rejected'] as const)('%s: stored on the server and under the local key, then confirmed', async (choice) => {
    const el = serverPage();
    act(() => mount('CookieConsent', CookieConsent));
    let e!: SubmitEvent;
    await act(async () => {
      e = choose(el, choice);
    });
    expect(e.defaultPrevented).toBe(true);
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/cookie-consent');
    expect((posts[0].init.headers as Record<string, string>).Accept).toBe('application/json');
    expect(Object.fromEntries(posts[0].init.body as URLSearchParams)).toEqual({ _csrf: 'csrf-1', consent: choice, back: '/login' });
    expect(localStorage.getItem(CONSENT_KEY)).toBe(choice);
    expect(el.textContent).toContain(SAVED[choice]);
    const hide = el.querySelector('button')!;
    expect(document.activeElement).toBe(hide);
    await act(async () => hide.click());
    expect(el.querySelector('section')).toBeNull();
  });

  it('says so when the choice could not be saved, and keeps the banner', async () => {
    ok = false;
    const el = serverPage();
    act(() => mount('CookieConsent', CookieConsent));
    await act(async () => {
      choose(el, 'accepted');
    });
    expect(el.querySelector('[role=alert]')!.textContent).toBe(FAILED);
    expect(el.querySelector('form')).not.toBeNull();
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
  });
});
