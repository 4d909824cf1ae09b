// Account flows (account transactions, the transfer dialog): each runs with
// JavaScript and without. The transfers change balances, so the flows compare
// before and after instead of expecting fixed numbers, and use an end-to-end
// id unique to the run and mode.
//
// Logins: 3 per mode (admin twice, observer), 6 per run; see the README's note on
// the per-address login limit.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { NORDIC, expectH1, fitsColumn, login, pathOf, unfold } from './flows.mjs';
import { nextRows } from './loadmore-flows.mjs';
import { hydrated } from './lib/hydrate.mjs';

// reference/seed.go
const EUR = '4520011000000015';
const GBP = '4520011000000023';
const accountPath = (n) => `/org/${NORDIC}/accounts/${n}`;

/** Minor units of a displayed amount: "125,000.00 EUR" → 12500000n. */
export function minor(text) {
  const m = text.replace(/,/g, '').match(/-?\d+\.\d{2}\b/);
  assert.ok(m, `an amount in ${JSON.stringify(text)}`);
  return BigInt(m[0].replace('.', ''));
}

export async function currentBalance(page, number) {
  await page.goto(accountPath(number));
  await expectH1(page, 'Account Transactions');
  const dd = page.locator('section[aria-labelledby="withdrawal-title"] dt:text-is("Current balance") + dd');
  return minor(await dd.innerText());
}

/** The top bar's date range picker: the island's popover with JS, its form
 *  without. */
async function topBarPicker(t) {
  const { page } = t;
  const root = page.locator('[data-island="DateRangePicker"]');
  if (!t.js) {
    await unfold(root);
    return { root, form: root };
  }
  await hydrated(page, 'DateRangePicker'); // its code loads on first use
  await root.locator('button[aria-haspopup="dialog"]').click();
  const dialog = page.getByRole('dialog', { name: 'Choose a date range' });
  await dialog.waitFor();
  return { root, form: dialog };
}

const ddmmyyyy = (d) => [d.getUTCDate(), d.getUTCMonth() + 1].map((n) => String(n).padStart(2, '0')).join('-') + '-' + d.getUTCFullYear();

/** Widens the global date range to the last 100 days through the top bar
 *  picker (the seeded history is 90 days: more than one page of 50), and
 *  puts Past 30 days back when the flow ends. */
async function wideRange(t) {
  const { page } = t;
  t.cleanup(() => pastThirtyDays(t));
  const from = ddmmyyyy(new Date(Date.now() - 100 * 86400_000));
  const to = ddmmyyyy(new Date());
  const { form } = await topBarPicker(t);
  if (t.js) await form.getByRole('button', { name: 'Custom range', exact: true }).click();
  else await form.getByLabel('Date range', { exact: true }).selectOption({ label: 'Custom range' });
  await form.getByLabel('From', { exact: true }).fill(from);
  await form.getByLabel('To', { exact: true }).fill(to);
  const apply = form.getByRole('button', { name: t.js ? 'Select date range' : 'Apply', exact: true });
  await Promise.all([page.waitForNavigation(), apply.click()]);
  await page.getByText('The date range is now Custom range.').waitFor();
}

async function pastThirtyDays(t) {
  const { page } = t;
  await page.goto(`/org/${NORDIC}`);
  const { form } = await topBarPicker(t);
  if (t.js) {
    await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Past 30 days', exact: true }).click()]);
  } else {
    await form.getByLabel('Date range', { exact: true }).selectOption({ label: 'Past 30 days' });
    await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Apply', exact: true }).click()]);
  }
  await expectH1(page, 'Dashboard');
}

const rowIds = (page) => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.id));

/** The transfer form's fields in root, the dialog or the page's form (their amount errors have ids of their own). */
const transferFields = (root, amountError) => ({
  root,
  from: root.getByLabel('From account'),
  to: root.getByLabel('To account'),
  amount: root.getByLabel(/^Amount/),
  e2e: root.getByLabel('End-to-end ID'),
  amountError: root.locator(amountError),
  submit: root.getByRole('button', { name: 'Transfer', exact: true }),
});

/** Opens the transfer form: the dialog with JS, the page without. */
async function openTransfer(t) {
  const { page } = t;
  const island = page.locator('[data-island="TransferDialog"]');
  if (t.js) {
    // Its code comes on the link's first click, which the loader holds and gives to the button.
    assert.equal(await island.getAttribute('data-load'), 'interaction');
    await island.getByRole('link', { name: 'Transfer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer' });
    await dialog.waitFor();
    return transferFields(dialog, '#transfer-amount-error');
  }
  await island.getByRole('link', { name: 'Transfer', exact: true }).click();
  await page.waitForURL((u) => u.pathname.endsWith('/transfer'));
  await expectH1(page, 'Transfer');
  return transferFields(page.locator('main form'), '#amount-error');
}

