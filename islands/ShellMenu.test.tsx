import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import ShellMenu, { folded } from './ShellMenu';

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
