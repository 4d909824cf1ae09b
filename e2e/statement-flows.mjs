// Statement exports (spec 000 §2 "Exported statements", §4 statement export modal): a finance
// user requests a statement of the last 30 days, sees it generating, then ready, gets the
// e-mail in the sandbox outbox, and downloads the CSV, whose rows and totals are checked
// against the ledger's balances (the statement API's opening and closing balances, the
// account summary when the accounts API is there) and against the camt.053 of the same
// statement. A statement requested as MT940 is downloaded and read by a third-party parser
// (mt940js), whose entries and balances must be the CSV's of the same statement. Each run
// adds a statement: the flow compares with what was there before.
import assert from 'node:assert/strict';
import fs from 'node:fs';

import { test } from './lib/runner.mjs';
import { NORDIC, expectH1, login } from './flows.mjs';
import { emails, parseCSV } from './lib/exports.mjs';
import mt940js from 'mt940js';
import { scaled } from './lib/time.mjs';
import { minor } from './lib/money.mjs';

// The portal's statement queue holds each job back a few seconds, so the "generating" state
// is there to see in both modes (read when run.mjs starts the portal, after this import).
process.env.PORTAL_STATEMENT_DELAY ??= '10s';

const EUR = '4520011000000015';
const LIST = `/org/${NORDIC}/exported_statements`;
const API = `/api/v2/virtual_bank/organisations/${NORDIC}`;
const DAY = 86_400_000;


async function newestRowId(page, before) {
  const ids = await page.locator('tr[data-state]').evaluateAll((rs) => rs.map((r) => r.id));
  const fresh = ids.filter((id) => !before.has(id));
  assert.equal(fresh.length, 1, `one new statement in the list (${ids.length} rows)`);
  return fresh[0];
}

/** Waits for a listed statement to be ready: the island follows it with JavaScript; without,
 *  the Refresh link reloads. */
async function waitReady(t, row) {
  const deadline = Date.now() + scaled(40_000);
  if (t.js) {
    await row.and(t.page.locator('[data-state="ready"]')).waitFor({ state: 'attached', timeout: scaled(40_000) })
      .catch(() => assert.fail('the statement became ready within 40 s'));
  }
  while ((await row.getAttribute('data-state')) !== 'ready') {
    assert.ok(Date.now() < deadline, 'the statement became ready within 40 s');
    await t.page.waitForTimeout(1000); // unscaled-ok: the interval between Refresh clicks; the deadline is the budget
    await row.getByRole('link', { name: 'Refresh' }).click();
    await expectH1(t.page, 'Exported statements');
  }
}

