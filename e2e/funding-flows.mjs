// Account funding (dialog with JS, page without) and crypto funding with the
// partner's widgets in frames. Each flow runs with and without JavaScript.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { NORDIC, expectH1, login, orgURL } from './flows.mjs';
import { scaled } from './lib/time.mjs';

const EUR = '4520011000000015';
const GBP = '4520011000000023';
const USDT = '4520011000000056';
const WALLET = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const SELECT_TEXT = 'Select account to see the funding instructions.';
const CHANGED_TEXT = 'The funding instructions of this account have changed.';
const CRYPTO_PROMPT = 'Select an account to enable crypto funding options.';
const CRYPTO_OPEN = "Choose Show crypto funding to open the partner's widgets for this account.";

const nav = (page) => page.getByRole('navigation', { name: 'Main', exact: true });
const fundingLink = (page) => nav(page).getByRole('link', { name: 'Account funding', exact: true });

/** Description list terms → values inside root. */
async function terms(root) {
  return root.locator('dl').evaluate((dl) => {
    const out = {};
    for (const dt of dl.querySelectorAll('dt')) out[dt.textContent.trim()] = dt.nextElementSibling.textContent.trim();
    return out;
  });
}

test('funding: operations member opens account funding from the sidebar', async (t) => {
  const { page } = t;
  await login(t, 'operations_member@demo.example');
  const dashboard = page.url();
  await fundingLink(page).click();

  // With JS the link opens the dialog over the page; without, it is a page.
  let root;
  let choose;
  if (t.js) {
    root = page.getByRole('dialog', { name: 'Account funding' });
    await root.waitFor();
    assert.equal(page.url(), dashboard, 'the dialog opens in place');
    assert.equal(await root.evaluate((d) => Math.round(d.getBoundingClientRect().width)), 436);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'account-funding-account', 'focus on the account selector');
    await root.getByText(SELECT_TEXT).waitFor();
    await t.audit('account funding dialog');
    choose = async (acct) => root.getByLabel('Account', { exact: true }).selectOption(acct);
  } else {
    await page.waitForURL(orgURL(NORDIC, '/account_funding'));
    await expectH1(page, 'Account funding');
    root = page.locator('main');
    await root.getByText(SELECT_TEXT).waitFor();
    await t.audit('account funding page');
    choose = async (acct) => {
      await root.getByLabel('Account', { exact: true }).selectOption(acct);
      await root.getByRole('button', { name: 'Show funding instructions' }).click();
      await page.waitForURL(new RegExp('account=' + acct));
    };
  }
  const options = await root.getByLabel('Account', { exact: true }).locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options.filter(Boolean).sort(), [EUR, GBP, '4520011000000031', '4520011000000049', USDT].sort());
  assert.ok(!options.includes('all'), 'no "all" option');

  await choose(EUR);
  await root.locator('dt', { hasText: 'IBAN' }).waitFor();
  const eur = await terms(root);
  assert.equal(eur.IBAN, 'DK5000400440116243');
  assert.equal(eur['Funding reference'], 'NTA-EUR-0015');
  assert.ok(!('Wallet address' in eur));
  if (!t.js) await t.audit('account funding page with instructions');

  await choose(USDT);
  await root.locator('dt', { hasText: 'Wallet address' }).waitFor();
  const usdt = await terms(root);
  assert.equal(usdt['Wallet address'], WALLET);
  assert.equal(usdt['Crypto network'], 'Tron (TRC20)');
  assert.ok(!('IBAN' in usdt));

  // The GBP change can be acknowledged once per run: the first mode does it,
  // the second finds it done.
  await choose(GBP);
  await root.locator('dt', { hasText: 'Sort code' }).waitFor();
  const gotIt = root.getByRole('button', { name: 'I got it!' });
  if (await gotIt.count()) {
    assert.ok(await root.getByText(CHANGED_TEXT).isVisible());
    if (t.js) await t.audit('account funding dialog, changed configuration');
    else await t.audit('account funding page, changed configuration');
    await gotIt.click();
    await root.getByText('Thank you: the new funding instructions are noted.').waitFor();
    t.note('acknowledged the changed GBP configuration');
  } else {
    t.note('GBP configuration already acknowledged (by the other mode)');
  }
  await root.locator('dt', { hasText: 'Sort code' }).waitFor();
  assert.equal(await root.getByRole('button', { name: 'I got it!' }).count(), 0, 'I got it! is gone');
  assert.equal(await root.getByText(CHANGED_TEXT).count(), 0, 'the notice is gone');

  if (t.js) {
    await root.getByRole('button', { name: 'Done, close window' }).click();
    await root.waitFor({ state: 'hidden' });
    // The dialog empties before its close effect runs: wait for that effect to give focus back.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-dialog') === 'account-funding', null, { timeout: scaled(2000) })
      .catch(() => assert.fail('focus did not go back to the sidebar link'));
    assert.equal(await page.locator('dialog[open]').count(), 0, 'the dialog is closed');
    // Opened again: the account choice was reset.
    await fundingLink(page).click();
    await root.getByText(SELECT_TEXT).waitFor();
    assert.equal(await root.getByLabel('Account', { exact: true }).inputValue(), '');
    await page.keyboard.press('Escape');
    await root.waitFor({ state: 'hidden' });
  } else {
    await root.getByRole('link', { name: 'Done, close window' }).click();
    await page.waitForURL(dashboard);
  }
});

