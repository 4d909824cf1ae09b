// Flows of what every page has around it: the cookie banner and the top bar's search box.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { NORDIC, login } from './flows.mjs';

test('Cookie consent: a first visit sees the banner; the choice is stored and the banner goes', async (t) => {
  const { page, context } = t;
  await page.goto('/login');
  const banner = page.getByRole('region', { name: 'Cookies' });
  await banner.waitFor();
  await t.audit('login with the cookie banner');
  // Accept with JavaScript, Reject without: both ways are walked.
  const choice = t.js ? 'accepted' : 'rejected';
  await banner.getByRole('button', { name: t.js ? 'Accept' : 'Reject', exact: true }).click();
  if (t.js) {
    const hide = banner.getByRole('button', { name: 'Hide this message' });
    await hide.waitFor();
    assert.ok(await hide.evaluate((b) => b === document.activeElement), 'focus is on Hide this message');
    assert.equal(await page.evaluate(() => localStorage.getItem('cookieConsent')), 'accepted');
    await t.audit('cookie choice confirmed');
    await hide.click();
    await banner.waitFor({ state: 'detached' });
  } else {
    await page.waitForURL(/\/login$/);
    assert.equal(await banner.count(), 0, 'the banner is gone after the choice');
  }
  const stored = (await context.cookies()).find((c) => c.name === 'cookie_consent');
  assert.equal(stored?.value, choice);
  assert.ok(stored.httpOnly && stored.expires > Date.now() / 1000 + 300 * 86400, 'kept for a year');
  await login(t, 'admin@demo.example');
  assert.equal(await page.getByRole('region', { name: 'Cookies' }).count(), 0, 'no banner once chosen');
}, { firstVisit: true });

test('Search box: clearing it leaves the results for the previous page, or the organisation home', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await page.goto(`/org/${NORDIC}/accounts/4520011000000015`);
  const box = page.getByRole('search').getByRole('searchbox');
  await box.fill('no-such-reference');
  await box.press('Enter');
  await page.waitForURL(/\/search\?q=no-such-reference/);
  await page.getByRole('search').getByRole('searchbox').fill('');
  await page.waitForURL(new RegExp(`/accounts/4520011000000015$`));

  // Opened directly: nothing to go back to.
  await page.goto(`/org/${NORDIC}/search?q=no-such-reference`);
  await page.getByRole('search').getByRole('searchbox').fill('');
  await page.waitForURL(new RegExp(`/org/${NORDIC}$`));
}, { modes: [true] });
