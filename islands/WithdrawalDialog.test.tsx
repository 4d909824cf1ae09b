import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import { violations, jsonReply, fetchByUrl, islandPage, choose, clearPage, hydrateUnchanged, openLazyDialog, q, settle, typeInto, expectOnlyLink } from './testing';
import WithdrawalDialog, { type Props } from './WithdrawalDialog';
import { MSG_NO_RATE, MSG_VALIDATION, MSG_WRONG, page, type Review } from './lib/WithdrawalForm';

// axe in jsdom is slow on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

const EUR_BANK = '11111111-1111-4111-8111-111111111111';
const GBP_BANK = '22222222-2222-4222-8222-222222222222';
const HUF_BANK = '33333333-3333-4333-8333-333333333333';

const props: Props = {
  href: '/org/o1/accounts/withdrawals/new',
  orgId: 'o1',
  csrf: 'csrf-123',
  currency: 'EUR',
  account: '',
  accounts: [
    { number: '4520011000000015', label: 'Main EUR (EUR) · No. 4520011000000015', currency: 'EUR', decimals: 2, withdrawals: [EUR_BANK, HUF_BANK] },
    { number: '4520011000000023', label: 'Payroll GBP (GBP) · No. 4520011000000023', currency: 'GBP', decimals: 2, withdrawals: [GBP_BANK, EUR_BANK] },
    { number: '4520011000000056', label: 'Crypto USDT (USDT) · No. 4520011000000056', currency: 'USDT', decimals: 6, withdrawals: [] },
  ],
  options: [
    { id: EUR_BANK, label: 'BNP Paribas EUR · EUR · FR763000…67890189', currency: 'EUR' },
    { id: GBP_BANK, label: 'HSBC UK GBP · GBP · 31926819', currency: 'GBP' },
    { id: HUF_BANK, label: 'OTP Bank HUF · HUF · HU421177…00000000', currency: 'HUF' },
  ],
};

const creditor = {
  id: EUR_BANK,
  label: 'BNP Paribas EUR',
  bank_name: 'BNP Paribas',
  bank_clearing_system_id: '',
  iban: 'FR7630006000011234567890189',
  account_number: '',
  local_instrument: 'SEPA',
  currency: 'EUR',
  party_identification: { name: 'Nordic Trading ApS' },
};

const gbpReview: Review = {
  id: 'rev-1',
  debtor_account_number: '4520011000000023',
  amount: '1000.50',
  currency_code: 'GBP',
  converted_amount: '1165.68',
  converted_currency: 'EUR',
  exchange_rate: '1.1650985630',
  rate_available: true,
  end_to_end_id: 'INV-7',
  creditor_account: creditor,
};

const serverPage = (p: Props, html?: string) => islandPage('WithdrawalDialog', WithdrawalDialog, p, '<main><h1>Withdrawals</h1>', '</main>', html);

const json = jsonReply;

const api = fetchByUrl(() => ({
  withdrawal_reviews: () => json(201, { data: gbpReview }),
  '/withdrawals': () => json(201, { data: { reference: 'WD0123456789ABCD' } }),
}));

afterEach(clearPage);

const button = (text: string) => [...document.querySelectorAll<HTMLButtonElement>('dialog button')].find((b) => b.textContent === text)!;

function hydrated(p: Props = props): HTMLElement {
  const el = serverPage(p);
  act(() => mount('WithdrawalDialog', WithdrawalDialog));
  return el;
}

function fill(account: string, withdrawal: string, amount: string, e2e: string) {
  choose('#withdrawal-account', account);
  choose('#withdrawal-withdrawal', withdrawal);
  typeInto('#withdrawal-amount', amount);
  typeInto('#withdrawal-e2e', e2e);
}

describe('server markup (no JavaScript)', () => {
  it('is a link to the form page', async () => {
    expectOnlyLink(serverPage(props), props.href, 'Withdraw funds');
    expect(await violations()).toEqual([]);
  });

  it('is what the client renders first (hydration changes nothing)', () => {
    const d = document.createElement('div');
    act(() => {
      render(h(WithdrawalDialog, props), d);
      expect(d.innerHTML).toBe(renderToString(h(WithdrawalDialog, props)));
    });
    render(null, d);
    const el = serverPage(props);
    hydrateUnchanged(el, 'WithdrawalDialog', WithdrawalDialog);
  });
});

