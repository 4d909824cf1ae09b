// Lists that load more (issue 27 item 9; docs/areas/rendering.md "Lists that load more"): with
// JavaScript the cursor pager's next link is a "Show more …" button that appends the next page's
// rows, when scrolled into view or clicked (focus then on the first new row), and says "Showing N
// of M …" in a polite live region; without JavaScript the pager's links lead page by page.
// Payouts (100 a page) and users (20 a page), each both ways.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { scaled } from './lib/time.mjs';
import { NORDIC, expectH1, login } from './flows.mjs';

const ids = (page, rows) => page.locator(`#${rows} > tr`).evaluateAll((rs) => rs.map((r) => r.id));

/**
 * nextRows goes one page on in a list whose tbody has id rows, as the user would in this mode:
 * without JavaScript the pager's "Next page" link (a new page: its rows are returned), with it
 * the "Show more <noun>" button clicked (the rows appended: the new ones are returned, and focus
 * must be on the first of them). Other flows that page through a list use it too.
 */
export async function nextRows(t, rows, noun) {
  const { page } = t;
  const before = await ids(page, rows);
  const pager = page.locator(`nav[data-rows="${rows}"]`);
  if (!t.js) {
    const url = page.url();
    await pager.getByRole('link', { name: 'Next page', exact: true }).click();
    await page.waitForURL((u) => u.href !== url);
    return ids(page, rows);
  }
  // The pager's code comes as it nears the viewport (data-load="visible"), which a user gets by
  // scrolling to it; here it is asked for without scrolling, which would start the read itself.
  await page.evaluate(() => document.dispatchEvent(new Event('portal:hydrate')));
  await page.locator('[data-island="LoadMore"][data-ready]').waitFor({ state: 'attached' });
  // Dispatched where it is, not scrolled to first: scrolling the button into view makes the
  // island read the next page by itself (the payouts flow shows that), and this is the click.
  await pager.getByRole('button', { name: 'Show more ' + noun, exact: true }).dispatchEvent('click');
  await page.waitForFunction(([id, n]) => document.querySelectorAll(`#${id} > tr`).length > n, [rows, before.length]);
  const after = await ids(page, rows);
  assert.deepEqual(after.slice(0, before.length), before, 'the rows shown stay, in order');
  const added = after.slice(before.length);
  await page.waitForFunction((id) => document.activeElement?.id === id, added[0], { timeout: scaled(5000) });
  return added;
}

/** The live region's words once it says them. */
async function announced(page, text) {
  await page.locator('[data-island="LoadMore"] [role="status"]').filter({ hasText: text }).waitFor({ state: 'attached' });
}

/** How many the list's count line says it holds. */
async function total(page, countSelector) {
  const m = (await page.locator(countSelector).innerText()).match(/^(\d+) /);
  assert.ok(m, 'the count line starts with the total');
  return Number(m[1]);
}

test('Load more: payouts page by page, by scrolling and by clicking', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await page.goto(`/org/${NORDIC}/payouts`);
  await expectH1(page, 'Payouts');
  const all = await total(page, '#payouts-count');
  assert.ok(all > 100, `more than one page of payouts (${all})`);
  const first = await ids(page, 'payouts-rows');
  assert.equal(first.length, 100);
  await t.audit('payouts first page');

  if (!t.js) {
    const second = await nextRows(t, 'payouts-rows', 'payout requests');
    assert.ok(second.length > 0 && !second.includes(first[0]), 'the next page holds other payouts');
    assert.match(page.url(), /cursor_after=/);
    await t.audit('payouts next page');
    await page.locator('nav[data-rows="payouts-rows"]').getByRole('link', { name: 'Previous page', exact: true }).click();
    await page.waitForURL(/cursor_before=/);
    assert.deepEqual(await ids(page, 'payouts-rows'), first, 'back on the first page');
    return;
  }

  // Scrolled into view, the button reads the next page by itself; focus stays where it was.
  await page.locator('[data-island="LoadMore"][data-ready]').waitFor({ state: 'attached' });
  const button = page.getByRole('button', { name: 'Show more payout requests', exact: true });
  await button.scrollIntoViewIfNeeded();
  const shown = Math.min(200, all);
  await page.waitForFunction((n) => document.querySelectorAll('#payouts-rows > tr').length >= n, shown);
  await announced(page, `Showing ${shown} of ${all} payout requests`);
  const two = await ids(page, 'payouts-rows');
  assert.deepEqual(two.slice(0, 100), first);
  assert.equal(new Set(two).size, two.length, 'no row twice');
  assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), 'TR', 'scrolling moves no focus');
  await t.audit('payouts after scrolling');

  if (all > 200) {
    // Clicked: the next rows and focus on the first of them.
    const added = await nextRows(t, 'payouts-rows', 'payout requests');
    await announced(page, `Showing ${Math.min(200 + added.length, all)} of ${all} payout requests`);
    await t.audit('payouts after a click');
  }
}, { timeout: 90_000 });

