import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import { violations, islandPage } from './testing';
import CryptoBanner, { type Props } from './CryptoBanner';

const props: Props = { href: '/org/o1/crypto_funding', closeAction: '/org/o1/crypto_banner/close', csrf: 'csrf-9' };

const serverPage = (p: Props) => islandPage('CryptoBanner', CryptoBanner, p, '<main id="main" tabindex="-1"><h1>Dashboard</h1>', '</main>');

afterEach(() => vi.restoreAllMocks());

describe('CryptoBanner', () => {
  it('is a region with the link and a Close form that works without JavaScript', async () => {
    const el = serverPage(props);
    const region = el.querySelector('section')!;
    expect(document.getElementById(region.getAttribute('aria-labelledby')!)!.textContent).toBe('Crypto funding now available');
    const link = region.querySelector('a')!;
    expect([link.getAttribute('href'), link.textContent]).toEqual(['/org/o1/crypto_funding', 'Add crypto funds']);
    const f = region.querySelector('form')!;
    expect([f.getAttribute('method'), f.getAttribute('action')]).toEqual(['post', '/org/o1/crypto_banner/close']);
    expect(Object.fromEntries(new FormData(f))).toEqual({ _csrf: 'csrf-9' });
    expect(f.querySelector('button')!.textContent).toBe('Close');
    expect(await violations()).toEqual([]);
  });

  it('hydrates without changing the markup, then closes at once and keeps focus on the page', async () => {
    const el = serverPage(props);
    const before = el.innerHTML;
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(null, { status: 204 });
    }));
    act(() => mount('CryptoBanner', CryptoBanner));
    expect(el.innerHTML).toBe(before);
    expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
    await act(async () => {
      el.querySelector('button')!.click();
    });
    await vi.waitFor(() => expect(el.querySelector('section')).toBeNull());
    expect(calls).toHaveLength(1);
    expect(calls[0][0]).toBe('/org/o1/crypto_banner/close');
    expect(calls[0][1].method).toBe('POST');
    expect((calls[0][1].headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-9');
    expect(String(calls[0][1].body)).toBe('_csrf=csrf-9');
    expect(document.activeElement).toBe(document.getElementById('main'));
    render(null, el);
    vi.unstubAllGlobals();
  });

  it('falls back to posting the form when the background post fails', async () => {
    const el = serverPage(props);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 500 })));
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    act(() => mount('CryptoBanner', CryptoBanner));
    await act(async () => {
      el.querySelector('button')!.click();
    });
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(el.querySelector('section')).not.toBeNull();
    render(null, el);
    vi.unstubAllGlobals();
  });
});