test('Statement export: request, generating, ready, e-mail, CSV checked against the ledger', async (t) => {
  const { page } = t;
  await login(t, 'finance@demo.example');
  await page.goto(LIST);
  await expectH1(page, 'Exported statements');
  await t.audit('exported statements');
  const before = new Set(await page.locator('tr[data-state]').evaluateAll((rs) => rs.map((r) => r.id)));
  const mailsBefore = new Set(await emails(t));

  // The request: a dialog with JavaScript, a page without. Every locator is scoped to it: the
  // top bar's date range picker has its own From and To on the same page.
  await page.getByRole('main').getByRole('link', { name: 'Download statement', exact: true }).click();
  let box;
  if (t.js) {
    box = page.getByRole('dialog', { name: 'Download statement' });
    await box.waitFor();
    const size = await box.boundingBox();
    assert.ok(size.width <= 336.5, `dialog width ${size.width}`);
    await t.audit('statement request');
  } else {
    // The list with the request form in it (the dialog needs JavaScript).
    await expectH1(page, 'Exported statements');
    await page.getByRole('heading', { level: 2, name: 'Download statement' }).waitFor();
    await t.audit('statement request');
    box = page.getByRole('main');
  }
  const form = box.locator('form:has(#statement-from)');
  const dmy = (ms) => new Date(ms).toISOString().slice(0, 10).split('-').reverse().join('-');
  const today = dmy(Date.now());
  const from = form.getByLabel('Statement from', { exact: true });
  const to = form.getByLabel('Statement to', { exact: true });
  // Masked DD-MM-YYYY inputs holding the session's date range (last 30 days by default).
  for (const input of [from, to]) {
    assert.deepEqual([await input.getAttribute('type'), await input.getAttribute('inputmode'), await input.getAttribute('placeholder')],
      ['text', 'numeric', 'DD-MM-YYYY']);
  }
  assert.equal(await to.inputValue(), today);
  assert.equal(await from.inputValue(), dmy(Date.now() - 29 * DAY));
  const accountOptions = await form.getByLabel('Account', { exact: true }).locator('option').allInnerTexts();
  assert.ok(!accountOptions.some((o) => o.includes('Partner pool')), 'the shared account is not offered');
  await form.getByLabel('Account', { exact: true }).selectOption(EUR);
  await form.getByLabel('Report type', { exact: true }).selectOption('transactions');

  // Cannot be cleared: with JavaScript the last date comes back at once; without, the server
  // would refuse the empty field (the required attribute stops the browser first).
  if (t.js) {
    await to.fill('');
    assert.equal(await to.inputValue(), today, 'an emptied date is put back');
    await to.selectText();
    await to.pressSequentially(dmy(Date.now() + DAY).replaceAll('-', ''));
  } else {
    await to.fill(dmy(Date.now() + DAY));
  }
  // A day past the maximum date (today): the error beside the field and in the summary.
  assert.equal(await to.inputValue(), dmy(Date.now() + DAY), 'typed digits are masked as DD-MM-YYYY');
  await form.getByRole('button', { name: 'Download CSV report' }).click();
  const afterMax = `The last day cannot be after ${today}`;
  await form.locator('#statement-to-error').getByText(afterMax).waitFor();
  assert.equal(await form.getByRole('link', { name: afterMax }).getAttribute('href'), '#statement-to');
  assert.equal(await to.getAttribute('aria-invalid'), 'true');
  await t.audit('statement request error');
  await to.selectText();
  await to.pressSequentially(today);
  assert.equal(await to.inputValue(), today);
  await form.getByRole('button', { name: 'Download CSV report' }).click();
  await box.getByText('The report will be e-mailed to you when it is ready.').waitFor();
  if (t.js) {
    // The modal closes a second later and the list shows the new statement.
    await page.waitForFunction((n) => document.querySelectorAll('tr[data-state]').length > n, before.size, { timeout: scaled(5000) });
    await page.waitForLoadState('load');
  } else {
    await t.audit('statement requested');
    await box.getByRole('link', { name: 'Back to exported statements' }).click();
  }
  await expectH1(page, 'Exported statements');
  const id = await newestRowId(page, before);
  const row = page.locator('#' + id);
  assert.match(await row.getAttribute('data-state'), /^(queued|generating)$/);
  assert.match(await row.innerText(), /Generating…/);
  await t.audit('statement generating');

  await waitReady(t, row);
  await row.getByRole('link', { name: /^Download/ }).waitFor();
  await t.audit('statement ready');

  // The e-mail notice.
  const mails = await emails(t);
  const mail = mails.find((m) => !mailsBefore.has(m) && m.includes('finance@demo.example') && m.includes('Your statement is ready'));
  assert.ok(mail, `a new "Your statement is ready" e-mail to finance@demo.example; newest: ${JSON.stringify(mails.slice(0, 2))}`);
  assert.ok(mail.includes(EUR), 'the e-mail names the account');

  // The download: named by the server, parsed and checked.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /^Download/ }).click()]);
  assert.match(download.suggestedFilename(), new RegExp(`^statement-${EUR}-transactions-\\d{8}-\\d{8}\\.csv$`));
  const text = fs.readFileSync(await download.path(), 'utf8');
  assert.ok(!text.startsWith('\ufeff'), 'UTF-8 without BOM');
  const [header, ...rows] = parseCSV(text);
  assert.deepEqual(header, ['date', 'id', 'reference', 'order_id', 'entry_type', 'amount', 'running_balance', 'currency']);

  const st = (await (await page.request.get(`${API}/statements/${id.replace(/^statement-/, '')}`)).json()).data;
  assert.equal(rows.length, st.entry_count, 'one row per entry');
  assert.ok(rows.length > 0, 'the demo account has entries in the last 30 days');
  const start = Date.parse(st.from);
  const end = Date.parse(st.to);
  assert.equal(start, Date.parse(new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10) + 'T00:00:00Z'));
  let balance = minor(st.opening_balance);
  let sum = 0n;
  let prev = 0;
  for (const r of rows) {
    const at = Date.parse(r[0]);
    assert.match(r[0], /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'UTC dates');
    assert.ok(at >= start && at < end && at >= prev, `row ${r[1]} in the period, in booking order`);
    prev = at;
    assert.equal(r[7], 'EUR');
    balance += minor(r[5]);
    sum += minor(r[5]);
    assert.equal(minor(r[6]), balance, `running balance of ${r[1]} = previous + amount`);
  }
  assert.equal(minor(st.closing_balance), minor(st.opening_balance) + sum, 'closing = opening + sum of amounts');

  // The account summary, where the accounts API serves it, says the same.
  const summary = await page.request.get(`${API}/accounts/${EUR}/summary?created_after=${st.from}&created_before=${st.to}`);
  if (summary.ok()) {
    const s = (await summary.json()).data;
    if (s?.opening_balance !== undefined) {
      assert.equal(minor(s.opening_balance), minor(st.opening_balance), 'opening balance = account summary');
      assert.equal(minor(s.closing_balance), minor(st.closing_balance), 'closing balance = account summary');
    }
  } else {
    t.note('account summary API not served here: balances checked against the statement API (provider ledger)');
  }

  // The same statement as camt.053: same entries, same balances.
  const camt = await page.request.get(`${API}/statements/${st.id}/download?format=camt053`);
  assert.equal(camt.status(), 200);
  assert.match(camt.headers()['content-disposition'], /filename=statement-.*\.xml/);
  const xml = await camt.text();
  const refs = [...xml.matchAll(/<NtryRef>([^<]+)<\/NtryRef>/g)].map((m) => m[1]);
  assert.deepEqual(refs, rows.map((r) => r[1]), 'camt.053 entries = CSV rows');
  const bal = (code) => {
    const m = new RegExp(`<Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">([^<]+)</Amt><CdtDbtInd>(CRDT|DBIT)`).exec(xml);
    return (m[2] === 'DBIT' ? -1n : 1n) * minor(m[1]);
  };
  assert.equal(bal('OPBD'), minor(st.opening_balance));
  assert.equal(bal('CLBD'), minor(st.closing_balance));
}, { timeout: 90_000 });

