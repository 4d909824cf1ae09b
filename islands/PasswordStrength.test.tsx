import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import { blur, clearPage, describeVectors, violations, islandPage, typeInto, hydrateUntilReady } from './testing';
import PasswordStrength, { type Props } from './PasswordStrength';

const props: Props = { errors: {}, submit: 'Reset password' };
const withErrors: Props = {
  errors: { password: 'Password is not valid', password_confirmation: 'Passwords must match' },
  submit: 'Reset password',
};

// The page as the server writes it: the island inside its form, its props
// beside it as JSON.
const serverPage = (p: Props, html?: string) =>
  islandPage('PasswordStrength', PasswordStrength, p, '<main><h1>Reset password</h1><form method="post" action="/passwords/reset/t" novalidate><input type="hidden" name="_csrf" value="c">', '</form></main>', html);

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const pw = () => $<HTMLInputElement>('#password');
const confirm = () => $<HTMLInputElement>('#password_confirmation');
const submit = () => $<HTMLButtonElement>('button[type=submit]');
const ruleTexts = () => [...document.querySelectorAll('#password-rules li')].map((li) => li.textContent);
const strengthText = () => $('#password-strength').textContent;
const matchText = () => $('#password-match').textContent;


afterEach(clearPage);

describe('server markup (no JavaScript)', () => {
  it('is a working form: labelled fields, the rules not met, an empty meter, an enabled submit', () => {
    serverPage(props);
    for (const [id, label] of [
      ['password', 'New password'],
      ['password_confirmation', 'Confirm new password'],
    ]) {
      const input = $<HTMLInputElement>('#' + id);
      expect([input.name, input.type, input.getAttribute('autocomplete')]).toEqual([id, 'password', 'new-password']);
      expect(input.hasAttribute('value')).toBe(false);
      expect($(`label[for=${id}]`).textContent).toBe(label);
    }
    expect(ruleTexts()).toEqual([
      '○At least 8 characters (not met)',
      '○Upper and lower case letters (not met)',
      '○At least 1 number and 1 symbol (not met)',
    ]);
    expect(pw().getAttribute('aria-describedby')).toBe('password-rules');
    expect($('#password-strength').getAttribute('role')).toBe('status');
    expect(strengthText()).toBe('');
    expect(submit().disabled).toBe(false);
    expect(submit().textContent).toBe('Reset password');
    expect(Object.fromEntries(new FormData($<HTMLFormElement>('form')))).toEqual({ _csrf: 'c', password: '', password_confirmation: '' });
  });

  it("shows the server's errors, tied to their fields", () => {
    serverPage(withErrors);
    expect($('#password-error').textContent).toBe('Error: Password is not valid');
    expect($('#password_confirmation-error').textContent).toBe('Error: Passwords must match');
    expect(pw().getAttribute('aria-invalid')).toBe('true');
    expect(pw().getAttribute('aria-describedby')).toBe('password-rules password-error');
    expect(confirm().getAttribute('aria-describedby')).toBe('password_confirmation-error password-match');
  });

  it('passes axe', async () => {
    serverPage(withErrors);
    expect(await violations()).toEqual([]);
  });
});

// Shared vectors: the exact server markup, also for the Go side (goja, in
// server/islands_vectors_test.go).
describeVectors(join(dirname(fileURLToPath(import.meta.url)), '../testdata/islands/PasswordStrength.json'), PasswordStrength, serverPage);

describe('hydration', () => {
  it("leaves the server's markup unchanged, then marks the island ready once enhanced", async () => {
    const el = serverPage(withErrors);
    await hydrateUntilReady(el, 'PasswordStrength', PasswordStrength);
    expect(submit().disabled).toBe(true); // enhanced: both fields empty
    expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
  });

  it("equals preact's client render of the initial state", () => {
    const el = serverPage(withErrors);
    const d = document.createElement('div');
    act(() => {
      render(h(PasswordStrength, withErrors), d);
      expect(d.innerHTML).toBe(el.innerHTML);
    });
    render(null, d);
  });

  it('counts what was typed or autofilled before the script ran', () => {
    serverPage(props);
    pw().value = 'Abcdef1!';
    confirm().value = 'Abcdef1!';
    act(() => mount('PasswordStrength', PasswordStrength));
    expect(strengthText()).toBe('Password strength: Strong');
    expect(matchText()).toBe('✓ Passwords match');
    expect(submit().disabled).toBe(false);
  });
});

