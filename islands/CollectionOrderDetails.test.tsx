import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPage, hydrateEnhanced, islandPage, key, q, selectedTab, tabs, typeInto, violations } from './testing';
import CollectionOrderDetails, { type Props } from './CollectionOrderDetails';

// axe's first run is slow on a busy machine.
vi.setConfig({ testTimeout: 30000 });

const detail = '/org/o1/collections/orders/u1';
const href = (tab: string) => `${detail}?status=completed&tab=${tab}#order-panel`;
const returnTo = `${detail}?status=completed#order-panel`;

const props: Props = {
  uuid: 'u1',
  reference: 'INV-2026-01001',
  uniqueReference: 'COL-0001-00012',
  amount: '250.00 EUR',
  status: 'completed',
  statusLabel: 'Completed',
  tabs: ['order', 'debtor', 'payments', 'history'].map((id) => ({ id, label: id[0].toUpperCase() + id.slice(1), href: href(id) })),
  active: 'order',
  reasons: [],
  order: [{ label: 'Reference', value: 'INV-2026-01001' }, { label: 'Amount', value: '250.00 EUR' }],
  refunds: [],
  debtor: [{ label: 'Full name', value: 'Maria Jensen' }],
  payments: [
    {
      href: `${detail}/payments/p1?status=completed#order-panel`, reference: 'CP1', date: '01-11-2026 10:00:00 UTC', type: 'Bank transfer',
      statusLabel: 'Bank Processing',
      testCase: {
        href: `${detail}/test_case?payment_uuid=p1`, title: 'Complete payment?', text: 'The sandbox answers for the payer\u2019s bank.',
        action: `${detail}/test_case`, csrf: 'csrf-1', returnTo, submit: 'Complete payment', back: 'Go back', fields: [{ name: 'payment_uuid', value: 'p1' }],
      },
    },
  ],
  noPayments: '',
  history: [{ label: 'Pending', when: '01-11-2026 09:00:00 UTC' }, { label: 'Completed', when: '01-11-2026 10:00:00 UTC' }],
  close: '/org/o1/collections/orders?status=completed#order-u1',
  cancel: {
    href: `${detail}/cancel?status=completed`, title: 'Cancel order?', text: 'The payer will no longer be able to pay this order.',
    action: `${detail}/cancel`, csrf: 'csrf-1', returnTo, submit: 'Cancel order', back: 'Keep order', fields: [],
  },
  refund: {
    href: `${detail}/refund?status=completed`, action: `${detail}/refund`, csrf: 'csrf-1', returnTo, idempotencyKey: 'key-1', total: '250.00 EUR',
    amount: '250.00', currency: 'EUR', decimals: 2, kind: 'partial', typed: '', error: '', generalTitle: '', general: '',
  },
};

const serverPage = (p: Props = props) =>
  islandPage('CollectionOrderDetails', CollectionOrderDetails, p, '<main><h1>Orders</h1><aside id="order-panel" aria-labelledby="order-panel-title">', '</aside></main>');

const hydrated = (p: Props = props) => hydrateEnhanced(serverPage(p), 'CollectionOrderDetails', CollectionOrderDetails);

const link = (text: string) => [...document.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent === text)!;

afterEach(clearPage);

