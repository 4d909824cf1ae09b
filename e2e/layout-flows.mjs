// Issue 18: every page usable on a phone. The walk opens every GET page of
// the route table (listed by the portal binary itself, `portal
// -page-routes`, so a page added later is walked without being named here)
// for a user who can see it, at 320 and 412 px wide, with JavaScript and
// without, and fails when the document is wider than the viewport, when
// something sticks out of it outside a scrolling region of its own, when
// such a region cannot be focused or has no name, when loading and
// hydrating moves anything (layout shift), and when WCAG 1.4.12's text
// spacing or a 200% zoom (640 px) makes content stick out or get cut off.
// The other tests work the responsive shell's Menu and keep screenshots at
// 320 px of the dashboard, an account page and a dialog.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { test } from './lib/runner.mjs';
import { freePort } from './lib/servers.mjs';
import { applyTextSpacing, measure, settle, shiftRecorder } from './lib/layout.mjs';
import { NORDIC, PASSWORD, esc, expectH1, login, submitLogin, unfold } from './flows.mjs';
import { scaleDefaults } from './lib/time.mjs';

const WIDTHS = [320, 412];
// 200% zoom of a 1280 px wide window lays out 640 CSS px.
const ZOOM_200 = 640;
const HEIGHT = 720;
// On a phone the page starts on the first screen: once cookies are chosen, the heading
// sits within the first 40 % of a 320 × 760 screen.
const FIRST_SCREEN = Math.round(0.4 * 760);

// Who opens which routes: the first of these that is not sent elsewhere.
// admin_reviewer holds every permission in Nordic Trading, where every
// feature flag is on; the two MFA users stop at scope login (password
// step only): one verifies a factor, the other sets one up.
const PERSONAS = {
  anonymous: null,
  admin: 'admin_reviewer@demo.example',
  'mfa-totp': 'mfa-totp@demo.example',
  'mfa-new': 'mfa-new@demo.example',
  noorg: 'noorg@demo.example',
};
const WHO = {
  public: ['anonymous', 'admin'],
  guest: ['anonymous'],
  login: ['mfa-totp', 'mfa-new', 'admin'],
  dashboard: ['admin', 'noorg'],
};

/** The route table's GET pages, from the binary the run serves. */
export function pageRoutes(bin) {
  return JSON.parse(execFileSync(bin, ['-page-routes'], { encoding: 'utf8', env: { PATH: process.env.PATH } }));
}

const paramNames = (pattern) => [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);
const patternRE = (pattern) =>
  new RegExp('^' + pattern.split('/').map((seg) => (seg.startsWith(':') ? '([^/?#]+)' : esc(seg))).join('/') + '$');
