import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import Passkey, { type Props } from './Passkey';
import { creationOptions, credentialJSON, fromB64url, refusal, requestOptions, toB64url } from './lib/passkey';
import { violations, islandPage } from './testing';

const register: Props = { mode: 'register', csrf: 'tok', optionsUrl: '/p/options', finishUrl: '/p' };
const verify: Props = { mode: 'verify', csrf: 'tok', optionsUrl: '/mfa-verify/passkey/options', finishUrl: '/mfa-verify/passkey' };

const serverPage = (p: Props) => islandPage('Passkey', Passkey, p, '<main><h1>Passkeys</h1>', '</main>');

const bytes = (...b: number[]) => new Uint8Array(b).buffer;

describe('lib/passkey', () => {
  it('base64url round trips, unpadded', () => {
    const b = bytes(0xfb, 0xff, 0x00, 0x10);
    expect(toB64url(b)).toBe('-_8AEA');
    expect(new Uint8Array(fromB64url('-_8AEA'))).toEqual(new Uint8Array(b));
  });

  it('turns the server options into what navigator.credentials takes', () => {
    const c = creationOptions({ publicKey: { challenge: 'AQI', rp: { id: 'localhost', name: 'Portal' },
      user: { id: 'dXNlcg', name: 'a@b', displayName: 'A' }, excludeCredentials: [{ id: 'Aw', type: 'public-key' }] } });
    expect(new Uint8Array(c.publicKey!.challenge as ArrayBuffer)).toEqual(new Uint8Array([1, 2]));
    expect(new TextDecoder().decode(c.publicKey!.user.id as ArrayBuffer)).toBe('user');
    expect(new Uint8Array(c.publicKey!.excludeCredentials![0].id as ArrayBuffer)).toEqual(new Uint8Array([3]));
    const r = requestOptions({ publicKey: { challenge: 'AQI', rpId: 'localhost' } });
    expect(r.publicKey!.allowCredentials).toEqual([]);
    expect(r.publicKey!.rpId).toBe('localhost');
  });

  it('writes an assertion as the server reads it', () => {
    const cred = {
      id: 'AQ', rawId: bytes(1), type: 'public-key',
      response: { clientDataJSON: bytes(2), authenticatorData: bytes(3), signature: bytes(4), userHandle: bytes(5) },
      getClientExtensionResults: () => ({}),
    } as unknown as PublicKeyCredential;
    expect(credentialJSON(cred)).toEqual({ id: 'AQ', rawId: 'AQ', type: 'public-key', clientExtensionResults: {},
      response: { clientDataJSON: 'Ag', authenticatorData: 'Aw', signature: 'BA', userHandle: 'BQ' } });
  });

  it('words the browser refusals', () => {
    expect(refusal({ name: 'NotAllowedError' }, 'verify')).toMatch(/cancelled or timed out/);
    expect(refusal({ name: 'InvalidStateError' }, 'register')).toMatch(/already holds a passkey/);
    expect(refusal(new Error('x'), 'verify')).toMatch(/could not use a passkey/);
  });
});

describe('server markup (no JavaScript)', () => {
  it('says a passkey needs JavaScript and has no button', async () => {
    let el = serverPage(verify);
    expect(el.textContent).toMatch(/A passkey needs JavaScript/);
    expect(el.querySelector('button')).toBeNull();
    expect(await violations()).toEqual([]);
    el = serverPage(register);
    expect(el.textContent).toMatch(/Adding a passkey needs JavaScript/);
    expect(el.querySelector('button')).toBeNull();
  });
});

describe('after hydration', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    render(null, document.querySelector('[data-island]')!);
  });

  function hydrate(p: Props, replies: { status: number; data: any }[], create = vi.fn()) {
    const calls: { url: string; body: any; csrf: string }[] = [];
    vi.stubGlobal('PublicKeyCredential', function () {});
    vi.stubGlobal('navigator', { ...navigator, credentials: { create, get: create } });
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string), csrf: (init.headers as Record<string, string>)['X-CSRF-Token'] });
      const r = replies.shift()!;
      return Promise.resolve({ status: r.status, json: () => Promise.resolve(r.data) });
    });
    const el = serverPage(p);
    act(() => mount('Passkey', Passkey));
    // The hydrating render matched the server's markup; the controls came in the next one.
    expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
    return { el, calls };
  }

  const flush = () => act(async () => { for (let i = 0; i < 10; i++) await Promise.resolve(); });

  it('shows the server\'s error beside the name field, the field described by it', async () => {
    const { el, calls } = hydrate(register, [{ status: 422, data: { errors: { name: 'Enter a name for the passkey' } } }]);
    await flush();
    const form = el.querySelector('form')!;
    expect(el.querySelector('label')!.textContent).toBe('Passkey name');
    act(() => { form.dispatchEvent(new Event('submit', { cancelable: true })); });
    await flush();
    expect(calls).toEqual([{ url: '/p/options', body: { name: '' }, csrf: 'tok' }]);
    const input = el.querySelector('input')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('passkey-name-error');
    expect(el.querySelector('#passkey-name-error')!.textContent).toBe('Enter a name for the passkey');
    expect(await violations()).toEqual([]);
  });

  it('runs the ceremony and says why it stopped when the browser refuses', async () => {
    const create = vi.fn().mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    const { el, calls } = hydrate(verify, [{ status: 200, data: { publicKey: { challenge: 'AQI', rpId: 'localhost' } } }], create);
    await flush();
    expect(el.querySelector('button')!.textContent).toBe('Use your passkey');
    act(() => { el.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true })); });
    await flush();
    expect(calls.map((c) => c.url)).toEqual(['/mfa-verify/passkey/options']);
    expect(create).toHaveBeenCalledOnce();
    expect(el.querySelector('[role=alert]')!.textContent).toMatch(/cancelled or timed out/);
  });
});
