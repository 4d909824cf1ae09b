// What a screen reader says through a transfer between two of the organisation's accounts
// (spec 000 §2 "Transfer dialog", §5, §8): without JavaScript the transfer page fresh, sent back
// with every field missing, and the account page the booked transfer lands on; with it, the
// Transfer dialog on the account page, refused by the API on the amount, then booked. The
// pages are the real server's (testdata/sr, see speech.ts).
import { virtual } from '@guidepup/virtual-screen-reader';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import TransferDialog from '../../islands/TransferDialog';
import { MSG_FAILED, MSG_OK } from '../../islands/lib/TransferForm';
import { clearPage, expectInOrder, expectNoErrors, heard, hydrate, json, readPage, serverPage, setValue, startOn, stopReader } from './speech';

afterEach(() => {
  vi.unstubAllGlobals();
  clearPage();
});

const AMOUNT_HINT = 'Digits, with commas between thousands if you like, and a point before the decimals.';

describe('transfer without JavaScript, as a screen reader says it', () => {
  it('the form: the heading, the four labelled fields with their hints, the buttons', async () => {
    const log = await readPage('transfer-form');
    expectInOrder(log, [
      'main',
      'heading, Transfer, level 1',
      'form',
      'combobox, From account, 4520011000000015, has popup listbox, not expanded, required',
      'combobox, To account, One of your other accounts., has popup listbox, not expanded, required',
      `textbox, Amount (EUR), ${AMOUNT_HINT}, placeholder 000,000,000.00, required`,
      'textbox, End-to-end ID, required',
      'button, Transfer, transfer',
      'button, Show exchange rate, quote',
      'link, Cancel',
      'end of form',
    ]);
    expectNoErrors(log);
  });

  it('sent back empty: the summary is heard first, links each error, and each field says its own', async () => {
    const log = await readPage('transfer-errors');
    expect(log.slice(0, 2)).toEqual(['document', 'alert, There is a problem']);
    expectInOrder(log, [
      'alert, There is a problem',
      'link, Choose the account to transfer from',
      'link, Choose the account to transfer to',
      'link, Enter an amount',
      'link, Enter an end-to-end id',
      'end of alert, There is a problem',
      'form',
      'combobox, From account, Error: Choose the account to transfer from, has popup listbox, not expanded, invalid, required',
      'combobox, To account, One of your other accounts. Error: Choose the account to transfer to, has popup listbox, not expanded, invalid, required',
      `textbox, Amount, ${AMOUNT_HINT} Error: Enter an amount, invalid, placeholder 000,000,000.00, required`,
      'textbox, End-to-end ID, Error: Enter an end-to-end id, invalid, required',
      'button, Transfer, transfer',
    ]);
    // Each summary link leads to the field that says its error.
    for (const a of document.querySelectorAll<HTMLAnchorElement>('[role=alert] a')) {
      const field = document.querySelector(a.getAttribute('href')!)!;
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe('Error: ' + a.textContent);
    }
  });

  it('booked: the account page says "Transfer successful" in its status region before anything else', async () => {
    const log = await readPage('transfer-done', { until: 'link, Transfer' });
    expect(log.slice(0, 7)).toEqual(['document', 'main', 'status', 'paragraph', MSG_OK, 'end of paragraph', 'end of status']);
    expectInOrder(log, ['end of status', 'heading, Account Transactions, level 1', 'link, Transfer']);
  });
});

describe('transfer with JavaScript, as a screen reader says it', () => {
  let movements: Response[];
  beforeEach(() => {
    movements = [
      json(422, { errors: [{ status: 422, code: 'invalid', title: 'Insufficient funds', source: { pointer: '/debit_amount' } }] }),
      json(201, { data: { id: 't1' } }),
    ];
    vi.stubGlobal('fetch', vi.fn(async (url: string) =>
      url.includes('/exchange_rate')
        ? json(200, { data: { pay_currency: 'EUR', buy_currency: 'GBP', exchange_rate: '0.8521948818' } })
        : movements.shift()!,
    ));
  });

  it('the dialog: opened, refused on the amount ("Transfer failed", the field says why), then booked ("Transfer successful")', async () => {
    serverPage('account');
    await hydrate('TransferDialog', TransferDialog);
    await startOn('TransferDialog');
    try {
      const opener = document.querySelector<HTMLButtonElement>('button[aria-haspopup=dialog]')!;
      expect(await heard(() => {
        opener.focus();
        opener.click();
      })).toEqual([
        'dialog, Transfer, modal',
        'combobox, From account, 4520011000000015, has popup listbox, not expanded',
      ]);

      const said = await heard(() => {
        setValue(document.querySelector('#transfer-to')!, '4520011000000023');
        setValue(document.querySelector('#transfer-amount')!, '999999999');
        setValue(document.querySelector('#transfer-e2e')!, 'SR-1');
      });
      // The quote's region is polite: first the wait, then the rate and the converted amount. (The
      // virtual screen reader joins the two lines' text without a space; a real one pauses.)
      const quote = said.findIndex((p) => p.startsWith('polite: Currency conversion: 1 EUR = 0.85219 GBP'));
      expect(quote, said.join('\n')).toBeGreaterThan(said.indexOf('polite: Loading the exchange rate…'));
      expect(said[quote]).toContain('999,999,999.00 EUR converts to 852,194,880.94 GBP');

      const submit = document.querySelector<HTMLButtonElement>('#transfer-dialog button[type=submit]')!;
      const refused = await heard(() => submit.click());
      expect(refused).toContain('polite: ' + MSG_FAILED);
      // The refused field says its error and that it is invalid.
      const amount = document.querySelector<HTMLInputElement>('#transfer-amount')!;
      amount.focus();
      expect(await virtual.lastSpokenPhrase()).toBe('textbox, Amount (EUR), 999,999,999, Error: Insufficient funds, invalid');

      const booked = await heard(() => {
        setValue(amount, '10');
        submit.click();
      });
      expect(booked).toContain('polite: ' + MSG_OK);
      expect(booked.filter((p) => p.includes(MSG_FAILED))).toEqual([]);
    } finally {
      await stopReader();
    }
  });
});
