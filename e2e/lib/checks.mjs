// Checks made on every page a flow reaches: islands hydrated without a
// mismatch, only the allowed <script> elements, no console errors, no CSP
// violations, and axe-core's WCAG 2.2 AA rules.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { scaleDefaults, scaled } from './time.mjs';

const require = createRequire(import.meta.url);
let axeSource = null;
function axeScript() {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core on the page as it is now; returns the violations. */
export async function runAxe(page) {
  // page.evaluate runs through the DevTools protocol, which the page's CSP
  // does not govern (an injected <script> tag would be refused by it).
  const has = await page.evaluate(() => typeof window.axe === 'object');
  if (!has) await page.evaluate(axeScript());
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: ((n.failureSummary || '').split('\n')[1] || '').trim().slice(0, 200) })),
    }));
  }, AXE_TAGS);
}

export function formatViolations(vs) {
  return vs
    .map((v) => `  - ${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.slice(0, 5).map((n) => `      at ${n.target}${n.summary ? ' — ' + n.summary : ''}`).join('\n') +
      (v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : ''))
    .join('\n');
}

// Shared by every test of the run: axe runs once per distinct page and mode,
// and no-JS pages are checked in one side page per portal (see axeFor; a
// shard's tests run one at a time, so each mirror has one user at once).
const axed = new Set();
const mirrors = new Map();

/** Names of the pages axe checked this run, "label [mode]". */
export const axeChecked = () => [...axed];

/** Proves the axe harness reports what it should, on a page known to be wrong. */
export async function axeSelfTest(browser) {
  const ctx = scaleDefaults(await browser.newContext());
  try {
    const page = await ctx.newPage();
    await page.setContent('<!doctype html><html lang="en"><head><title>t</title></head><body><main><img src="data:,"><input></main></body></html>');
    const ids = (await runAxe(page)).map((v) => v.id).sort();
    for (const want of ['image-alt', 'label']) {
      if (!ids.includes(want)) throw new Error(`axe self-test: expected a ${want} violation, got ${JSON.stringify(ids)}`);
    }
  } finally {
    await ctx.close();
  }
}

export async function closeShared() {
  for (const m of mirrors.values()) await m.context().close().catch(() => {});
  mirrors.clear();
}

export class Monitor {
  constructor({ js, axe, browser, base }) {
    this.js = js;
    this.axeOn = axe !== false;
    this.browser = browser;
    this.base = base;
    this.problems = [];
    this.errorDocuments = new Set(); // documents the server answered 4xx/5xx on purpose (422, 404)
    this.consoleErrors = [];
    this.cspViolations = [];
    this.scriptRequests = [];
    this.failedResponses = [];
    this.checked = 0;
  }

  async attach(context) {
    const monitor = this;
    if (this.js) {
      await context.exposeBinding('__e2eReportCSP', (source, v) => {
        monitor.cspViolations.push({ ...v, page: source.frame.url() });
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          window.__e2eReportCSP({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample,
            source: e.sourceFile, line: e.lineNumber, disposition: e.disposition });
        });
      });
    }
    context.on('page', (page) => monitor.watch(page));
  }

  watch(page) {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const loc = msg.location();
      this.consoleErrors.push({ text: msg.text(), url: loc?.url || '', page: page.url() });
    });
    page.on('pageerror', (err) => this.consoleErrors.push({ text: 'uncaught: ' + err.message, page: page.url() }));
    page.on('request', (r) => {
      if (r.resourceType() === 'script') this.scriptRequests.push(r.url());
    });
    page.on('response', (r) => {
      const req = r.request();
      if (r.status() < 400) return;
      if (req.isNavigationRequest()) this.errorDocuments.add(r.url());
      else this.failedResponses.push(`${r.status()} ${req.method()} ${r.url()}`);
    });
  }

  /** Throws if the run so far logged a console error, a CSP violation or a failed subresource. */
  assertClean() {
    const problems = [...this.problems];
    for (const e of this.pageProblems()) problems.push(e);
    if (problems.length) throw new Error(problems.join('\n'));
  }

  /** Console errors, CSP violations, failed subresources, scripts fetched without JS. */
  pageProblems() {
    const problems = [];
    // Chrome logs "Failed to load resource" for a document answered with an
    // error status; for the 422 form page and the 404 page that is the design.
    // /favicon.ico is asked for directly by one test (flows.mjs), not by luck here.
    const errors = this.consoleErrors.filter((e) => !(e.text.startsWith('Failed to load resource') &&
      (this.errorDocuments.has(e.url) || new URL(e.url || 'about:blank', 'http://x').pathname === '/favicon.ico')));
    for (const e of errors) problems.push(`console error on ${e.page}: ${e.text}${e.url ? ' (' + e.url + ')' : ''}`);
    for (const v of this.cspViolations) {
      problems.push(`CSP violation on ${v.page}: ${v.directive} blocked ${v.blocked || '(inline)'}${v.sample ? ' "' + v.sample + '"' : ''}`);
    }
    for (const f of this.failedResponses) problems.push(`failed subresource: ${f}`);
    if (!this.js && this.scriptRequests.length) problems.push(`scripts fetched with JavaScript off: ${this.scriptRequests.join(', ')}`);
    return [...new Set(problems)];
  }

  /** Forget what a test provoked on purpose. */
  clear() {
    this.consoleErrors.length = 0;
    this.cspViolations.length = 0;
  }

  /**
   * axe-core needs timers, which do not run in a page with JavaScript off;
   * so a no-JS page is checked as a copy of its DOM (module scripts and
   * meta refresh removed) in a side page with JavaScript on.
   */
  async axeFor(page) {
    if (this.js) return runAxe(page);
    const html = (await page.content())
      .replace(/<script type="module"[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<meta http-equiv="refresh"[^>]*>/g, '');
    let m = mirrors.get(this.base);
    if (!m) {
      const ctx = scaleDefaults(await this.browser.newContext({ javaScriptEnabled: true, baseURL: this.base }));
      m = await ctx.newPage();
      mirrors.set(this.base, m);
      // One document for every copy, at the portal's origin (the copies' stylesheets are its
      // relative /assets links): a new document per copy loaded and compiled axe's 650 KB again
      // each time, about a second of a loaded CI for each of the no-JS pages.
      const url = this.base + '/__e2e_axe_mirror__';
      await m.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>mirror</title>' }));
      await m.goto(url);
    }
    // document.open() keeps the window (and the axe loaded in it) and replaces the whole document;
    // axe then waits for the copy's stylesheets, which colour contrast reads.
    await m.evaluate(async (copy) => {
      document.open();
      document.write(copy);
      document.close();
      await Promise.all([...document.querySelectorAll('link[rel~="stylesheet"]')].map((l) =>
        l.sheet ? null : new Promise((r) => { l.addEventListener('load', r); l.addEventListener('error', r); })));
      await document.fonts.ready;
    }, html);
    return runAxe(m);
  }

  /**
   * The checks for one page: scripts, islands, clean console, and (once per
   * label) axe. label names the distinct page ("login with errors").
   */
  async audit(page, label, { axe = true } = {}) {
    await page.waitForLoadState('load');
    const problems = [];
    // Islands: with JS each marker must hydrate (data-ready) without a
    // mismatch; props must be beside it as JSON either way.
    if (this.js) {
      // Islands load when needed (ssr/runtime/boot.js); the loader's event asks for them all, so
      // each one's hydration is checked on every page.
      await page.evaluate(() => document.dispatchEvent(new Event('portal:hydrate')));
      try {
        await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((e) => e.hasAttribute('data-ready')),
          null, { timeout: scaled(5000) });
      } catch {
        problems.push(`islands not ready after ${scaled(5000) / 1000} s: ` + (await page.evaluate(() =>
          [...document.querySelectorAll('[data-island]:not([data-ready])')].map((e) => e.getAttribute('data-island')).join(', '))));
      }
    }
    const dom = await page.evaluate(() => ({
      islands: [...document.querySelectorAll('[data-island]')].map((e) => {
        const id = e.getAttribute('data-props');
        const src = id ? document.getElementById(id) : null;
        let json = false;
        try {
          JSON.parse(src?.textContent ?? '');
          json = true;
        } catch {}
        return { name: e.getAttribute('data-island'), mismatch: e.hasAttribute('data-hydration-mismatch'),
          propsTag: src ? src.tagName.toLowerCase() + '[type=' + src.getAttribute('type') + ']' : null, json };
      }),
      scripts: [...document.querySelectorAll('script')].map((s) => ({ type: s.getAttribute('type') || '', src: s.getAttribute('src') || '',
        nonce: !!s.nonce, text: s.textContent.slice(0, 4000) })),
      preloads: [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')),
    }));
    for (const i of dom.islands) {
      if (i.mismatch) problems.push(`island ${i.name} has data-hydration-mismatch`);
      if (i.propsTag !== 'script[type=application/json]' || !i.json) problems.push(`island ${i.name}: props are not a JSON script beside it (${i.propsTag})`);
    }
    // Scripts: inert JSON props, plus, only when the page has islands, one
    // nonce'd module script that imports island bundles.
    const code = dom.scripts.filter((s) => s.type !== 'application/json');
    if (dom.islands.length === 0) {
      if (code.length || dom.preloads.length) problems.push(`page without islands ships JavaScript: ${JSON.stringify(code.concat(dom.preloads))}`);
    } else {
      if (code.length !== 1) problems.push(`expected one module script, found ${code.length}: ${JSON.stringify(code)}`);
      for (const s of code) {
        // html/template writes "/" as "\/" inside a script: both mean "/".
        const text = s.text.trim().replace(/\\\//g, '/');
        if (s.type !== 'module' || s.src || !/^(import "\/assets\/js\/[^"]+";)+$/.test(text)) {
          problems.push(`unexpected script: ${JSON.stringify(s)}`);
        } else if (this.js && !s.nonce) {
          problems.push('module script has no nonce');
        }
      }
    }
    const key = label + (this.js ? ' [JS]' : ' [no JS]');
    if (this.axeOn && axe && !axed.has(key)) {
      axed.add(key);
      const vs = await this.axeFor(page);
      if (vs.length) problems.push(`axe: ${vs.length} violation(s) on "${label}" (${page.url()}):\n${formatViolations(vs)}`);
    }
    this.checked++;
    // Page-level findings do not stop the flow; the test fails at its end
    // with all of them.
    if (problems.length) this.problems.push(`audit of "${label}" (${page.url()}):\n` + problems.map((p) => '  ' + p.replace(/\n/g, '\n  ')).join('\n'));
  }
}
