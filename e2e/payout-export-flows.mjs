// Payout exports (spec 000 §2 "Exported payouts", /preview/{previewMetadata}; spec 001 §4
// "CSV export dialog", §5, §8): a finance user comes from the payouts page's "Export to CSV"
// (its filters in the query), fixes what the rules refuse, exports, sees the report being
// generated, then ready, gets the e-mail and downloads the CSV, whose rows are checked against
// the filters; then opens the payment document of a completed payout, sees every page on
// the preview and downloads the PDF, read back by a PDF reader (e2e/pdfcheck): its page
// count and the payout's reference. Each run adds a report: the flow compares with what was
// there before.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { test } from './lib/runner.mjs';
import { NORDIC, expectH1, login } from './flows.mjs';
import { emails, parseCSV } from './lib/exports.mjs';
import { scaled } from './lib/time.mjs';

// The export queue holds each job back a few seconds (one delay for every export, set by
// the statement flows too), so "Generating…" is there to see in both modes.
process.env.PORTAL_STATEMENT_DELAY ??= '10s';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EUR = '4520011000000015';
const LIST = `/org/${NORDIC}/exported_payouts`;
const API = `/api/v2/disbursement/organisations/${NORDIC}/payout_reports`;
const DAY = 86_400_000;
const dmy = (ms) => new Date(ms).toISOString().slice(0, 10).split('-').reverse().join('-');
const ymd = (ms) => new Date(ms).toISOString().slice(0, 10);

/** An exact decimal compared as a fixed-point BigInt (18 decimals). */
const amountUnits = (s) => {
  const [w, f = ''] = s.split('.');
  return BigInt(w + f.padEnd(18, '0'));
};

/** Reads a PDF with a PDF reader library: the text of each page. */
function readPDF(file) {
  const r = spawnSync('go', ['run', './e2e/pdfcheck', file], {
    cwd: root, encoding: 'utf8', env: { ...process.env, PATH: `${process.env.PATH}:/usr/local/go/bin` },
  });
  assert.equal(r.status, 0, `pdfcheck: ${r.stderr}`);
  return JSON.parse(r.stdout).pages;
}

/** The dialog's export that found nothing is a 422 from the API on purpose (code 1001): the
 *  page checks must not count it, nor Chrome's log line about it. */
function forgetRefusedExport(t) {
  const m = t.monitor;
  const ours = (u) => /\/payout_reports$/.test(u || '');
  const before = m.failedResponses.length;
  m.failedResponses = m.failedResponses.filter((f) => !(f.startsWith('422 POST ') && ours(f)));
  assert.equal(before - m.failedResponses.length, 1, 'the export that found nothing answered 422 once');
  m.consoleErrors = m.consoleErrors.filter((e) => !(e.text.startsWith('Failed to load resource') && ours(e.url)));
}

const rowIds = (page) => page.locator('tr[data-state]').evaluateAll((rs) => rs.map((r) => r.id));

