// Dashboard and global date range picker flows (spec 000 §2 "Dashboard",
// "Global date range picker"), each with JavaScript and without. The range
// and the crypto banner are kept per session, and every flow logs in anew,
// so both modes start from Past 30 days with the banner shown; the range is
// still put back to Past 30 days at the end (t.cleanup).
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { NORDIC, assertDashboard, expectH1, login, logOut, orgURL, unfold } from './flows.mjs';
import { scaled } from './lib/time.mjs';
import { hydrated } from './lib/hydrate.mjs';

const NORDIC_NAME = 'Nordic Trading ApS';
const MAIN_EUR = '4520011000000015';
const POOL = '4520019000000017';

const widgetTitles = ['Accounts', 'Your exchange rates', 'Payout requests', 'Collection orders'];

async function hasHeading(page, name) {
  return (await page.getByRole('heading', { level: 2, name, exact: true }).count()) > 0;
}

async function assertWidgets(page) {
  for (const w of widgetTitles) assert.ok(await hasHeading(page, w), `widget "${w}" is shown`);
  const accounts = page.getByRole('region', { name: 'Accounts', exact: true });
  assert.ok(await accounts.locator(`a[href="/org/${NORDIC}/accounts/${MAIN_EUR}"]`).count(), 'owned account links to its page');
  const pool = accounts.getByRole('listitem').filter({ hasText: `No. ${POOL}` });
  assert.equal(await pool.getByRole('link').count(), 0, 'the shared account is not a link');
  await pool.getByText('Please reach out to account owner for account information', { exact: true }).waitFor();
  const payouts = page.getByRole('region', { name: 'Payout requests', exact: true });
  const states = await payouts.getByRole('table').first().getByRole('rowheader').allInnerTexts();
  assert.deepEqual(states.slice(0, 8), ['Returned', 'Rejected', 'Action required', 'Received', 'Processing', 'Pending', 'Completed', 'Cancelled']);
  assert.equal(await payouts.getByRole('link', { name: 'Completed', exact: true }).getAttribute('href'), `/org/${NORDIC}/payouts?state=completed`);
  const collections = page.getByRole('region', { name: 'Collection orders', exact: true });
  assert.equal(await collections.getByRole('link', { name: 'View all orders' }).getAttribute('href'), `/org/${NORDIC}/collections/orders`);
}

async function assertRangeNote(page, label) {
  await page.getByRole('heading', { level: 2, name: 'The dashboard shows the past 30 days', exact: true }).waitFor();
  await page.getByText(`The date range is now ${label}.`).waitFor();
  for (const w of widgetTitles) assert.ok(!(await hasHeading(page, w)), `widget "${w}" is hidden outside the past 30 days`);
}

/** The picker island: enhanced (button + popover) with JS, else the form. */
function picker(page) {
  const root = page.locator('[data-island="DateRangePicker"]');
  return {
    root,
    button: root.locator('button[aria-haspopup="dialog"]'),
    async ready() {
      await hydrated(page, 'DateRangePicker'); // its code loads on first use
    },
    async open() {
      await this.ready();
      await this.button.click();
      const dialog = page.getByRole('dialog', { name: 'Choose a date range' });
      await dialog.waitFor();
      assert.equal(await this.button.getAttribute('aria-expanded'), 'true');
      return dialog;
    },
  };
}

/** Chooses a preset: in the popover with JS, with the top bar form without. */
async function choosePreset(t, label) {
  const { page } = t;
  const p = picker(page);
  if (t.js) {
    const dialog = await p.open();
    await Promise.all([page.waitForNavigation(), dialog.getByRole('button', { name: label, exact: true }).click()]);
  } else {
    await unfold(p.root);
    await p.root.getByLabel('Date range', { exact: true }).selectOption({ label });
    await Promise.all([page.waitForNavigation(), p.root.getByRole('button', { name: 'Apply', exact: true }).click()]);
  }
}

/** Puts the session's range back to Past 30 days through the picker page. */
async function backTo30(t) {
  const { page } = t;
  await page.goto(`/org/${NORDIC}/date_range`);
  await page.locator('#range_type').selectOption('d30');
  await Promise.all([page.waitForNavigation(), page.locator('main').getByRole('button', { name: 'Apply', exact: true }).click()]);
}

const pad = (n) => String(n).padStart(2, '0');