// As the router tries patterns (server/area.go mountOrder): at the first
// segment where two differ, a fixed one before a parameter.
const rank = (pattern) => pattern.split('/').map((seg) => (seg.startsWith(':') ? '1' : '0')).join('');
const bare = (link) => link.split(/[?#]/)[0];

/**
 * The route table as the walk uses it: patterns in the router's order, so
 * that a link is told apart from a pattern it only looks like
 * (/accounts/withdrawals is not an account).
 */
function table(routes) {
  const ordered = routes.map((r) => ({ ...r, re: patternRE(r.path), names: paramNames(r.path) }))
    .sort((a, b) => (rank(a.path) < rank(b.path) ? -1 : rank(a.path) > rank(b.path) ? 1 : 0));
  return {
    routes: ordered,
    /** The route a local link opens and its parameters, or null. */
    resolve(link) {
      const p = bare(link);
      for (const r of ordered) {
        const m = p.match(r.re);
        if (m) return { route: r, params: Object.fromEntries(r.names.map((n, i) => [n, m[i + 1]])) };
      }
      return null;
    },
  };
}

// Logins made by the first mode's walk, reused by the second when both run on the same
// portal (a context opened on the same session cookie), so a shard logs each user in once.
// Each mode's walk is a shard unit of its own (apart), so the other may be on another portal.
const signedIn = new Map();

/**
 * A user's browser for the walk: its own context (JavaScript on or off as
 * the test), logged in once and reused for every page it opens, with the
 * local links it has seen (to fill path parameters from demo data).
 */
async function openPersona(t, name) {
  const key = t.base + ' ' + name;
  const known = signedIn.get(key);
  const context = await t.browser.newContext({ javaScriptEnabled: t.js, baseURL: t.base, locale: 'en-GB',
    viewport: { width: WIDTHS[0], height: HEIGHT }, storageState: known?.state });
  scaleDefaults(context);
  const page = await context.newPage();
  const shifts = await shiftRecorder(page);
  const p = { name, context, page, shifts, links: [...(known?.links || [])] };
  const email = PERSONAS[name];
  if (!known && email) {
    await page.goto('/login');
    await submitLogin(page, email);
    await page.waitForURL((u) => !u.pathname.startsWith('/login') && !u.pathname.endsWith('login_transition'));
    p.links.push(new URL(page.url()).pathname);
  } else if (!known) {
    await askForResetLink(page);
  }
  if (!known) signedIn.set(key, { state: await context.storageState(), links: p.links });
  return p;
}

// A password reset link for the walk to open (the e-mail lands in the
// sandbox outbox, which the walk reads before the reset page). Asked for
// once per run (the anonymous visitor's first opening), for a user whose
// password no flow resets; asking changes no password.
const RESET_FOR = 'default@demo.example';
async function askForResetLink(page) {
  await page.goto('/passwords/forgot');
  await page.getByLabel('Email', { exact: true }).fill(RESET_FOR);
  await Promise.all([page.waitForURL(/\?sent$/), page.getByRole('button', { name: 'Send reset link', exact: true }).click()]);
}

/** Confirms the password (/reauth), which the MFA setup of a logged-in user asks for. */
async function reauth(p) {
  await p.page.goto('/reauth');
  await p.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await Promise.all([p.page.waitForNavigation(), p.page.getByRole('button', { name: 'Confirm', exact: true }).click()]);
}

async function harvest(p) {
  const hrefs = await p.page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')));
  for (const h of hrefs) if (h.startsWith('/') && !h.startsWith('//')) p.links.push(h);
}

/**
 * Fills a route's parameters: a link of this user's that opens the route,
 * else the values its links gave parameters of the same name (the
 * organisation, an account), else placeholders (the page then answers as
 * for an unknown id).
 */
function fill(route, links, tab) {
  if (!route.names.length) return { url: route.path, from: 'fixed' };
  const known = {};
  for (const l of links) {
    const hit = tab.resolve(l);
    if (!hit) continue;
    if (hit.route.path === route.path) return { url: bare(l), from: 'link' };
    for (const [n, v] of Object.entries(hit.params)) known[n] ??= v;
  }
  let placeholder = false;
  const url = route.path.replace(/:(\w+)/g, (_, n) => known[n] ?? ((placeholder = true), 'walk-' + n));
  return { url, from: placeholder ? 'placeholder' : 'links' };
}

// Pages that are a state of a route rather than a route (a query opens
// them), found from the admin's links once the routes are walked.
const entryLink = (links) => links.find((l) => /^\/org\/[^/]+\/accounts\/[^/?]+\?(.*&)?entry=/.test(l));
const receiverLink = (links) => links.find((l) => /^\/org\/[^/]+\/receivers\?(.*&)?receiver=/.test(l))?.split('#')[0];
const STATES = [
  // A saved receiver's details panel, and its delete confirmation (the dialog's page).
  { name: 'receiver details', url: receiverLink },
  {
    name: 'receiver delete confirmation',
    url: (links) => {
      const l = receiverLink(links);
      if (!l) return null;
      const u = new URL(l, 'http://x');
      return `${u.pathname}/${u.searchParams.get('receiver')}/delete`;
    },
  },
  // The statement export dialog's page (its no-JavaScript form).
  { name: 'statement request', url: (links) => links.find((l) => /\/exported_statements\?(.*&)?download_statement=/.test(l)) },
  // An account's transaction details: the side panel, a full-width view on a phone.
  { name: 'account transaction details', url: (links) => entryLink(links)?.split('#')[0] },
  // Search results (the box in the top bar), for an entry id the account page shows.
  {
    name: 'search results',
    url: (links) => {
      const l = entryLink(links);
      if (!l) return null;
      const u = new URL(l, 'http://x');
      return `/org/${u.pathname.split('/')[2]}/search?q=${encodeURIComponent(u.searchParams.get('entry'))}`;
    },
  },
];

function fmtShift(s) {
  return s.total === 0 ? '0' : s.total.toFixed(4);
}

/** One page at one width: load, settle, measure; findings go to bad. */
async function visit(t, p, url, width, { meta, bad, where }) {
  const { page, shifts } = p;
  await page.setViewportSize({ width, height: HEIGHT });
  if (meta) {
    // A splash that moves on by meta refresh: measured without the refresh.
    await page.route(t.base + url, async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace(/<meta http-equiv="refresh"[^>]*>/g, '');
      await route.fulfill({ response: res, body });
    });
  }
  shifts.reset();
  await page.goto(url);
  await settle(page, t.js);
  if (meta) await page.unrouteAll();
  const at = `${where} at ${width} px`;
  const m = await recheck(page, at, bad);
  if (width === WIDTHS[0]) {
    const top = await page.evaluate(() => {
      const h = document.querySelector('h1');
      if (!h) return null;
      // After consent: the cookie banner, which goes once a choice is made, does not count.
      const banner = document.querySelector('section[aria-label="Cookies"]');
      return h.getBoundingClientRect().top + scrollY - (banner ? banner.getBoundingClientRect().height : 0);
    });
    if (top !== null && top > FIRST_SCREEN) bad.push(`${at}: the heading starts ${Math.round(top)} px down, below the first ${FIRST_SCREEN} px of a phone screen`);
  }
  const shift = await shifts.take();
  if (shift.total > 0) bad.push(`${at}: layout shift ${fmtShift(shift)} while loading:\n    ${shift.moved.join('\n    ')}`);
  return { m, shift };
}

/**
 * Measures the page as it is and records what does not fit: on loading,
 * and after a visit with text spacing (1.4.12) or at another width (zoom).
 */
async function recheck(page, label, bad) {
  const m = await measure(page);
  if (m.docWidth > m.viewport) bad.push(`${label}: the document is ${m.docWidth} px wide in a ${m.viewport} px viewport`);
  for (const o of m.outside) bad.push(`${label}: sticks out: ${o}`);
  for (const r of m.regions) bad.push(`${label}: ${r}`);
  for (const c of m.clipped) bad.push(`${label}: text cut off: ${c}`);
  return m;
}

/** Opens one page for one user at every width and records what it finds. */
async function walkPage(t, p, url, { who, from, route, bad, html = null }) {
  const t0 = Date.now();
  html ??= await (await p.context.request.get(url, { maxRedirects: 0 })).text();
  const meta = /<meta http-equiv="refresh"/.test(html);
  const where = `${url} [${who}${from === 'placeholder' ? ', placeholder parameters' : ''}]`;
  const row = { route, url, who, from };
  for (const w of WIDTHS) {
    const { m, shift } = await visit(t, p, url, w, { meta, bad, where });
    row['w' + w] = m.docWidth;
    row['cls' + w] = shift.total;
    if (w === WIDTHS[0]) {
      await applyTextSpacing(p.page);
      row.spacing = (await recheck(p.page, `${where} at ${w} px with text spacing`, bad)).docWidth;
    }
  }
  await p.page.setViewportSize({ width: ZOOM_200, height: HEIGHT });
  row.w640 = (await recheck(p.page, `${where} at ${ZOOM_200} px (200% zoom)`, bad)).docWidth;
  await harvest(p);
  row.ms = Date.now() - t0;
  return row;
}

test('layout: every page of the route table reflows at 320 and 412 px without layout shift', async (t) => {
  const tab = table(pageRoutes(t.bin));
  assert.ok(tab.routes.length >= 20, `the route table lists ${tab.routes.length} GET pages: the walk is not seeing the portal`);
  // Fewer parameters first, so the pages whose links fill them come first.
  const order = [...tab.routes].sort((a, b) => a.names.length - b.names.length || a.path.localeCompare(b.path));
  const personas = new Map();
  const persona = async (name) => {
    if (!personas.has(name)) personas.set(name, await openPersona(t, name));
    return personas.get(name);
  };
  t.cleanup(async () => {
    for (const p of personas.values()) await p.context.close().catch(() => {});
  });

  const bad = [];
  const rows = [];
  const skipped = [];
  let unbuiltSeen = null;
  try {
    for (const r of order) {
      if (!r.built) {
        // Every unbuilt screen answers the same not-found page: one is enough.
        if (unbuiltSeen) {
          skipped.push(`${r.path} (not built: the not-found page, as ${unbuiltSeen})`);
          continue;
        }
        unbuiltSeen = r.path;
      }
      let done = false;
      const tried = [];
      for (const who of WHO[r.access] || ['anonymous']) {
        const p = await persona(who);
        const { url, from } = fill(r, p.links, tab);
        let res = await p.context.request.get(url, { maxRedirects: 0 });
        if (res.status() >= 300 && res.status() < 400 && (res.headers()['location'] || '').startsWith('/reauth')) {
          await reauth(p);
          res = await p.context.request.get(url, { maxRedirects: 0 });
        }
        if (res.status() >= 300 && res.status() < 400) {
          tried.push(`${who}: ${res.status()} to ${res.headers()['location']}`);
          continue;
        }
        const type = res.headers()['content-type'] || '';
        if (!type.startsWith('text/html')) {
          skipped.push(`${r.path} (${type.split(';')[0] || 'no content type'}: not a page)`);
          done = true;
          break;
        }
        rows.push(await walkPage(t, p, url, { who, from, route: r.path, bad, html: await res.text() }));
        done = true;
        break;
      }
      if (!done) skipped.push(`${r.path} (redirects ${tried.join(', ')})`);
    }
    const admin = await persona('admin');
    for (const st of STATES) {
      const url = st.url(admin.links);
      assert.ok(url, `no link in the demo data opens the ${st.name}`);
      rows.push(await walkPage(t, admin, url, { who: 'admin', from: 'link', route: st.name, bad }));
    }
  } finally {
    fs.writeFileSync(path.join(t.artifacts, `layout-walk-${t.js ? 'js' : 'nojs'}.json`), JSON.stringify({ rows, skipped, bad }, null, 2));
  }
  const w = (n) => String(n).padStart(4);
  const cls = (n) => (n === 0 ? '0' : n.toFixed(3)).padStart(5);
  t.note(`walked ${rows.length} pages for ${order.length} GET routes in ${(rows.reduce((a, r) => a + r.ms, 0) / 1000).toFixed(1)} s:\n` +
    '         width at 320  412  640 320+spacing   CLS 320  412\n' +
    rows.map((r) => `         ${' '.repeat(9)}${w(r.w320)} ${w(r.w412)} ${w(r.w640)}   ${w(r.spacing)}       ${cls(r.cls320)} ${cls(r.cls412)}  ${r.url} [${r.who}${r.from === 'placeholder' ? ', placeholders' : ''}]`).join('\n') +
    (skipped.length ? '\n       not walked: ' + skipped.join('; ') : ''));
  assert.ok(rows.some((r) => r.route === '/org/:org' && r.who === 'admin'), 'the dashboard was walked');
  assert.ok(bad.length === 0, `${bad.length} layout finding(s):\n` + bad.slice(0, 60).join('\n') + (bad.length > 60 ? `\n… and ${bad.length - 60} more (layout-walk-*.json)` : ''));
}, { timeout: 300_000, weight: 10, apart: true });

/** Whether an element lies within the viewport's width (and is shown). */
async function fits(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { ok: r.width > 0 && r.left >= -0.5 && r.right <= document.documentElement.clientWidth + 0.5, left: r.left, right: r.right };
  });
}