test('Download statement: ?download_statement opens the dialog over the list; the account page exports in a dialog too', async (t) => {
  const { page } = t;
  await login(t, 'finance@demo.example');
  // A bare flag counts.
  await page.goto(`${LIST}?download_statement`);
  await expectH1(page, 'Exported statements');
  if (t.js) {
    const dialog = page.getByRole('dialog', { name: 'Download statement' });
    await dialog.waitFor();
    assert.ok((await dialog.boundingBox()).width <= 336.5);
    await t.audit('download statement dialog on load');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  } else {
    const form = page.getByRole('main').locator('form:has(#statement-from)');
    await page.getByRole('heading', { level: 2, name: 'Download statement' }).waitFor();
    assert.equal(await form.count(), 1);
    await t.audit('download statement form without JavaScript');
  }

  // The account page's "Export to CSV": that account, the session's range.
  await page.goto(`/org/${NORDIC}/accounts/${EUR}`);
  await page.getByRole('main').getByRole('link', { name: 'Export to CSV', exact: true }).click();
  let scope;
  if (t.js) {
    scope = page.getByRole('dialog', { name: 'Download statement' });
    await scope.waitFor();
    assert.match(page.url(), new RegExp(`/accounts/${EUR}$`), 'the dialog opens over the account page');
    await t.audit('export to CSV dialog');
  } else {
    await expectH1(page, 'Exported statements');
    scope = page.getByRole('region', { name: 'Download statement' });
  }
  assert.equal(await scope.getByLabel('Account', { exact: true }).inputValue(), EUR);
});

// The SWIFT X character set's spelling of a value, as the portal writes :86: (docs/areas/accounts.md):
// enough for the demo's ids, types and references, which are plain ASCII.
const swiftValue = (v) => v.replaceAll('_', '-').replaceAll('/', '-');

