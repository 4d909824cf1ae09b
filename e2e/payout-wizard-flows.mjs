// The manual payout wizard (spec 001 §2 "Create payout page and dialog", §4 "Manual payout
// flow", §5, §8), each flow with JavaScript (the Payouts page's dialog, the island saving
// each section through the API) and without (a page and a POST per step), at desktop and
// phone widths: a SEPA payout from product to success with a wrong IBAN fixed on the way,
// the same sent for approval and then approved by a second user (a payout request on the
// Payouts page), "Is the Receiver the same person?", closing the dialog, which deletes the
// draft, and a receiver saved from one payout and reused in the next. axe runs on every step,
// with the dialog open.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { test } from './lib/runner.mjs';
import { hydrated } from './lib/hydrate.mjs';
import { settle, shiftRecorder } from './lib/layout.mjs';
import { NORDIC, apiAs, expectH1, login, logOut } from './flows.mjs';

const PAYOUTS = `/org/${NORDIC}/payouts`;
const API = `/api/v2/payouts/organisations/${NORDIC}`;
const VALID_IBAN = 'DE89 3704 0044 0532 0130 00';
const WRONG_IBAN = 'DE89 3704 0044 0532 0130 01';
const SIZES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
];

/**
 * Turns Nordic's draft approval flow off for one flow (no approvers), so publishing makes
 * the payout at once; the flow's cleanup turns it back on. The demo organisations both
 * review their drafts, so the success dialog needs this.
 */
function approvalOff(t) {
  const db = path.join(t.dataDir, 'portal.db');
  const set = (n) =>
    execFileSync('sqlite3', [db, `UPDATE organisation_configurations SET manual_payout_number_of_approvers = ${n} WHERE organisation_id = '${NORDIC}'`]);
  const before = execFileSync('sqlite3', [db, `SELECT manual_payout_number_of_approvers FROM organisation_configurations WHERE organisation_id = '${NORDIC}'`])
    .toString().trim();
  set(0);
  t.cleanup(() => set(Number(before)));
}

/** Opens the wizard from the Payouts page: the dialog with JavaScript, the page without.
 *  The island's code comes on the link's first use (and the wizard's on the button's): a click (held by the loader and given
 *  to the button once it is there), or with keyboard, the focus (which moves to the button)
 *  and Enter. slowPress holds the mouse down on the link, which fetches the module, while the
 *  island loads and replaces it: the browser then sends no click, and the loader takes the
 *  release for it. */
async function openWizard(t, { keyboard = false, slowPress = false } = {}) {
  const { page } = t;
  await page.goto(PAYOUTS);
  const link = page.getByRole('link', { name: 'Create payout', exact: true });
  if (!t.js) {
    await link.click();
    await page.waitForURL(/\/payouts\/create$/);
    return page.locator('main');
  }
  assert.equal(await page.locator('[data-island="PayoutWizard"]').getAttribute('data-load'), 'interaction');
  if (keyboard) {
    await link.focus();
    const button = page.getByRole('button', { name: 'Create payout', exact: true });
    await page.waitForFunction(() => document.activeElement?.matches('[data-island="PayoutWizard"] button[aria-haspopup=dialog]'));
    assert.equal(await button.count(), 1);
    await page.keyboard.press('Enter');
  } else if (slowPress) {
    const box = await link.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // The press fetches the wizard's module (it runs on the click).
    const url = new URL(JSON.parse(await page.locator('#island-modules').textContent()).PayoutWizard, page.url()).href;
    const fetched = page.waitForRequest((r) => r.url() === url);
    await page.mouse.down();
    await fetched;
    await hydrated(page, 'PayoutWizard');
    assert.equal(await link.count(), 0, 'the island replaced the link during the press');
    await page.mouse.up();
  } else {
    await link.click();
  }
  const dialog = page.getByRole('dialog', { name: 'Create payout' });
  await dialog.waitFor();
  assert.equal(new URL(page.url()).searchParams.get('createManualPayout'), 'select_product');
  return dialog;
}

