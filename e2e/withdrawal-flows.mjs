// Withdrawals (spec 001 §2 "Withdrawals", "Withdrawal dialog", §5, §8), each flow with
// JavaScript (the dialog island over the API) and without (the form, review and result
// pages), at desktop and at phone width: every validation message of the form, a EUR
// withdrawal to a bank account through review and confirm (then its row and the lower
// balance), a GBP account to a EUR bank account with the rate on the review, and the
// organisation without withdrawal accounts. Withdrawals change balances, so the flows
// compare before and after, with end-to-end ids unique to the run, mode and width.
//
// Logins: 1 per flow run (admin or multi).
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { ATLANTIC, NORDIC, expectH1, login } from './flows.mjs';
import { balance } from './lib/money.mjs';

// reference/seed.go, reference/withdrawals_seed.go
const EUR = '4520011000000015';
const GBP = '4520011000000023';
const BNP_EUR = 'BNP Paribas EUR';
const LIST = `/org/${NORDIC}/accounts/withdrawals`;

/** Opens the withdrawal form: the dialog with JS, the page without. */
async function openForm(t) {
  const { page } = t;
  await page.goto(LIST);
  await expectH1(page, 'Withdrawals');
  const island = page.locator('[data-island="WithdrawalDialog"]');
  if (t.js) {
    // Its code comes on the link's first click, which the loader holds and gives to the button.
    assert.equal(await island.getAttribute('data-load'), 'interaction');
    await island.getByRole('link', { name: 'Withdraw funds', exact: true }).click();
    const root = page.getByRole('dialog', { name: 'Withdraw funds' });
    await root.waitFor();
    return root;
  }
  await island.getByRole('link', { name: 'Withdraw funds', exact: true }).click();
  await page.waitForURL((u) => u.pathname === LIST + '/new');
  await expectH1(page, 'Withdraw funds');
  return page.locator('main');
}