test('dashboard widgets for admin and observer', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await assertDashboard(page, NORDIC, NORDIC_NAME);
  await assertWidgets(page);
  assert.ok(await hasHeading(page, 'Crypto funding now available'), 'crypto banner for an admin');
  await t.audit('dashboard (admin)');
  await logOut(t);

  await login(t, 'observer@demo.example');
  await assertDashboard(page, NORDIC, NORDIC_NAME);
  await assertWidgets(page);
  // Observers read everything and change nothing here.
  const forms = await page.locator('main form').evaluateAll((fs) => fs.map((f) => f.getAttribute('action')));
  assert.deepEqual(forms, [`/org/${NORDIC}/crypto_banner/close`], 'the only form in the dashboard is the banner\'s Close');
  await t.audit('dashboard (observer)');

  await logOut(t);
  await login(t, 'default@demo.example');
  await expectH1(page, 'Dashboard');
  for (const w of ['Accounts', 'Payout requests', 'Collection orders', 'Crypto funding now available']) {
    assert.ok(!(await hasHeading(page, w)), `default role does not see "${w}"`);
  }
  assert.ok(await hasHeading(page, 'Your exchange rates'), 'the FX widget depends on configuration only');
  await t.audit('dashboard (default role)');
});

test('date range presets hide and show the dashboard', async (t) => {
  const { page } = t;
  t.cleanup(() => backTo30(t));
  await login(t, 'admin@demo.example');
  await assertWidgets(page);
  if (t.js) {
    const p = picker(page);
    await p.ready();
    assert.match(await p.button.innerText(), /Past 30 days/);
    const dialog = await p.open();
    await t.audit('date range picker open');
    // Escape closes and focus goes back to the button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await p.button.evaluate((b) => b === document.activeElement), 'focus back on the picker button');
  }
  await choosePreset(t, 'Past 7 days');
  await page.waitForURL(orgURL(NORDIC));
  await assertRangeNote(page, 'Past 7 days');
  await t.audit('dashboard outside the past 30 days');
  // The choice follows the user to other pages (kept in the session).
  await page.goto(`/org/${NORDIC}/search?q=E2E-REF`);
  if (t.js) {
    await picker(page).ready();
    assert.match(await picker(page).button.innerText(), /Past 7 days/);
  } else {
    assert.equal(await picker(page).root.getByLabel('Date range', { exact: true }).inputValue(), 'd7');
  }
  await page.goto(`/org/${NORDIC}`);
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Show past 30 days', exact: true }).click()]);
  await page.waitForURL(orgURL(NORDIC));
  await assertWidgets(page);
});

test('date range: custom range and invalid dates', async (t) => {
  const { page } = t;
  t.cleanup(() => backTo30(t));
  await login(t, 'admin@demo.example');
  const p = picker(page);
  if (t.js) {
    // By the calendar: the 10th, then the 3rd of the month shown (either order).
    let dialog = await p.open();
    await dialog.getByRole('button', { name: 'Custom range', exact: true }).click();
    const grid = dialog.getByRole('grid');
    await grid.waitFor();
    const month = (await dialog.locator('[aria-live]').first().innerText()).trim(); // "November 2026"
    const first = grid.locator('button').filter({ hasText: /^10$/ });
    await first.click();
    await grid.locator('button').filter({ hasText: /^3$/ }).click();
    const from = await dialog.getByLabel('From', { exact: true }).inputValue();
    const to = await dialog.getByLabel('To', { exact: true }).inputValue();
    assert.match(from, /^03-\d\d-\d{4}$/);
    assert.match(to, /^10-\d\d-\d{4}$/);
    await t.audit('date range picker with the calendar');
    // Keyboard: arrows move within the grid.
    await first.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), '11', `ArrowRight moves to the 11th (${month})`);
    await Promise.all([page.waitForNavigation(), dialog.getByRole('button', { name: 'Select date range', exact: true }).click()]);
    await assertRangeNote(page, 'Custom range');
    await p.ready();
    assert.match(await p.button.innerText(), new RegExp(`Custom range\\s*${from} – ${to}`));
    await t.audit('dashboard with a custom range');

    // Typed dates are checked before posting; what was typed stays.
    dialog = await p.open();
    await dialog.getByRole('button', { name: 'Custom range', exact: true }).click();
    await dialog.getByLabel('From', { exact: true }).fill('31-02-2026');
    await dialog.getByLabel('To', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Select date range', exact: true }).click();
    await dialog.getByText('This date does not exist').waitFor();
    await dialog.getByText('A range needs both a from and a to date').waitFor();
    assert.equal(await dialog.getByLabel('From', { exact: true }).inputValue(), '31-02-2026');
    assert.equal(await dialog.getByLabel('From', { exact: true }).getAttribute('aria-invalid'), 'true');
    await t.audit('date range picker with errors');
    await page.keyboard.press('Escape');
  } else {
    const year = new Date().getUTCFullYear();
    await unfold(p.root);
    await p.root.getByLabel('Date range', { exact: true }).selectOption({ label: 'Custom range' });
    await p.root.getByLabel('From', { exact: true }).fill(`20-01-${year}`);
    await p.root.getByLabel('To', { exact: true }).fill(`05-01-${year}`);
    await Promise.all([page.waitForNavigation(), p.root.getByRole('button', { name: 'Apply', exact: true }).click()]);
    await assertRangeNote(page, 'Custom range');
    assert.equal(await p.root.getByLabel('From', { exact: true }).inputValue(), `05-01-${year}`, 'either order: from is the earlier day');
    assert.equal(await p.root.getByLabel('To', { exact: true }).inputValue(), `20-01-${year}`);
    await t.audit('dashboard with a custom range');

    // An invalid date comes back on the picker's page with the typed text.
    await unfold(p.root);
    await p.root.getByLabel('Date range', { exact: true }).selectOption({ label: 'Custom range' });
    await p.root.getByLabel('From', { exact: true }).fill('31-02-2026');
    await p.root.getByLabel('To', { exact: true }).fill('15-13-2026');
    const [resp] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/date_range')),
      p.root.getByRole('button', { name: 'Apply', exact: true }).click(),
    ]);
    assert.equal(resp.status(), 422);
    await expectH1(page, 'Date range');
    const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
    const items = await summary.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent.trim(), a.getAttribute('href')]));
    assert.deepEqual(items, [['This date does not exist', '#range_from'], ['Month must be between 1 and 12', '#range_to']]);
    assert.equal(await page.locator('#range_from').inputValue(), '31-02-2026');
    assert.equal(await page.locator('#range_to').inputValue(), '15-13-2026');
    assert.equal(await page.locator('#range_from').getAttribute('aria-invalid'), 'true');
    await t.audit('date range with errors');
  }
});