test('Load more: users page by page, by clicking', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await page.goto(`/org/${NORDIC}/users`);
  await expectH1(page, 'User management');
  const count = (await page.locator('main p').filter({ hasText: /per page, by email/ }).innerText()).match(/^(\d+) users?/);
  const all = Number(count[1]);
  assert.ok(all > 20 && all <= 40, `two pages of users (${all})`);
  const first = await ids(page, 'users-rows');
  assert.equal(first.length, 20);
  await t.audit('users first page');

  const second = await nextRows(t, 'users-rows', 'users');
  assert.equal(second.length, all - 20, 'the second page holds the rest');
  assert.ok(!second.includes(first[0]));
  if (t.js) {
    await announced(page, `Showing ${all} of ${all} users`);
    assert.equal(await page.getByRole('button', { name: 'Show more users' }).count(), 0, 'nothing more to show');
    // A row appended opens its user's panel like any other.
    await page.locator(`#${second[0]} a`).first().click();
    await page.locator('#user-panel').waitFor();
  } else {
    assert.equal(await page.getByRole('link', { name: 'Next page' }).count(), 0, 'the last page');
  }
  await t.audit('users second page');
}, { timeout: 60_000 });

test('Load more: a failed read offers a retry', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await page.goto(`/org/${NORDIC}/users`);
  await expectH1(page, 'User management');
  // Its code comes as the pager nears the viewport; asked for here without scrolling (which
  // would start the read before the failure is set up).
  await page.evaluate(() => document.dispatchEvent(new Event('portal:hydrate')));
  await page.locator('[data-island="LoadMore"][data-ready]').waitFor({ state: 'attached' });
  let fail = true;
  await page.route((u) => u.searchParams.has('cursor_after'), (r) => (fail ? r.fulfill({ status: 503, body: 'down' }) : r.continue()));
  // Dispatched, not clicked: a click scrolls the button into view first, which starts the read by
  // itself (IntersectionObserver); its 503 then swaps the button for "Try again" before the click
  // lands, and the click waited its whole budget for a button that was gone. The button must be
  // out of view, so the read is the click's.
  const more = page.getByRole('button', { name: 'Show more users', exact: true });
  assert.ok(await more.evaluate((b) => b.getBoundingClientRect().top >= innerHeight), 'the button starts below the fold');
  await Promise.all([
    page.waitForResponse((r) => r.status() === 503 && new URL(r.url()).searchParams.has('cursor_after')),
    more.dispatchEvent('click'),
  ]);
  await page.getByText('Could not load more users.', { exact: true }).first().waitFor();
  // The 503 was the test's own doing: forget its console line and its failed response.
  t.monitor.clear();
  t.monitor.failedResponses = t.monitor.failedResponses.filter((f) => !/^503 GET .*cursor_after=/.test(f));
  await t.audit('users load failed');
  fail = false;
  await page.getByRole('button', { name: 'Try again', exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('#users-rows > tr').length > 20);
  await page.waitForFunction(() => document.activeElement?.tagName === 'TR');
}, { timeout: 60_000, modes: [true] });

test('Load more: the pager\'s code comes as it nears the viewport, and the focus on its link moves to its button', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await page.goto(`/org/${NORDIC}/payouts`);
  await expectH1(page, 'Payouts');
  const pager = page.locator('[data-island="LoadMore"]');
  assert.equal(await pager.getAttribute('data-load'), 'visible');
  // A hundred rows above it: far below the fold, so nothing of it loaded yet.
  await page.waitForLoadState('load');
  assert.equal(await pager.getAttribute('data-ready'), null, 'the pager waits until it nears the viewport');
  // A keyboard user tabbing to Next page brings it into view: its code comes, the link becomes
  // the button, and the focus is on the button.
  await pager.getByRole('link', { name: 'Next page', exact: true }).focus();
  await page.locator('[data-island="LoadMore"][data-ready]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.activeElement?.matches('[data-island="LoadMore"] button'));
  await page.waitForFunction(() => document.querySelectorAll('#payouts-rows > tr').length > 100);
}, { modes: [true] });
