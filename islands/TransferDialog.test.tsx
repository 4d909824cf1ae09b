import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import { describeVectors, violations, jsonReply, fetchByUrl, islandPage, choose, clearPage, hydrateUnchanged, openLazyDialog, q, settle, typeInto, expectOnlyLink } from './testing';
import TransferDialog, { type Props } from './TransferDialog';
import { FX_NOT_SUPPORTED, FX_FAILED, FX_UNAVAILABLE, MSG_FAILED, MSG_OK, RELOAD_DELAY_MS, page } from './lib/TransferForm';

const props: Props = {
  href: '/org/o1/accounts/4520011000000015/transfer',
  orgId: 'o1',
  csrf: 'csrf-123',
  from: '4520011000000015',
  idempotencyKey: '6f1c1c9e-1111-4111-8111-111111111111',
  accounts: [
    { number: '4520011000000015', name: 'Main EUR', currency: 'EUR', decimals: 2 },
    { number: '4520011000000023', name: 'Payroll GBP', currency: 'GBP', decimals: 2 },
    { number: '4520011000000024', name: 'Reserve EUR', currency: 'EUR', decimals: 2 },
    { number: '4520011000000056', name: 'Crypto USDT', currency: 'USDT', decimals: 6 },
  ],
};

const server = (p: Props) => renderToString(h(TransferDialog, p));

const serverPage = (p: Props, html?: string) => islandPage('TransferDialog', TransferDialog, p, '<main><h1>Account Transactions</h1>', '</main>', html);

const json = jsonReply;

const api = fetchByUrl(() => ({
  exchange_rate: () => json(200, { data: { pay_currency: 'EUR', buy_currency: 'GBP', exchange_rate: '0.8521948818' } }),
  inter_account_movements: () => json(201, { data: { id: 't1' } }),
}));

afterEach(clearPage);

describe('server markup (no JavaScript)', () => {
  it('is a link to the transfer page', () => {
    expectOnlyLink(serverPage(props), props.href, 'Transfer');
  });

  it('passes axe', async () => {
    serverPage(props);
    expect(await violations()).toEqual([]);
  });
});

describeVectors(join(dirname(fileURLToPath(import.meta.url)), '../testdata/islands/TransferDialog.json'), TransferDialog, serverPage);

function hydrated(p: Props = props): HTMLElement {
  const el = serverPage(p);
  act(() => mount('TransferDialog', TransferDialog));
  return el;
}

/** Opens the dialog and fills it in: the destination account, the amount, an end-to-end ID. */
async function fill(to: string, amount: string) {
  await openLazyDialog(hydrated());
  choose('#transfer-to', to);
  typeInto('#transfer-amount', amount);
  typeInto('#transfer-e2e', 'x');
}

/** Submits the dialog and lets the request and its answer settle. */
async function send() {
  act(() => q<HTMLButtonElement>('dialog button[type=submit]').click());
  await settle();
}