test('crypto banner closes', async (t) => {
  const { page } = t;
  await login(t, 'observer@demo.example');
  const banner = page.getByRole('region', { name: 'Crypto funding now available', exact: true });
  await banner.waitFor();
  assert.equal(await banner.getByRole('link', { name: 'Add crypto funds' }).getAttribute('href'), `/org/${NORDIC}/crypto_funding`);
  if (t.js) {
    // The island posts in the background and hides the banner at once.
    await page.locator('[data-island="CryptoBanner"][data-ready]').waitFor({ state: 'attached', timeout: scaled(5000) });
    await banner.getByRole('button', { name: 'Close', exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    assert.ok(await page.evaluate(() => document.activeElement?.id === 'main'), 'focus moves to the main content');
  } else {
    await Promise.all([page.waitForNavigation(), banner.getByRole('button', { name: 'Close', exact: true }).click()]);
    await page.waitForURL(orgURL(NORDIC));
  }
  await expectH1(page, 'Dashboard');
  assert.equal(await banner.count(), 0, 'banner gone after Close');
  await page.reload();
  assert.equal(await banner.count(), 0, 'and stays closed for the session');
  await t.audit('dashboard after closing the crypto banner');
});

test('islands load on first use: the shell code waits, the first click is kept', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await page.goto(`/org/${NORDIC}`);
  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js')));
  if (!t.js) {
    assert.deepEqual(await scripts(), [], 'no JavaScript without it');
    return;
  }
  await page.waitForLoadState('load');
  const before = await scripts();
  assert.ok(before.some((p) => /\/assets\/js\/boot-[^/]+\.js$/.test(p)), `the loader: ${before.join(', ')}`);
  for (const shell of ['ShellMenu', 'DateRangePicker', 'OrgSwitcher', 'IdleWarning', 'AccountFunding']) {
    assert.ok(!before.some((p) => p.includes('/islands/' + shell + '-')), `${shell} waits for its first use: ${before.join(', ')}`);
  }
  const root = page.locator('[data-island="DateRangePicker"]');
  assert.equal(await root.getAttribute('data-ready'), null, 'the picker waits for its first use');
  // The first click on the server's disclosure opens the enhanced picker.
  await root.locator('summary').click();
  const dialog = page.getByRole('dialog', { name: 'Choose a date range' });
  await dialog.waitFor({ timeout: scaled(5000) });
  assert.equal(await root.locator('button[aria-haspopup="dialog"]').getAttribute('aria-expanded'), 'true');
  assert.ok((await scripts()).some((p) => p.includes('/islands/DateRangePicker-')), 'its module came with the click');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await t.audit('dashboard after the first use of the picker');
});
