// What a screen reader says through a withdrawal (spec 001 §2 "Withdrawal dialog", §5, §8):
// without JavaScript the form page fresh, sent back with every field missing, the review page
// and the result page; with it, the Withdraw funds dialog on the withdrawals page: a field
// refused on blur, a review the API refuses on the end-to-end id, the review, the result. The
// pages are the real server's (testdata/sr, see speech.ts).
import { virtual } from '@guidepup/virtual-screen-reader';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import WithdrawalDialog from '../../islands/WithdrawalDialog';
import { MSG_RESULT, type Review } from '../../islands/lib/WithdrawalForm';
import { clearPage, expectInOrder, expectNoErrors, heard, hydrate, json, readPage, serverPage, setValue, startOn, stopReader } from './speech';

afterEach(() => {
  vi.unstubAllGlobals();
  clearPage();
});

const AMOUNT_HINT = 'Digits, with commas between thousands if you like, and a point before the decimals.';
const E2E_HINT = 'Your reference: letters, numbers, - or _.';
const WITHDRAWAL_HINT = 'Choose the account first, then Show withdrawal accounts.';
const RESULT = /^Your withdrawal request WD[0-9A-F]{14} will be sent for processing after review\.$/;

describe('withdrawal without JavaScript, as a screen reader says it', () => {
  it('the form: each field with its hint, the button that shows the withdrawal accounts, Request withdrawal', async () => {
    const log = await readPage('withdrawal-form');
    expectInOrder(log, [
      'heading, Withdraw funds, level 1',
      'form',
      'combobox, Account, has popup listbox, not expanded, required',
      'button, Show withdrawal accounts, account',
      `combobox, Withdrawal account, ${WITHDRAWAL_HINT}, has popup listbox, not expanded, required`,
      `textbox, Amount (EUR), ${AMOUNT_HINT}, required`,
      `textbox, End-to-end ID, ${E2E_HINT}, required`,
      'button, Request withdrawal, review',
      'link, Cancel',
      'end of form',
    ]);
    expectNoErrors(log);
  });

  it('sent back empty: the summary first, then each field with its hint and its error', async () => {
    const log = await readPage('withdrawal-errors');
    expect(log.slice(0, 2)).toEqual(['document', 'alert, There is a problem']);
    expectInOrder(log, [
      'link, Please select account',
      'link, Please select a withdrawal account',
      'link, Please enter amount',
      'link, Please enter End-to-end ID',
      'end of alert, There is a problem',
      'combobox, Account, Error: Please select account, has popup listbox, not expanded, invalid, required',
      `combobox, Withdrawal account, ${WITHDRAWAL_HINT} Error: Please select a withdrawal account, has popup listbox, not expanded, invalid, required`,
      `textbox, Amount (EUR), ${AMOUNT_HINT} Error: Please enter amount, invalid, required`,
      `textbox, End-to-end ID, ${E2E_HINT} Error: Please enter End-to-end ID, invalid, required`,
      'button, Request withdrawal, review',
    ]);
    expect([...document.querySelectorAll('[role=alert] a')].map((a) => a.getAttribute('href'))).toEqual(['#account', '#withdrawal_account', '#amount', '#end_to_end_id']);
  });

  it('the review: what was stored, term by term, the beneficiary, then Confirm and Back', async () => {
    const log = await readPage('withdrawal-review');
    expectInOrder(log, [
      'heading, Review withdrawal, level 1',
      'Amount', '1,000.50 GBP',
      'Converted amount', '1,166.40 EUR',
      'Exchange rate', '1 GBP = 1.1658 EUR',
      'End-to-end ID', 'SR-WITHDRAWAL-1',
      'heading, Beneficiary, level 2',
      'IBAN', 'FR7630006000011234567890189',
      'button, Confirm withdrawal',
      'link, Back',
    ]);
  });

  it('the result: the heading, then the reference in a status region', async () => {
    const log = await readPage('withdrawal-done');
    const at = log.indexOf('heading, Withdrawal requested, level 1');
    expect(log.slice(at + 1, at + 4).map((p) => p.replace(RESULT, 'RESULT'))).toEqual(['status', 'RESULT', 'end of status']);
    expectInOrder(log, ['end of status', 'link, Back to withdrawals']);
  });
});

const EUR_BANK = '76d54735-35bc-5d97-9216-e9f6f1726bb3';