const next = (root) => root.getByRole('button', { name: 'Next', exact: true });
const stepHeading = (root, name) => root.getByRole('heading', { name, exact: true });

/** Chooses a product step by step; without JavaScript each choice goes to the server. */
async function chooseProduct(t, root, family, product, schema) {
  await stepHeading(root, 'Select Product').waitFor();
  if (t.js) assert.ok(await next(root).isDisabled(), 'Next waits for a product');
  await root.getByLabel('Transfer type', { exact: true }).selectOption(family);
  if (!t.js) await next(root).click();
  const corridor = root.getByLabel('Corridor', { exact: true });
  if (product && !(await corridor.isDisabled())) {
    await corridor.selectOption(product);
    if (!t.js) await next(root).click();
  }
  const data = root.getByLabel('Data required', { exact: true });
  if (schema && !(await data.isDisabled())) await data.selectOption(schema);
  await t.audit('wizard: select product');
  await next(root).click();
}

/** Fills the Payout Request step and goes on. */
async function payoutRequest(t, root, e2e, amount = '1234.5') {
  await stepHeading(root, 'Payout Request').waitFor();
  const account = root.getByLabel('Account', { exact: true });
  const first = await account.locator('option:not([value=""])').first().getAttribute('value');
  await account.selectOption(first);
  await root.getByLabel('Amount', { exact: true }).fill(amount);
  if (t.js) {
    await root.getByLabel('Amount', { exact: true }).press('End');
    assert.equal(await root.getByLabel('Amount', { exact: true }).inputValue(), '1,234.5', 'the amount is grouped as it is typed');
  }
  await root.getByLabel('End-to-end ID', { exact: true }).fill(e2e);
  const purpose = root.getByLabel(/^Purpose code/);
  if ((await purpose.evaluate((e) => e.tagName)) === 'SELECT') await purpose.selectOption({ index: 1 });
  await t.audit('wizard: payout request');
  await next(root).click();
}

const RECEIVER = { 'Full name': 'Jonas Weber', Email: 'jonas@example.de', Address: 'Hauptstraße 1', City: 'Berlin', 'Postal code': '10115' };

async function receiver(t, root, values = RECEIVER) {
  await stepHeading(root, 'Receiver').waitFor();
  for (const [label, value] of Object.entries(values)) await root.getByLabel(label, { exact: true }).fill(value);
  await root.getByLabel('Country', { exact: true }).selectOption('DE');
  await t.audit('wizard: receiver');
  await next(root).click();
}

/** The Receiver Bank step with a wrong IBAN first: the error beside the field, then fixed. */
async function receiverBankFixingIBAN(t, root) {
  await stepHeading(root, 'Receiver Bank').waitFor();
  const iban = root.getByLabel('IBAN', { exact: true });
  await iban.fill(WRONG_IBAN);
  if (t.js) {
    // Said as it is typed, and Next waits for a valid one.
    await root.getByText('Enter a valid IBAN', { exact: true }).waitFor();
    assert.ok(await next(root).isDisabled());
  } else {
    await next(root).click();
    const summary = root.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByRole('link', { name: 'Enter a valid IBAN' }).waitFor();
    assert.equal(await iban.inputValue(), WRONG_IBAN, 'what was typed comes back');
  }
  assert.equal(await iban.getAttribute('aria-invalid'), 'true');
  await t.audit('wizard: wrong IBAN');
  await iban.fill(VALID_IBAN);
  await next(root).click();
}

async function summaryAndPublish(t, root, e2e) {
  await stepHeading(root, 'Summary').waitFor();
  const form = root.locator('form');
  await form.getByText(e2e, { exact: true }).waitFor();
  await form.getByText('1,234.50 EUR', { exact: true }).first().waitFor();
  await t.audit('wizard: summary');
  await root.getByRole('button', { name: 'Create payout', exact: true }).click();
}