async function assertFits(page, locator, what) {
  const f = await fits(locator);
  assert.ok(f.ok, `${what} spans ${Math.round(f.left)}…${Math.round(f.right)} px in a ${await page.evaluate(() => innerWidth)} px viewport`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= (await page.evaluate(() => document.documentElement.clientWidth)), `the page is ${wide} px wide with ${what} open`);
}

// Kept in e2e/artifacts: whole pages, and what the viewport shows of a dialog.
const shot = (t, name, fullPage = true) =>
  t.page.screenshot({ path: path.join(t.artifacts, `layout-320-${name}-${t.js ? 'js' : 'nojs'}.png`), fullPage });

test('layout: the shell at 320 px (Menu, search, date range, organisation), dialogs that fit, screenshots', async (t) => {
  const { page } = t;
  await page.setViewportSize({ width: 320, height: HEIGHT });
  await login(t, 'admin@demo.example');
  await expectH1(page, 'Dashboard');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  const menu = page.locator('#nav-menu > summary');
  // Search is in the top bar, one step away; the navigation waits behind Menu.
  assert.ok(await page.getByRole('searchbox', { name: 'Search', exact: true }).isVisible(), 'the search box shows at 320 px');
  assert.ok(await menu.isVisible(), 'Menu shows at 320 px');
  assert.equal(await menu.innerText(), 'Menu');
  assert.ok(!(await nav.isVisible()), 'the navigation is folded away');
  await t.audit('dashboard at 320 px');
  await shot(t, 'dashboard');

  await menu.click();
  await nav.waitFor();
  if (t.js) {
    // Focus moves into the menu, Escape closes it and puts focus back on Menu.
    await page.waitForFunction(() => document.activeElement?.closest('nav')?.getAttribute('aria-label') === 'Main');
    assert.equal(await page.evaluate(() => document.activeElement.textContent.trim()), 'Dashboard');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    assert.ok(await menu.evaluate((m) => m === document.activeElement), 'Escape gives focus back to Menu');
    await page.keyboard.press('Enter');
    await nav.waitFor();
  }
  await assertFits(page, nav, 'the menu');
  await t.audit('dashboard at 320 px, menu open');
  await shot(t, 'menu');
  await menu.click();
  await nav.waitFor({ state: 'hidden' });

  // The top bar's controls open panels that fit.
  const dateRange = page.locator('[data-island="DateRangePicker"]');
  const org = page.locator('[data-island="OrgSwitcher"]');
  if (t.js) {
    await dateRange.locator('button[aria-haspopup]').click();
    const dialog = page.getByRole('dialog', { name: 'Choose a date range' });
    await assertFits(page, dialog, 'the date range popup');
    await dialog.getByRole('button', { name: 'Custom range', exact: true }).click();
    await dialog.getByRole('grid').waitFor();
    await assertFits(page, dialog, 'the calendar');
    await page.keyboard.press('Escape');
    await org.locator('button[aria-haspopup]').click();
    await assertFits(page, page.getByRole('listbox'), 'the organisation list');
    await page.keyboard.press('Escape');
  } else {
    for (const [root, label] of [[dateRange, 'Date range'], [org, 'Organisation']]) {
      await unfold(root);
      await assertFits(page, root.getByLabel(label, { exact: true }), `the ${label.toLowerCase()} form`);
      await assertFits(page, root.locator('details > div'), `the ${label.toLowerCase()} panel`);
      await root.locator('summary').click();
    }
  }

  // An account page, its transfer dialog (a page without JavaScript).
  await menu.click();
  await nav.getByRole('link', { name: /Main EUR/ }).click();
  await expectH1(page, 'Account Transactions');
  await page.getByRole('region', { name: /^Transactions of / }).waitFor();
  await shot(t, 'account');
  const transfer = page.locator('[data-island="TransferDialog"]');
  if (t.js) {
    // Its code comes once it is in view (below the fold at 320 px), or now, when asked for.
    await page.evaluate(() => document.dispatchEvent(new Event('portal:hydrate')));
    await transfer.and(page.locator('[data-ready]')).waitFor();
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer' });
    await dialog.waitFor();
    await assertFits(page, dialog, 'the transfer dialog');
    await shot(t, 'transfer-dialog', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  } else {
    await transfer.getByRole('link', { name: 'Transfer', exact: true }).click();
    await expectH1(page, 'Transfer');
    await shot(t, 'transfer-dialog');
  }

  // The account funding dialog, from the Menu (its page without JavaScript).
  await menu.click();
  await nav.getByRole('link', { name: 'Account funding', exact: true }).click();
  if (t.js) {
    const dialog = page.getByRole('dialog', { name: 'Account funding' });
    await dialog.waitFor();
    await dialog.getByLabel('Account', { exact: true }).selectOption({ index: 1 });
    await dialog.locator('dl').waitFor();
    await assertFits(page, dialog, 'the account funding dialog');
    await shot(t, 'dialog', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  } else {
    await expectH1(page, 'Account funding');
    await shot(t, 'dialog');
  }

  // The statement dialog (336 wide at most).
  await page.goto(`/org/${NORDIC}/exported_statements`);
  // Its code comes on the link's first click, which the loader holds until the dialog can open.
  await page.getByRole('main').getByRole('link', { name: 'Download statement', exact: true }).click();
  if (t.js) {
    const dialog = page.getByRole('dialog', { name: 'Download statement' });
    await dialog.waitFor();
    await assertFits(page, dialog, 'the statement dialog');
    await page.keyboard.press('Escape');
  } else {
    await page.getByRole('heading', { level: 2, name: 'Download statement' }).waitFor();
  }

  // On a wide screen the same markup is the sidebar: shown, no Menu.
  await page.setViewportSize({ width: 1280, height: HEIGHT });
  await page.goto(`/org/${NORDIC}`);
  await nav.waitFor();
  assert.ok(!(await menu.isVisible()), 'no Menu at 1280 px');
  assert.ok((await nav.boundingBox()).x < 20, 'the navigation is the sidebar on the left');
  await t.audit('dashboard at 1280 px');
}, { timeout: 90_000 });

/**
 * A proxy in front of the portal that sends each page in two parts, the
 * second cut off inside the top bar (just after the organisation control's
 * <details> opens) and sent a while later, as a slow network does.
 */
async function slowProxy(base) {
  const port = await freePort();
  const server = http.createServer(async (req, res) => {
    const up = await fetch(base + req.url, { headers: { cookie: req.headers.cookie || '' }, redirect: 'manual' });
    const body = Buffer.from(await up.arrayBuffer());
    const headers = {};
    for (const [k, v] of up.headers) if (!['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie'].includes(k)) headers[k] = v;
    res.writeHead(up.status, headers);
    const at = body.indexOf('data-island="OrgSwitcher"');
    const cut = at < 0 ? -1 : body.indexOf('>', body.indexOf('<details', at)) + 1;
    if (!String(headers['content-type']).startsWith('text/html') || cut <= 0) return res.end(body);
    res.write(body.subarray(0, cut));
    setTimeout(() => res.end(body.subarray(cut)), 700); // unscaled-ok: the gap between the two parts, not a budget
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  // close() waits for open connections; the browser keeps its keep-alive one (and any request
  // the page left waiting), so they are cut first.
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }) };
}

test('layout: a page arriving in pieces is painted once whole (no layout shift while it is parsed)', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  const proxy = await slowProxy(t.base);
  t.cleanup(() => proxy.close());
  const shifts = await shiftRecorder(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    shifts.reset();
    // Cookies belong to the host, not the port: the proxy's requests carry the session.
    await page.goto(`${proxy.base}/org/${NORDIC}`);
    await settle(page, t.js);
    await expectH1(page, 'Dashboard');
    const s = await shifts.take();
    assert.equal(s.total, 0, `layout shift ${s.total.toFixed(4)} at ${width} px while the page arrived:\n  ${s.moved.join('\n  ')}`);
  }
});
