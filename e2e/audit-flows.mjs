// Settings › Audit log (docs/areas/audit.md), with JavaScript and without: an admin makes a
// transfer (the dialog with JS, the transfer page without), then finds it in the audit log by
// filtering on the event and the person, checks the filters came back as applied, pages, and
// reads the page at 320 px. axe on the log and on the filtered log.
//
// Logins: 1 per flow run (admin).
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { NORDIC, expectH1, fitsColumn, login } from './flows.mjs';
import { nextRows } from './loadmore-flows.mjs';

// reference/seed.go
const EUR = '4520011000000015';
const GBP = '4520011000000023';
const LOG = `/org/${NORDIC}/settings/audit`;

async function transfer(t, amount) {
  const { page } = t;
  await page.goto(`/org/${NORDIC}/accounts/${EUR}`);
  const island = page.locator('[data-island="TransferDialog"]');
  let root;
  if (t.js) {
    await island.getByRole('link', { name: 'Transfer', exact: true }).click();
    root = page.getByRole('dialog', { name: 'Transfer' });
    await root.waitFor();
  } else {
    await island.getByRole('link', { name: 'Transfer', exact: true }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/transfer'));
    await expectH1(page, 'Transfer');
    root = page.locator('main form');
  }
  await root.getByLabel('To account').selectOption(GBP);
  await root.getByLabel(/^Amount/).fill(amount);
  await root.getByLabel('End-to-end ID').fill(`AUDIT-${t.js ? 'js' : 'nojs'}-${Date.now()}`);
  await root.getByRole('button', { name: 'Transfer', exact: true }).click();
  if (t.js) await root.getByRole('status').filter({ hasText: 'Transfer successful' }).waitFor();
  else await page.getByRole('status').getByText('Transfer successful').waitFor();
}

test('Audit log: an admin finds their transfer, filters, pages, at 320 px', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  const cents = String(10 + Math.floor(Math.random() * 89));
  const amount = `1.${cents}`;
  await transfer(t, amount);

  // Settings › Audit log from the sidebar.
  await page.goto(`/org/${NORDIC}`);
  await page.getByRole('navigation').getByRole('link', { name: 'Audit log', exact: true }).click();
  await page.waitForURL((u) => u.pathname === LOG);
  await expectH1(page, 'Audit log');
  await t.audit('audit log');
  const rows = page.locator('tbody tr');
  assert.equal(await rows.count(), 25, 'a full first page');

  // Filter: the event in words, the person by e-mail.
  await page.getByLabel('Event', { exact: true }).selectOption({ label: 'Transfer' });
  await page.getByLabel('Person', { exact: true }).fill('admin@demo.example');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL((u) => u.searchParams.get('kind') === 'transfer');
  assert.equal(await page.getByLabel('Person', { exact: true }).inputValue(), 'admin@demo.example', 'the filter came back');
  const first = rows.first();
  const text = await first.innerText();
  assert.ok(text.includes('Transfer') && text.includes('admin@demo.example'), `the newest row: ${text}`);
  assert.ok(text.includes(`debit: ${amount} EUR`), `the newest transfer is ours (${amount}): ${text}`);
  const events = [...(await page.locator('tbody tr td:nth-child(2)').allInnerTexts()),
    ...(await page.getByLabel('Event', { exact: true }).locator('option').allInnerTexts())];
  assert.ok(events.every((e) => !e.includes('_')), `events in words: ${events.join(', ')}`);
  await t.audit('audit log filtered');

  // A bad person comes back as typed with its error (the browser's own e-mail check stops the
  // form's submit, so the query is sent as a link would).
  await page.goto(`${LOG}?person=nobody`);
  await page.getByText('Enter the person\'s e-mail address, like name@example.com.').first().waitFor();
  assert.equal(await page.getByLabel('Person', { exact: true }).inputValue(), 'nobody');

  // Paging, unfiltered: the next page (with JavaScript, appended by Load more).
  await page.goto(LOG);
  const firstIds = await rows.evaluateAll((rs) => rs.map((r) => r.id));
  const second = await nextRows(t, 'audit-rows', 'audit log entries');
  assert.ok(second.length > 0 && !second.includes(firstIds[0]), 'the next page holds older entries');

  // 320 px: the column fits, the table scrolls in its own region.
  await page.setViewportSize({ width: 320, height: 900 });
  await page.goto(`${LOG}?kind=transfer`);
  await expectH1(page, 'Audit log');
  await fitsColumn(page, 'audit log at 320 px', 320);
});