const field = (root, name) => root.getByLabel(name, { exact: true });
const amountField = (root) => root.getByLabel(/^Amount \(/);
const request = (root) => root.getByRole('button', { name: 'Request withdrawal', exact: true });

// The label option of selectOption takes a string; find the option's full label instead.
async function optionLabel(select, prefix) {
  const labels = await select.locator('option').allInnerTexts();
  const l = labels.find((x) => x.startsWith(prefix));
  assert.ok(l, `an option starting ${prefix} in ${labels.join(' | ')}`);
  return l;
}

async function fillForm(t, root, v) {
  if (v.account !== undefined) await field(root, 'Account').selectOption(v.account);
  if (!t.js && v.account !== undefined) {
    await Promise.all([t.page.waitForNavigation(), root.getByRole('button', { name: 'Show withdrawal accounts' }).click()]);
  }
  if (v.withdrawal) {
    const sel = field(root, 'Withdrawal account');
    await sel.selectOption({ label: await optionLabel(sel, v.withdrawal) });
  }
  if (v.amount !== undefined) await amountField(root).fill(v.amount);
  if (v.e2e !== undefined) await field(root, 'End-to-end ID').fill(v.e2e);
}

/** The error shown beside a field, as its aria-describedby names it. */
async function errorOf(root, locator) {
  const ids = ((await locator.getAttribute('aria-describedby')) || '').split(/\s+/).filter((x) => x.endsWith('-error'));
  if (!ids.length) return '';
  return (await root.page().locator('#' + ids[0]).innerText()).replace(/^Error:\s*/, '').trim();
}

/** The dialog's refusals are 422s from the API on purpose: not failures of the page. */
function forgetRefusals(t) {
  const m = t.monitor;
  const ours = (u) => /\/withdrawal_reviews$/.test(u || '');
  m.failedResponses = m.failedResponses.filter((f) => !(f.startsWith('422 POST ') && ours(f)));
  m.consoleErrors = m.consoleErrors.filter((e) => !(e.text.startsWith('Failed to load resource') && ours(e.url)));
}

/** Requests the review and waits for it. */
async function toReview(t, root) {
  const { page } = t;
  if (t.js) {
    await request(root).click();
    await root.getByRole('heading', { name: 'Review withdrawal' }).waitFor();
    return root;
  }
  await Promise.all([page.waitForNavigation(), request(root).click()]);
  await page.waitForURL((u) => u.pathname.startsWith(LIST + '/reviews/'));
  await expectH1(page, 'Review withdrawal');
  return page.locator('main');
}

/** Confirms a review; returns the withdrawal's reference from the result. */
async function confirm(t, root) {
  const { page } = t;
  const btn = root.getByRole('button', { name: 'Confirm withdrawal', exact: true });
  if (t.js) await btn.click();
  else await Promise.all([page.waitForNavigation(), btn.click()]);
  const result = t.js ? root.getByRole('status') : page.getByRole('status').filter({ hasText: 'will be sent for processing' });
  await result.filter({ hasText: 'will be sent for processing after review.' }).waitFor();
  const ref = (await result.innerText()).match(/WD[0-9A-F]{14}/)?.[0];
  assert.ok(ref, 'the result names the reference');
  return ref;
}

/** Back to the list after a result: Close reloads it with JS, a link without. */
async function backToList(t, root) {
  const { page } = t;
  if (t.js) {
    await Promise.all([page.waitForNavigation(), root.getByRole('button', { name: 'Close', exact: true }).last().click()]);
  } else {
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Back to withdrawals' }).click()]);
  }
  await expectH1(page, 'Withdrawals');
}

/** The dialog or page fits the viewport. */
async function fits(page, root) {
  const vw = page.viewportSize().width;
  const box = await root.boundingBox();
  assert.ok(box && box.x >= -0.5 && box.x + box.width <= vw + 0.5, `${Math.round(box?.width)} px wide at ${vw} px`);
  const doc = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(doc <= vw + 0.5, `the document is ${doc} px wide at ${vw} px`);
}

function withdrawalFlow(width) {
  return async (t) => {
    const { page } = t;
    await page.setViewportSize({ width, height: 900 });
    const tag = `${t.js ? 'JS' : 'NOJS'}-${width}-${Date.now()}`;
    await login(t, 'admin@demo.example');
    await page.goto(LIST);
    await expectH1(page, 'Withdrawals');
    await t.audit(`withdrawals list at ${width}`);

    // Every message of the form. Empty: with JS each field says so once it was left
    // (the request button stays disabled); without, the post comes back with them all.
    let root = await openForm(t);
    await fits(page, root);
    await t.audit(`withdrawal form at ${width}`);
    if (t.js) {
      assert.equal(await request(root).isDisabled(), true, 'request disabled while the form is empty');
      for (const name of ['Account', 'Withdrawal account']) {
        await field(root, name).focus();
        await page.keyboard.press('Tab');
      }
      await amountField(root).focus();
      await page.keyboard.press('Tab');
      await field(root, 'End-to-end ID').focus();
      await page.keyboard.press('Tab');
    } else {
      await Promise.all([page.waitForNavigation(), request(root).click()]);
      await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    }
    const want = { Account: 'Please select account', 'Withdrawal account': 'Please select a withdrawal account', 'End-to-end ID': 'Please enter End-to-end ID' };
    for (const [name, msg] of Object.entries(want)) assert.equal(await errorOf(root, field(root, name)), msg, name);
    assert.equal(await errorOf(root, amountField(root)), 'Please enter amount');
    await t.audit(`withdrawal form with errors at ${width}`);

    await fillForm(t, root, { account: EUR, withdrawal: BNP_EUR, e2e: 'NTW-0001' });
    for (const [typed, msg] of [['0100', 'Amount must be without leading zero'], ['12abc', 'Amount must be a number']]) {
      await amountField(root).fill(typed);
      if (!t.js) await Promise.all([page.waitForNavigation(), request(root).click()]);
      else assert.equal(await request(root).isDisabled(), true, `request disabled with ${typed}`);
      assert.equal(await errorOf(root, amountField(root)), msg, typed);
    }
    // The server's refusals, in the spec's words: over the limit, an end-to-end id already used.
    await amountField(root).fill('60000');
    await field(root, 'End-to-end ID').fill('NTW-0001');
    await (t.js ? request(root).click() : Promise.all([page.waitForNavigation(), request(root).click()]));
    await root.getByText('Amount exceeds (withdrawal request) limit').first().waitFor();
    assert.equal(await errorOf(root, amountField(root)), 'Amount exceeds (withdrawal request) limit');
    assert.equal(await errorOf(root, field(root, 'End-to-end ID')), 'End-to-end ID must be unique');
    if (t.js) forgetRefusals(t);
    await t.audit(`withdrawal form with the server's refusals at ${width}`);

    // EUR to a EUR bank account: review, confirm, the row, the lower balance.
    const eurBefore = await balance(page, NORDIC, EUR);
    const e2eEUR = `EUR-${tag}`;
    await amountField(root).fill('25.50');
    await field(root, 'End-to-end ID').fill(e2eEUR);
    let review = await toReview(t, root);
    const text = await review.innerText();
    for (const want of ['25.50 EUR', 'FR7630006000011234567890189', 'BNP Paribas', e2eEUR]) assert.ok(text.includes(want), `review shows ${want}`);
    assert.ok(!text.includes('Exchange rate'), 'no rate between the same currencies');
    await fits(page, review);
    await t.audit(`withdrawal review at ${width}`);
    assert.equal(await balance(page, NORDIC, EUR), eurBefore, 'the review moved nothing');
    const refEUR = await confirm(t, review);
    await t.audit(`withdrawal result at ${width}`);
    await backToList(t, review);
    const first = page.locator('tbody tr').first();
    assert.equal(await first.getAttribute('id'), 'withdrawal-' + refEUR, 'the new withdrawal is the first row');
    assert.ok((await first.innerText()).includes('25.50 EUR'));
    assert.equal(await first.getAttribute('data-status'), 'received');
    assert.equal(await balance(page, NORDIC, EUR), eurBefore - 2550n, 'EUR balance down by 25.50');

    // Its details panel, from the row's link.
    await first.getByRole('link').click();
    const panel = page.getByRole('complementary', { name: `Withdrawal ${refEUR}` });
    await panel.waitFor();
    assert.ok((await panel.innerText()).includes(e2eEUR));
    await t.audit(`withdrawal panel at ${width}`);

    // GBP account to the EUR bank account: the converted amount and the rate on the review.
    const gbpBefore = await balance(page, NORDIC, GBP);
    root = await openForm(t);
    await fillForm(t, root, { account: GBP, withdrawal: BNP_EUR, amount: '10', e2e: `GBP-${tag}` });
    review = await toReview(t, root);
    await review.getByText(/^1 GBP = \d+\.\d{4} EUR$/).waitFor();
    const converted = await review.getByText(/^\d[\d,]*\.\d\d EUR$/).first().innerText();
    assert.ok(converted.endsWith(' EUR') && (await review.innerText()).includes('10.00 GBP'), `converted ${converted}`);
    await t.audit(`withdrawal review with a rate at ${width}`);
    const refGBP = await confirm(t, review);
    await backToList(t, review);
    assert.equal(await page.locator('tbody tr').first().getAttribute('id'), 'withdrawal-' + refGBP);
    assert.equal(await balance(page, NORDIC, GBP), gbpBefore - 1000n, 'GBP balance down by 10.00');
  };
}

test('withdrawals: form messages, EUR and GBP→EUR through review and confirm (desktop)', withdrawalFlow(1280), { timeout: 120_000 });
test('withdrawals: form messages, EUR and GBP→EUR through review and confirm (phone)', withdrawalFlow(412), { timeout: 120_000 });

test('withdrawals: no rate to HUF, confirm disabled', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  const root = await openForm(t);
  await fillForm(t, root, { account: EUR, withdrawal: 'OTP Bank HUF', amount: '100', e2e: `HUF-${t.js ? 'JS' : 'NOJS'}-${Date.now()}` });
  const review = await toReview(t, root);
  await review.getByRole('alert').filter({ hasText: 'Exchange rate is not available' }).waitFor();
  assert.equal(await review.getByRole('button', { name: 'Confirm withdrawal' }).isDisabled(), true);
  await t.audit('withdrawal review without a rate');
  assert.equal(await page.locator('text=will be sent for processing').count(), 0);
}, { timeout: 60_000 });

test('withdrawals: the organisation without withdrawal accounts', async (t) => {
  const { page } = t;
  await login(t, 'multi@demo.example', new RegExp(`/org/${ATLANTIC}$`));
  await page.goto(`/org/${ATLANTIC}/accounts/withdrawals`);
  await expectH1(page, 'Withdrawals');
  await page.getByText("Withdrawal options are currently unavailable for your organisation's account setup.").waitFor();
  assert.equal(await page.locator('table').count(), 0, 'no list');
  assert.equal(await page.locator('[data-island="WithdrawalDialog"]').count(), 0, 'no Withdraw funds');
  await t.audit('withdrawals unavailable');
});