test('accounts: browse, filter, page, panel, transfer, overdraft', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await wideRange(t);
  const eurBefore = await currentBalance(page, EUR);
  const gbpBefore = await currentBalance(page, GBP);

  // Browse the EUR account: a full first page, newest first.
  await page.goto(accountPath(EUR));
  await expectH1(page, 'Account Transactions');
  await t.audit('account transactions');
  const first = await rowIds(page);
  assert.equal(first.length, 50, 'a page holds 50 rows');
  assert.equal(await page.getByRole('link', { name: 'Previous page' }).count(), 0, 'no previous page on the first');

  // Filter by a type: every row has it, and the filter says so.
  await page.getByLabel('Entry type').selectOption('payout');
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await page.waitForURL((u) => u.searchParams.get('entry_type') === 'payout');
  const types = await page.locator('tbody tr td:nth-child(4)').allInnerTexts();
  assert.ok(types.length > 0 && types.every((x) => x.trim() === 'payout'), `only payouts: ${types.join(', ')}`);
  await t.audit('filtered by type');

  // Back to All; forward one page and back again.
  await page.getByLabel('Entry type').selectOption('');
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await page.waitForURL((u) => u.pathname === accountPath(EUR) && u.searchParams.get('entry_type') === '');
  const second = await nextRows(t, 'transactions-rows', 'transactions');
  assert.ok(second.length > 0 && !second.includes(first[0]), 'the next page holds older entries');
  // With JavaScript the rows were appended below the first page's (nextRows checks they stay).
  if (!t.js) {
    assert.ok(new URL(page.url()).searchParams.has('cursor_after'));
    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL((u) => u.searchParams.has('cursor_before'));
    assert.deepEqual(await rowIds(page), first, 'previous page is the first page again');
  }

  // A transaction's panel: reached by its link, closed by the keyboard.
  const rowLink = page.locator('tbody tr').nth(2).getByRole('link');
  const id = (await rowLink.innerText()).trim().split(/\s+/).pop();
  await rowLink.click();
  await page.waitForURL((u) => u.searchParams.get('entry') === id);
  const panel = page.getByRole('complementary', { name: 'Transaction details' });
  await panel.waitFor();
  assert.ok((await panel.innerText()).includes(id), 'the panel shows the entry');
  await t.audit('transaction panel');
  await panel.getByRole('link', { name: 'Close transaction details' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.searchParams.has('entry'));
  assert.equal(await panel.count(), 0, 'the panel closed');

  // Transfer EUR → GBP: the FX hint, then both balances and the new entries.
  const ref = `E2E-${t.js ? 'js' : 'nojs'}-${Date.now()}`;
  await page.goto(accountPath(EUR));
  let f = await openTransfer(t);
  assert.equal(await f.from.inputValue(), EUR, 'the current account is preselected');
  await f.to.selectOption(GBP);
  await f.amount.fill('10');
  await f.e2e.fill(ref);
  if (!t.js) await page.getByRole('button', { name: 'Show exchange rate' }).click();
  await f.root.getByText(/Currency conversion: 1 EUR = 0\.\d{5} GBP/).waitFor();
  await f.root.getByText(/10\.00 EUR converts to \d+\.\d\d GBP/).waitFor();
  await t.audit(t.js ? 'transfer dialog open' : 'transfer page with the exchange rate');
  const converted = minor((await f.root.getByText(/converts to/).innerText()).split('converts to')[1]);
  // Without JS, the page came back with the hint: find the fields again.
  if (!t.js) f = await refind(t);
  await f.submit.click();
  if (t.js) await f.root.getByRole('status').filter({ hasText: 'Transfer successful' }).waitFor();
  await page.waitForURL((u) => u.pathname === accountPath(EUR));
  await page.getByText(ref).first().waitFor();
  if (!t.js) await page.getByRole('status').getByText('Transfer successful').waitFor();
  assert.equal(await currentBalance(page, EUR), eurBefore - 1000n, 'EUR balance down by 10.00');
  assert.equal(await currentBalance(page, GBP), gbpBefore + converted, 'GBP balance up by the converted amount');
  await page.getByText(ref).first().waitFor(); // the credit entry, on the GBP page

  // Search the transfer's reference from the top bar: both entries are found,
  // and the EUR one opens the EUR account with its panel.
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(ref);
  await Promise.all([page.waitForNavigation(), page.getByRole('searchbox', { name: 'Search', exact: true }).press('Enter')]);
  // The URL moves to the first hit of the first group that has one (spec 001 §2 Search).
  assert.match(pathOf(page), new RegExp(`^/org/${NORDIC}/search/transactions/\\d+\\?q=${encodeURIComponent(ref)}$`));
  await expectH1(page, 'Search results');
  const results = page.getByRole('region', { name: 'Account Transactions', exact: true });
  await results.getByText('2 transactions found', { exact: false }).waitFor();
  assert.equal(await results.locator('tbody tr').count(), 2, 'the debit and the credit');
  await t.audit('search results');
  const eurHit = results.locator('tbody tr').filter({ hasText: `No. ${EUR}` }).getByRole('link');
  const hitId = (await eurHit.innerText()).trim().split(/\s+/).pop();
  await eurHit.click();
  await page.waitForURL((u) => u.pathname === accountPath(EUR) && u.searchParams.get('entry') === hitId);
  const found = page.getByRole('complementary', { name: 'Transaction details' });
  await found.waitFor();
  const details = await found.innerText();
  assert.ok(details.includes(hitId) && details.includes(ref), 'the panel shows the searched entry');

  // An overdraft is refused on the amount field.
  await page.goto(accountPath(EUR));
  f = await openTransfer(t);
  await f.to.selectOption(GBP);
  await f.amount.fill('999999999');
  await f.e2e.fill(ref + '-big');
  if (t.js) await f.root.getByText(/Currency conversion/).waitFor();
  await f.submit.click();
  await f.amountError.filter({ hasText: 'Insufficient funds' }).waitFor();
  if (t.js) forgetRefusedTransfer(t);
  assert.equal(await f.amount.getAttribute('aria-invalid'), 'true');
  await t.audit(t.js ? 'transfer dialog with an error' : 'transfer page with an error');
  assert.equal(await currentBalance(page, EUR), eurBefore - 1000n, 'the refused transfer moved nothing');
}, { timeout: 90_000 });

