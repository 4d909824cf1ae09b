import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import { violations, islandPage, hydrateUntilReady, settle } from './testing';
import DateRangePicker, { type Props } from './DateRangePicker';

const presets = [
  ['today', 'Today'], ['yesterday', 'Yesterday'], ['d7', 'Past 7 days'], ['d30', 'Past 30 days'], ['last_week', 'Last week'],
  ['last_month', 'Last month'], ['last_year', 'Last year'], ['this_week', 'This week'], ['this_month', 'This month'],
  ['this_year', 'This year'], ['custom', 'Custom range'],
].map(([type, label]) => ({ type, label }));

const props: Props = {
  type: 'd30', label: 'Past 30 days', from: '24-10-2026', to: '22-11-2026', today: '2026-11-22',
  minYear: 2000, maxYear: 2027, presets, action: '/org/o1/date_range', returnTo: '/org/o1/accounts?x=1', csrf: 'csrf-123',
};

const server = (p: Props) => renderToString(h(DateRangePicker, p));

const serverPage = (p: Props, html?: string) => islandPage('DateRangePicker', DateRangePicker, p, '<header><a href="#top" id="before">before</a>', '<a href="#top" id="after">after</a></header>', html);

describe('server markup (no JavaScript)', () => {
  it('is a working form: preset, From, To, Apply', () => {
    const d = document.createElement('div');
    d.innerHTML = server(props);
    const f = d.querySelector('form')!;
    expect([f.getAttribute('method'), f.getAttribute('action')]).toEqual(['post', '/org/o1/date_range']);
    const select = f.querySelector<HTMLSelectElement>('select[name=type]')!;
    expect([...select.options].map((o) => o.textContent)).toEqual(presets.map((p) => p.label));
    expect([...select.options].filter((o) => o.hasAttribute('selected')).map((o) => o.value)).toEqual(['d30']);
    expect(d.querySelector(`label[for=${select.id}]`)!.textContent).toBe('Date range');
    for (const [name, label] of [['from', 'From'], ['to', 'To']]) {
      const input = f.querySelector<HTMLInputElement>(`input[name=${name}]`)!;
      expect(d.querySelector(`label[for=${input.id}]`)!.textContent).toBe(label);
      expect(input.placeholder).toBe('DD-MM-YYYY');
      expect(d.querySelector('#' + input.getAttribute('aria-describedby'))!.textContent).toContain('DD-MM-YYYY');
    }
    expect(Object.fromEntries(new FormData(f))).toEqual({
      _csrf: 'csrf-123', return_to: '/org/o1/accounts?x=1', type: 'd30', from: '24-10-2026', to: '22-11-2026',
    });
    expect(f.querySelector('button[type=submit]')!.textContent).toBe('Apply');
    expect(d.querySelector('[aria-haspopup], [role=grid]')).toBeNull();
  });

  it('passes axe', async () => {
    serverPage(props);
    expect(await violations()).toEqual([]);
  });
});

describe('hydration', () => {
  it("leaves the server's markup unchanged, then enhances", async () => {
    const el = serverPage(props);
    await hydrateUntilReady(el, 'DateRangePicker', DateRangePicker);
    expect(el.querySelector('button[aria-haspopup=dialog]')).not.toBeNull();
  });

  it('swaps the summary for a button that looks the same (no layout shift)', () => {
    const el = serverPage(props);
    const summary = el.querySelector('details > summary')!;
    expect(el.querySelector('details')!.open).toBe(false);
    const face = [summary.className, summary.innerHTML];
    act(() => mount('DateRangePicker', DateRangePicker));
    const button = el.querySelector('button[aria-haspopup=dialog]')!;
    expect([button.className, button.innerHTML]).toEqual(face);
    expect(summary.textContent).toBe('Date range: Past 30 days24-10-2026 – 22-11-2026');
    expect(el.querySelector('details')).toBeNull();
    render(null, el);
  });
});

