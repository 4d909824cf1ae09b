// What a screen reader says through a partial refund of a collection order (spec 001 §5
// "Refund", §8): without JavaScript the refund page fresh, sent back with an amount above the
// order's total, and the orders page the refund lands on; with it, the same page's form
// checking the amount as it is typed (the form still posts to the server, whose answer is the
// page above). The pages are the real server's (testdata/sr, see speech.ts).
import { virtual } from '@guidepup/virtual-screen-reader';
import { afterEach, describe, expect, it } from 'vitest';

import CollectionRefund from '../../islands/CollectionRefund';
import { clearPage, expectInOrder, expectNoErrors, heard, hydrate, readPage, serverPage, setValue, startOn, stopReader } from './speech';

afterEach(() => {
  clearPage();
});

// The order the server's pages refund (testdata/sr/refund-*.html).
const TOTAL = '1,540.76 EUR';
const ABOVE = `Amount cannot exceed the total (${TOTAL})`;
const HINT = `For a partial refund: up to ${TOTAL}`;

describe('refund without JavaScript, as a screen reader says it', () => {
  it('the form: the order, the refund type, the amount with its hint, Refund', async () => {
    const log = await readPage('refund-form');
    expectInOrder(log, [
      'heading, Refund order, level 1',
      'Amount', TOTAL,
      'form',
      'group, Refund type',
      `radio, Full refund (${TOTAL}), not checked, position 1, set size 2`,
      'radio, Partial refund, checked, position 2, set size 2',
      'end of group, Refund type',
      `textbox, Amount (EUR), ${HINT}, placeholder 1,000.00`,
      'button, Refund',
      'end of form',
      'link, Back to the order',
    ]);
    expectNoErrors(log);
  });

  it('above the total: the summary takes focus and is heard first; the field keeps what was typed and says the error', async () => {
    const log = await readPage('refund-errors');
    expect(log.slice(0, 3)).toEqual(['document', 'alert, There is a problem', 'heading, There is a problem, level 2']);
    expectInOrder(log, [
      `link, ${ABOVE}`,
      'end of alert, There is a problem',
      'group, Refund type',
      `textbox, Amount (EUR), 1540.77, Error: ${ABOVE}, invalid`,
      'button, Refund',
    ]);
    expect(document.querySelector('[role=alert] a')?.getAttribute('href')).toBe('#refund-amount');
  });

  it('refunded: the orders page says "Order successfully refunded" in its status region before anything else', async () => {
    const log = await readPage('refund-done', { until: 'heading, Orders, level 1' });
    expect(log.slice(0, 7)).toEqual(['document', 'main', 'status', 'paragraph', 'Order successfully refunded', 'end of paragraph', 'end of status']);
    expectInOrder(log, ['end of status', 'heading, Orders, level 1']);
  });
});

describe('refund with JavaScript, as a screen reader says it', () => {
  it('the amount is checked as it is typed: each new error is announced, politely, and Refund waits for a good amount', async () => {
    serverPage('refund-form');
    await hydrate('CollectionRefund', CollectionRefund);
    await startOn('CollectionRefund');
    try {
      const amount = document.querySelector<HTMLInputElement>('#refund-amount')!;
      const refund = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Refund')!;
      await heard(() => amount.focus());
      expect(await heard(() => setValue(amount, '-1'))).toEqual(['polite: Error: Amount must be positive']);
      expect(await heard(() => setValue(amount, '1540.77'))).toEqual([`polite: ${ABOVE}`]);
      expect(refund.disabled).toBe(true);
      // Back on the field, it says the error and that it is invalid.
      expect(await heard(() => {
        amount.blur();
        amount.focus();
      })).toEqual([`textbox, Amount (EUR), 1540.77, Error: ${ABOVE}, invalid`]);
      await heard(() => setValue(amount, '1.00'));
      expect(amount.hasAttribute('aria-invalid')).toBe(false);
      expect(refund.disabled).toBe(false);
    } finally {
      await stopReader();
    }
  });

  it('sent back above the total: the summary has focus; once the amount is edited, the live check takes over', async () => {
    serverPage('refund-errors');
    await hydrate('CollectionRefund', CollectionRefund);
    await startOn('CollectionRefund');
    try {
      document.querySelector<HTMLElement>('[autofocus]')!.focus();
      expect(await virtual.lastSpokenPhrase()).toBe('alert, There is a problem');
      const amount = document.querySelector<HTMLInputElement>('#refund-amount')!;
      await heard(() => amount.focus());
      expect(await heard(() => setValue(amount, 'abc'))).toContain('polite: Amount must be a number');
      expect(document.querySelector('[role=alert]')).toBeNull();
    } finally {
      await stopReader();
    }
  });
});