test('Payout export: filters from the payouts page, rules, generating, ready, e-mail, CSV rows checked against the filters', async (t) => {
  const { page } = t;
  await login(t, 'finance@demo.example');
  await page.goto(LIST);
  await expectH1(page, 'Exported payouts');
  await t.audit('exported payouts');
  const before = new Set(await rowIds(page));
  const mailsBefore = new Set(await emails(t));

  // The payouts page's "Export to CSV": its filters in the query.
  const from = Date.now() - 60 * DAY;
  await page.goto(`${LIST}?download_payouts=1&account=${EUR}&currency=EUR&state=completed&from=${ymd(from)}&to=${ymd(Date.now())}`);
  await expectH1(page, 'Exported payouts');
  let box;
  if (t.js) {
    box = page.getByRole('dialog', { name: 'Download payout requests' });
    await box.waitFor();
    const size = await box.boundingBox();
    assert.ok(size.width <= 336.5, `dialog width ${size.width}`);
    await t.audit('payout export dialog');
  } else {
    box = page.getByRole('region', { name: 'Download payout requests' });
    await box.waitFor();
    await t.audit('payout export form');
  }
  const form = box.locator('form:has(#payout-export-from)');
  const account = form.getByLabel('Account', { exact: true });
  const fromField = form.getByLabel('Created from', { exact: true });
  const toField = form.getByLabel('Created to', { exact: true });
  assert.equal(await account.inputValue(), EUR);
  assert.equal(await fromField.inputValue(), dmy(from));
  assert.equal(await toField.inputValue(), dmy(Date.now()));
  assert.ok(await form.getByLabel('Completed', { exact: true }).isChecked(), 'the state filter is checked');
  assert.ok(!(await account.locator('option').allInnerTexts()).some((o) => o.includes('Partner pool')), 'no shared account');

  // The rules: account All, more than 90 days.
  await account.selectOption('');
  await fromField.fill(dmy(Date.now() - 120 * DAY));
  await form.getByRole('button', { name: 'Export to CSV' }).click();
  await form.locator('#payout-export-account-error').getByText('Please choose account').waitFor();
  await form.locator('#payout-export-from-error').getByText('Please choose less than 90 days').waitFor();
  assert.equal(await form.getByRole('link', { name: 'Please choose less than 90 days' }).getAttribute('href'), '#payout-export-from');
  await t.audit('payout export errors');

  // Filters that select nothing: the spec's words.
  await form.getByLabel('Account', { exact: true }).selectOption(EUR);
  await form.getByLabel('Created from', { exact: true }).fill(dmy(from));
  await form.getByLabel('Amount from', { exact: true }).fill('99999999999');
  await form.getByRole('button', { name: 'Export to CSV' }).click();
  await box.getByText('No requests found for the selected filters. Please adjust your filters and try again.').waitFor();
  if (t.js) forgetRefusedExport(t);

  await form.getByLabel('Amount from', { exact: true }).fill('10');
  await form.getByLabel('Returned', { exact: true }).check();
  await form.getByRole('button', { name: 'Export to CSV' }).click();
  await box.getByText('Your report is being generated').waitFor();
  await box.getByText('You will receive an e-mail when it is ready to download.').waitFor();
  if (t.js) {
    // The modal closes a second later and the list shows the new report.
    await page.waitForURL((u) => u.pathname === LIST && u.search === '', { timeout: scaled(5000) });
  } else {
    await t.audit('payout export requested');
    await box.getByRole('link', { name: 'Back to exported payouts' }).click();
  }
  await expectH1(page, 'Exported payouts');
  const fresh = (await rowIds(page)).filter((id) => !before.has(id));
  assert.equal(fresh.length, 1, 'one new report in the list');
  const row = page.locator('#' + fresh[0]);
  assert.match(await row.getAttribute('data-state'), /^(queued|generating)$/);
  assert.match(await row.innerText(), /Generating…/);
  const cells = await row.locator('td').allInnerTexts();
  assert.deepEqual(cells.slice(0, 2), [dmy(from), dmy(Date.now())]);
  assert.match(cells[3], new RegExp(EUR));
  assert.match(cells[4], /Completed/);
  assert.match(cells[4], /Returned/);
  await t.audit('payout report generating');

  // With JavaScript the island follows the report: wait for its state; without, reload by Refresh.
  const deadline = Date.now() + scaled(40_000);
  if (t.js) {
    await row.and(page.locator('[data-state="ready"]')).waitFor({ state: 'attached', timeout: scaled(40_000) })
      .catch(() => assert.fail('the report became ready within 40 s'));
  }
  while ((await row.getAttribute('data-state')) !== 'ready') {
    assert.ok(Date.now() < deadline, 'the report became ready within 40 s');
    await page.waitForTimeout(1000); // unscaled-ok: the interval between Refresh clicks; the deadline is the budget
    await row.getByRole('link', { name: 'Refresh' }).click();
    await expectH1(page, 'Exported payouts');
  }
  await t.audit('payout report ready');

  const mails = await emails(t);
  const mail = mails.find((m) => !mailsBefore.has(m) && m.includes('finance@demo.example') && m.includes('Your payout report is ready'));
  assert.ok(mail, `a new "Your payout report is ready" e-mail; newest: ${JSON.stringify(mails.slice(0, 2))}`);
  assert.ok(mail.includes(EUR), 'the e-mail names the account');

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /^Download/ }).click()]);
  assert.match(download.suggestedFilename(), new RegExp(`^payout-report-${EUR}-${ymd(from).replaceAll('-', '')}-${ymd(Date.now()).replaceAll('-', '')}\\.csv$`));
  const text = fs.readFileSync(await download.path(), 'utf8');
  assert.ok(!text.startsWith('\ufeff'), 'UTF-8 without BOM');
  const [header, ...rows] = parseCSV(text);
  assert.deepEqual(header.slice(0, 10), ['created_at', 'vela_unique_reference', 'end_to_end_id', 'status', 'current_state_name',
    'reason_code', 'amount', 'fee', 'currency', 'debtor_account']);
  const rep = (await (await page.request.get(`${API}/${fresh[0].replace(/^payout-report-/, '')}`)).json()).data;
  assert.equal(rows.length, rep.row_count, 'one row per payout of the report');
  assert.ok(rows.length > 0, 'the demo account has completed or returned payouts in 60 days');
  const start = Date.parse(ymd(from) + 'T00:00:00Z');
  const end = Date.parse(ymd(Date.now()) + 'T00:00:00Z') + DAY;
  let prev = 0;
  for (const r of rows) {
    const at = Date.parse(r[0]);
    assert.ok(at >= start && at < end && at >= prev, `${r[1]} created in the period, oldest first`);
    prev = at;
    assert.ok(['completed', 'returned'].includes(r[3]), `${r[1]} status ${r[3]}`);
    assert.equal(r[9], EUR);
    assert.equal(r[8], 'EUR');
    assert.ok(amountUnits(r[6]) >= amountUnits('10'), `${r[1]} amount ${r[6]} ≥ 10`);
    for (const cell of r) assert.ok(!/^[=+@\t\r]/.test(cell) && !/^-[^0-9]/.test(cell), `formula guard: ${cell}`);
  }
}, { timeout: 90_000 });

