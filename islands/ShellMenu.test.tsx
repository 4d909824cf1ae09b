import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import ShellMenu, { folded, leaveSearch } from './ShellMenu';

// The shell's Menu as Shell.tsx renders it: a <details> with the summary,
// the navigation and this island inside.
function shellPage(summaryStyle = '') {
  document.body.innerHTML =
    '<a href="#main" id="skip">Skip</a>' +
    '<details id="nav-menu"><summary' + (summaryStyle ? ` style="${summaryStyle}"` : '') + '>Menu</summary>' +
    '<nav aria-label="Main"><ul><li><a href="/org/o1">Dashboard</a></li><li><a href="/org/o1/accounts/1" aria-current="page">Main EUR</a></li></ul></nav>' +
    `<div data-island="ShellMenu" data-props="island-0">${renderToString(h(ShellMenu, { menu: 'nav-menu' }))}</div>` +
    '<script type="application/json" id="island-0">{"menu":"nav-menu"}</script></details>' +
    '<main id="main">content</main>';
  return document.getElementById('nav-menu') as HTMLDetailsElement;
}

describe('ShellMenu', () => {
  let details: HTMLDetailsElement;
  let summary: HTMLElement;
  beforeEach(() => {
    details = shellPage();
    summary = details.querySelector('summary')!;
    act(() => mount('ShellMenu', ShellMenu));
  });
  afterEach(() => render(null, document.querySelector('[data-island]')!));

  const open = async () => {
    summary.focus();
    details.open = true;
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Dashboard'));
  };
  const escape = (target: Element) => {
    const e = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    target.dispatchEvent(e);
    return e;
  };

  it('renders nothing of its own: the menu works as a plain <details> without it', () => {
    expect(renderToString(h(ShellMenu, { menu: 'nav-menu' }))).toBe('');
    expect(document.querySelector('[data-island]')!.hasAttribute('data-hydration-mismatch')).toBe(false);
  });

  it('moves focus to the first link when the menu opens', async () => {
    await open();
  });

  it('closes on Escape and gives focus back to Menu', async () => {
    await open();
    const e = escape(document.activeElement!);
    expect(e.defaultPrevented).toBe(true);
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });

  it('leaves Escape alone while the menu is closed', () => {
    summary.focus();
    expect(escape(summary).defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(summary);
  });
});

describe('ShellMenu as the sidebar (lg and up: summary hidden)', () => {
  it('neither moves focus nor closes', async () => {
    const details = shellPage('display: none');
    act(() => mount('ShellMenu', ShellMenu));
    expect(folded(details)).toBe(false);
    const link = details.querySelector<HTMLElement>('[aria-current]')!;
    link.focus();
    details.open = true;
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).toBe(link);
    const e = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    link.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(false);
    expect(details.open).toBe(true);
    render(null, document.querySelector('[data-island]')!);
  });
});

describe('leaveSearch (clearing the search box)', () => {
  const win = (path: string, length: number) => {
    const back = vi.fn();
    const assign = vi.fn();
    return { w: { history: { length, back } as unknown as History, location: { origin: 'https://portal.test', pathname: path, assign } as unknown as Location }, back, assign };
  };
  it.each([
    ['came from a portal page', 'https://portal.test/org/o1/accounts/1', 3, 'back'],
    ['came from elsewhere', 'https://evil.test/', 3, 'home'],
    ['opened directly', '', 1, 'home'],
    ['came from the same search page', 'https://portal.test/org/o1/search', 2, 'home'],
  ])('%s', (_name, referrer, length, want) => {
    const { w, back, assign } = win('/org/o1/search', length);
    leaveSearch('/org/o1', w, referrer);
    expect(back.mock.calls.length).toBe(want === 'back' ? 1 : 0);
    expect(assign.mock.calls).toEqual(want === 'home' ? [['/org/o1']] : []);
  });

  it('leaves when the box is cleared, only where it held the search shown', async () => {
    document.body.innerHTML =
      '<form role="search"><input id="q" type="search" value="PO-1"></form>' +
      '<details id="nav-menu"><summary>Menu</summary>' +
      `<div data-island="ShellMenu" data-props="island-1">${renderToString(h(ShellMenu, { menu: 'nav-menu' }))}</div>` +
      '<script type="application/json" id="island-1">{"menu":"nav-menu","search":{"input":"q","home":"/org/o1"}}</script></details>';
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, pathname: '/org/o1/search', assign });
    act(() => mount('ShellMenu', ShellMenu));
    const box = document.getElementById('q') as HTMLInputElement;
    box.value = 'PO';
    box.dispatchEvent(new Event('input'));
    expect(assign).not.toHaveBeenCalled();
    box.value = '';
    box.dispatchEvent(new Event('input'));
    expect(assign).toHaveBeenCalledWith('/org/o1');
    vi.unstubAllGlobals();
    render(null, document.querySelector('[data-island]')!);
  });
});