test('funding: crypto funding shows both partner widgets to an admin', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await nav(page).getByRole('link', { name: 'Crypto funding', exact: true }).click();
  await expectH1(page, 'Crypto funding');
  await page.getByText(CRYPTO_PROMPT).waitFor();
  assert.equal(await page.locator('iframe').count(), 0);
  await t.audit('crypto funding page');
  const options = await page.getByLabel('Account', { exact: true }).locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options, ['', USDT], 'only the account with a crypto wallet');

  // The form posts (it mints the partner's token) and comes back to ?account=.
  await page.getByLabel('Account', { exact: true }).selectOption(USDT);
  await page.getByRole('button', { name: 'Show crypto funding' }).click();
  await page.waitForURL(new RegExp('account=' + USDT));
  const wallets = page.frameLocator('iframe[title="Crypto wallets (partner widget)"]');
  const history = page.frameLocator('iframe[title="Crypto funding history (partner widget)"]');
  await wallets.getByText(WALLET).waitFor();
  await history.getByRole('heading', { name: 'Crypto deposits' }).waitFor();
  assert.ok((await history.locator('tbody tr').count()) > 0, 'the deposits are listed');
  await t.audit('crypto funding page with partner widgets');
});

test('funding: observer sees only crypto history and no account funding', async (t) => {
  const { page } = t;
  await login(t, 'observer@demo.example');
  assert.equal(await fundingLink(page).count(), 0, 'no Account funding link');
  assert.equal(await page.locator('[data-island="AccountFunding"]').count(), 0, 'no funding dialog island');
  await page.goto(`/org/${NORDIC}/account_funding`);
  await page.waitForURL(orgURL(NORDIC));

  // A link to an account mints nothing (a GET): the account is chosen and
  // the form opens the widgets.
  await page.goto(`/org/${NORDIC}/crypto_funding?account=${USDT}`);
  await expectH1(page, 'Crypto funding');
  await page.getByText(CRYPTO_OPEN).waitFor();
  assert.equal(await page.locator('iframe').count(), 0, 'no widgets before the form is sent');
  assert.equal(await page.getByLabel('Account', { exact: true }).inputValue(), USDT);
  await page.getByRole('button', { name: 'Show crypto funding' }).click();
  const history = page.frameLocator('iframe[title="Crypto funding history (partner widget)"]');
  await history.getByRole('heading', { name: 'Crypto deposits' }).waitFor();
  assert.equal(await page.locator('iframe').count(), 1, 'only the history widget');
  await t.audit('crypto funding page, history only');
});
