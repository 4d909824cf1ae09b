// Payout requests (spec 001 §2 "Payout requests", §4, §8), each flow with JavaScript and
// without: the dashboard's reason-code link lands on the Payouts page filtered by state and
// reason code; a payout's details panel and its tabs (a tablist with JavaScript, links
// without); cancelling a payout that holds money gives it back; the sandbox's RETURNED on a
// completed payout does too; the page's content fits a 320 px column. Cancel and RETURNED
// change the demo data, so each mode takes a payout the other has not touched (two halted
// payouts are seeded per organisation) and compares balances before and after.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { NORDIC, expectH1, fitsColumn, login, tabRound } from './flows.mjs';
import { scaled } from './lib/time.mjs';
import { balance, minor } from './lib/money.mjs';

const PAYOUTS = `/org/${NORDIC}/payouts`;
const API = '/api/v2';
const DAY = 86_400_000;

/** Reads the payout list API (the page's own data) with the browser's session. */
async function apiList(page, query) {
  const res = await page.request.get(`${API}/payouts/payout_requests?${new URLSearchParams({ page_size: '500', ...query })}`, {
    headers: { 'X-Organisation-ID': NORDIC },
  });
  assert.equal(res.status(), 200, `payout list API: ${await res.text()}`);
  return res.json();
}

async function apiPayout(page, ref) {
  const res = await page.request.get(`${API}/payouts/organisations/${NORDIC}/payout_requests/${ref}`);
  assert.equal(res.status(), 200);
  return (await res.json()).data;
}


/** The panel's status label, reloading until the processor has moved the payout on. */
async function waitForStatus(page, want) {
  const deadline = Date.now() + scaled(15_000);
  for (;;) {
    const label = (await page.locator('#payout-panel p span[class*="rounded"]').first().innerText()).trim();
    if (label === want) return;
    assert.ok(Date.now() < deadline, `status ${label}, waiting for ${want}`);
    await page.waitForTimeout(500); // unscaled-ok: the interval between reloads; the deadline is the budget
    await page.reload();
  }
}

/** A tab's name without its error count ("Receiver Bank 1 error" → "Receiver Bank"). */
const tabName = (s) => s.replace(/\s*\d+\s*errors?$/, '').trim();
const tabPattern = (name) => new RegExp('^' + name + '(\\s+\\d+\\s+errors?)?$');

/** The flash messages of the page. */
async function flashes(page) {
  return (await page.locator('main [aria-live="polite"] p').allInnerTexts()).map((s) => s.trim());
}

test('Payouts: filter by state and reason code from a dashboard link', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  const widget = page.getByRole('region', { name: 'Payout requests', exact: true });
  const rejected = widget.locator('table', { has: page.locator('caption', { hasText: /^Rejected:/ }) });
  const link = rejected.getByRole('link').first();
  const reason = (await link.innerText()).trim();
  const href = await link.getAttribute('href');
  assert.match(href, /\/payouts\?reasonCode=[a-z_]+&state=rejected$/);
  await link.click();
  await expectH1(page, 'Payouts');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('state'), 'rejected');
  const code = url.searchParams.get('reasonCode');
  const filters = page.getByRole('form', { name: 'Filter payouts' });
  assert.equal(await filters.getByLabel('Status', { exact: true }).inputValue(), 'rejected');
  assert.equal(await filters.getByLabel('Reason code', { exact: true }).inputValue(), code);
  // The rows are the API's for the same filters and the same period (the last 30 days).
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
  const window = { created_after: iso(today - 29 * DAY), created_before: iso(today + DAY) };
  const api = await apiList(page, { ...window, state_category: 'rejected', reason_code_id: code });
  assert.ok(api.meta.total > 0, 'the dashboard counted some');
  const rows = page.locator('tr[data-status]');
  assert.equal(await rows.count(), api.meta.total);
  assert.deepEqual(await rows.evaluateAll((rs) => rs.map((r) => r.id)), api.data.map((p) => 'payout-' + p.vela_unique_reference));
  // A Rejected filter returns rejections only: a finished cancellation is its own status.
  for (const text of await rows.locator('td:last-child').allInnerTexts()) assert.match(text, new RegExp(`^Rejected\\s+${reason}`));
  assert.match(await page.locator('#payouts-count').innerText(), new RegExp(`^${api.meta.total} payout requests? created`));
  await t.audit('payouts filtered from the dashboard');

  // Another status with the form (a GET: the address holds the filters).
  await filters.getByLabel('Status', { exact: true }).selectOption('returned');
  await filters.getByLabel('Reason code', { exact: true }).selectOption('');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/state=returned/);
  const returned = await apiList(page, { ...window, state_category: 'returned' });
  assert.equal(await rows.count(), returned.meta.total);
  for (const s of await rows.evaluateAll((rs) => rs.map((r) => r.dataset.status))) assert.equal(s, 'returned');
  await filters.getByRole('link', { name: 'Clear filters' }).click();
  await page.waitForURL((u) => u.pathname === PAYOUTS && u.search === '');
});

