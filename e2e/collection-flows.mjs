// Collection orders (spec 001 §2 "Collection orders", §4, §5 "Refund", §8 "Order"), each flow
// with JavaScript and without: the dashboard's status link lands on Orders filtered, clear
// filters, paging; an order's tabs and a payment's details; cancelling a pending order;
// refunding part of a completed order (the balance goes down by amount and fee) after trying
// more than the total; completing a sandbox payment (the balance goes up by amount less fee).
// The changes alter the demo data, so each mode takes an order the other has not touched.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { NORDIC, expectH1, fitsColumn, login } from './flows.mjs';
import { nextRows } from './loadmore-flows.mjs';
import { balance, minor } from './lib/money.mjs';

const ORDERS = `/org/${NORDIC}/collections/orders`;
const API = '/api/v2';
const DAY = 86_400_000;

/** Reads the order list API with the browser's session. */
async function apiList(page, query) {
  const res = await page.request.get(`${API}/collection/orders?${new URLSearchParams({ organisation_id: NORDIC, page_size: '200', ...query })}`);
  assert.equal(res.status(), 200, `order list API: ${await res.text()}`);
  return res.json();
}

/** The orders of a status over the last 100 days, newest first. */
async function ordersIn(page, status) {
  const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
  return (await apiList(page, { status, created_after: iso(Date.now() - 100 * DAY) })).data;
}

async function apiOrder(page, id) {
  const res = await page.request.get(`${API}/collection/organisations/${NORDIC}/orders/${id}`);
  assert.equal(res.status(), 200);
  return (await res.json()).data;
}


async function flashes(page) {
  return (await page.locator('main [aria-live="polite"] p').allInnerTexts()).map((s) => s.trim());
}

const panelStatus = (page) => page.locator('#order-panel p span[class*="rounded"]').first().innerText();
const ready = (page) => page.locator('[data-island="CollectionOrderDetails"][data-ready]').waitFor({ state: 'attached' });

test('Collections: filter by status from a dashboard link, clear filters, page', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  const link = page.locator(`a[href="${ORDERS}?status=completed"]`);
  await link.click();
  await expectH1(page, 'Orders');
  const filters = page.getByRole('form', { name: 'Filter orders' });
  assert.equal(await filters.getByLabel('Status', { exact: true }).inputValue(), 'completed');
  assert.equal(await filters.getByLabel('Account', { exact: true }).inputValue(), '');
  // The rows are the API's for the same status and period (the last 30 days, today included).
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
  const api = await apiList(page, { status: 'completed', created_after: iso(today - 29 * DAY), created_before: iso(today + DAY), page_size: '50' });
  const rows = page.locator('tr[data-status]');
  assert.ok(api.meta.total > 0);
  assert.deepEqual(await rows.evaluateAll((rs) => rs.map((r) => r.id)), api.data.map((o) => 'order-' + o.uuid));
  assert.match(await page.locator('#orders-count').innerText(), new RegExp(`^${api.meta.total} orders? created`));
  await t.audit('orders filtered from the dashboard');

  await filters.getByRole('link', { name: 'Clear filters' }).click();
  await page.waitForURL((u) => u.pathname === ORDERS && u.search === '');
  assert.equal(await filters.getByLabel('Status', { exact: true }).inputValue(), '');
  const first = await rows.evaluateAll((rs) => rs.map((r) => r.id));
  assert.equal(first.length, 50, 'a full first page');
  const second = await nextRows(t, 'orders-rows', 'orders');
  assert.ok(second.length > 0 && !second.includes(first[0]));
  // With JavaScript the rows were appended below the first page's (nextRows checks they stay).
  if (!t.js) {
    assert.match(page.url(), /cursorAfter=/);
    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL(/cursorBefore=/);
    assert.deepEqual(await rows.evaluateAll((rs) => rs.map((r) => r.id)), first);
  }

  // The status filter through the form (a GET: the address holds it).
  await filters.getByLabel('Status', { exact: true }).selectOption('cancelled');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/status=cancelled/);
  for (const s of await rows.evaluateAll((rs) => rs.map((r) => r.dataset.status))) assert.equal(s, 'cancelled');
}, { timeout: 90_000 });

