// Global search (spec 001 §2 "Global search", 000 §2 the top bar's box), with JavaScript
// and without: a payout's end-to-end id typed into the top bar moves to the payout's
// address under the search and opens its details panel there; its hit links to the payout's
// own page; Close leaves the results; a search without a hit shows the spec's texts.
//
// Logins: 1 per flow run (observer).
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { NORDIC, fitsColumn, login, unfold } from './flows.mjs';

// reference/payouts_seed.go: the 29th payout that never reached processing is rejected and
// has no ledger entry, so Payout requests is the first group with a hit.
const PAYOUT = 'PO-0001-S0029';
const E2E = 'E2E-0001-S0029';

async function searchFromTopBar(page, text) {
  const box = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
}

test("Search: a payout's end-to-end id from the top bar opens its panel", async (t) => {
  const { page } = t;
  await login(t, 'observer@demo.example');
  await page.goto(`/org/${NORDIC}/accounts/4520011000000015`);
  await searchFromTopBar(page, ` ${E2E} `);
  await page.waitForURL((u) => u.pathname === `/org/${NORDIC}/search/payouts/${PAYOUT}` && u.searchParams.get('q') === E2E);
  const panel = page.locator('#payout-panel');
  await panel.getByRole('heading', { level: 2, name: 'Payout ' + PAYOUT }).waitFor();
  assert.ok((await panel.innerText()).includes(E2E), 'the panel shows the end-to-end id');
  const groups = page.locator('main section h2');
  assert.deepEqual(await groups.allInnerTexts(),
    ['Account Transactions', 'Payout requests', 'Collection Orders', 'Collection Order Payments', 'Withdrawals']);
  if (t.js) await page.locator('[data-island="PayoutDetails"][data-ready]').waitFor({ state: 'attached' });
  await t.audit('search moved to a payout');
  // At phone width the panel comes first and the results reflow under it.
  await page.setViewportSize({ width: 320, height: 800 });
  await fitsColumn(page, 'search with a payout panel at 320 px', 320);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A tab of the panel stays on the search's address.
  if (t.js) {
    await panel.getByRole('tab', { name: 'Sender' }).click();
    await panel.getByRole('tabpanel').getByRole('heading', { level: 3, name: 'Sender', exact: true }).waitFor();
  } else {
    await panel.getByRole('link', { name: 'Sender' }).click();
    await page.waitForURL((u) => u.pathname === `/org/${NORDIC}/search/payouts/${PAYOUT}` && u.searchParams.get('tab') === 'sender');
    await page.locator('#payout-panel').getByRole('heading', { level: 3, name: 'Sender', exact: true }).waitFor();
  }

  // Close leaves the results in place; the hit opens the payout's own page.
  await page.locator('#payout-panel').getByRole('link', { name: /^Close/ }).click();
  await page.waitForURL((u) => u.pathname === `/org/${NORDIC}/search` && u.searchParams.get('list') === '1');
  assert.equal(await page.locator('#payout-panel').count(), 0, 'no panel after Close');
  await t.audit('search results without a panel');
  await page.getByRole('link', { name: 'Open Payout requests record ' + PAYOUT }).click();
  await page.waitForURL((u) => u.pathname === `/org/${NORDIC}/payouts/${PAYOUT}`);
  await page.locator('#payout-panel').getByRole('heading', { level: 2, name: 'Payout ' + PAYOUT }).waitFor();
});

test('Search: a search without a hit says so', async (t) => {
  const { page } = t;
  await login(t, 'observer@demo.example');
  // From a phone: the top bar folds there without JavaScript.
  await page.setViewportSize({ width: 320, height: 800 });
  if (!t.js) await unfold(page.getByRole('banner'));
  await searchFromTopBar(page, 'NO-SUCH-REFERENCE-42');
  await page.waitForURL((u) => u.pathname === `/org/${NORDIC}/search` && u.searchParams.get('q') === 'NO-SUCH-REFERENCE-42');
  await page.getByRole('heading', { level: 2, name: 'No search result' }).waitFor();
  await page.getByText('We could not find any results matching the applied search criteria. Please adjust your search criteria and try again.',
    { exact: true }).waitFor();
  await fitsColumn(page, 'search without a hit at 320 px', 320);
  await t.audit('search without a hit');
});
