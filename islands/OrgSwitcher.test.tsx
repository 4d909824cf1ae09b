import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { h, render, type ComponentType } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import { describeVectors, violations, islandPage, hydrateUnchanged } from './testing';
import OrgSwitcher, { type Props } from './OrgSwitcher';

const props: Props = {
  orgs: [
    { id: 'org-atlantic', name: 'Atlantic Freight Ltd' },
    { id: 'org-atlas', name: 'Atlas Holdings' },
    { id: 'org-baltic', name: 'Baltic Shipping' },
    { id: 'org-celtic', name: 'Celtic Sea Traders' },
    { id: 'org-nordic', name: 'Nordic Trading ApS', current: true },
  ],
  current: { id: 'org-nordic', name: 'Nordic Trading ApS' },
  csrf: 'csrf-token-123',
  user: { name: 'Ada Admin', email: 'ada@example.com' },
  role: 'Admin',
};

const server = (p: Props) => renderToString(h(OrgSwitcher, p));

// The page as island.js writes it: the island's markup inside its marker,
// its props beside it as JSON, and something focusable on either side.
const serverPage = (p: Props, html?: string) => islandPage('OrgSwitcher', OrgSwitcher, p, '<main><a href="#top" id="before">before</a>', '<a href="#top" id="after">after</a></main>', html);

// The selected option is a property in a client render and an attribute in
// the server's HTML; compare what the user gets (which option is selected).
function normalized(el: Element): string {
  const c = el.cloneNode(true) as Element;
  const src = el.querySelectorAll('option');
  c.querySelectorAll('option').forEach((o, i) => o.toggleAttribute('selected', src[i].selected));
  return c.innerHTML;
}

describe('server markup (no JavaScript)', () => {
  const box = () => {
    const d = document.createElement('div');
    d.innerHTML = server(props);
    return d;
  };

  it('is a working switch form', () => {
    const d = box();
    const forms = d.querySelectorAll('form');
    expect(forms).toHaveLength(2);
    const f = forms[0];
    expect(f.getAttribute('method')).toBe('post');
    expect(f.getAttribute('action')).toBe('/organisations/switch');
    expect(f.querySelector<HTMLInputElement>('input[type=hidden][name=_csrf]')!.value).toBe('csrf-token-123');
    const select = f.querySelector<HTMLSelectElement>('select[name=organisation_id]')!;
    expect(select.id).toBe('organisation_id');
    expect(f.querySelector('label[for=organisation_id]')!.textContent).toBe('Organisation');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual(props.orgs.map((o) => [o.id, o.name]));
    expect([...select.options].filter((o) => o.hasAttribute('selected')).map((o) => o.value)).toEqual(['org-nordic']);
    expect(select.value).toBe('org-nordic');
    const submit = f.querySelector('button')!;
    expect([submit.type, submit.textContent]).toEqual(['submit', 'Switch']);
    expect(Object.fromEntries(new FormData(f))).toEqual({ _csrf: 'csrf-token-123', organisation_id: 'org-nordic' });
  });

  it('folds into a disclosure: the current organisation, then the forms, user and role, API Reference and Log out', () => {
    const d = box();
    // Compact in the top bar: a closed <details> whose summary names the
    // current organisation; everything else is inside it.
    const details = d.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Organisation: Nordic Trading ApS');
    expect(details.querySelectorAll('form').length).toBe(2);
    expect(d.querySelector('p')!.textContent).toBe('Ada Admin · Admin');
    const docs = d.querySelector('a')!;
    expect([docs.getAttribute('href'), docs.textContent]).toEqual(['/docs', 'API Reference']);
    const out = d.querySelectorAll('form')[1];
    expect(out.getAttribute('method')).toBe('post');
    expect(out.getAttribute('action')).toBe('/logout');
    expect(Object.fromEntries(new FormData(out))).toEqual({ _csrf: 'csrf-token-123' });
    expect(out.querySelector('button')!.textContent).toBe('Log out');
    // Nothing of the enhanced menu before JavaScript runs.
    expect(d.querySelector('[aria-haspopup], [role=listbox]')).toBeNull();
  });

  it('passes axe', async () => {
    serverPage(props);
    expect(await violations()).toEqual([]);
  });
});

// Shared vectors: the exact server markup, also for the Go side (goja).
describeVectors(join(dirname(fileURLToPath(import.meta.url)), '../testdata/islands/OrgSwitcher.json'), OrgSwitcher, serverPage, normalized);