describe('server markup (no JavaScript)', () => {
  it('is links: tabs with the open one marked, actions to their pages', async () => {
    const el = serverPage();
    const links = [...el.querySelectorAll('nav[aria-label="Order sections"] a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(props.tabs.map((t) => t.href));
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual(['Order']);
    expect(el.querySelector('[role=tablist], dialog')).toBeNull();
    expect(link('Cancel order').getAttribute('href')).toBe(props.cancel!.href);
    expect(link('Refund').getAttribute('href')).toBe(props.refund!.href);
    expect(await violations()).toEqual([]);
  });

  it('says when an order has no payments, and lists the reason codes in Summary', () => {
    let el = serverPage({ ...props, active: 'payments', payments: [], noPayments: 'No payments made to this order' });
    expect(el.querySelector('section')!.textContent).toContain('No payments made to this order');
    el = serverPage({
      ...props, status: 'cancelled', statusLabel: 'Cancelled', active: 'summary',
      tabs: [{ id: 'summary', label: 'Summary', href: href('summary') }, ...props.tabs],
      reasons: [{ symbol: 'MD06', reason: 'Cancelled by merchant', message: 'The order was cancelled by Nordic Trading ApS.' }],
    });
    expect(el.querySelector('section')!.textContent).toContain('MD06 · Cancelled by merchant');
    expect(el.querySelector('section')!.textContent).toContain('cancelled by Nordic Trading ApS');
  });
});

describe('hydrated', () => {
  it('turns the links into a tablist keeping the address in step', async () => {
    const replace = vi.spyOn(history, 'replaceState');
    await hydrated();
    expect(tabs().map((t) => t.textContent)).toEqual(['Order', 'Debtor', 'Payments', 'History']);
    selectedTab().focus();
    key(selectedTab(), 'ArrowRight');
    expect(selectedTab().textContent).toBe('Debtor');
    expect(q('[role=tabpanel]').textContent).toContain('Maria Jensen');
    expect(replace).toHaveBeenLastCalledWith(null, '', href('debtor'));
    expect(await violations()).toEqual([]);
  });

  it('asks "Cancel order?" in a dialog that keeps the focus and gives it back', async () => {
    await hydrated();
    const opener = link('Cancel order');
    opener.focus();
    await act(async () => {
      opener.click();
      await vi.dynamicImportSettled(); // the dialog's module (lib/lazy)
    });
    const d = q<HTMLDialogElement>('#order-cancel-dialog');
    expect(d.hasAttribute('open')).toBe(true);
    expect(q('#order-cancel-dialog-title').textContent).toBe('Cancel order?');
    const form = d.querySelector('form')!;
    expect(Object.fromEntries(new FormData(form))).toEqual({ _csrf: 'csrf-1', return_to: returnTo });
    expect(await violations()).toEqual([]);
    act(() => [...d.querySelectorAll('button')].find((b) => b.textContent === 'Keep order')!.click());
    expect(d.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('refunds in a dialog: submit disabled while the amount is invalid, the spec\u2019s message above the total', async () => {
    await hydrated();
    await act(async () => {
      link('Refund').click();
      await vi.dynamicImportSettled(); // the dialog's module (lib/lazy)
    });
    const d = q<HTMLDialogElement>('#order-refund-dialog');
    expect(d.hasAttribute('open')).toBe(true);
    const amount = q<HTMLInputElement>('#order-refund-amount');
    expect(amount.placeholder).toBe('1,000.00');
    const submit = [...d.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Refund')!;
    expect(submit.disabled).toBe(true);
    typeInto(amount, '250.01');
    expect(d.textContent).toContain('Amount cannot exceed the total (250.00 EUR)');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(submit.disabled).toBe(true);
    typeInto(amount, '100');
    expect(submit.disabled).toBe(false);
    expect(Object.fromEntries(new FormData(d.querySelector('form')!))).toEqual({
      _csrf: 'csrf-1', return_to: returnTo, idempotency_key: 'key-1', refund_type: 'partial', amount: '100',
    });
    act(() => q<HTMLInputElement>('#order-refund-full').click());
    expect(submit.disabled).toBe(false);
    expect(await violations()).toEqual([]);
  });

  it('confirms complete_payment in a dialog posting the payment', async () => {
    await hydrated({ ...props, active: 'payments' });
    await act(async () => {
      link('Complete payment CP1 (sandbox)').click();
      await vi.dynamicImportSettled(); // the dialog's module (lib/lazy)
    });
    const d = q<HTMLDialogElement>('#order-test-dialog-0');
    expect(d.hasAttribute('open')).toBe(true);
    expect(Object.fromEntries(new FormData(d.querySelector('form')!))).toEqual({ _csrf: 'csrf-1', return_to: returnTo, payment_uuid: 'p1' });
  });

  it('offers no actions the props do not carry', async () => {
    await hydrated({ ...props, cancel: null, refund: null, payments: [] , noPayments: 'No payments made to this order'});
    expect(document.querySelector('dialog, form')).toBeNull();
  });
});
