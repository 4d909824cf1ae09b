// What a screen reader says on the login page and the MFA verify page
// (authenticator), fresh and with errors: a transcript from
// @guidepup/virtual-screen-reader, walked with next() from the top as a
// screen reader user reading the page would.
//
// The pages are the real components (templates/pages), rendered with
// preact-render-to-string: the server's Go-native factory gives the same
// bytes (parity tests in ssr/), and server/render.go only wraps them in
// <body>. Props are what the handlers send (server/auth/login.go,
// server/auth/mfa_verify.go). The browser flows (e2e/*.mjs) check the same pages
// with axe-core; this checks what is spoken, and in which order.
//
// Known limits of the virtual screen reader, not of the pages: a password
// input has no ARIA role, so it is announced by its name and description
// only, without "required" or "invalid" (real screen readers add them); and
// jsdom does not apply autofocus, so the tests move focus to the [autofocus]
// element as the browser does on load.
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';

import Login from '../../templates/pages/auth/Login';
import { clearPage, expectInOrder, expectNoErrors, readHTML } from './speech';
import MfaVerify from '../../templates/pages/auth/MfaVerify';

vi.mock('../../ssr/runtime/island.js', () => import('./islands'));

type Log = string[];

/** Reads the page from the top to "end of document"; focuses [autofocus] first, as a browser does. */
async function transcript(html: string, { autofocus = false } = {}): Promise<Log> {
  if (autofocus) expect(html, 'an element with autofocus').toContain('autofocus');
  return readHTML(html, { autofocus });
}

afterEach(() => {
  clearPage();
});

const SANDBOX = "You're in a non-production environment. Any changes made here won't impact your live data.";

// ── Login ────────────────────────────────────────────────────────────────

type LoginProps = Parameters<typeof Login>[0];
const login = (p: Partial<LoginProps> = {}) =>
  renderToString(h(Login, { sandbox: true, csrf: 'csrf-token', email: '', errors: {}, ...p }));

describe('login page, as a screen reader says it', () => {
  it('fresh: skip link, banner, heading, the labelled fields, the button and the link', async () => {
    const log = await transcript(login());
    expectInOrder(log, [
      'document',
      'link, Skip to content',
      'banner',
      SANDBOX,
      'end of banner',
      'main',
      'heading, Log in, level 1',
      'form',
      'textbox, Email, required',
      'Password',
      'button, Log in',
      'link, Forgot Password?',
      'end of form',
      'end of main',
      'end of document',
    ]);
    expectNoErrors(log);
  });

  it('with errors: focus lands on the summary, which links each error; each field says its error', async () => {
    const log = await transcript(
      login({ errors: { email: 'Email is required', password: 'Password is required' } }),
      { autofocus: true },
    );
    // The summary takes focus on load, so it is what is heard first.
    expect(log.slice(0, 3)).toEqual(['document', 'alert, There is a problem', 'heading, There is a problem, level 2']);
    expectInOrder(log, [
      'alert, There is a problem',
      'list',
      'link, Email is required',
      'link, Password is required',
      'end of list',
      'end of alert, There is a problem',
      'form',
      'textbox, Email, Error: Email is required, invalid, required',
      'Password, Error: Password is required',
      'button, Log in',
      'end of document',
    ]);
    // The summary's links lead to the fields they name.
    const links = [...document.querySelectorAll('[role=alert] a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['#email', '#password']);
    for (const href of links) expect(document.querySelector(href!)?.tagName).toBe('INPUT');
  });

  it('an invalid email: the error is the field\'s description, the typed address is kept', async () => {
    const log = await transcript(login({ email: 'not-an-email', errors: { email: 'Must be a valid email' } }), { autofocus: true });
    expectInOrder(log, [
      'alert, There is a problem',
      'link, Must be a valid email',
      'end of alert, There is a problem',
      'textbox, Email, not-an-email, Error: Must be a valid email, invalid, required',
      'Password',
      'button, Log in',
    ]);
    expect(log.some((p) => p.includes('Password is required'))).toBe(false);
  });

  it('after an expired session, with wrong credentials: the notice (status) and the alert are read before the form', async () => {
    const log = await transcript(login({
      email: 'admin@demo.example',
      base: 'Incorrect email or password.',
      notice: { kind: 'warning', title: 'Your login expired', text: 'Please log in again.' },
      redirectUrl: '/org/x/search?q=ABC-123',
    }));
    expectInOrder(log, [
      'heading, Log in, level 1',
      'status',
      'Your login expired',
      'Please log in again.',
      'end of status',
      'alert',
      'Incorrect email or password.',
      'end of alert',
      'form',
      'textbox, Email, admin@demo.example, required',
      'button, Log in',
    ]);
  });
});

// ── MFA verify: authenticator ────────────────────────────────────────────

type VerifyProps = Parameters<typeof MfaVerify>[0];
const verify = (p: Partial<VerifyProps> = {}) =>
  renderToString(h(MfaVerify, {
    sandbox: true, csrf: 'csrf-token', method: 'authenticator', methods: ['authenticator'], action: '/mfa-verify/totp',
    errors: {}, flashes: [], outbox: '/sandbox/outbox', ...p,
  }));

const CODE_HINT = '6 digits, with or without a space: 123 456.';

describe('MFA verify page (authenticator), as a screen reader says it', () => {
  it('fresh: heading, instructions, the code field with its hint, Verify, the ways out', async () => {
    const log = await transcript(verify());
    expectInOrder(log, [
      'main',
      'heading, Enter your authentication code, level 1',
      'Open the authenticator app on your phone and enter the code it shows for the portal.',
      'form',
      `textbox, Authentication code, ${CODE_HINT}`,
      'button, Verify',
      'end of form',
      'link, Go back',
      'link, Open the sandbox outbox',
      'button, Log out',
      'end of main',
    ]);
    expectNoErrors(log);
  });

  it('with the error: focus on the summary and its link; the field says hint, error and invalid', async () => {
    const log = await transcript(verify({ errors: { code: 'Please input your code' } }), { autofocus: true });
    expect(log.slice(0, 2)).toEqual(['document', 'alert, There is a problem']);
    expectInOrder(log, [
      'alert, There is a problem',
      'heading, There is a problem, level 2',
      'link, Please input your code',
      'end of alert, There is a problem',
      'form',
      `textbox, Authentication code, ${CODE_HINT} Error: Please input your code, invalid`,
      'button, Verify',
      'link, Go back',
    ]);
    expect(document.querySelector('[role=alert] a')?.getAttribute('href')).toBe('#code');
  });

  it('a replayed code, with the attempts note: the server\'s words on the field, the note in reading order', async () => {
    const replayed = 'This code has already been used. Please wait for the next code.';
    const note = '2 attempts left. After 5 wrong codes, two-factor sign-in is locked for 15 minutes.';
    const log = await transcript(verify({ errors: { code: replayed }, note }), { autofocus: true });
    expectInOrder(log, [
      'alert, There is a problem',
      `link, ${replayed}`,
      'end of alert, There is a problem',
      `textbox, Authentication code, ${CODE_HINT} Error: ${replayed}, invalid`,
    ]);
    // Read from the top, the note comes before the summary and the form.
    const top = await transcript(verify({ errors: { code: replayed }, note }));
    expectInOrder(top, ['heading, Enter your authentication code, level 1', note, 'alert, There is a problem', 'form']);
  });
});
