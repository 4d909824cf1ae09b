/** @jsxRuntime automatic @jsxImportSource preact */
import { describe, expect, it } from 'vitest';
import { hydrate } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import VerifyCode from './VerifyCode';
import { formatCode } from './lib/code';

describe('formatCode', () => {
  it.each([
    ['', ''],
    ['12', '12'],
    ['123', '123'],
    ['1234', '123 4'],
    ['123456', '123 456'],
    ['123 456', '123 456'],
    ['12a3-45 6789', '123 456'],
  ])('%j → %j', (raw, want) => expect(formatCode(raw)).toBe(want));
});

function mount(props: Parameters<typeof VerifyCode>[0]) {
  const html = renderToString(<VerifyCode {...props} />);
  const el = document.createElement('div');
  el.innerHTML = html;
  document.body.appendChild(el);
  return { el, html };
}

function type(input: HTMLInputElement, v: string) {
  input.value = v;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('VerifyCode', () => {
  it('server markup: labelled field and an enabled Verify, so it works without JavaScript', () => {
    const { el } = mount({ id: 'code', label: 'Authentication code', hint: 'h', error: 'Please input your code', numeric: true });
    const input = el.querySelector('input')!;
    expect(el.querySelector('label')!.getAttribute('for')).toBe('code');
    expect(input.getAttribute('aria-describedby')).toBe('code-hint code-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(el.querySelector('button')!.hasAttribute('disabled')).toBe(false);
    el.remove();
  });

  it('hydrates without changing the markup, then enables Verify only from 7 characters', async () => {
    const { el, html } = mount({ id: 'code', label: 'Authentication code', numeric: true });
    await act(() => hydrate(<VerifyCode id="code" label="Authentication code" numeric />, el));
    const button = el.querySelector('button')!;
    expect(button.disabled).toBe(true);
    const input = el.querySelector('input')!;
    await act(() => type(input, '12345'));
    expect(input.value).toBe('123 45');
    expect(button.disabled).toBe(true);
    await act(() => type(input, '123456'));
    expect(input.value).toBe('123 456');
    expect(button.disabled).toBe(false);
    expect(html).not.toMatch(/<button[^>]* disabled[ >=]/);
    el.remove();
  });

  it('a code typed before the script ran counts: Verify is on at once, the code formatted', async () => {
    const { el } = mount({ id: 'code', label: 'Authentication code', numeric: true });
    el.querySelector('input')!.value = '123456';
    await act(() => hydrate(<VerifyCode id="code" label="Authentication code" numeric />, el));
    expect(el.querySelector('input')!.value).toBe('123 456');
    expect(el.querySelector('button')!.disabled).toBe(false);
    el.remove();
  });

  it('SMS codes are taken as typed and need 7 characters', async () => {
    const { el } = mount({ id: 'code', label: 'SMS code' });
    await act(() => hydrate(<VerifyCode id="code" label="SMS code" />, el));
    const input = el.querySelector('input')!;
    const button = el.querySelector('button')!;
    await act(() => type(input, '123456'));
    expect(button.disabled).toBe(true);
    await act(() => type(input, '1234567'));
    expect(input.value).toBe('1234567');
    expect(button.disabled).toBe(false);
    el.remove();
  });

  it('setup\'s "Enable MFA": off until an SMS was requested, then from 7 characters', async () => {
    const off = mount({ id: 'token', label: 'Code from the SMS', button: 'Enable MFA', off: true });
    expect(off.el.querySelector('button')!.textContent).toBe('Enable MFA');
    expect(off.el.querySelector('button')!.hasAttribute('disabled')).toBe(true);
    expect(off.el.querySelector('input')!.hasAttribute('disabled')).toBe(true);
    off.el.remove();
    const { el } = mount({ id: 'token', label: 'Code from the SMS', button: 'Enable MFA' });
    await act(() => hydrate(<VerifyCode id="token" label="Code from the SMS" button="Enable MFA" />, el));
    const button = el.querySelector('button')!;
    expect(button.disabled).toBe(true);
    await act(() => type(el.querySelector('input')!, '123456'));
    expect(button.disabled).toBe(true);
    await act(() => type(el.querySelector('input')!, '1234567'));
    expect(button.disabled).toBe(false);
    el.remove();
  });
});