test('Payouts: open a payout and walk its tabs', async (t) => {
  const { page } = t;
  await login(t, 'observer@demo.example');
  // A rejected payout with findings in the receiver's bank details: Summary, a red count on
  // Receiver Bank, a reason code badge leading there, an error badge leading back.
  const list = await apiList(page, { state_category: 'rejected', reason_code_id: 'invalid_creditor_account' });
  const p = list.data[0];
  await page.goto(`${PAYOUTS}?state=rejected&reasonCode=invalid_creditor_account`);
  const row = page.locator('#payout-' + p.vela_unique_reference);
  if ((await row.count()) === 0) {
    await page.goto(`${PAYOUTS}/${p.vela_unique_reference}?state=rejected`); // older than the page's 30 days
  } else {
    await row.getByRole('link', { name: 'Details of payout ' + p.vela_unique_reference }).click();
  }
  const panel = page.locator('#payout-panel');
  await panel.getByRole('heading', { level: 2, name: 'Payout ' + p.vela_unique_reference }).waitFor();
  await panel.getByText('Sorry, we could not process this payout request.', { exact: true }).waitFor();
  const names = ['Summary', 'Payout Request', 'Sender', 'History', 'Receiver Bank', 'Receiver'];
  if (t.js) {
    await page.locator('[data-island="PayoutDetails"][data-ready]').waitFor({ state: 'attached' });
    const tabs = panel.getByRole('tab');
    assert.deepEqual((await tabs.allInnerTexts()).map(tabName).slice(0, 6), names);
    assert.equal(await panel.getByRole('tab', { selected: true }).innerText(), 'Summary');
    await t.audit('payout panel (tablist)');
    // The keyboard walks every tab and its panel.
    await panel.getByRole('tab', { selected: true }).focus();
    for (const name of names.slice(1)) {
      await page.keyboard.press('ArrowRight');
      const sel = panel.getByRole('tab', { selected: true });
      assert.equal(tabName(await sel.innerText()), name);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'tab');
      await panel.getByRole('tabpanel').getByRole('heading', { level: 3, name, exact: true }).waitFor();
    }
    assert.match(page.url(), /tab=receiver#payout-panel$/, 'the address follows the tab');
    await page.keyboard.press('Home');
    assert.equal(await panel.getByRole('tab', { selected: true }).innerText(), 'Summary');
    const count = panel.getByRole('tab', { name: /Receiver Bank/ });
    assert.match(await count.innerText(), /Receiver Bank\s*\d+\s*errors?/);
    await panel.getByRole('link', { name: /^AC01 · Invalid creditor account/ }).click();
    assert.equal(tabName(await panel.getByRole('tab', { selected: true }).innerText()), 'Receiver Bank');
    await panel.getByRole('tabpanel').getByRole('link', { name: /^Error/ }).first().click();
    assert.equal(await panel.getByRole('tab', { selected: true }).innerText(), 'Summary');
  } else {
    const nav = panel.getByRole('navigation', { name: 'Payout sections' });
    const links = nav.getByRole('link');
    assert.deepEqual((await links.allInnerTexts()).map(tabName).slice(0, 6), names);
    assert.equal(await nav.locator('[aria-current="page"]').innerText(), 'Summary');
    await t.audit('payout panel (links)');
    for (const name of names.slice(1)) {
      await nav.getByRole('link', { name: tabPattern(name) }).click();
      await panel.getByRole('heading', { level: 3, name, exact: true }).waitFor();
      assert.equal(tabName(await nav.locator('[aria-current="page"]').innerText()), name);
    }
    await nav.getByRole('link', { name: 'Summary' }).click();
    await panel.getByRole('link', { name: /^AC01 · Invalid creditor account/ }).click();
    await panel.getByRole('heading', { level: 3, name: 'Receiver Bank', exact: true }).waitFor();
    await panel.getByRole('link', { name: /^Error/ }).first().click();
    await panel.getByRole('heading', { level: 3, name: 'Summary', exact: true }).waitFor();
    assert.match(new URL(page.url()).search, /state=rejected/, 'the tabs keep the list’s filters');
  }
  await panel.getByRole('link', { name: 'Close payout details' }).click();
  await page.waitForURL((u) => u.pathname === PAYOUTS);
  assert.equal(await page.locator('#payout-panel').count(), 0);
});

