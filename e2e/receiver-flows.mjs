// Saved receivers (spec 001 §2 "Receivers", §8 "Receiver delete"), each flow with JavaScript
// and without: the Receivers page from the sidebar, its cursor pages, a receiver's details
// panel with the fields in the spec's order; deleting a receiver through the dialog (focus
// trapped and given back) or the confirmation page. Each mode deletes a receiver the other
// has not touched.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { scaled } from './lib/time.mjs';
import { NORDIC, expectH1, login, mainOverflow, tabRound } from './flows.mjs';
import { nextRows } from './loadmore-flows.mjs';

const RECEIVERS = `/org/${NORDIC}/receivers`;
const API = `/api/v2/payouts/organisations/${NORDIC}/receivers`;

/** The receivers as the API lists them (the page's own data), newest first. */
async function apiReceivers(page) {
  const res = await page.request.get(`${API}?page_size=100`);
  assert.equal(res.status(), 200, `receiver list API: ${await res.text()}`);
  return res.json();
}

/** The flash messages of the page. */
async function flashes(page) {
  return (await page.locator('main [aria-live="polite"] p').allInnerTexts()).map((s) => s.trim());
}

const FIELDS = ['Full name', 'Date of birth', 'Address', 'Postcode', 'City', 'Country', 'Created by', 'Email', 'Mobile number'];

