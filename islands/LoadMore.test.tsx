import { h } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { violations, hydrateUnchanged } from './testing';
import LoadMore, { nextPage, showing, type Props } from './LoadMore';

// A list page as the server writes it: a table whose tbody has the island's rows id, then the
// island (pager) with its props beside it.
function rowsHTML(from: number, n: number) {
  let s = '';
  for (let i = from; i < from + n; i++) s += `<tr id="payout-${i}"><td><a href="/p/${i}">PO-${i}</a></td></tr>`;
  return s;
}

function listPage(p: Props, from = 1) {
  return (
    '<main><table><caption>Payout requests</caption><tbody id="payouts-rows">' + rowsHTML(from, p.shown) + '</tbody></table>' +
    `<div data-island="LoadMore" data-props="island-1">${renderToString(h(LoadMore, p))}</div>` +
    `<script type="application/json" id="island-1">${JSON.stringify(p)}</script></main>`
  );
}

const first: Props = { rows: 'payouts-rows', noun: 'payout requests', total: 250, shown: 100, next: '/org/o/payouts?cursor_after=c1' };

// The observer's callbacks, so a test can scroll the button into view.
let observers: { cb: IntersectionObserverCallback; el?: Element; live: boolean }[] = [];
class FakeObserver {
  o: { cb: IntersectionObserverCallback; el?: Element; live: boolean };
  constructor(cb: IntersectionObserverCallback) {
    this.o = { cb, live: true };
    observers.push(this.o);
  }
  observe(el: Element) {
    this.o.el = el;
  }
  disconnect() {
    this.o.live = false;
  }
}
function scrollIntoView() {
  for (const o of observers.filter((o) => o.live && o.el)) {
    o.cb([{ isIntersecting: true, target: o.el! } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
  }
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await act(async () => {});
};

function hydrate(p: Props) {
  document.body.innerHTML = listPage(p);
  const el = document.querySelector<HTMLElement>('[data-island]')!;
  hydrateUnchanged(el, 'LoadMore', LoadMore);
  return el;
}

const page = (from: number, n: number, next?: string) =>
  new Response(listPage({ ...first, shown: n, next, prev: '/org/o/payouts?cursor_before=x' }, from), { status: 200, headers: { 'Content-Type': 'text/html' } });

afterEach(() => {
  vi.unstubAllGlobals();
  observers = [];
  document.body.innerHTML = '';
});

describe('LoadMore', () => {
  it('is the plain pager without JavaScript', async () => {
    document.body.innerHTML = listPage({ ...first, prev: '/org/o/payouts?cursor_before=c0' });
    const links = [...document.querySelectorAll('nav a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')]);
    expect(links).toEqual([
      ['Previous page', '/org/o/payouts?cursor_before=c0', 'prev'],
      ['Next page', '/org/o/payouts?cursor_after=c1', 'next'],
    ]);
    expect(document.querySelector('nav')!.getAttribute('aria-label')).toBe('Pagination');
    expect(document.querySelector('[role=status]')!.textContent).toBe('');
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('renders nothing but the empty live region on a list of one page', () => {
    expect(renderToString(h(LoadMore, { ...first, next: undefined }))).toBe('<p role="status" class="sr-only"></p>');
  });

  it('reads the next page’s rows and its next link out of its HTML', () => {
    const got = nextPage(listPage({ ...first, shown: 2, next: '/n2' }, 101), 'payouts-rows')!;
    expect(got.rows.map((r) => r.id)).toEqual(['payout-101', 'payout-102']);
    expect(got.next).toBe('/n2');
    expect(nextPage(listPage({ ...first, shown: 1, next: undefined }), 'payouts-rows')!.next).toBeUndefined();
    expect(nextPage('<main><h1>Log in</h1></main>', 'payouts-rows')).toBeNull();
  });

  it('hydrates unchanged, then a click appends the next page, announces the count and focuses the first new row', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const fetch = vi.fn(async () => page(101, 100, '/org/o/payouts?cursor_after=c2'));
    vi.stubGlobal('fetch', fetch);
    const el = hydrate(first);
    await settle();
    const b = el.querySelector('button')!;
    expect(b.textContent).toBe('Show more payout requests');
    expect(el.querySelector('a[rel=next]')).toBeNull();
    await act(async () => b.click());
    await settle();
    expect(fetch).toHaveBeenCalledWith('/org/o/payouts?cursor_after=c1', expect.objectContaining({ credentials: 'same-origin' }));
    const rows = document.querySelectorAll('#payouts-rows tr');
    expect(rows.length).toBe(200);
    expect(document.activeElement).toBe(rows[100]);
    expect(rows[100].id).toBe('payout-101');
    expect(el.querySelector('[role=status]')!.textContent).toBe('Showing 200 of 250 payout requests');
    // The next page's own pager is not copied: one pager, now leading to the page after.
    expect(document.querySelectorAll('nav').length).toBe(1);
    expect(await violations()).toEqual([]);

    fetch.mockImplementation(async () => page(201, 50, undefined));
    await act(async () => el.querySelector('button')!.click());
    await settle();
    expect(document.querySelectorAll('#payouts-rows tr').length).toBe(250);
    expect(el.querySelector('[role=status]')!.textContent).toBe(showing(250, 250, 'payout requests'));
    expect(el.querySelector('button')).toBeNull();
    expect(el.querySelector('nav')).toBeNull();
  }, 30_000);

  it('loads when the button scrolls into view, without moving focus', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const fetch = vi.fn(async () => page(101, 100, '/org/o/payouts?cursor_after=c2'));
    vi.stubGlobal('fetch', fetch);
    hydrate(first);
    await settle();
    const before = document.activeElement;
    await act(async () => scrollIntoView());
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('#payouts-rows tr').length).toBe(200);
    expect(document.activeElement).toBe(before);
    // Still in view: the page after is read too.
    await act(async () => scrollIntoView());
    await settle();
    expect(fetch).toHaveBeenLastCalledWith('/org/o/payouts?cursor_after=c2', expect.anything());
  });

  it('reads a page once when a click comes while scrolling has started reading it, and still moves focus', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((res) => (answer = res)));
    vi.stubGlobal('fetch', fetch);
    const el = hydrate(first);
    await settle();
    await act(async () => scrollIntoView());
    await act(async () => el.querySelector('button')!.click());
    await act(async () => scrollIntoView());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(el.querySelector('button')!.textContent).toBe('Loading more payout requests…');
    await act(async () => answer(page(101, 100, undefined)));
    await settle();
    const rows = document.querySelectorAll('#payouts-rows tr');
    expect(rows.length).toBe(200);
    expect(document.activeElement).toBe(rows[100]);
  });

  it('says so and offers a retry when the next page cannot be read', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const fetch = vi.fn(async () => new Response('down', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const el = hydrate(first);
    await settle();
    await act(async () => el.querySelector('button')!.click());
    await settle();
    expect(el.textContent).toContain('Could not load more payout requests.');
    expect(el.querySelector('[role=status]')!.textContent).toBe('Could not load more payout requests.');
    expect(document.querySelectorAll('#payouts-rows tr').length).toBe(100);
    const retry = el.querySelector('button')!;
    expect(retry.textContent).toBe('Try again');
    // A failure does not retry on its own when scrolled past again.
    await act(async () => scrollIntoView());
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await violations()).toEqual([]);

    fetch.mockImplementation(async () => page(101, 100, undefined));
    await act(async () => retry.click());
    await settle();
    expect(document.querySelectorAll('#payouts-rows tr').length).toBe(200);
    expect(el.textContent).not.toContain('Could not load');
  }, 30_000);

  it('goes to the next page itself when the reply holds no list (the login page after the session ended)', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<main><h1>Log in</h1></main>', { status: 200 })));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const el = hydrate(first);
    await settle();
    await act(async () => el.querySelector('button')!.click());
    await settle();
    expect(assign).toHaveBeenCalledWith('/org/o/payouts?cursor_after=c1');
  });
});