test("Collections: open an order's tabs and a payment's details", async (t) => {
  const { page } = t;
  await login(t, 'observer@demo.example');
  const o = (await ordersIn(page, 'cancelled')).find((x) => x.reason_codes.length > 0 && x.payments.length > 0)
    ?? (await ordersIn(page, 'cancelled')).find((x) => x.reason_codes.length > 0);
  const full = await apiOrder(page, o.uuid);
  await page.goto(`${ORDERS}/${o.uuid}?status=cancelled`);
  const panel = page.locator('#order-panel');
  await panel.getByRole('heading', { level: 2, name: 'Order ' + o.reference }).waitFor();
  const names = ['Summary', 'Order', 'Debtor', 'Payments', 'History'];
  if (t.js) {
    await ready(page);
    assert.deepEqual(await panel.getByRole('tab').allInnerTexts(), names);
    await panel.getByText(full.reason_codes[0].external_message).waitFor();
    await t.audit('order panel (tablist)');
    await panel.getByRole('tab', { selected: true }).focus();
    for (const name of names.slice(1)) {
      await page.keyboard.press('ArrowRight');
      assert.equal(await panel.getByRole('tab', { selected: true }).innerText(), name);
      await panel.getByRole('tabpanel').getByRole('heading', { level: 3, name, exact: true }).waitFor();
    }
    assert.match(page.url(), /tab=history#order-panel$/, 'the address follows the tab');
    await panel.getByRole('tab', { name: 'Payments' }).click();
  } else {
    const nav = panel.getByRole('navigation', { name: 'Order sections' });
    assert.deepEqual(await nav.getByRole('link').allInnerTexts(), names);
    await t.audit('order panel (links)');
    for (const name of names.slice(1)) {
      await nav.getByRole('link', { name, exact: true }).click();
      await panel.getByRole('heading', { level: 3, name, exact: true }).waitFor();
    }
    assert.match(new URL(page.url()).search, /status=cancelled/, 'the tabs keep the list’s filters');
    await nav.getByRole('link', { name: 'Payments', exact: true }).click();
  }
  if (full.payments.length === 0) {
    await panel.getByText('No payments made to this order').waitFor();
    return;
  }
  await panel.getByRole('link', { name: /^Payment details / }).first().click();
  await page.waitForURL(/\/payments\//);
  for (const h of ['Payment information', 'Debtor information', 'History']) await panel.getByRole('heading', { level: 3, name: h }).waitFor();
  await panel.getByText(full.debtor.full_name).first().waitFor();
  await t.audit('payment details');
  await panel.getByRole('link', { name: 'Close payment details' }).click();
  await page.waitForURL((u) => u.pathname === `${ORDERS}/${o.uuid}`);
  await panel.getByRole('heading', { level: 2, name: 'Order ' + o.reference }).waitFor();
}, { timeout: 90_000 });

test('Collections: cancel a pending order', async (t) => {
  const { page } = t;
  await login(t, 'operations_member@demo.example');
  const o = (await ordersIn(page, 'pending'))[t.js ? 0 : 1];
  await page.goto(`${ORDERS}/${o.uuid}`);
  const panel = page.locator('#order-panel');
  if (t.js) {
    await ready(page);
    await panel.getByRole('link', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel order?' });
    await dialog.waitFor();
    await t.audit('cancel order dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
  } else {
    await panel.getByRole('link', { name: 'Cancel order' }).click();
    await expectH1(page, 'Cancel order?');
    await t.audit('cancel order page');
    await page.getByRole('main').getByRole('button', { name: 'Cancel order' }).click();
  }
  await page.waitForURL((u) => u.pathname === `${ORDERS}/${o.uuid}`);
  assert.deepEqual(await flashes(page), [`Successfully cancelled order ${o.uuid}`]);
  assert.equal(await panelStatus(page), 'Cancelled');
  assert.equal((await apiOrder(page, o.uuid)).status, 'cancelled');
  assert.equal(await panel.getByRole('link', { name: 'Cancel order' }).count(), 0);
}, { timeout: 90_000 });

test('Collections: refund part of a completed order, after trying more than the total', async (t) => {
  const { page } = t;
  await login(t, 'operations_member@demo.example');
  const o = (await ordersIn(page, 'completed')).filter((x) => x.currency_code === 'EUR')[t.js ? 0 : 1];
  const total = minor(o.amount);
  const part = total / 2n;
  const partText = `${part / 100n}.${String(part % 100n).padStart(2, '0')}`;
  const aboveText = `${(total + 1n) / 100n}.${String((total + 1n) % 100n).padStart(2, '0')}`;
  const before = await balance(page, NORDIC, o.virtual_account_number);
  await page.goto(`${ORDERS}/${o.uuid}`);
  const panel = page.locator('#order-panel');
  const above = new RegExp('Amount cannot exceed the total \\(.*' + ' EUR\\)');
  if (t.js) {
    await ready(page);
    await panel.getByRole('link', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund order' });
    await dialog.waitFor();
    const amount = dialog.getByLabel('Amount (EUR)');
    assert.equal(await amount.getAttribute('placeholder'), '1,000.00');
    const submit = dialog.getByRole('button', { name: 'Refund', exact: true });
    assert.equal(await submit.isDisabled(), true, 'disabled while empty');
    await amount.fill(aboveText);
    await dialog.getByText(above).waitFor();
    assert.equal(await submit.isDisabled(), true, 'disabled above the total');
    await t.audit('refund dialog with an error');
    await amount.fill(partText);
    await submit.click();
  } else {
    await panel.getByRole('link', { name: 'Refund' }).click();
    await expectH1(page, 'Refund order');
    const amount = page.getByLabel('Amount (EUR)');
    assert.equal(await amount.getAttribute('placeholder'), '1,000.00');
    await amount.fill(aboveText);
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByRole('alert').getByRole('link', { name: above }).waitFor();
    assert.equal(await page.getByLabel('Amount (EUR)').inputValue(), aboveText, 'what was typed comes back');
    await t.audit('refund page with an error');
    await page.getByLabel('Amount (EUR)').fill(partText);
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
  }
  await page.waitForURL((u) => u.pathname === `${ORDERS}/${o.uuid}`);
  assert.deepEqual(await flashes(page), ['Order successfully refunded']);
  assert.equal(await panelStatus(page), 'Processing refund');
  const after = await balance(page, NORDIC, o.virtual_account_number);
  const got = await apiOrder(page, o.uuid);
  assert.equal(got.refunds.length, 1);
  assert.equal(before - after, part + minor(got.refunds[0].fee), 'amount and fee left the account');
}, { timeout: 90_000 });

test('Collections: complete a sandbox payment', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  // Each mode its own status, so the other's run leaves it alone: authorised with JavaScript,
  // processing without (both hold a payment complete_payment may take).
  const o = (await ordersIn(page, t.js ? 'authorised' : 'processing'))[0];
  const before = await balance(page, NORDIC, o.virtual_account_number);
  await page.goto(`${ORDERS}/${o.uuid}?tab=payments`);
  const panel = page.locator('#order-panel');
  const open = panel.getByRole('link', { name: /^Complete payment .* \(sandbox\)$/ });
  if (t.js) {
    await ready(page);
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Complete payment?' });
    await dialog.waitFor();
    await t.audit('complete payment dialog');
    await dialog.getByRole('button', { name: 'Complete payment' }).click();
  } else {
    await open.click();
    await expectH1(page, 'Complete payment?');
    await t.audit('complete payment page');
    await page.getByRole('main').getByRole('button', { name: 'Complete payment' }).click();
  }
  await page.waitForURL((u) => u.pathname === `${ORDERS}/${o.uuid}`);
  assert.deepEqual(await flashes(page), ['Test case executed']);
  assert.equal(await panelStatus(page), 'Completed');
  const amount = minor(o.amount);
  const fee = amount / 200n > 0n ? amount / 200n : 1n;
  assert.equal((await balance(page, NORDIC, o.virtual_account_number)) - before, amount - fee, 'credited the amount less the fee');
}, { timeout: 90_000 });

test('Collections: the page fits a 320 px column', async (t) => {
  const { page } = t;
  await page.setViewportSize({ width: 320, height: 900 });
  await login(t, 'admin@demo.example');
  const paid = (await ordersIn(page, 'completed')).find((x) => x.currency_code === 'EUR');
  const pending = (await ordersIn(page, 'pending'))[0];
  const full = await apiOrder(page, paid.uuid);
  for (const path of [ORDERS, `${ORDERS}/${paid.uuid}?tab=order`, `${ORDERS}/${paid.uuid}/payments/${full.payments[full.payments.length - 1].uuid}`,
    `${ORDERS}/${pending.uuid}/cancel`, `${ORDERS}/${paid.uuid}/refund`]) {
    await page.goto(path);
    await fitsColumn(page, path, 320);
  }
}, { timeout: 90_000 });