test('Receivers: browse the pages and open a receiver', async (t) => {
  const { page } = t;
  await login(t, 'observer@demo.example');
  const api = await apiReceivers(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Receivers', exact: true }).first().click();
  await expectH1(page, 'Receivers');
  assert.match(await page.locator('#receivers-count').innerText(), new RegExp(`^${api.meta.total} receivers · 25 per page, newest first`));
  const table = page.getByRole('table', { name: 'Saved receivers' });
  const rows = table.locator('tbody tr');
  assert.deepEqual(await rows.evaluateAll((rs) => rs.map((r) => r.id)), api.data.slice(0, 25).map((r) => 'receiver-' + r.id));
  await t.audit('receivers page');

  // The second page (appended with JavaScript), and back.
  const second = await nextRows(t, 'receivers-rows', 'receivers');
  assert.equal(second[0], 'receiver-' + api.data[25].id);
  if (!t.js) {
    assert.match(page.url(), /cursor_next=/);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL(/cursor_prev=/);
  }
  assert.equal(await rows.first().getAttribute('id'), 'receiver-' + api.data[0].id);

  // A receiver with an intermediary agent: its panel.
  const r = api.data.slice(0, 25).find((x) => x.creditor_details.some((d) => d.key.startsWith('intermediary_agent.')));
  assert.ok(r, 'a receiver with an intermediary agent on the first page');
  await table.getByRole('link', { name: r.full_name, exact: true }).first().click();
  const panel = page.locator('#receiver-panel');
  await panel.getByRole('heading', { level: 2, name: r.full_name }).waitFor();
  assert.deepEqual((await panel.locator('dl').first().locator('dt').allInnerTexts()).map((s) => s.trim()), FIELDS);
  for (const part of ['Receiver Bank', 'Intermediary Agent', 'Intermediary Agent Account']) {
    await panel.getByRole('heading', { level: 4, name: part, exact: true }).waitFor();
  }
  const [kind, value] = ['iban', 'account_number', 'account', 'crypto_wallet_address']
    .map((k) => [k, r.creditor_details.find((d) => d.key === 'creditor_account.' + k)?.value])
    .find(([, v]) => v);
  const cells = await page.locator('#receiver-' + r.id + ' td').nth(1).innerText();
  assert.ok(cells.includes(value) && cells.includes(r.currency), `account cell ${cells} shows ${kind} ${value} ${r.currency}`);
  assert.equal(await panel.getByRole('link', { name: /^Delete receiver/ }).count(), 0, 'an observer cannot delete');
  await t.audit('receiver panel');
  await panel.getByRole('link', { name: 'Close receiver details' }).click();
  await page.waitForURL((u) => u.pathname === RECEIVERS && !u.searchParams.has('receiver'));
  assert.equal(await page.locator('#receiver-panel').count(), 0);
}, { timeout: 60_000 });

test('Receivers: delete a receiver', async (t) => {
  const { page } = t;
  await login(t, 'operations_member@demo.example');
  const api = await apiReceivers(page);
  const r = api.data[t.js ? 0 : 1];
  await page.goto(`${RECEIVERS}?receiver=${r.id}`);
  const panel = page.locator('#receiver-panel');
  const open = panel.getByRole('link', { name: 'Delete receiver ' + r.full_name });
  const text = `${r.full_name} will be removed from your contact list. A deleted receiver cannot be restored.`;
  if (t.js) {
    await page.locator('[data-island="ReceiverDelete"][data-ready]').waitFor({ state: 'attached' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Delete receiver?' });
    await dialog.waitFor();
    await dialog.getByText(text, { exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'No, keep it', 'focus starts on No, keep it');
    // The page behind is inert: Tab goes round the dialog's two buttons (and the browser's own
    // controls), never the page.
    const seen = await tabRound(page, 5);
    assert.ok(seen.includes('Yes, delete receiver'), `Tab goes round: ${seen}`);
    await dialog.getByRole('button', { name: 'No, keep it' }).focus();
    await t.audit('delete receiver dialog');
    await dialog.getByRole('button', { name: 'No, keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Focus comes back as the dialog closes; on a busy machine that can land a moment after
    // the dialog is hidden, so wait for it rather than read it at once.
    const opener = 'Delete receiver ' + r.full_name;
    await page.waitForFunction((name) => document.activeElement?.textContent?.trim() === name, opener, { timeout: scaled(5_000) })
      .catch(() => {});
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), opener, 'focus goes back to the opener');
    await open.click();
    await dialog.getByRole('button', { name: 'Yes, delete receiver' }).click();
  } else {
    await open.click();
    await expectH1(page, 'Delete receiver?');
    await page.getByText(text, { exact: true }).waitFor();
    await t.audit('delete receiver confirmation page');
    // 'No, keep it' goes back to the receiver.
    await page.getByRole('link', { name: 'No, keep it' }).click();
    await panel.getByRole('heading', { level: 2, name: r.full_name }).waitFor();
    await open.click();
    await page.getByRole('button', { name: 'Yes, delete receiver' }).click();
  }
  await page.waitForURL((u) => u.pathname === RECEIVERS && !u.searchParams.has('receiver'));
  assert.deepEqual(await flashes(page), ['Successfully removed ' + r.full_name]);
  assert.equal(await page.locator('#receiver-' + r.id).count(), 0, 'the row is gone');
  await t.audit('receiver deleted');
  const after = await apiReceivers(page);
  assert.equal(after.meta.total, api.meta.total - 1);
  assert.ok(!after.data.some((x) => x.id === r.id));
}, { timeout: 60_000 });

test('Receivers: the page fits a 320 px column', async (t) => {
  const { page } = t;
  // A phone: the list, a receiver's panel (a full-width view above the list) and the delete
  // confirmation, which the layout walk reaches only by the demo data's links.
  await page.setViewportSize({ width: 320, height: 900 });
  await login(t, 'admin@demo.example');
  const r = (await apiReceivers(page)).data.find((x) => x.creditor_details.some((d) => d.key === 'creditor_account.crypto_wallet_address'));
  for (const path of [RECEIVERS, `${RECEIVERS}?receiver=${r.id}`, `${RECEIVERS}/${r.id}/delete`]) {
    await page.goto(path);
    const out = await mainOverflow(page);
    assert.ok(out.width <= 320.5, `${path}: the page column is ${out.width} px`);
    assert.deepEqual(out.wide, [], `${path}: nothing sticks out`);
  }
});
