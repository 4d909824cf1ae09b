// Payout batches (spec 001 §2 "Batches", §4, §5, §8), each flow with JavaScript and without,
// at desktop width and on a phone: download a template, fill it in, upload it, see the
// summary, approve it as two other users and see its payouts; upload a file with errors
// and download the error report; decline a batch. Each mode uses its own end-to-end ids.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { NORDIC, expectH1, login, logOut, tabRound } from './flows.mjs';

const BATCHES = `/org/${NORDIC}/batches`;

/** Parses a small RFC 4180 CSV (quotes, commas, CRLF) into records. */
function parseCSV(text) {
  const recs = [];
  let rec = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      rec.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      rec.push(cell);
      recs.push(rec);
      rec = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || rec.length) {
    rec.push(cell);
    recs.push(rec);
  }
  return recs;
}

const toCSV = (recs) => recs.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? '"' + c.replace(/"/g, '""') + '"' : c)).join(',')).join('\r\n') + '\r\n';

async function downloadText(page, click) {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await dl.createReadStream();
  const chunks = [];
  for await (const c of stream) chunks.push(c);
  return { name: dl.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** The page fits its width (tables scroll inside their own region). */
async function fits(page, width) {
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(w <= width, `page is ${w} px wide at ${width}`);
}

/**
 * The template, chosen in the dialog over the list with JavaScript (closed by its "CSV downloaded,
 * close window" button) or on the template page without; the file's header and example row.
 */
async function template(t) {
  const { page } = t;
  await page.goto(BATCHES);
  if (t.js) {
    const dialog = await openTemplateDialog(page);
    await dialog.getByLabel('Transfer type').selectOption('SEPA');
    await dialog.getByLabel('Corridor').selectOption({ label: 'EUR to Germany' });
    await dialog.getByLabel('Data required').selectOption({ label: 'Bank account (IBAN)' });
    await t.audit('batch template dialog');
    const file = await downloadText(page, () => dialog.getByRole('link', { name: 'Download CSV template' }).click());
    assert.equal(file.name, 'batch-template-sepa-eur-de-iban.csv');
    await dialog.getByRole('button', { name: 'CSV downloaded, close window', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const recs = parseCSV(file.text);
    assert.equal(recs.length, 2, 'a header row and one example row');
    return recs;
  }
  await page.getByRole('link', { name: 'Create Batch template' }).click();
  await expectH1(page, 'Create batch template');
  assert.ok(await page.getByLabel('Format').isDisabled(), 'Format is fixed');
  await page.getByLabel('Transfer type').selectOption('SEPA');
  await page.getByRole('button', { name: 'Show options' }).click();
  await page.getByLabel('Corridor').selectOption({ label: 'EUR to Germany' });
  await page.getByRole('button', { name: 'Show options' }).click();
  await page.getByLabel('Data required').selectOption({ label: 'Bank account (IBAN)' });
  await page.getByRole('button', { name: 'Show options' }).click();
  await t.audit('batch template');
  const file = await downloadText(page, () => page.getByRole('link', { name: 'Download CSV template' }).click());
  assert.equal(file.name, 'batch-template-sepa-eur-de-iban.csv');
  const recs = parseCSV(file.text);
  assert.equal(recs.length, 2, 'a header row and one example row');
  return recs;
}

/** Opens the template dialog from the list's "Create Batch template" (JavaScript on). */
async function openTemplateDialog(page) {
  // Its code comes on the link's first click, which the loader holds until the dialog can open.
  assert.equal(await page.locator('[data-island="BatchTemplateDialog"]').getAttribute('data-load'), 'interaction');
  await page.getByRole('link', { name: 'Create Batch template', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create batch template' });
  await dialog.waitFor();
  return dialog;
}

/** Uploads content as name through the upload page (the island with JS, the form without). */
async function upload(t, filename, content, batchName = '') {
  const { page } = t;
  await page.goto(BATCHES);
  // With JavaScript the list's button opens the upload dialog; without, the upload page.
  if (t.js) await page.locator('[data-island="BatchUpload"][data-ready]').waitFor({ state: 'attached' });
  await page.getByRole('link', { name: 'Upload batch file' }).click();
  if (t.js) await page.getByRole('dialog', { name: 'Upload batch file' }).waitFor();
  else await expectH1(page, 'Upload batch file');
  const button = page.getByRole('button', { name: 'Upload batch' });
  if (t.js) assert.ok(await button.isDisabled(), 'Upload batch is disabled until a file is chosen');
  if (batchName) await page.getByLabel('Name (optional)', { exact: true }).fill(batchName);
  await page.getByLabel('Batch file', { exact: true }).setInputFiles({ name: filename, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await t.audit('batch upload form');
  await button.click();
}

test('Batches: template, upload, approval by two others, payouts', async (t) => {
  const { page } = t;
  const phone = !t.js;
  if (phone) await page.setViewportSize({ width: 360, height: 740 });
  await login(t, 'operations_member@demo.example');
  const recs = await template(t);
  const head = recs[0];
  const e2e = head.indexOf('end_to_end_id');
  const amount = head.indexOf('amount');
  const stamp = Date.now().toString(36).toUpperCase();
  const rows = [0, 1, 2].map((i) => {
    const r = [...recs[1]];
    r[e2e] = `E2E-${t.js ? 'J' : 'N'}-${stamp}-${i}`;
    r[amount] = `${100 + i}.50`;
    return r;
  });
  const name = `Flow ${t.mode} ${stamp}`;
  await upload(t, 'flow.csv', toCSV([head, ...rows]), name);
  const done = page.getByRole('heading', { name: 'Batch uploaded' });
  await done.waitFor();
  const summary = await page.locator('section[aria-labelledby="upload-done"]').innerText();
  for (const want of ['CSV', name, 'SEPA', 'EUR → Germany (DE)', 'Total payout requests', 'Needs to be approved by 2 people']) {
    assert.ok(summary.includes(want), `summary lacks ${want}: ${summary}`);
  }
  await t.audit('batch accepted');
  await page.getByRole('link', { name: 'Upload another batch' }).waitFor();
  await page.getByRole('link', { name: 'View batch' }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const batchURL = new URL(page.url()).pathname;
  const id = batchURL.split('/').pop();
  assert.match(await page.locator('caption').innerText(), /Draft payouts of this batch \(3\)/);
  if (phone) await fits(page, 360);
  await t.audit('batch waiting for approval');
  await logOut(t);

  // First approval: back to the batch, still waiting.
  await login(t, 'admin_reviewer@demo.example');
  await page.goto(`${BATCHES}?batch=${id}`);
  const panel = page.locator('#batch-panel');
  await panel.getByText('Needs to be approved by 2 people').waitFor();
  await t.audit('batch details panel');
  await panel.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL((u) => u.pathname === batchURL && u.searchParams.get('status') === 'waiting_review');
  await page.getByText('Batch has been approved').first().waitFor();
  await page.getByText('Needs to be approved by 1 person').waitFor();
  await logOut(t);

  // The last approval: to the approved batches; the batch now shows its payouts.
  await login(t, 'operations_member_reviewer@demo.example');
  await page.goto(`${BATCHES}?batch=${id}`);
  await panel.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL((u) => u.pathname === BATCHES && u.searchParams.get('status') === 'completed');
  await page.getByText('Batch has been approved').first().waitFor();
  await page.goto(batchURL);
  assert.match(await page.locator('caption').innerText(), /Payout requests of this batch \(3\)/);
  const ids = await page.locator('tbody tr td:nth-child(2) span').allInnerTexts();
  assert.deepEqual(ids.map((s) => s.trim()).sort(), rows.map((r) => r[e2e]).sort());
  if (phone) await fits(page, 360);
  await t.audit('approved batch payouts');
}, { timeout: 150_000 });

test('Batches: a file with errors, its error report, and a decline', async (t) => {
  const { page } = t;
  if (t.js) await page.setViewportSize({ width: 360, height: 740 });
  await login(t, 'operations_member@demo.example');
  const recs = await template(t);
  const head = recs[0];
  const stamp = Date.now().toString(36).toUpperCase();
  const good = [...recs[1]];
  good[head.indexOf('end_to_end_id')] = `ERR-${t.js ? 'J' : 'N'}-${stamp}-0`;
  const bad = [...good];
  bad[head.indexOf('end_to_end_id')] = `ERR-${t.js ? 'J' : 'N'}-${stamp}-1`;
  bad[head.indexOf('creditor_account.iban')] = 'DE00123456';
  bad[head.indexOf('creditor.full_name')] = '=HYPERLINK("http://example.com")';
  await upload(t, 'with errors.csv', toCSV([head, good, bad]));
  const failed = page.getByRole('heading', { name: 'Payout batch failed' });
  await failed.waitFor();
  if (t.js) {
    // The island's call was answered 422 on purpose: the refused upload.
    t.monitor.clear();
    t.monitor.failedResponses = t.monitor.failedResponses.filter((f) => !/^422 POST .*\/payout_batches$/.test(f));
  }
  const box = await page.locator('section[aria-labelledby="upload-failed"]').innerText();
  assert.ok(box.includes('1 of 2 rows has errors.'), box);
  assert.ok(box.includes('Line 3, IBAN: Enter a valid IBAN.'), box);
  assert.ok(box.includes('Please download the error report, correct the data and try again.'), box);
  await t.audit('batch upload failed');
  const report = await downloadText(page, () => page.getByRole('link', { name: 'Download CSV error report' }).click());
  assert.equal(report.name, 'with-errors-errors.csv');
  const rr = parseCSV(report.text);
  assert.equal(rr[0].at(-1), 'errors');
  assert.equal(rr.length, 3, 'the uploaded rows with their errors');
  assert.equal(rr[1].at(-1), '');
  assert.match(rr[2].at(-1), /^Line 3: IBAN \(creditor_account\.iban\): Enter a valid IBAN/);
  assert.ok(rr[2].includes("'=HYPERLINK(\"http://example.com\")"), 'formula cells are guarded');
  assert.ok(page.getByRole('link', { name: 'Try again' }));

  // A good batch, declined by a reviewer.
  await upload(t, 'to decline.csv', toCSV([head, good]));
  await page.getByRole('heading', { name: 'Batch uploaded' }).waitFor();
  await page.getByRole('link', { name: 'View batch' }).click();
  const id = new URL(page.url()).pathname.split('/').pop();
  await logOut(t);
  await login(t, 'admin_reviewer@demo.example');
  await page.goto(`${BATCHES}?batch=${id}`);
  await page.locator('#batch-panel').getByRole('link', { name: 'Decline' }).click();
  await expectH1(page, 'Decline batch?');
  await page.getByRole('link', { name: 'Cancel' }).waitFor();
  await t.audit('decline batch confirmation');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL((u) => u.pathname === BATCHES && u.searchParams.get('status') === 'rejected');
  await page.getByText('Batch has been declined').first().waitFor();
  await page.goto(`${BATCHES}?status=rejected&batch=${id}`);
  await page.locator('#batch-panel').getByText('Declined by').waitFor();
  assert.equal(await page.locator('#batch-panel').getByRole('button', { name: 'Approve' }).count(), 0, 'a declined batch is view-only');
}, { timeout: 150_000 });

// Spec 001 §2 "Template dialog": with JavaScript a dialog over the list (focus kept in it and given
// back), choosing a transfer type fills the corridor at once, and the download turns into "CSV
// downloaded, close window"; without JavaScript the template page, narrowed by its GET form. At
// desktop width and on a phone.
test('Batches: the template dialog, or the template page without JavaScript', async (t) => {
  const { page } = t;
  await login(t, 'operations_member@demo.example');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(BATCHES);
    if (!t.js) {
      await page.getByRole('link', { name: 'Create Batch template', exact: true }).click();
      await expectH1(page, 'Create batch template');
      await page.getByLabel('Transfer type').selectOption({ label: 'UK Faster Payments' });
      await page.getByRole('button', { name: 'Show options' }).click();
      // One corridor and one schema: chosen for the user when the page comes back.
      assert.equal(await page.getByLabel('Corridor').inputValue(), 'fps-gbp-gb');
      const schema = await page.getByLabel('Data required').inputValue();
      assert.ok(schema, 'the one schema is chosen');
      await fits(page, width);
      await t.audit(`batch template page at ${width}`);
      const file = await downloadText(page, () => page.getByRole('link', { name: 'Download CSV template' }).click());
      assert.equal(file.name, `batch-template-${schema}.csv`);
      continue;
    }
    const opener = page.getByRole('link', { name: 'Create Batch template', exact: true });
    const dialog = await openTemplateDialog(page);
    assert.ok(await dialog.getByLabel('Format').isDisabled(), 'Format is fixed');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'tpl-type', 'focus on the first choice');
    await dialog.getByText('Download CSV template', { exact: true }).waitFor();
    assert.equal(await dialog.getByRole('link', { name: 'Download CSV template' }).count(), 0, 'no download before all three are chosen');
    await tabRound(page, 6);
    await fits(page, width);
    await t.audit(`batch template dialog at ${width}`);

    // Escape closes it and gives focus back to the link that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await opener.evaluate((a) => a === document.activeElement), true, 'focus back on Create Batch template');

    await opener.click();
    await dialog.waitFor();
    await dialog.getByLabel('Transfer type').selectOption({ label: 'UK Faster Payments' });
    // At once, with no round trip: the one corridor and its one schema.
    assert.equal(await dialog.getByLabel('Corridor').inputValue(), 'fps-gbp-gb');
    const schema = await dialog.getByLabel('Data required').inputValue();
    assert.ok(schema, 'the one schema is chosen');
    const file = await downloadText(page, () => dialog.getByRole('link', { name: 'Download CSV template' }).click());
    assert.equal(file.name, `batch-template-${schema}.csv`);
    assert.equal(parseCSV(file.text).length, 2);
    const done = dialog.getByRole('button', { name: 'CSV downloaded, close window', exact: true });
    await done.waitFor();
    assert.equal(await done.evaluate((b) => b === document.activeElement), true, 'focus on the button that replaced the download');
    await t.audit(`batch template downloaded at ${width}`);
    await done.click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await opener.evaluate((a) => a === document.activeElement), true, 'focus back on Create Batch template');
  }
}, { timeout: 90_000 });