describe('form', () => {
  it('opens a 440 px dialog whose request button waits for a valid form', async () => {
    const el = hydrated();
    await openLazyDialog(el);
    const d = q<HTMLDialogElement>('dialog');
    expect(d.hasAttribute('open')).toBe(true);
    expect(d.getAttribute('style')).toContain('440px');
    expect(q('#withdrawal-dialog-title').textContent).toBe('Withdraw funds');
    expect(q('label[for=withdrawal-amount]').textContent).toBe('Amount (EUR)');
    expect(button('Request withdrawal').disabled).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it('offers only the withdrawal accounts linked to the chosen account, in its currency', async () => {
    const el = hydrated();
    await openLazyDialog(el);
    expect([...q<HTMLSelectElement>('#withdrawal-withdrawal').options].map((o) => o.value)).toEqual(['']);
    choose('#withdrawal-account', '4520011000000023');
    expect([...q<HTMLSelectElement>('#withdrawal-withdrawal').options].map((o) => o.value)).toEqual(['', EUR_BANK, GBP_BANK]);
    expect(q('label[for=withdrawal-amount]').textContent).toBe('Amount (GBP)');
    choose('#withdrawal-withdrawal', EUR_BANK);
    // Another account clears the choice.
    choose('#withdrawal-account', '4520011000000056');
    expect(q<HTMLSelectElement>('#withdrawal-withdrawal').value).toBe('');
    expect(q('dialog').textContent).toContain('No withdrawal account is linked to this account.');
  });

  it.each([
    ['#withdrawal-amount', '010', 'Amount must be without leading zero'],
    ['#withdrawal-amount', '12abc', 'Amount must be a number'],
    ['#withdrawal-amount', '1.234', 'Enter the amount with at most 2 decimals'],
    ['#withdrawal-e2e', 'INV 1', 'End-to-end ID may contain only letters, numbers, - or _'],
  ])('says what is wrong with %s = %s beside it', async (sel, value, msg) => {
    const el = hydrated();
    await openLazyDialog(el);
    fill('4520011000000015', EUR_BANK, '10', 'E2E-1');
    expect(button('Request withdrawal').disabled).toBe(false);
    typeInto(sel, value);
    expect(q(sel + '-error').textContent).toBe('Error: ' + msg);
    expect(q(sel).getAttribute('aria-invalid')).toBe('true');
    expect(q(sel).getAttribute('aria-describedby')).toBe(sel.slice(1) + '-error');
    expect(button('Request withdrawal').disabled).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it('asks for what is missing once a field was left', async () => {
    const el = hydrated();
    await openLazyDialog(el);
    for (const sel of ['#withdrawal-account', '#withdrawal-withdrawal', '#withdrawal-amount', '#withdrawal-e2e']) {
      act(() => {
        q(sel).dispatchEvent(new Event('blur'));
      });
    }
    expect(q('#withdrawal-account-error').textContent).toBe('Error: Please select account');
    expect(q('#withdrawal-withdrawal-error').textContent).toBe('Error: Please select a withdrawal account');
    expect(q('#withdrawal-amount-error').textContent).toBe('Error: Please enter amount');
    expect(q('#withdrawal-e2e-error').textContent).toBe('Error: Please enter End-to-end ID');
  });

  it("puts the server's refusals beside their fields, in the spec's words", async () => {
    api.replies.withdrawal_reviews = () =>
      json(422, {
        errors: [
          { status: 422, code: 'invalid', title: 'Amount exceeds (withdrawal request) limit', source: { pointer: '/amount' } },
          { status: 422, code: 'invalid', title: 'End-to-end ID must be unique', source: { pointer: '/end_to_end_id' } },
        ],
      });
    const el = hydrated();
    await openLazyDialog(el);
    fill('4520011000000015', EUR_BANK, '60000', 'NTW-0001');
    act(() => button('Request withdrawal').click());
    await settle();
    expect(q('#withdrawal-amount-error').textContent).toBe('Error: Amount exceeds (withdrawal request) limit');
    expect(q('#withdrawal-e2e-error').textContent).toBe('Error: End-to-end ID must be unique');
    // Editing the field clears its server message.
    typeInto('#withdrawal-amount', '100');
    expect(document.querySelector('#withdrawal-amount-error')).toBeNull();
  });
});

describe('review, confirm, result', () => {
  it('reviews what the server stored and confirms exactly it, once', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    const el = hydrated();
    await openLazyDialog(el);
    fill('4520011000000023', EUR_BANK, '1,000.50', 'INV-7');
    act(() => button('Request withdrawal').click());
    await settle();
    const review = api.calls[0];
    expect(review.url).toBe('/api/v2/withdrawals/organisations/o1/withdrawal_reviews');
    expect((review.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-123');
    expect(JSON.parse(review.init.body as string)).toEqual({
      end_to_end_id: 'INV-7',
      amount: '1000.50',
      currency_code: 'GBP',
      creditor_account: { id: EUR_BANK },
      debtor_account: { scheme_name: 'VirtualAccount', id: '4520011000000023' },
    });
    const text = q('dialog').textContent!;
    for (const want of ['Review withdrawal', '1,000.50 GBP', '1,165.68 EUR', '1 GBP = 1.1651 EUR', 'FR7630006000011234567890189', 'Nordic Trading ApS']) {
      expect(text).toContain(want);
    }
    expect(document.activeElement?.textContent).toBe('Review withdrawal');
    expect(await violations()).toEqual([]);

    act(() => button('Confirm withdrawal').click());
    act(() => button('Confirming…')?.click());
    await settle();
    const creates = api.calls.filter((c) => c.url.endsWith('/withdrawals'));
    expect(creates).toHaveLength(1);
    expect(JSON.parse(creates[0].init.body as string)).toEqual({
      end_to_end_id: 'INV-7',
      amount: '1000.50',
      currency_code: 'GBP',
      creditor_account: { id: EUR_BANK },
      debtor_account: { scheme_name: 'VirtualAccount', id: '4520011000000023' },
      review_id: 'rev-1',
    });
    expect(q('dialog [role=status]').textContent).toBe('Your withdrawal request WD0123456789ABCD will be sent for processing after review.');
    expect(await violations()).toEqual([]);
    act(() => button('Close').click());
    expect(reload).toHaveBeenCalledOnce();
  });

  it('disables Confirm without an exchange rate', async () => {
    api.replies.withdrawal_reviews = () =>
      json(201, { data: { ...gbpReview, rate_available: false, exchange_rate: '', converted_amount: '', converted_currency: 'HUF' } });
    const el = hydrated();
    await openLazyDialog(el);
    fill('4520011000000015', HUF_BANK, '100', 'HUF-1');
    act(() => button('Request withdrawal').click());
    await settle();
    expect(q('dialog [role=alert]').textContent).toBe(MSG_NO_RATE);
    expect(button('Confirm withdrawal').disabled).toBe(true);
  });

  it.each([
    [
      'a field refusal',
      () => json(422, { errors: [{ status: 422, code: 'invalid', title: 'Exchange rate is not available', source: { pointer: '/amount' } }] }),
      MSG_VALIDATION,
      'Amount: Exchange rate is not available',
    ],
    ['a changed review', () => json(409, { errors: [{ status: 409, code: 'conflict', title: 'The withdrawal no longer matches what was reviewed.' }] }), MSG_WRONG, 'no longer matches'],
    ['a server failure', () => json(500, {}), MSG_WRONG, ''],
  ])('lists %s with Back to the form', async (_, reply, title, detail) => {
    api.replies['/withdrawals'] = reply;
    const el = hydrated();
    await openLazyDialog(el);
    fill('4520011000000023', EUR_BANK, '1000.50', 'INV-7');
    act(() => button('Request withdrawal').click());
    await settle();
    act(() => button('Confirm withdrawal').click());
    await settle();
    expect(q('dialog h3').textContent).toBe(title);
    expect(q('dialog [role=alert]').textContent).toContain(detail);
    expect(await violations()).toEqual([]);
    act(() => button('Back').click());
    expect(q<HTMLInputElement>('#withdrawal-amount').value).toBe('1000.50');
  });

  it('closes with Cancel and gives focus back to the button', async () => {
    const el = hydrated();
    await openLazyDialog(el);
    const opener = el.querySelector('button[aria-haspopup=dialog]');
    act(() => button('Cancel').click());
    expect(q('dialog').hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