const review: Review = {
  id: 'rev-1', debtor_account_number: '4520011000000023', amount: '1000.50', currency_code: 'GBP', converted_amount: '1166.40',
  converted_currency: 'EUR', exchange_rate: '1.1658', rate_available: true, end_to_end_id: 'SR-2',
  creditor_account: {
    id: EUR_BANK, label: 'BNP Paribas EUR', bank_name: 'BNP Paribas', bank_clearing_system_id: '', iban: 'FR7630006000011234567890189',
    account_number: '', local_instrument: 'SEPA', currency: 'EUR', party_identification: { name: 'Nordic Trading ApS' },
  },
};

describe('withdrawal with JavaScript, as a screen reader says it', () => {
  beforeEach(() => {
    const replies = [
      json(422, { errors: [{ status: 422, code: 'invalid', title: 'End-to-end ID must be unique', source: { pointer: '/end_to_end_id' } }] }),
      json(201, { data: review }),
      json(422, { errors: [{ status: 422, code: 'invalid', title: 'Exchange rate is not available', source: { pointer: '/amount' } }] }),
      json(201, { data: review }),
      json(201, { data: { reference: 'WD0123456789ABCD' } }),
    ];
    vi.stubGlobal('fetch', vi.fn(async () => replies.shift()!));
  });

  it('the dialog: a field\'s error, a refused review, the review, a refused confirm, the result: each is heard where it happens', { timeout: 20_000 }, async () => {
    serverPage('withdrawals');
    await hydrate('WithdrawalDialog', WithdrawalDialog);
    await startOn('WithdrawalDialog');
    try {
      const opener = document.querySelector<HTMLButtonElement>('button[aria-haspopup=dialog]')!;
      expect(await heard(() => {
        opener.focus();
        opener.click();
      })).toEqual(['dialog, Withdraw funds, modal', 'combobox, Account, has popup listbox, not expanded']);

      const field = (id: string) => document.querySelector<HTMLInputElement & HTMLSelectElement>('#withdrawal-' + id)!;
      await heard(() => setValue(field('account'), '4520011000000023'));
      // A leading zero, checked on leaving the field: back on it, the field says so.
      await heard(() => {
        setValue(field('amount'), '010');
        field('e2e').focus();
      });
      expect(await heard(() => field('amount').focus())).toEqual(['textbox, Amount (GBP), 010, Error: Amount must be without leading zero, invalid']);

      await heard(() => {
        setValue(field('withdrawal'), EUR_BANK);
        setValue(field('amount'), '1,000.50');
        setValue(field('e2e'), 'SR-1');
      });
      // Pressed as a user does: focus on the button, then the click.
      const press = (b: HTMLButtonElement) => {
        b.focus();
        b.click();
      };
      const button = (text: string) => [...document.querySelectorAll<HTMLButtonElement>('#withdrawal-dialog button')].find((b) => b.textContent === text)!;
      const submit = () => press(document.querySelector<HTMLButtonElement>('#withdrawal-dialog button[type=submit]')!);
      // The review refused on the end-to-end id: focus moves to that field, which says why.
      expect(await heard(submit)).toEqual(['button, Request withdrawal', 'textbox, End-to-end ID, SR-1, Error: End-to-end ID must be unique, invalid']);

      expect(await heard(() => {
        setValue(field('e2e'), 'SR-2');
        submit();
      })).toEqual(['button, Request withdrawal', 'heading, Review withdrawal, level 3']);

      // The confirm refused field by field: the error step's heading, then its list and Back.
      expect((await heard(() => press(button('Confirm withdrawal')))).at(-1)).toBe('heading, Validation Error, level 3');
      const next: string[] = [];
      for (let i = 0; i < 12 && next.at(-1) !== 'button, Back'; i++) {
        await virtual.next();
        next.push(await virtual.lastSpokenPhrase());
      }
      expectInOrder(next, ['alert', 'Amount', 'Exchange rate is not available', 'button, Back']);

      // Back to the form, as filled in; reviewed again and confirmed: the result is announced.
      await heard(() => press(button('Back')));
      expect(field('e2e').value).toBe('SR-2');
      expect((await heard(submit)).at(-1)).toBe('heading, Review withdrawal, level 3');
      expect(await heard(() => press(button('Confirm withdrawal')))).toEqual([
        'button, Confirm withdrawal',
        'heading, Withdrawal requested, level 3',
        `polite: Your withdrawal request WD0123456789ABCD${MSG_RESULT}`,
      ]);
    } finally {
      await stopReader();
    }
  });
});