test('Payment document: preview of a completed payout, every page, PDF download read back', async (t) => {
  const { page } = t;
  await login(t, 'finance@demo.example');
  // A completed payout of the demo data, from a ready report's CSV.
  const list = (await (await page.request.get(`${API}?limit=50`)).json()).data;
  let ref = '';
  for (const r of list.filter((x) => x.state === 'ready')) {
    const csv = parseCSV(await (await page.request.get(`${API}/${r.uuid}/download`)).text());
    const done = csv.slice(1).find((c) => c[3] === 'completed');
    if (done) {
      ref = done[1];
      break;
    }
  }
  assert.ok(ref, 'a completed payout in a demo report');

  // The details panel's "Download payment document" link.
  await page.goto(`/org/${NORDIC}/payouts/${ref}/document/preview`);
  await page.waitForURL(/\/preview\/[A-Za-z0-9_-]+$/);
  const meta = JSON.parse(Buffer.from(new URL(page.url()).pathname.split('/').pop(), 'base64url').toString());
  assert.deepEqual(meta, { filename: `payment-document-${ref}.pdf`, url: `/org/${NORDIC}/payouts/${ref}/document`, product: 'vela' });
  await page.getByText('PREVIEW', { exact: true }).waitFor();
  assert.match(await page.getByRole('heading', { level: 1 }).innerText(), new RegExp(ref));
  const pages = page.locator('main section[aria-labelledby^="page-"]');
  const n = await pages.count();
  assert.ok(n >= 1, 'at least one page shown');
  for (let i = 0; i < n; i++) {
    assert.equal(await pages.nth(i).getByRole('heading', { level: 2 }).innerText(), `Page ${i + 1} of ${n}`);
  }
  await t.audit('payment document preview');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download/ }).click()]);
  assert.equal(download.suggestedFilename(), `payment-document-${ref}.pdf`);
  const texts = readPDF(await download.path());
  assert.equal(texts.length, n, 'the PDF has the pages the preview shows');
  for (const [i, txt] of texts.entries()) {
    const flat = txt.replace(/\s+/g, '');
    assert.ok(flat.includes(ref), `page ${i + 1} holds the reference`);
    const shown = (await pages.nth(i).locator('dd').allInnerTexts()).map((s) => s.replace(/\s+/g, ''));
    for (const s of shown) assert.ok(flat.includes(s), `PDF page ${i + 1} holds "${s}" as the preview does`);
  }

  // Metadata that does not name a document of this portal: the failure, in the spec's words.
  const bad = Buffer.from(JSON.stringify({ ...meta, url: 'https://evil.example' + meta.url })).toString('base64url');
  await page.goto(`/preview/${bad}`);
  await expectH1(page, 'Failed to load document preview');
  await page.getByText('Please try to generate the document again').waitFor();
  assert.equal(await page.getByRole('link', { name: /^Download/ }).count(), 0);
  await t.audit('payment document preview failure');
}, { timeout: 60_000 });