test('Payouts: cancel a payout, its money comes back', async (t) => {
  const { page } = t;
  await login(t, 'operations_member@demo.example');
  // A halted payout holds amount and fee, and the processor leaves it be: one per mode.
  const held = (await apiList(page, { state_category: 'processing' })).data.filter((p) => p.current_state_name === 'halted' && !p.cancellation_pending);
  assert.ok(held.length > 0, 'a halted payout is left to cancel');
  const p = held[0];
  const before = await balance(page, NORDIC, p.debtor_account, 6);
  await page.goto(`${PAYOUTS}/${p.vela_unique_reference}?state=processing`);
  const panel = page.locator('#payout-panel');
  const open = panel.getByRole('link', { name: 'Cancel payout' });
  if (t.js) {
    await page.locator('[data-island="PayoutDetails"][data-ready]').waitFor({ state: 'attached' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel payout request?' });
    await dialog.waitFor();
    await dialog.getByText("We'll do our best, but cancellation may not be possible once processing has started.").waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Keep it', 'focus starts on Keep it');
    // The page behind is inert (lib/Modal's showModal): Tab goes round the dialog's controls,
    // passing through the browser's own controls (the document body here), never the page.
    const seen = await tabRound(page, 6);
    assert.ok(seen.includes('Cancel request') && seen.filter((s) => s === 'Keep it').length >= 1, `Tab goes round: ${seen}`);
    await dialog.getByRole('button', { name: 'Keep it' }).focus();
    await t.audit('cancel dialog');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel payout', 'focus goes back to the opener');
    await open.click();
    await dialog.getByRole('button', { name: 'Cancel request' }).click();
  } else {
    await open.click();
    await expectH1(page, 'Cancel payout request?');
    await page.getByText("We'll do our best, but cancellation may not be possible once processing has started.").waitFor();
    await t.audit('cancel confirmation page');
    await page.getByRole('button', { name: 'Cancel request' }).click();
  }
  await page.waitForURL((u) => u.pathname === `${PAYOUTS}/${p.vela_unique_reference}`);
  assert.deepEqual(await flashes(page), ['Payout cancellation process initaited']);
  await waitForStatus(page, 'Cancelled');
  await t.audit('payout cancelled');
  const after = await balance(page, NORDIC, p.debtor_account, 6);
  assert.equal(after - before, minor(p.amount, 6) + minor(p.fee, 6), 'amount and fee are back on the account');
  const got = await apiPayout(page, p.vela_unique_reference);
  assert.equal(got.cancellations.length, 1);
  assert.equal(await panel.getByRole('link', { name: 'Cancel payout' }).count(), 0);
}, { timeout: 60_000 });

test('Payouts: sandbox RETURNED on a completed payout', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  const p = (await apiList(page, { state_category: 'completed' })).data[t.js ? 0 : 1];
  const before = await balance(page, NORDIC, p.debtor_account, 6);
  await page.goto(`${PAYOUTS}/${p.vela_unique_reference}`);
  const panel = page.locator('#payout-panel');
  const select = panel.getByLabel('Sandbox test case', { exact: true });
  assert.deepEqual(await select.locator('option').allInnerTexts(), ['Returned'], 'a completed payout may only be returned');
  if (t.js) {
    await page.locator('[data-island="PayoutDetails"][data-ready]').waitFor({ state: 'attached' });
    await panel.getByRole('button', { name: 'Run test case' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run sandbox test case?' });
    await dialog.getByText('Test case: Returned').waitFor();
    await t.audit('test case dialog');
    await dialog.getByRole('button', { name: 'Run test case' }).click();
  } else {
    await panel.getByRole('button', { name: 'Run test case' }).click();
    await expectH1(page, 'Run sandbox test case?');
    await t.audit('test case confirmation page');
    await page.getByRole('main').getByRole('button', { name: 'Run test case' }).click();
  }
  await page.waitForURL((u) => u.pathname === `${PAYOUTS}/${p.vela_unique_reference}`);
  assert.deepEqual(await flashes(page), ['Test case executed']);
  await waitForStatus(page, 'Returned');
  await panel.getByText('This payout has been returned.', { exact: true }).waitFor();
  const after = await balance(page, NORDIC, p.debtor_account, 6);
  assert.equal(after - before, minor(p.amount, 6) + minor(p.fee, 6), 'a return gives amount and fee back');
}, { timeout: 60_000 });

test('Payouts: copy a payout reference', async (t) => {
  const { page } = t;
  await login(t, 'observer@demo.example');
  const p = (await apiList(page, { state_category: 'completed' })).data[0];
  const ref = p.vela_unique_reference;
  await page.goto(`${PAYOUTS}/${ref}?tab=payout_request`);
  const panel = page.locator('#payout-panel');
  await panel.getByRole('heading', { level: 2, name: 'Payout ' + ref }).waitFor();
  if (!t.js) {
    // The value stays text to select; nothing to press that would do nothing.
    await panel.getByText(ref, { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('button', { name: /^Copy/ }).count(), 0, 'no copy button without JavaScript');
    await t.audit('payout panel, copy values as text');
    return;
  }
  await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.base });
  await page.locator('[data-island="PayoutDetails"][data-ready]').waitFor({ state: 'attached' });
  const copy = panel.getByRole('button', { name: 'Copy reference', exact: true });
  // The keyboard reaches and presses it.
  await copy.focus();
  await page.keyboard.press('Enter');
  const said = ref + ' has been copied to your clipboard';
  await panel.getByRole('status').filter({ hasText: said }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), ref);
  await t.audit('payout panel, reference copied');
});

test('Payouts: the page fits a 320 px column', async (t) => {
  const { page } = t;
  // A phone: below the lg breakpoint the shell folds its menu away and the page column is the
  // viewport (the layout walk checks every page's document width; this checks the panel and the
  // confirmation pages, which the walk does not reach).
  await page.setViewportSize({ width: 320, height: 900 });
  await login(t, 'admin@demo.example');
  const halted = (await apiList(page, { state_category: 'processing' })).data[0];
  for (const path of [PAYOUTS, `${PAYOUTS}?amountFrom=-1`, `${PAYOUTS}/${halted.vela_unique_reference}?tab=payout_request`,
    `${PAYOUTS}/${halted.vela_unique_reference}/cancel`]) {
    await page.goto(path);
    await fitsColumn(page, path, 320);
  }
});
