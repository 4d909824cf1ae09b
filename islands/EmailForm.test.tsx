import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import { blur, clearPage, describeVectors, violations, islandPage, typeInto, hydrateUntilReady } from './testing';
import EmailForm, { type Props } from './EmailForm';

const props: Props = { email: '', label: 'Email', submit: 'Send reset link' };
const withError: Props = { email: 'not-an-email', error: 'Must be a valid email', label: 'Email', submit: 'Send reset link' };

const serverPage = (p: Props, html?: string) =>
  islandPage('EmailForm', EmailForm, p, '<main><h1>Forgot password</h1><form method="post" action="/passwords/forgot" novalidate><input type="hidden" name="_csrf" value="c">', '</form></main>', html);

// The value is a property in a client render and an attribute in the
// server's HTML; compare what the user gets (the field's value).
function normalized(el: Element): string {
  const c = el.cloneNode(true) as Element;
  const src = el.querySelectorAll('input');
  c.querySelectorAll('input').forEach((o, i) => {
    o.removeAttribute('value');
    o.setAttribute('value', src[i].value);
  });
  return c.innerHTML;
}

const input = () => document.querySelector<HTMLInputElement>('#email')!;
const submit = () => document.querySelector<HTMLButtonElement>('button[type=submit]')!;
const error = () => document.getElementById('email-error')?.textContent ?? '';

const type = (value: string) => typeInto(input(), value);

afterEach(clearPage);

describe('server markup (no JavaScript)', () => {
  it('is a working form with an enabled submit', () => {
    serverPage(props);
    expect(document.querySelector('label[for=email]')!.textContent).toBe('Email');
    expect([input().name, input().type, input().getAttribute('autocomplete')]).toEqual(['email', 'email', 'email']);
    expect(submit().disabled).toBe(false);
    expect(submit().textContent).toBe('Send reset link');
    expect(Object.fromEntries(new FormData(document.querySelector('form')!))).toEqual({ _csrf: 'c', email: '' });
  });

  it("keeps what was typed and shows the server's error, tied to the field", async () => {
    serverPage(withError);
    expect(input().value).toBe('not-an-email');
    expect(error()).toBe('Error: Must be a valid email');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe('email-error');
    expect(await violations()).toEqual([]);
  });
});

// Shared vectors: the exact server markup, also for the Go side (goja, in
// server/islands_vectors_test.go).
describeVectors(join(dirname(fileURLToPath(import.meta.url)), '../testdata/islands/EmailForm.json'), EmailForm, serverPage, normalized);

describe('hydration', () => {
  it("leaves the server's markup unchanged, then disables the submit until the address is valid", async () => {
    const el = serverPage(withError);
    await hydrateUntilReady(el, 'EmailForm', EmailForm);
    expect(submit().disabled).toBe(true);
  });

  it('counts what was typed before the script ran', () => {
    serverPage(props);
    input().value = 'admin@demo.example';
    act(() => mount('EmailForm', EmailForm));
    expect(input().value).toBe('admin@demo.example');
    expect(submit().disabled).toBe(false);
  });
});

describe('enhanced', () => {
  const start = (p: Props = props) => {
    serverPage(p);
    act(() => mount('EmailForm', EmailForm));
  };

  it('keeps the submit disabled until the address is valid', () => {
    start();
    expect(submit().disabled).toBe(true);
    type('admin@demo');
    expect(submit().disabled).toBe(true);
    type('admin@demo.example');
    expect(submit().disabled).toBe(false);
    expect(input().value).toBe('admin@demo.example'); // a re-render keeps what was typed
    type('  admin@demo.example ');
    expect(submit().disabled).toBe(false); // the server trims too
  });

  it('says "Must be a valid email" once focus has left the field, then follows the typing', () => {
    start();
    type('admin');
    expect(error()).toBe(''); // not while first typing
    blur(input());
    expect(error()).toBe('Error: Must be a valid email');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('email-error')!.parentElement!.getAttribute('aria-live')).toBe('polite');
    type('admin@demo.example');
    expect(error()).toBe('');
    type('');
    expect(error()).toBe('Error: Email is required');
  });

  it("replaces the server's error once the address changes", () => {
    start(withError);
    expect(error()).toBe('Error: Must be a valid email');
    type('admin@demo.example');
    expect(error()).toBe('');
    expect(input().hasAttribute('aria-invalid')).toBe(false);
  });

  it('passes axe', async () => {
    start();
    type('x');
    blur(input());
    expect(await violations()).toEqual([]);
  });
});

