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

// Flags and icons are images of their own (a flag's SVG file, the icon sprite's symbols),
// fetched once rather than sent in every page's HTML: each must be drawn, with and without
// JavaScript, on a phone with the menu opened too (a closed <details> draws nothing).
test('Sidebar flags and icons: every one is drawn from its image', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await page.goto(`/org/${NORDIC}`);
  const menu = page.locator('#nav-menu');
  if (!(await menu.evaluate((d) => d.open || getComputedStyle(d.querySelector('summary')).display === 'none'))) {
    await menu.locator('summary').click();
  }
  const drawn = await page.evaluate(async () => {
    const out = [];
    for (const img of document.querySelectorAll('#nav-menu img.flag, main img.flag')) {
      if (!img.complete) {
        await new Promise((r) => {
          img.addEventListener('load', r, { once: true });
          img.addEventListener('error', r, { once: true });
        });
      }
      const box = img.getBoundingClientRect();
      out.push({ what: 'flag ' + img.alt, ok: img.naturalWidth > 0 && box.width > 10 && box.height > 8 });
    }
    for (const use of document.querySelectorAll('#nav-menu use, header use')) {
      const href = use.getAttribute('href');
      const [url, id] = href.split('#');
      const doc = new DOMParser().parseFromString(await (await fetch(url)).text(), 'image/svg+xml');
      const box = use.closest('svg').getBoundingClientRect();
      out.push({ what: 'icon ' + href, ok: !!doc.getElementById(id) && box.width >= 14 && box.height >= 14 });
    }
    return out;
  });
  assert.ok(drawn.filter((d) => d.what.startsWith('flag')).length >= 5, `flags: ${JSON.stringify(drawn)}`);
  assert.ok(drawn.filter((d) => d.what.startsWith('icon')).length >= 7, `icons: ${JSON.stringify(drawn)}`);
  assert.deepEqual(drawn.filter((d) => !d.ok), [], 'each flag and icon drawn');
  // Drawn, not only resolved: the icon's box shows something, and nothing once its <use> is gone.
  const icon = page.locator('#nav-menu svg:has(use)').first();
  const shot = await icon.screenshot();
  await icon.evaluate((s) => s.querySelector('use').setAttribute('href', '#none'));
  assert.notDeepEqual(shot, await icon.screenshot(), 'the icon draws its symbol');
  await t.audit('sidebar with flags and icons');
});