describe('hydration', () => {
  it("leaves the server's markup unchanged, then marks the island ready once enhanced", async () => {
    const el = serverPage(props);
    const before = el.innerHTML;
    let enhancedWhenReady: boolean | undefined;
    new MutationObserver(() => {
      enhancedWhenReady ??= el.querySelector('button[aria-haspopup]') !== null;
    }).observe(el, { attributeFilter: ['data-ready'] });
    // Real scheduling here (no act): effects run after the next frame.
    mount('OrgSwitcher', OrgSwitcher);
    expect(el.innerHTML).toBe(before);
    expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
    expect(el.hasAttribute('data-ready')).toBe(false);
    await vi.waitFor(() => expect(el.hasAttribute('data-ready')).toBe(true));
    expect(enhancedWhenReady).toBe(true);
    expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
  });

  it('compares right after hydrate(), before effects', async () => {
    const el = serverPage(props);
    hydrateUnchanged(el, 'OrgSwitcher', OrgSwitcher);
    // act() has flushed the effects: the island is enhanced, and that is
    // not a mismatch.
    expect(el.querySelector('button[aria-haspopup]')).not.toBeNull();
    await vi.waitFor(() => expect(el.hasAttribute('data-ready')).toBe(true));
  });

  it("equals preact's client render of the initial state", () => {
    const el = serverPage(props);
    const d = document.createElement('div');
    act(() => {
      render(h(OrgSwitcher, props), d);
      expect(normalized(d)).toBe(normalized(el));
    });
    render(null, d);
  });

  it('flags a mismatch', () => {
    const el = serverPage(props, '<p>server</p>');
    const Other: ComponentType = () => h('p', null, 'client');
    act(() => mount('OrgSwitcher', Other));
    expect(el.hasAttribute('data-hydration-mismatch')).toBe(true);
  });

  it('swaps the summary for a button that looks the same (no layout shift)', () => {
    const el = serverPage(props);
    const summary = el.querySelector('details > summary')!;
    // The summary's sr-only "Organisation: " is the button's aria-labelledby.
    const face = [summary.className, summary.innerHTML.replace('<span class="sr-only">Organisation: </span>', '')];
    act(() => mount('OrgSwitcher', OrgSwitcher));
    const button = el.querySelector('button[aria-haspopup=listbox]')!;
    expect([button.className, button.innerHTML]).toEqual(face);
    expect(el.querySelector('details')).toBeNull();
    render(null, el);
  });

  it('keeps focus in the switcher when it enhances', () => {
    const el = serverPage(props);
    act(() => {
      mount('OrgSwitcher', OrgSwitcher);
      el.querySelector('select')!.focus();
    });
    expect(document.activeElement).toBe(el.querySelector('button[aria-haspopup]'));
  });
});