describe('enhanced', () => {
  const start = (p: Props = props) => {
    const el = serverPage(p);
    act(() => mount('PasswordStrength', PasswordStrength));
    return el;
  };

  it('updates the rules and the meter as the user types: 1 Weak, 2 Average, 3 Strong', () => {
    start();
    typeInto(pw(), 'abc');
    expect(strengthText()).toBe('Password strength: Weak');
    expect(ruleTexts().map((t) => t!.endsWith('(met)'))).toEqual([false, false, false]);
    typeInto(pw(), 'abcdefgh');
    expect(strengthText()).toBe('Password strength: Weak');
    expect(ruleTexts()[0]).toBe('✓At least 8 characters (met)');
    typeInto(pw(), 'Abcdefgh');
    expect(strengthText()).toBe('Password strength: Average');
    typeInto(pw(), 'Abcdefg1!');
    expect(strengthText()).toBe('Password strength: Strong');
    expect(ruleTexts()).toEqual([
      '✓At least 8 characters (met)',
      '✓Upper and lower case letters (met)',
      '✓At least 1 number and 1 symbol (met)',
    ]);
    typeInto(pw(), '');
    expect(strengthText()).toBe('');
  });

  it('shows the meter by shape and text, not colour alone', () => {
    start();
    typeInto(pw(), 'Abcdefgh');
    const bars = [...document.querySelectorAll('[aria-hidden=true].flex > span')];
    expect(bars).toHaveLength(3);
    expect(bars.map((b) => b.className.includes('bg-gray-300'))).toEqual([false, false, true]);
    expect(strengthText()).toContain('Average');
  });

  it('enables the submit only when both fields are filled', () => {
    start();
    expect(submit().disabled).toBe(true);
    typeInto(pw(), 'x');
    expect(submit().disabled).toBe(true);
    typeInto(confirm(), 'y');
    expect(submit().disabled).toBe(false); // the server answers for the rules
    typeInto(pw(), '');
    expect(submit().disabled).toBe(true);
  });

  it('shows a check mark when the password is valid and the confirmation matches', () => {
    start();
    typeInto(pw(), 'Abcdef1!');
    typeInto(confirm(), 'Abcdef1!');
    expect(matchText()).toBe('✓ Passwords match');
    expect($('#password-match').getAttribute('role')).toBe('status');
    // Matching but weak: no check mark.
    typeInto(pw(), 'abc');
    typeInto(confirm(), 'abc');
    expect(matchText()).toBe('');
  });

  it('says "Passwords must match" once the confirmation is complete or left', () => {
    start();
    typeInto(pw(), 'Abcdef1!');
    typeInto(confirm(), 'Abc');
    expect(matchText()).toBe(''); // still typing
    blur(confirm());
    expect(matchText()).toBe('✗ Passwords must match');
    typeInto(confirm(), 'Abcdef1!');
    expect(matchText()).toBe('✓ Passwords match');
    typeInto(confirm(), 'Abcdef1?');
    expect(matchText()).toBe('✗ Passwords must match');
  });

  it("drops the server's error of a field once it is edited", () => {
    start(withErrors);
    typeInto(pw(), 'Abcdef1!');
    expect(document.getElementById('password-error')).toBeNull();
    expect(pw().hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById('password_confirmation-error')).not.toBeNull();
    typeInto(confirm(), 'Abcdef1?');
    blur(confirm());
    expect(document.getElementById('password_confirmation-error')).toBeNull();
    expect(matchText()).toBe('✗ Passwords must match');
  });

  it('passes axe while typing', async () => {
    start(withErrors);
    typeInto(pw(), 'Abcdef1!');
    typeInto(confirm(), 'Abcdef1!');
    expect(await violations()).toEqual([]);
  });
});