describe('dialog', () => {
  it('hydrates without changing the markup, then offers a button that opens the dialog', async () => {
    const el = serverPage(props);
    hydrateUnchanged(el, 'TransferDialog', TransferDialog);
    expect(el.querySelector('a')).toBeNull();
    await openLazyDialog(el);
    const d = q<HTMLDialogElement>('dialog');
    expect(d.hasAttribute('open')).toBe(true);
    expect(d.getAttribute('style')).toContain('440px');
    expect(q('#transfer-dialog-title').textContent).toBe('Transfer');
    // From is preselected with the current account; the destination
    // excludes it; the amount waits for a destination.
    expect(q<HTMLSelectElement>('#transfer-from').value).toBe('4520011000000015');
    const to = q<HTMLSelectElement>('#transfer-to');
    expect(to.disabled).toBe(false);
    expect([...to.options].map((o) => o.value)).toEqual(['', '4520011000000023', '4520011000000024', '4520011000000056']);
    const amount = q<HTMLInputElement>('#transfer-amount');
    expect(amount.disabled).toBe(true);
    expect(amount.placeholder).toBe('000,000,000.00');
    expect(q<HTMLButtonElement>('dialog button[type=submit]').disabled).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it('keeps the destination disabled until a source is chosen', async () => {
    const el = hydrated({ ...props, from: '' });
    await openLazyDialog(el);
    expect(q<HTMLSelectElement>('#transfer-to').disabled).toBe(true);
    choose('#transfer-from', '4520011000000023');
    const to = q<HTMLSelectElement>('#transfer-to');
    expect(to.disabled).toBe(false);
    expect([...to.options].map((o) => o.value)).not.toContain('4520011000000023');
  });

  it('quotes the rate, formats the amount, and posts the transfer once with the idempotency key', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const el = hydrated();
    await openLazyDialog(el);
    choose('#transfer-to', '4520011000000023');
    await settle();
    const fx = api.calls.find((c) => c.url.includes('exchange_rate'))!;
    expect(fx.url).toBe('/api/v2/fx/organisations/o1/exchange_rate?pay_currency=EUR&buy_currency=GBP');
    expect((fx.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-123');
    expect(q('dialog').textContent).toContain('Currency conversion: 1 EUR = 0.85219 GBP');

    typeInto('#transfer-amount', '1234567.891');
    expect(q<HTMLInputElement>('#transfer-amount').value).toBe('1,234,567.89');
    expect(q('dialog').textContent).toContain('1,234,567.89 EUR converts to 1,052,092.43 GBP');
    expect(q<HTMLButtonElement>('dialog button[type=submit]').disabled).toBe(true);
    typeInto('#transfer-e2e', 'INV-42');
    const submit = q<HTMLButtonElement>('dialog button[type=submit]');
    expect(submit.disabled).toBe(false);
    expect(await violations()).toEqual([]);

    act(() => submit.click());
    await settle();
    const posts = api.calls.filter((c) => c.init.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/api/v2/virtual_bank/organisations/o1/inter_account_movements');
    const headers = posts[0].init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe(props.idempotencyKey);
    expect(headers['X-CSRF-Token']).toBe('csrf-123');
    expect(JSON.parse(posts[0].init.body as string)).toEqual({
      from_account_number: '4520011000000015',
      to_account_number: '4520011000000023',
      amount: '1234567.89',
      end_to_end_id: 'INV-42',
    });
    expect(q('dialog [role=status]').textContent).toBe(MSG_OK);
    expect(q<HTMLButtonElement>('dialog button[type=submit]').disabled).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: RELOAD_DELAY_MS + 2000 });
  });

  it('drops the reload when the island goes before it (the page left, the test over)', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    await fill('4520011000000024', '10');
    await send();
    expect(q('dialog [role=status]').textContent).toBe(MSG_OK);
    render(null, document.querySelector('[data-island]')!);
    // unscaled-ok: longer than the reload's delay, so a reload still due would have come
    await new Promise((r) => setTimeout(r, RELOAD_DELAY_MS + 100));
    expect(reload).not.toHaveBeenCalled();
  });

  it('needs no rate between accounts of one currency', async () => {
    await fill('4520011000000024', '10');
    await settle();
    expect(api.calls).toHaveLength(0);
    expect(q('dialog').textContent).not.toContain('Currency conversion');
    expect(q<HTMLButtonElement>('dialog button[type=submit]').disabled).toBe(false);
  });

  it.each([
    ['an unsupported pair', () => json(404, { errors: [{ status: 404, code: 'not_found', title: 'FX Rate not supported.' }] }), FX_NOT_SUPPORTED],
    ['a failed quote', () => json(500, { errors: [{ status: 500, code: 'internal_error', title: 'Something went wrong' }] }), FX_FAILED],
    ['a reply without a rate', () => json(200, { data: {} }), FX_UNAVAILABLE],
  ])('says so for %s and keeps submit disabled', async (_, reply, text) => {
    api.replies.exchange_rate = reply;
    await fill('4520011000000056', '10');
    await settle();
    await vi.waitFor(() => expect(q('dialog').textContent).toContain(text));
    expect(q<HTMLButtonElement>('dialog button[type=submit]').disabled).toBe(true);
  });

  it('shows "Amount too big" at once and limits decimals to the source currency', async () => {
    const el = hydrated();
    await openLazyDialog(el);
    choose('#transfer-to', '4520011000000024');
    typeInto('#transfer-amount', '10000000000000');
    expect(q('#transfer-amount-error').textContent).toBe('Error: Amount too big');
    expect(q('#transfer-amount').getAttribute('aria-invalid')).toBe('true');
    typeInto('#transfer-amount', '1.23456');
    expect(q<HTMLInputElement>('#transfer-amount').value).toBe('1.23');
  });

  it('puts a refused overdraft on the amount field', async () => {
    api.replies.inter_account_movements = () =>
      json(422, { errors: [{ status: 422, code: 'invalid', title: 'Insufficient funds', source: { pointer: '/debit_amount' } }] });
    await fill('4520011000000024', '999999999');
    await send();
    expect(q('#transfer-amount-error').textContent).toBe('Error: Insufficient funds');
    expect(q('#transfer-amount').getAttribute('aria-describedby')).toBe('transfer-amount-error');
    expect(q('dialog [role=status]').textContent).toBe(MSG_FAILED);
    expect(q<HTMLButtonElement>('dialog button[type=submit]').disabled).toBe(false);
    expect(await violations()).toEqual([]);
  });

  it('puts a form-level refusal above the fields', async () => {
    api.replies.inter_account_movements = () =>
      json(409, { errors: [{ status: 409, code: 'conflict', title: 'This idempotency key was already used for a different transfer.' }] });
    await fill('4520011000000024', '5');
    await send();
    expect(q('dialog [role=alert]').textContent).toBe('This idempotency key was already used for a different transfer.');
  });

  it('closes with Cancel and gives focus back to the Transfer button', async () => {
    const el = hydrated();
    await openLazyDialog(el);
    const opener = el.querySelector('button[aria-haspopup=dialog]');
    act(() => [...document.querySelectorAll<HTMLButtonElement>('dialog button')].find((b) => b.textContent === 'Cancel')!.click());
    expect(q('dialog').hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});

describe('client render', () => {
  it('equals the server markup before effects', () => {
    const d = document.createElement('div');
    act(() => {
      render(h(TransferDialog, props), d);
      expect(d.innerHTML).toBe(server(props));
    });
    render(null, d);
  });
});