describe('enhanced menu', () => {
  let sent: Record<string, string>[];
  let el: HTMLElement;
  let button: HTMLButtonElement;
  let list: HTMLElement;
  let popup: HTMLElement;

  beforeEach(() => {
    sent = [];
    vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (this: HTMLFormElement) {
      sent.push({
        method: this.getAttribute('method')!,
        action: this.getAttribute('action')!,
        ...(Object.fromEntries(new FormData(this)) as Record<string, string>),
      });
    });
    el = serverPage(props);
    act(() => mount('OrgSwitcher', OrgSwitcher)); // hydrate, then flush the effects
    button = el.querySelector('button[aria-haspopup="listbox"]')!;
    list = el.querySelector('[role=listbox]')!;
    popup = list.parentElement!;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    render(null, el);
  });

  const key = (target: Element, k: string, init: KeyboardEventInit = {}) => {
    let ev!: KeyboardEvent;
    act(() => {
      ev = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init });
      target.dispatchEvent(ev);
    });
    return ev;
  };
  const type = (text: string) => [...text].forEach((c) => key(list, c));
  const isOpen = () => button.getAttribute('aria-expanded') === 'true' && !popup.hidden;
  const activeName = () => document.getElementById(list.getAttribute('aria-activedescendant')!)!.textContent;

  it('replaces the select with a labelled button and a closed listbox', () => {
    expect(el.querySelector('select')).toBeNull();
    expect(button.textContent).toBe('Nordic Trading ApS');
    expect(button.getAttribute('aria-controls')).toBe(list.id);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const label = button.getAttribute('aria-labelledby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
    expect(label).toEqual(['Organisation', 'Nordic Trading ApS']);
    expect(popup.hidden).toBe(true);
    expect(list.className).toContain('max-h-[400px]');
    expect(list.className).toContain('overflow-auto');
    const options = [...list.querySelectorAll('[role=option]')];
    expect(options.map((o) => o.textContent)).toEqual(props.orgs.map((o) => o.name));
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'false', 'false', 'false', 'true']);
    expect(popup.querySelector('p')!.textContent).toBe('Ada Admin · Admin');
    // The switch form is still there, hidden, with the CSRF token.
    const f = el.querySelector<HTMLFormElement>('form[action="/organisations/switch"]')!;
    expect(f.hidden).toBe(true);
    expect(Object.fromEntries(new FormData(f))).toEqual({ _csrf: 'csrf-token-123', organisation_id: 'org-nordic' });
  });

  it('opens with Enter on the current organisation and moves with the arrows, Home and End', () => {
    button.focus();
    const ev = key(button, 'Enter');
    expect(ev.defaultPrevented).toBe(true); // no click to toggle it shut again
    expect(isOpen()).toBe(true);
    expect(document.activeElement).toBe(list);
    expect(activeName()).toBe('Nordic Trading ApS');
    key(list, 'ArrowDown'); // clamps at the end
    expect(activeName()).toBe('Nordic Trading ApS');
    key(list, 'ArrowUp');
    expect(activeName()).toBe('Celtic Sea Traders');
    key(list, 'Home');
    expect(activeName()).toBe('Atlantic Freight Ltd');
    key(list, 'ArrowUp'); // clamps at the start
    expect(activeName()).toBe('Atlantic Freight Ltd');
    key(list, 'ArrowDown');
    expect(activeName()).toBe('Atlas Holdings');
    key(list, 'End');
    expect(activeName()).toBe('Nordic Trading ApS');
    // The active option is marked by more than colour (an outline).
    expect(document.getElementById(list.getAttribute('aria-activedescendant')!)!.className).toContain('outline-2');
    expect(document.activeElement).toBe(list);
  });

  it('opens with ArrowDown and Space too', () => {
    key(button, 'ArrowDown');
    expect(isOpen()).toBe(true);
    key(list, 'Escape');
    key(button, ' ');
    expect(isOpen()).toBe(true);
  });

  it('finds organisations by typing, and Escape returns focus to the button', () => {
    key(button, 'ArrowDown');
    type('at');
    expect(activeName()).toBe('Atlantic Freight Ltd');
    type('las');
    expect(activeName()).toBe('Atlas Holdings');
    const ev = key(list, 'Escape');
    expect(ev.defaultPrevented).toBe(true);
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(sent).toEqual([]);
  });

  it('starts a new search after 500 ms', () => {
    const now = vi.spyOn(Date, 'now');
    key(button, 'ArrowDown');
    now.mockReturnValue(10_000);
    type('c');
    expect(activeName()).toBe('Celtic Sea Traders');
    now.mockReturnValue(10_501);
    type('b');
    expect(activeName()).toBe('Baltic Shipping');
    now.mockReturnValue(10_900);
    type('a'); // "ba" still matches Baltic
    expect(activeName()).toBe('Baltic Shipping');
  });

  it('starts a new search when reopened or after another key', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000); // all within 500 ms
    key(button, 'Enter');
    type('at');
    key(list, 'Escape');
    key(button, 'Enter');
    type('b');
    expect(activeName()).toBe('Baltic Shipping');
    key(list, 'ArrowDown');
    type('a');
    expect(activeName()).toBe('Atlantic Freight Ltd');
  });

  it('submits the switch form with Enter on another organisation', () => {
    key(button, 'Enter');
    type('at');
    key(list, 'Enter');
    expect(sent).toEqual([{ method: 'post', action: '/organisations/switch', _csrf: 'csrf-token-123', organisation_id: 'org-atlantic' }]);
    expect(isOpen()).toBe(false);
  });

  it('submits with Space, unless Space is part of a typed name', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000);
    key(button, 'Enter');
    type('celtic s');
    expect(activeName()).toBe('Celtic Sea Traders');
    expect(sent).toEqual([]);
    now.mockReturnValue(2_000);
    key(list, ' ');
    expect(sent.map((s) => s.organisation_id)).toEqual(['org-celtic']);
  });

  it('just closes when the current organisation is chosen', () => {
    key(button, 'Enter');
    key(list, 'Enter');
    expect(sent).toEqual([]);
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('works with a pointer: toggle, choose, click outside', () => {
    act(() => button.click());
    expect(isOpen()).toBe(true);
    expect(document.activeElement).toBe(list);
    act(() => button.click());
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(button);

    act(() => button.click());
    act(() => {
      document.getElementById('after')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(isOpen()).toBe(false);

    act(() => button.click());
    act(() => list.querySelectorAll<HTMLElement>('[role=option]')[2].click());
    expect(sent.map((s) => s.organisation_id)).toEqual(['org-baltic']);
  });

  it('lets Tab reach API Reference and Log out, and closes when focus leaves', () => {
    key(button, 'Enter');
    const docs = popup.querySelector<HTMLAnchorElement>('a[href="/docs"]')!;
    const logout = popup.querySelector<HTMLButtonElement>('form[action="/logout"] button')!;
    expect(docs.textContent).toBe('API Reference');
    expect(logout.textContent).toBe('Log out');
    expect(Object.fromEntries(new FormData(logout.form!))).toEqual({ _csrf: 'csrf-token-123' });
    expect(key(list, 'Tab').defaultPrevented).toBe(false); // the browser moves focus
    act(() => docs.focus());
    expect(isOpen()).toBe(true);
    act(() => logout.focus());
    expect(isOpen()).toBe(true);
    key(logout, 'Escape');
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(button);

    key(button, 'Enter');
    act(() => document.getElementById('after')!.focus()); // Tab past Log out
    expect(isOpen()).toBe(false);
    key(button, 'Enter');
    act(() => button.focus()); // Shift+Tab from the listbox
    expect(isOpen()).toBe(false);
  });

  it('passes axe closed and open', async () => {
    expect(await violations()).toEqual([]);
    key(button, 'Enter');
    key(list, 'ArrowUp');
    expect(await violations()).toEqual([]);
  });
});