/** A term's description in a description list. */
async function described(scope, term) {
  return (await scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
}

for (const [size, viewport] of SIZES) {
  test(`Payout wizard (${size}): a SEPA payout from product to success, a wrong IBAN fixed on the way`, async (t) => {
    const { page } = t;
    await page.setViewportSize(viewport);
    approvalOff(t);
    await login(t, 'admin@demo.example');
    const root = await openWizard(t);
    const e2e = `E2E-WIZ-${size}-${t.js ? 'js' : 'nojs'}-${Date.now()}`;
    await chooseProduct(t, root, 'SEPA', 'sepa-eur-de', 'sepa-eur-de-iban');
    if (t.js) await page.waitForURL(/createManualPayout=payout_request&draft=/);
    await payoutRequest(t, root, e2e);
    await receiver(t, root);
    await receiverBankFixingIBAN(t, root);
    await summaryAndPublish(t, root, e2e);

    const done = t.js ? page.getByRole('dialog', { name: 'Payout created' }) : page.locator('main');
    await done.getByRole('heading', { name: 'Payout created' }).waitFor();
    assert.equal(await described(done, 'Currency'), 'EUR');
    assert.equal(await described(done, 'Amount'), '1,234.50');
    assert.equal(await described(done, 'End-to-end ID'), e2e);
    const ref = await described(done, 'Payout reference');
    await t.audit('wizard: success');
    // The payout request exists, made by hand.
    const res = await page.request.get(`${API}/payout_requests/${ref}`);
    assert.equal(res.status(), 200, await res.text());
    const p = (await res.json()).data;
    assert.equal(p.source, 'manual');
    assert.equal(p.end_to_end_id, e2e);
    assert.equal(p.creditor_account.iban, VALID_IBAN.replace(/ /g, ''));
    if (t.js) {
      const box = await done.boundingBox();
      assert.ok(box.width <= Math.min(600, viewport.width), `success dialog ${box.width} px wide`);
    }
  }, { timeout: 90_000 }); // unscaled-ok: test options, which the runner scales
}

test('Payout wizard: a SEPA payout sent for approval, approved by a second user, is a payout request', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  const root = await openWizard(t);
  const e2e = `E2E-APR-${t.js ? 'js' : 'nojs'}-${Date.now()}`;
  await chooseProduct(t, root, 'SEPA', 'sepa-eur-de', 'sepa-eur-de-iban');
  await payoutRequest(t, root, e2e);
  await receiver(t, root);
  await receiverBankFixingIBAN(t, root);
  const id = draftOf(t);
  assert.ok(id, 'the address names the draft');
  await summaryAndPublish(t, root, e2e);
  const sent = t.js ? page.getByRole('dialog', { name: 'Sent for approval' }) : page.locator('main');
  await sent.getByText('The payout request was sent for approval.', { exact: false }).waitFor();
  await t.audit('wizard: sent for approval');
  // Back to the Payouts page, with and without JavaScript: the payout waits there for approval
  // and opens its review.
  await sent.getByRole('link', { name: /^(Done|Back to payouts)$/ }).first().click();
  await page.waitForURL((u) => u.pathname === PAYOUTS && !u.search);
  await expectH1(page, 'Payouts');
  const waiting = page.locator('#payout-' + id);
  assert.equal(await waiting.getAttribute('data-status'), 'pending_approval');
  assert.match(await waiting.innerText(), /Pending approval/);
  assert.match(await waiting.innerText(), new RegExp(e2e));
  await t.audit('wizard: pending approval on the Payouts page');
  await waiting.getByRole('link', { name: 'Details of payout ' + id }).click();
  await page.waitForURL((u) => u.pathname === `/org/${NORDIC}/payout_drafts/${id}`);
  assert.match(await page.locator('#draft-panel').innerText(), /Pending approval/);

  // A reviewer (not the creator) approves it on the Payout drafts page.
  await logOut(t);
  await login(t, 'operations_member_reviewer@demo.example');
  await page.goto(`/org/${NORDIC}/payout_drafts`);
  await expectH1(page, 'Payout drafts');
  await page.locator('#draft-' + id).getByRole('link', { name: e2e }).click();
  const panel = page.locator('#draft-panel');
  assert.match(await panel.innerText(), /Pending approval/);
  await panel.getByRole('button', { name: 'Approve' }).click();
  await (t.js ? panel.getByRole('status') : page.locator('main')).getByText(`Successfully approved draft with id: ${id}`).waitFor();

  // Published: a payout request made by hand, listed on the Payouts page and opened there.
  const draft = await page.request.get(`${API}/payout_drafts/${id}`);
  assert.equal(draft.status(), 200, await draft.text());
  const { status, vela_unique_reference: ref } = (await draft.json()).data;
  assert.equal(status, 'published');
  await page.goto(PAYOUTS);
  await expectH1(page, 'Payouts');
  await page.locator('#payout-' + ref).getByRole('link', { name: 'Details of payout ' + ref }).waitFor();
  // Approved, it is listed once, as the payout request, no longer waiting.
  assert.equal(await page.locator('#payout-' + id).count(), 0, 'the approved draft is no longer pending approval');
  assert.equal(await page.locator('tr', { hasText: e2e }).count(), 1, 'listed once');
  await page.goto(`${PAYOUTS}/${ref}`);
  assert.match(await page.locator('#payout-panel').innerText(), new RegExp(e2e));
  await t.audit('wizard draft approved: the payout');
}, { timeout: 120_000 });

