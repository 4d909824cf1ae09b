/** @jsxRuntime automatic @jsxImportSource preact */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import IdleWarning, { clock, phaseAt, type Props } from './IdleWarning';
import { SESSION_ACTIVE } from './lib/sessionBus';
import { violations } from './testing';

const props: Props = { endsIn: 120, idle: 100, kept: 110, absoluteIn: 10_000, warn: 60, login: '/login?expired=1&redirect_url=%2Forg%2Fo1', csrf: 'tok' };

let fetchCalls: { url: string; method: string; headers: Record<string, string> }[];
let answer: number;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<button id="work">Working here</button><div id="root"></div>';
  fetchCalls = [];
  answer = 204;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    fetchCalls.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) } });
    return new Response(null, { status: answer });
  });
});
afterEach(() => {
  act(() => render(null, document.getElementById('root')!));
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function mount(p: Props = props) {
  (document.getElementById('work') as HTMLButtonElement).focus();
  act(() => render(<IdleWarning {...p} />, document.getElementById('root')!));
}

const seconds = (n: number) => act(() => void vi.advanceTimersByTime(n * 1000));
const warning = () => document.getElementById('idle-warning') as HTMLDialogElement;
const isOpen = () => warning()?.hasAttribute('open') ?? false;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)!;
// axe waits on timers of its own: run it on the real clock.
async function axeClean() {
  vi.useRealTimers();
  expect(await violations()).toEqual([]);
  vi.useFakeTimers();
}

const live = () => warning().querySelector('[aria-live]')!.textContent;

describe('timing', () => {
  it('phases and the clock', () => {
    expect(phaseAt(0, 120_000, 60_000)).toBe('active');
    expect(phaseAt(60_000, 120_000, 60_000)).toBe('warning');
    expect(phaseAt(120_000, 120_000, 60_000)).toBe('expired');
    expect(clock(61)).toBe('1:01');
    expect(clock(9.2)).toBe('0:10');
    expect(clock(-3)).toBe('0:00');
  });

  it('renders nothing on the server, then a closed alert dialog: nothing in the flow, nothing to shift', () => {
    expect(renderToString(<IdleWarning {...props} />)).toBe('');
    mount();
    expect(warning().getAttribute('role')).toBe('alertdialog');
    expect(isOpen()).toBe(false);
  });
});

describe('the warning', { timeout: 30_000 }, () => {
  it('opens 60 seconds before the end, announced, with focus in it', async () => {
    mount();
    seconds(59);
    expect(isOpen()).toBe(false);
    seconds(1);
    expect(isOpen()).toBe(true);
    const d = warning();
    expect(d.getAttribute('role')).toBe('alertdialog');
    expect(document.getElementById(d.getAttribute('aria-labelledby')!)!.textContent).toBe('Your login is about to expire');
    expect(document.getElementById(d.getAttribute('aria-describedby')!)!.textContent).toContain('logged out in 1 minute');
    expect(document.activeElement).toBe(button('Stay logged in'));
    expect(d.querySelector('[role=timer]')!.textContent).toBe('1:00');
    expect(live()).toBe('');
    await axeClean();
  });

  it('counts down visibly, and is read out again only at 30 seconds', () => {
    mount();
    seconds(61);
    expect(warning().querySelector('[role=timer]')!.textContent).toBe('0:59');
    seconds(28);
    expect(live()).toBe('');
    seconds(1);
    expect(live()).toBe('30 seconds left before you are logged out.');
    seconds(5);
    expect(live()).toBe('30 seconds left before you are logged out.');
    expect(warning().querySelector('[role=timer]')!.textContent).toBe('0:25');
  });

  it('"Stay logged in" refreshes the session with the CSRF header, closes, returns focus and starts over', async () => {
    mount();
    seconds(61);
    await act(async () => {
      button('Stay logged in').click();
      await vi.dynamicImportSettled(); // the API client's module (lib/lazy)
    });
    expect(fetchCalls.map((c) => c.method + ' ' + c.url)).toEqual(['POST /api/v1/authentication/token/refresh']);
    expect(fetchCalls[0].headers['X-CSRF-Token']).toBe('tok');
    expect(isOpen()).toBe(false);
    expect(document.activeElement?.id).toBe('work');
    seconds(49); // kept 110 - warn 60
    expect(isOpen()).toBe(false);
    seconds(1);
    expect(isOpen()).toBe(true);
  });

  it('Escape stays logged in too (the user is there)', async () => {
    mount();
    seconds(61);
    await act(async () => {
      warning().dispatchEvent(new Event('cancel', { cancelable: true }));
      await vi.dynamicImportSettled();
    });
    expect(fetchCalls.length).toBe(1);
    expect(isOpen()).toBe(false);
  });

  it('an island call that succeeded restarts the countdown', () => {
    mount();
    seconds(70);
    expect(isOpen()).toBe(true);
    act(() => void window.dispatchEvent(new CustomEvent(SESSION_ACTIVE)));
    expect(isOpen()).toBe(false);
    seconds(39);
    expect(isOpen()).toBe(false);
  });

  it('"Log out" is the logout form with the CSRF token', () => {
    mount();
    seconds(61);
    const form = button('Log out').closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/logout');
    expect((form.querySelector('input[name=_csrf]') as HTMLInputElement).value).toBe('tok');
  });
});

describe('when time runs out', { timeout: 30_000 }, () => {
  it('ends the session on the server and says "Your login expired", linking to log in again', async () => {
    mount();
    await act(async () => void vi.advanceTimersByTime(120_000));
    await act(() => vi.dynamicImportSettled()); // the API client's module, asked for by the effect (lib/lazy)
    expect(fetchCalls.map((c) => c.method + ' ' + c.url)).toEqual(['DELETE /api/v1/authentication/token']);
    const d = document.getElementById('login-expired') as HTMLDialogElement;
    expect(d.hasAttribute('open')).toBe(true);
    expect(d.getAttribute('role')).toBe('alertdialog');
    expect(document.getElementById('login-expired-title')!.textContent).toBe('Your login expired');
    expect(d.textContent).toContain('Please log in again.');
    const link = [...d.querySelectorAll('a')].find((a) => a.textContent === 'Log in again')!;
    expect(link.getAttribute('href')).toBe(props.login);
    expect(document.activeElement).toBe(link);
    await axeClean();
    // Later activity does not bring the countdown back.
    act(() => void window.dispatchEvent(new CustomEvent(SESSION_ACTIVE)));
    expect(document.getElementById('login-expired')!.hasAttribute('open')).toBe(true);
  });

  it('a refresh the server refuses means the login expired', async () => {
    answer = 401;
    mount();
    seconds(61);
    await act(async () => {
      button('Stay logged in').click();
      await vi.dynamicImportSettled();
    });
    await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
    expect(document.getElementById('login-expired')!.hasAttribute('open')).toBe(true);
  });

  it('never outlasts the absolute end, whatever the activity', () => {
    mount({ ...props, absoluteIn: 90 });
    seconds(30);
    expect(isOpen()).toBe(true);
    act(() => void window.dispatchEvent(new CustomEvent(SESSION_ACTIVE)));
    expect(isOpen()).toBe(true);
  });
});