/** The dialog's refused transfer is a 422 from the API on purpose: the page
 *  checks must not count it (nor Chrome's log line about it) as a failure. */
function forgetRefusedTransfer(t) {
  const m = t.monitor;
  const ours = (u) => /\/inter_account_movements$/.test(u || '');
  const before = m.failedResponses.length;
  m.failedResponses = m.failedResponses.filter((f) => !(f.startsWith('422 POST ') && ours(f)));
  assert.equal(before - m.failedResponses.length, 1, 'the refused transfer answered 422 once');
  m.consoleErrors = m.consoleErrors.filter((e) => !(e.text.startsWith('Failed to load resource') && ours(e.url)));
}

/** The no-JS transfer page after a post-back: its fields, again. */
async function refind(t) {
  const form = t.page.locator('main form');
  return {
    root: form,
    submit: form.getByRole('button', { name: 'Transfer', exact: true }),
  };
}

test('accounts: observer cannot transfer', async (t) => {
  const { page } = t;
  await login(t, 'observer@demo.example');
  await page.goto(accountPath(EUR));
  await expectH1(page, 'Account Transactions');
  assert.equal(await page.locator('[data-island="TransferDialog"]').count(), 0, 'no Transfer button');
  assert.equal(await page.getByRole('link', { name: 'Export to CSV' }).count(), 0, 'no Export to CSV');
  await t.audit('account transactions (observer)');
  await page.goto(accountPath(EUR) + '/transfer');
  await page.waitForURL((u) => u.pathname === `/org/${NORDIC}`);
  assert.equal(pathOf(page), `/org/${NORDIC}`);
});

// reference/seed.go: owned outside the portal, shared with both demo organisations.
const POOL = '4520019000000017';
const SHARED_NOTE = 'Please reach out to account owner for account information';

test('accounts: a shared account shows what the dashboard says, and nothing more', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  // The dashboard's card says the sentence and is no link; the account's page says the same.
  const pool = page.getByRole('region', { name: 'Accounts', exact: true }).getByRole('listitem').filter({ hasText: `No. ${POOL}` });
  await pool.getByText(SHARED_NOTE, { exact: true }).waitFor();
  const cardText = await pool.innerText();
  await page.goto(accountPath(POOL));
  await expectH1(page, 'Account Transactions');
  const details = page.getByRole('region', { name: 'Account details', exact: true });
  await details.getByText(SHARED_NOTE, { exact: true }).waitFor();
  const text = await details.innerText();
  for (const want of ['Partner pool EUR', 'SHARED', POOL, 'EUR']) assert.ok(text.includes(want), `details show ${want}: ${text}`);
  assert.equal(minor(text.slice(text.indexOf('Balance'))), minor(cardText), 'the balance is the dashboard card\'s');
  assert.equal(await page.locator('main table').count(), 0, 'no transactions table');
  assert.equal(await page.getByLabel('Entry type').count(), 0, 'no entry type filter');
  assert.equal(await page.locator('[data-island="TransferDialog"], [data-island="StatementExport"]').count(), 0, 'no Transfer, no Export');
  assert.equal(await page.getByRole('link', { name: /Transfer|Export to CSV/ }).count(), 0, 'no Transfer or Export link');
  await t.audit('shared account');
  await page.setViewportSize({ width: 320, height: 800 });
  await fitsColumn(page, 'shared account at 320 px', 320);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Its transfer page and a transfer naming it are refused.
  const res = await page.goto(accountPath(POOL) + '/transfer');
  assert.equal(res.status(), 403, 'the transfer page of a shared account');
  await page.getByRole('alert').getByText(SHARED_NOTE, { exact: true }).waitFor();
  await t.audit('shared account transfer refused');
});