test('Payout wizard: "Is the Receiver the same person?" fills the receiver from the sender', async (t) => {
  const { page } = t;
  await page.setViewportSize({ width: 390, height: 844 });
  await login(t, 'admin@demo.example');
  const root = await openWizard(t, { slowPress: true });
  await chooseProduct(t, root, 'SEPA', 'sepa-eur-de', 'sepa-eur-de-iban-typed');
  await payoutRequest(t, root, `E2E-SAME-${t.js ? 'js' : 'nojs'}-${Date.now()}`);
  await stepHeading(root, 'Sender').waitFor();
  const sender = { 'Full name': 'Ada Lovelace', Address: "12 St James's Square", City: 'London', 'Postal code': 'SW1Y 4JH' };
  for (const [label, value] of Object.entries(sender)) await root.getByLabel(label, { exact: true }).fill(value);
  await root.getByLabel('Country', { exact: true }).selectOption('GB');
  const same = root.getByRole('group', { name: 'Is the Receiver the same person?' });
  await same.getByLabel('Yes', { exact: true }).check();
  await t.audit('wizard: sender');
  await next(root).click();
  await stepHeading(root, 'Receiver').waitFor();
  for (const [label, value] of Object.entries(sender)) assert.equal(await root.getByLabel(label, { exact: true }).inputValue(), value, label);
  assert.equal(await root.getByLabel('Country', { exact: true }).inputValue(), 'GB');
  await t.audit('wizard: receiver copied from the sender');
}, { timeout: 60_000 });

