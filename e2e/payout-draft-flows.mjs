// Payout drafts (spec 001 §2 "Payout drafts page", §4 "Payout draft", §5, §8), each flow with
// JavaScript and without: a draft sent for review by the operations member is approved by a
// second user (a reviewer) and shows on the Payouts page as a payout request; another is
// declined after confirming; the creator, who is offered no Approve, deletes a third
// ('Delete draft?', Yes). The drafts
// are made through the API as the creator (the wizard is another area's), with an end-to-end
// id of the mode's own, so the two modes never touch each other's drafts.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { hydrated } from './lib/hydrate.mjs';
import { NORDIC, apiAs, expectH1, login } from './flows.mjs';
import { scaled } from './lib/time.mjs';

const DRAFTS = `/org/${NORDIC}/payout_drafts`;

/** A complete SEPA draft sent for review; its id. */
async function sentForReview(call, e2e) {
  const base = `/payouts/organisations/${NORDIC}/payout_drafts`;
  const created = await call('POST', base, { product_id: 'sepa-eur-de', schema_id: 'sepa-eur-de-iban' });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const id = created.json.data.draft_id;
  const saved = await call('PUT', `${base}/${id}`, {
    payout_request: { virtual_account_number: '4520011000000015', amount: '42.50', end_to_end_id: e2e },
    creditor: { full_name: 'Anna Müller', email: 'anna@example.com', address: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
    creditor_account: { iban: 'DE89 3704 0044 0532 0130 00' },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.json));
  const pub = await call('POST', `${base}/${id}/publish`);
  assert.equal(pub.json.data.state, 'waiting_review');
  return id;
}

async function flashes(page) {
  return (await page.locator('main [aria-live="polite"] p').allInnerTexts()).map((s) => s.trim());
}

/** Opens a draft's panel from the list. */
async function openDraft(t, id, e2e) {
  const { page } = t;
  await page.goto(DRAFTS);
  await expectH1(page, 'Payout drafts');
  await page.locator('#draft-' + id).getByRole('link', { name: e2e }).click();
  await page.waitForURL(new RegExp(`/payout_drafts/${id}`));
  // A click before the decisions island hydrates follows its link to the page without
  // JavaScript (which works, and is the other mode's subject).
  if (t.js) await hydrated(page, 'DraftDecision');
  return page.locator('#draft-panel');
}

/**
 * Answers the question titled title by its button: in the dialog with JavaScript, on the
 * confirmation page (audited as audit) without; asked, when given, is what it must ask.
 */
async function answer(t, title, button, audit, asked) {
  const { page } = t;
  let root;
  if (t.js) {
    root = page.getByRole('dialog', { name: title });
    await root.waitFor();
  } else {
    await expectH1(page, title);
    root = page.locator('main');
  }
  if (asked) assert.match(await root.innerText(), asked);
  if (!t.js) await t.audit(audit);
  await (t.js ? root : root.locator('form')).getByRole('button', { name: button }).click();
}

/** Runs a decision and checks its success text, the row gone from the list. */
async function decided(t, id, text) {
  const { page } = t;
  if (t.js) {
    await page.locator('#draft-panel').getByRole('status').filter({ hasText: text }).waitFor();
    assert.equal(await page.locator('#draft-' + id).count(), 0, 'the row left the table');
    await page.waitForURL((u) => u.pathname === DRAFTS, { timeout: scaled(6000) }); // refetched after 3000 ms
  } else {
    await page.waitForURL((u) => u.pathname === DRAFTS);
    assert.deepEqual(await flashes(page), [text]);
  }
  assert.equal(await page.locator('#draft-' + id).count(), 0);
}

const TIMEOUT = { timeout: 90_000 }; // unscaled-ok: test options, which the runner scales

/** The mode's own end-to-end id for a test. */
const e2eOf = (t, kind) => `E2E-DRAFT-${t.js ? 'js' : 'nojs'}-${kind}-${Date.now()}`;

test('Payout drafts: approved by a second user, then a payout request', async (t) => {
  const { page } = t;
  const creator = await apiAs(t.base, 'operations_member@demo.example');
  const e2e = e2eOf(t, 'A');
  const id = await sentForReview(creator, e2e);
  // The reviewer approves: one approval is enough at Nordic.
  await login(t, 'operations_member_reviewer@demo.example');
  const panel = await openDraft(t, id, e2e);
  assert.match(await panel.innerText(), /Pending approval/);
  await t.audit('draft panel');
  await panel.getByRole('button', { name: 'Approve' }).click();
  await decided(t, id, `Successfully approved draft with id: ${id}`);
  const draft = await creator('GET', `/payouts/organisations/${NORDIC}/payout_drafts/${id}`);
  assert.equal(draft.json.data.status, 'published');
  const ref = draft.json.data.vela_unique_reference;
  await page.goto(`/org/${NORDIC}/payouts/${ref}`);
  await expectH1(page, 'Payouts');
  assert.match(await page.locator('#payout-panel').innerText(), new RegExp(e2e));
}, TIMEOUT);

test('Payout drafts: decline after confirming', async (t) => {
  const { page } = t;
  const creator = await apiAs(t.base, 'operations_member@demo.example');
  const e2e = e2eOf(t, 'D');
  const id = await sentForReview(creator, e2e);
  await login(t, 'admin_reviewer@demo.example');
  const panel = await openDraft(t, id, e2e);
  await panel.getByRole('link', { name: 'Decline' }).click();
  await answer(t, 'Decline draft?', 'Decline', 'decline confirmation page');
  await decided(t, id, `Successfully rejected draft with id: ${id}`);
  await page.goto(DRAFTS + '?status=rejected');
  assert.equal(await page.locator('#draft-' + id).count(), 1, 'listed under Declined');
  await t.audit('declined drafts');
}, TIMEOUT);

test('Payout drafts: only the creator deletes', async (t) => {
  const creator = await apiAs(t.base, 'operations_member@demo.example');
  const e2e = e2eOf(t, 'X');
  const id = await sentForReview(creator, e2e);
  await login(t, 'operations_member@demo.example');
  const panel = await openDraft(t, id, e2e);
  assert.equal(await panel.getByRole('button', { name: 'Approve' }).count(), 0, 'the creator cannot approve');
  await panel.getByRole('link', { name: 'Delete draft' }).click();
  await answer(t, 'Delete draft?', 'Yes', 'delete confirmation page', /Are you sure you want to delete this payout draft\?/);
  await decided(t, id, `Successfully deleted draft ${id}`);
}, TIMEOUT);