test('Statement export as MT940: requested in the form, downloaded, read by mt940js: the CSV\'s entries and balances', async (t) => {
  const { page } = t;
  // With JavaScript a transactions statement (the account's balances); without, a charges one
  // (the charges alone, from zero).
  const kind = t.js ? 'transactions' : 'charges';
  await login(t, 'finance@demo.example');
  await page.goto(LIST);
  await expectH1(page, 'Exported statements');
  const before = new Set(await page.locator('tr[data-state]').evaluateAll((rs) => rs.map((r) => r.id)));
  await page.getByRole('main').getByRole('link', { name: 'Download statement', exact: true }).click();
  const box = t.js ? page.getByRole('dialog', { name: 'Download statement' }) : page.getByRole('main');
  const form = box.locator('form:has(#statement-from)');
  await form.waitFor();
  await form.getByLabel('Account', { exact: true }).selectOption(EUR);
  await form.getByLabel('Report type', { exact: true }).selectOption(kind);
  const format = form.getByLabel('File format', { exact: true });
  assert.deepEqual(await format.locator('option').allInnerTexts(), ['CSV', 'camt.053', 'MT940']);
  await format.selectOption('mt940');
  // With JavaScript the button names the chosen format at once; the page's form names the
  // format it was rendered with.
  await form.getByRole('button', { name: t.js ? 'Download MT940 report' : 'Download CSV report' }).click();
  await box.getByText('The report will be e-mailed to you when it is ready.').waitFor();
  if (t.js) {
    await page.waitForFunction((n) => document.querySelectorAll('tr[data-state]').length > n, before.size, { timeout: scaled(5000) });
    await page.waitForLoadState('load');
  } else {
    await box.getByRole('link', { name: 'Back to exported statements' }).click();
  }
  await expectH1(page, 'Exported statements');
  const id = await newestRowId(page, before);
  const row = page.locator('#' + id);
  await waitReady(t, row);
  await t.audit('MT940 statement ready');

  // The row's first link is the requested format; CSV and camt.053 follow.
  const links = await row.getByRole('link').allInnerTexts();
  assert.deepEqual(links.map((l) => l.split(/[,\n]/)[0].trim()), ['Download MT940', 'CSV', 'camt.053']);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /^Download MT940/ }).click()]);
  assert.match(download.suggestedFilename(), new RegExp(`^statement-${EUR}-${kind}-\\d{8}-\\d{8}\\.sta$`));
  const text = fs.readFileSync(await download.path(), 'latin1');
  assert.match(text, /^[\x20-\x7e\r\n]*$/, 'plain ASCII');
  assert.ok(text.split('\r\n').every((l) => l.length <= 80), 'no line over 80 characters');

  const st = (await (await page.request.get(`${API}/statements/${id.replace(/^statement-/, '')}`)).json()).data;
  assert.equal(st.format, 'mt940');
  const csv = await page.request.get(`${API}/statements/${st.id}/download?format=csv`);
  const [, ...rows] = parseCSV(await csv.text());
  assert.ok(rows.length > 0, `the demo account has ${kind} in the last 30 days`);

  // mt940js checks each page itself: currencies agree, opening + entries = closing.
  const pages = new mt940js.Parser().parse(text);
  assert.ok(pages.length >= 1);
  const entries = pages.flatMap((p) => p.transactions);
  assert.equal(entries.length, rows.length, 'one MT940 entry per CSV row');
  const cents = (n) => BigInt(Math.round(n * 100));
  let sum = 0n;
  entries.forEach((e, i) => {
    const r = rows[i];
    assert.equal(cents(e.amount), minor(r[5]), `amount of ${r[1]}`);
    assert.equal(e.date.toISOString().slice(0, 10), r[0].slice(0, 10), `date of ${r[1]}`);
    assert.equal(e.currency, 'EUR');
    assert.equal(e.structuredDetails?.ID, r[1], 'the entry id in :86:');
    assert.equal(e.structuredDetails?.TYPE, swiftValue(r[4]), 'the entry type in :86:');
    if (r[2]) assert.equal(e.structuredDetails?.EREF, swiftValue(r[2]), 'the reference in :86:');
    sum += minor(r[5]);
  });
  pages.forEach((p, i) => {
    assert.equal(p.accountIdentification, EUR);
    assert.equal(p.number.sequence, String(i + 1).padStart(5, '0'), 'pages numbered in :28C:');
    if (i > 0) assert.equal(cents(p.openingBalance), cents(pages[i - 1].closingBalance), 'a page opens where the last closed');
  });
  const opening = cents(pages[0].openingBalance);
  const closing = cents(pages.at(-1).closingBalance);
  if (kind === 'transactions') {
    assert.equal(opening, minor(st.opening_balance), 'opening balance = the statement\'s');
    assert.equal(closing, minor(st.closing_balance), 'closing balance = the statement\'s');
    assert.equal(minor(rows.at(-1)[6]), closing, 'closing balance = the CSV\'s last running balance');
    assert.equal(cents(pages.at(-1).closingAvailableBalance), closing, ':64: = :62F:');
  } else {
    assert.equal(opening, 0n, 'a charges statement opens at zero');
    assert.equal(closing, sum, 'and closes at the charges\' sum');
  }
}, { timeout: 90_000 });