test('Payout wizard: closing deletes the draft', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  const root = await openWizard(t, { keyboard: true });
  await chooseProduct(t, root, 'FPS');
  await stepHeading(root, 'Payout Request').waitFor();
  const draft = t.js ? new URL(page.url()).searchParams.get('draft') : page.url().split('/').at(-2);
  assert.ok(draft, 'the address names the draft');
  if (t.js) {
    // Escape does not close it; the close button asks first.
    await page.keyboard.press('Escape');
    assert.ok(await root.isVisible(), 'Escape closed the wizard');
    await root.getByRole('button', { name: 'Close', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Close' });
    await confirm.getByText('Are you sure? It will be deleted.').waitFor();
    await t.audit('wizard: close confirmation');
    await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
  } else {
    await root.getByRole('link', { name: 'Close', exact: true }).click();
    await page.getByText('Are you sure? It will be deleted.').waitFor();
    await t.audit('wizard: close confirmation');
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
  }
  await page.waitForURL((u) => u.pathname === PAYOUTS);
  await page.getByText('Draft has been deleted', { exact: true }).waitFor();
  const res = await page.request.get(`${API}/payout_drafts/${draft}`);
  assert.equal(res.status(), 404, 'the draft is gone');
}, { timeout: 60_000 });

/** The draft of the wizard's address: the dialog's ?draft=, or the step page's path. */
function draftOf(t) {
  const u = new URL(t.page.url());
  return t.js ? u.searchParams.get('draft') : u.pathname.split('/').at(-2);
}

/** Closes the wizard, which deletes its draft ('Draft has been deleted' on the Payouts page). */
async function closeWizard(t, root) {
  const { page } = t;
  if (t.js) {
    await root.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog', { name: 'Close' }).getByRole('button', { name: 'Yes', exact: true }).click();
  } else {
    await root.getByRole('link', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
  }
  await page.waitForURL((u) => u.pathname === PAYOUTS);
  await page.getByText('Draft has been deleted', { exact: true }).waitFor();
}

test('Payout wizard: a receiver saved from one payout fills the next one', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  const name = `E2E Receiver ${t.js ? 'js' : 'nojs'} ${Date.now()}`;
  const saved = `${name} is saved as a receiver`;
  // The receiver is the flow's own: removed afterwards, so the Receivers page keeps its demo count.
  const admin = await apiAs(t.base, 'admin@demo.example');
  t.cleanup(async () => {
    const list = await admin('GET', `/payouts/organisations/${NORDIC}/recent_receivers?product_id=sepa-eur-de&schema_id=sepa-eur-de-iban&limit=100`);
    for (const r of list.json?.data ?? []) if (r.full_name === name) await admin('DELETE', `/payouts/organisations/${NORDIC}/receivers/${r.id}`);
  });

  let root = await openWizard(t);
  await chooseProduct(t, root, 'SEPA', 'sepa-eur-de', 'sepa-eur-de-iban');
  await payoutRequest(t, root, `E2E-RCV-A-${t.js ? 'js' : 'nojs'}-${Date.now()}`);
  await receiver(t, root, { ...RECEIVER, 'Full name': name });
  await stepHeading(root, 'Receiver Bank').waitFor();
  await root.getByLabel('IBAN', { exact: true }).fill(VALID_IBAN);
  await next(root).click();
  await stepHeading(root, 'Summary').waitFor();
  await root.getByRole('button', { name: 'Save receiver', exact: true }).click();
  // With JavaScript the island says it beside the button; without, the page comes back with it.
  await (t.js ? root.getByRole('status').filter({ hasText: saved }) : page.getByText(saved, { exact: true })).waitFor();
  await stepHeading(root, 'Summary').waitFor();
  await t.audit('wizard: receiver saved');
  await closeWizard(t, root);

  root = await openWizard(t);
  await chooseProduct(t, root, 'SEPA', 'sepa-eur-de', 'sepa-eur-de-iban');
  await payoutRequest(t, root, `E2E-RCV-B-${t.js ? 'js' : 'nojs'}-${Date.now()}`);
  await stepHeading(root, 'Receiver').waitFor();
  const picker = root.getByLabel('Saved receiver', { exact: true });
  const label = `${name} · ${VALID_IBAN.replace(/ /g, '')}`;
  await picker.locator('option', { hasText: name }).waitFor({ state: 'attached' });
  assert.equal((await picker.locator('option').nth(1).innerText()).trim(), label, 'the newest receiver comes first');
  await picker.selectOption({ label });
  await t.audit('wizard: recent receivers picker');
  await root.getByRole('button', { name: 'Use receiver', exact: true }).click();
  await root.getByText("The receiver's details are filled in. Check them and go on.", { exact: true }).waitFor();
  for (const [field, value] of Object.entries({ ...RECEIVER, 'Full name': name })) {
    assert.equal(await root.getByLabel(field, { exact: true }).inputValue(), value, field);
  }
  assert.equal(await root.getByLabel('Country', { exact: true }).inputValue(), 'DE');
  await next(root).click();
  // The bank came with the receiver, checked by the draft.
  await stepHeading(root, 'Receiver Bank').waitFor();
  assert.equal((await root.getByLabel('IBAN', { exact: true }).inputValue()).replace(/ /g, ''), VALID_IBAN.replace(/ /g, ''));
  await next(root).click();
  await stepHeading(root, 'Summary').waitFor();
  await root.locator('form').getByText(name, { exact: true }).waitFor();
  await t.audit('wizard: summary with the saved receiver');
  if (t.js) {
    // The Receiver step with its picker, as a page and as the Payouts page's dialog, loads
    // and hydrates without moving (the rest of the island arrives later, unseen).
    const id = draftOf(t);
    const shifts = await shiftRecorder(page);
    for (const at of [`/org/${NORDIC}/payouts/create/${id}/creditor`, `${PAYOUTS}?createManualPayout=creditor&draft=${id}`]) {
      shifts.reset();
      await page.goto(at);
      await settle(page, true);
      await page.getByLabel('Saved receiver', { exact: true }).waitFor();
      const { total, moved } = await shifts.take();
      assert.equal(total, 0, `layout shift on ${at}: ${moved.join('; ')}`);
    }
    root = page.getByRole('dialog', { name: 'Create payout' });
  }
  await closeWizard(t, root);
}, { timeout: 120_000 });

test('Payout wizard: a payout left half-way is found again, continued and finished', async (t) => {
  const { page } = t;
  await page.setViewportSize({ width: 320, height: 800 });
  await login(t, 'admin@demo.example');
  let root = await openWizard(t);
  const e2e = `E2E-LEFT-${t.js ? 'js' : 'nojs'}-${Date.now()}`;
  await chooseProduct(t, root, 'SEPA', 'sepa-eur-de', 'sepa-eur-de-iban');
  await payoutRequest(t, root, e2e);
  await stepHeading(root, 'Receiver').waitFor();
  const id = draftOf(t);
  assert.ok(id, 'the address names the draft');

  // Left: the user goes elsewhere and comes back another day through the menu.
  await page.goto(`/org/${NORDIC}/accounts`);
  await page.goto(`/org/${NORDIC}/payout_drafts?status=draft`);
  await expectH1(page, 'Payout drafts');
  const row = page.locator('#draft-' + id);
  await row.waitFor();
  assert.match(await row.innerText(), /Unfinished/);
  assert.match(await row.getByRole('link').innerText(), /Continue at Receiver/);
  assert.match(await page.locator('main').innerText(), /Unfinished payouts are deleted 7 days after their last change\./);
  await t.audit('payout drafts: unfinished');
  assert.equal(await row.getByRole('link').getAttribute('href'), `/org/${NORDIC}/payouts/create/${id}/creditor`);

  await page.goto(`/org/${NORDIC}/payouts/create`);
  const section = page.getByRole('region', { name: 'Continue your unfinished payout' });
  await section.waitFor();
  assert.match(await section.innerText(), /deleted 7 days after their last change/);
  await t.audit('create payout: continue an unfinished payout');
  await section.getByRole('link', { name: new RegExp(e2e) }).click();
  await page.waitForURL((u) => u.pathname === `/org/${NORDIC}/payouts/create/${id}/creditor`);
  root = page.locator('main');
  // The step page asks for the wizard's code once the island hydrated; until it came the
  // page is the server's form, so the flow goes on once the wizard runs.
  if (t.js) await page.locator('[data-island="PayoutWizard"] [data-live]').waitFor({ state: 'attached' });
  await receiver(t, root);
  await stepHeading(root, 'Receiver Bank').waitFor();
  await root.getByLabel('IBAN', { exact: true }).fill(VALID_IBAN);
  await next(root).click();
  await summaryAndPublish(t, root, e2e);
  await page.getByText('The payout request was sent for approval.', { exact: false }).waitFor();
  await t.audit('wizard: continued draft sent for approval');

  // Finished, it is no longer waiting to be continued.
  await page.goto(`/org/${NORDIC}/payouts/create`);
  await stepHeading(page.locator('main'), 'Select Product').waitFor();
  assert.equal(await page.locator('#unfinished-' + id).count(), 0, 'the finished draft is still offered');
  const res = await page.request.get(`${API}/payout_drafts/${id}`);
  assert.equal((await res.json()).data.status, 'waiting_review');
}, { timeout: 120_000 });