describe('enhanced picker', () => {
  let sent: Record<string, string>[];
  let el: HTMLElement;
  let button: HTMLButtonElement;
  let popover: HTMLElement;

  beforeEach(() => {
    sent = [];
    vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (this: HTMLFormElement) {
      sent.push({ action: this.getAttribute('action')!, ...(Object.fromEntries(new FormData(this)) as Record<string, string>) });
    });
    el = serverPage(props);
    act(() => mount('DateRangePicker', DateRangePicker));
    button = el.querySelector('button[aria-haspopup=dialog]')!;
    popover = document.getElementById(button.getAttribute('aria-controls')!)!;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    render(null, el);
  });

  const click = (b: Element) => act(() => (b as HTMLElement).click());
  const key = (target: Element, k: string, init: KeyboardEventInit = {}) => {
    act(() => {
      target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
    });
  };
  const preset = (label: string) => [...popover.querySelectorAll('ul button')].find((b) => b.textContent === label)!;
  // Custom range chosen, and the calendar's module (asked for when the popover opened) come.
  const custom = async () => {
    click(preset('Custom range'));
    await settle();
  };
  const day = (name: string) => popover.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
  const typeInto = (label: string, value: string) => {
    const input = [...popover.querySelectorAll('input')].find((i) => popover.querySelector(`label[for=${i.id}]`)!.textContent === label)!;
    act(() => {
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    return input;
  };

  it('shows the current range on a button that opens the presets', () => {
    expect(button.textContent).toBe('Date range: Past 30 days24-10-2026 – 22-11-2026');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(popover.hidden).toBe(true);
    click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(popover.hidden).toBe(false);
    expect(popover.getAttribute('role')).toBe('dialog');
    expect(document.activeElement).toBe(preset('Past 30 days'));
    expect(preset('Past 30 days').getAttribute('aria-pressed')).toBe('true');
  });

  it('posts a preset at once through the same form', () => {
    click(button);
    click(preset('Past 7 days'));
    expect(sent).toEqual([{ action: '/org/o1/date_range', _csrf: 'csrf-123', return_to: '/org/o1/accounts?x=1', type: 'd7', from: '', to: '' }]);
  });

  it('Escape closes and gives focus back to the button', () => {
    click(button);
    key(document.activeElement!, 'Escape');
    expect(popover.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('sets a custom range with two clicks in either order, and posts it', async () => {
    click(button);
    await custom();
    const grid = popover.querySelector('[role=grid]')!;
    expect(popover.textContent).toContain('November 2026');
    expect([...grid.querySelectorAll('th')].map((t) => t.getAttribute('abbr'))).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    click(day('Friday 20 November 2026'));
    const [from, to] = popover.querySelectorAll('input');
    expect([from.value, to.value]).toEqual(['20-11-2026', '']);
    click(day('Tuesday 3 November 2026'));
    expect([from.value, to.value]).toEqual(['03-11-2026', '20-11-2026']);
    expect(day('Tuesday 10 November 2026').parentElement!.getAttribute('aria-selected')).toBe('true');
    expect(day('Saturday 21 November 2026').parentElement!.getAttribute('aria-selected')).toBe('false');
    click([...popover.querySelectorAll('button')].find((b) => b.textContent!.trim() === 'Select date range')!);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'custom', from: '03-11-2026', to: '20-11-2026' });
    // axe on the open popover with the calendar.
    act(() => click(button));
    await custom();
    expect(await violations()).toEqual([]);
  });

  it('moves through the grid with the keyboard, within the allowed years', async () => {
    click(button);
    await custom();
    const focused = () => (document.activeElement as HTMLElement).getAttribute('aria-label');
    day('Sunday 22 November 2026').focus();
    key(document.activeElement!, 'ArrowLeft');
    expect(focused()).toBe('Saturday 21 November 2026');
    key(document.activeElement!, 'ArrowDown');
    expect(focused()).toBe('Saturday 28 November 2026');
    key(document.activeElement!, 'Home');
    expect(focused()).toBe('Monday 23 November 2026');
    key(document.activeElement!, 'PageDown');
    expect(focused()).toBe('Wednesday 23 December 2026');
    expect(popover.textContent).toContain('December 2026');
    key(document.activeElement!, 'PageDown', { shiftKey: true });
    expect(focused()).toBe('Thursday 23 December 2027');
    key(document.activeElement!, 'PageDown');
    expect(focused()).toBe('Friday 31 December 2027'); // the last day allowed
    const next = [...popover.querySelectorAll('button')].find((b) => b.textContent === '›Next month')!;
    expect(next.disabled).toBe(true);
    // Only one day is in the tab order.
    expect(popover.querySelectorAll('[role=grid] button[tabindex="0"]')).toHaveLength(1);
    key(document.activeElement!, 'Escape');
    expect(document.activeElement).toBe(button);
  });

  it('opens on the calendar when the range is a custom one', async () => {
    render(null, el);
    el = serverPage({ ...props, type: 'custom', label: 'Custom range' });
    act(() => mount('DateRangePicker', DateRangePicker));
    button = el.querySelector('button[aria-haspopup=dialog]')!;
    popover = document.getElementById(button.getAttribute('aria-controls')!)!;
    click(button);
    expect(document.activeElement).toBe(preset('Custom range'));
    await settle();
    expect(popover.querySelector('[role=grid]')).not.toBeNull();
    expect([...popover.querySelectorAll('input')].map((i) => i.value)).toEqual(['24-10-2026', '22-11-2026']);
    expect(document.activeElement).toBe(preset('Custom range'));
  });

  it('checks typed dates before posting, with the errors beside the inputs', async () => {
    click(button);
    await custom();
    const from = typeInto('From', '3102x2026');
    expect(from.value).toBe('31-02-2026'); // masked
    typeInto('To', '');
    click([...popover.querySelectorAll('button')].find((b) => b.textContent!.trim() === 'Select date range')!);
    expect(sent).toEqual([]);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(from.getAttribute('aria-describedby')!)!.textContent).toBe('Error: This date does not exist');
    const to = popover.querySelectorAll('input')[1];
    expect(document.getElementById(to.getAttribute('aria-describedby')!)!.textContent).toBe('Error: A range needs both a from and a to date');
    expect(document.activeElement).toBe(from);
    typeInto('From', '01-11-2026');
    typeInto('To', '05-11-2026');
    click([...popover.querySelectorAll('button')].find((b) => b.textContent!.trim() === 'Select date range')!);
    expect(sent[0]).toMatchObject({ type: 'custom', from: '01-11-2026', to: '05-11-2026' });
  });
});

describe('when the calendar cannot come', () => {
  afterEach(() => {
    vi.doUnmock('./lib/DateRangeCalendar');
    vi.restoreAllMocks();
  });

  it("gives the server's form back, open at Custom range, on choosing it", async () => {
    vi.doMock('./lib/DateRangeCalendar', () => {
      throw new Error('offline');
    });
    const el = serverPage(props);
    act(() => mount('DateRangePicker', DateRangePicker));
    const button = el.querySelector<HTMLButtonElement>('button[aria-haspopup=dialog]')!;
    act(() => button.click());
    await settle();
    // The presets still work without it.
    expect(el.querySelector('details')).toBeNull();
    const custom = [...el.querySelectorAll('ul button')].find((b) => b.textContent === 'Custom range')!;
    act(() => (custom as HTMLElement).click());
    await settle();
    const details = el.querySelector('details')!;
    expect(details.open).toBe(true);
    expect(el.querySelector<HTMLSelectElement>('select[name=type]')!.value).toBe('custom');
    expect(document.activeElement).toBe(el.querySelector('input[name=from]'));
    expect(el.querySelector('form')!.getAttribute('action')).toBe('/org/o1/date_range');
    render(null, el);
  });
});
