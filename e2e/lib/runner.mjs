// A tiny test runner: each named test runs twice, once in a browser context
// with JavaScript and once without, with a per-test timeout, a screenshot
// and the page's HTML kept on failure, and a summary line. Tests run in
// order within their file; whole files may run in parallel shards, each
// against its own portal and data (shardPlan), so no file sees another's
// changes.
import fs from 'node:fs';
import path from 'node:path';

import { Monitor } from './checks.mjs';
import { balance } from './shards.mjs';
import { scaleDefaults, scaled } from './time.mjs';

const tests = [];
// How long one t.cleanup(fn) may take (scaled like the flows' budgets).
const CLEANUP_MS = scaled(20_000);

/**
 * Registers a test. fn(t) gets t.page, t.context, t.js (JavaScript on?),
 * t.base, t.redis ({ port } of the run's redis-server), t.bin (the portal
 * binary), t.dataDir (its data folder: portal.db), t.artifacts (the folder kept after the run), t.audit(label),
 * t.note(text), t.cleanup(fn). opts.timeout in ms on an idle machine (scaled
 * by lib/time.mjs); opts.modes limits it to
 * [true] or [false]. The browser has answered the cookie banner already
 * (rejected), like a returning user, unless opts.firstVisit: the banner's
 * own flows and the layout walk see it. opts.weight: about how many usual
 * flows long one run of it is (default 1), for balancing the shards when
 * the last run's durations (e2e/durations.json) do not name its file.
 * opts.apart: each mode's run is a shard unit of its own rather than part of
 * its file's (a test as long as the layout walk would otherwise be the floor
 * of every run); it must not need what its other mode's run did.
 */
export function test(name, fn, opts = {}) {
  tests.push({ name, fn, timeout: opts.timeout ?? 30_000, modes: opts.modes ?? [true, false], firstVisit: !!opts.firstVisit,
    weight: opts.weight ?? 1, file: registeringFile(), apart: !!opts.apart });
}

// What a shard runs whole, in order: a file's tests in both modes, or one mode of a test
// registered apart ("layout-flows.mjs [JS]"). Durations and shard plans are by unit.
const unitOf = (tc, js) => (tc.apart ? `${tc.file} [${js ? 'JS' : 'no JS'}]` : tc.file);

// The flow file whose top level called test(): the first stack frame
// outside this folder.
function registeringFile() {
  for (const line of (new Error().stack || '').split('\n').slice(1)) {
    const m = line.match(/\/e2e\/([\w.-]+\.mjs)/);
    if (m) return m[1];
  }
  return '?';
}

/**
 * Splits the selected tests into at most n shards of whole units (a file, or
 * one mode of a test registered apart: unitOf), the costliest first onto
 * the shard with the least so far. A unit, here "file", costs
 * what it took in the last run (durations: file → ms, from
 * e2e/durations.json); a file the durations do not name costs its weight
 * (the sum of its tests' weights times modes) at the ms per weight unit the
 * named files took, or plain weight units when none is named; a file the filter picks only
 * some tests of costs their share (by weight) of its duration. Returns
 * [{ files, cost }], and unit: 'ms' or 'weight'.
 */
export function shardPlan(n, only, durations = null) {
  const weights = new Map();
  const totals = new Map();
  for (const tc of tests) {
    for (const js of tc.modes) {
      const u = unitOf(tc, js);
      totals.set(u, (totals.get(u) ?? 0) + tc.weight);
      if (only && !only.some((o) => tc.name.includes(o))) continue;
      weights.set(u, (weights.get(u) ?? 0) + tc.weight);
    }
  }
  return balance(weights, durations, n, totals);
}

/** The units all of whose tests the filter selects (every unit without one). */
export function wholeFiles(only) {
  const whole = new Set(tests.flatMap((tc) => tc.modes.map((js) => unitOf(tc, js))));
  for (const tc of tests) if (only && !only.some((o) => tc.name.includes(o))) for (const js of tc.modes) whole.delete(unitOf(tc, js));
  return whole;
}

/** A returning user's answer to the cookie banner, for a context that should not see it. */
export function answeredBanner(base) {
  return [{ name: 'cookie_consent', value: 'rejected', url: base }];
}

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Runs the selected tests of the given files (all files when null), in registration order. */
export async function runAll({ browser, base, artifacts, only, axe, redis = null, bin = null, dataDir = null, files = null,
  stopped = () => false }) {
  const results = [];
  for (const tc of tests) {
    if (only && !only.some((o) => tc.name.includes(o))) continue;
    for (const js of tc.modes) {
      if (files && !files.includes(unitOf(tc, js))) continue;
      if (stopped()) return results;
      const label = `${tc.name} [${js ? 'JS' : 'no JS'}]`;
      const t0 = Date.now();
      const context = await browser.newContext({ javaScriptEnabled: js, baseURL: base, locale: 'en-GB' });
      if (!tc.firstVisit) await context.addCookies(answeredBanner(base));
      const timeout = scaled(tc.timeout);
      scaleDefaults(context, tc.timeout);
      const monitor = new Monitor({ js, axe, browser, base });
      await monitor.attach(context);
      const page = await context.newPage();
      const notes = [];
      const cleanups = [];
      const t = {
        page, context, js, base, browser, redis, bin, dataDir, artifacts,
        mode: js ? 'JS' : 'no JS',
        audit: (name, o) => monitor.audit(page, name, o),
        note: (text) => notes.push(text),
        cleanup: (fn) => cleanups.push(fn),
        monitor,
      };
      let error = null;
      let timer;
      try {
        await Promise.race([
          (async () => {
            await tc.fn(t);
            try {
              monitor.assertClean();
            } catch (err) {
              err.fromMonitor = true;
              throw err;
            }
          })(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeout} ms (at ${page.url()})`)), timeout);
          }),
        ]);
      } catch (err) {
        error = err;
      } finally {
        clearTimeout(timer);
      }
      if (error && !error.fromMonitor) {
        // A hard failure stops the flow; say what the page checks found before it.
        const also = [...monitor.problems, ...monitor.pageProblems()];
        if (also.length) error.message += '\nalso found before that:\n' + also.join('\n');
      }
      if (error) {
        const file = path.join(artifacts, `${slug(tc.name)}-${js ? 'js' : 'nojs'}`);
        try {
          await page.screenshot({ path: file + '.png', fullPage: true, timeout: scaled(5000) });
          fs.writeFileSync(file + '.html', await page.content());
          error.artifact = path.relative(process.cwd(), file + '.png');
        } catch {}
        // CI keeps only the log: say where the page was and what it said.
        const seen = await page.evaluate(() => {
          const text = (el) => el.textContent.replace(/\s+/g, ' ').trim();
          const h1 = document.querySelector('h1');
          const said = [...document.querySelectorAll('[role="alert"], [aria-live], .field-error, [id$="-error"]')].map(text).filter(Boolean);
          return `${location.href}: h1 "${h1 ? text(h1) : ''}"${said.length ? `; it says: ${[...new Set(said)].join(' | ').slice(0, 400)}` : ''}`;
        }).catch(() => null);
        if (seen) error.message += `\npage at the failure: ${seen}`;
      }
      // A cleanup that never settles (a server waiting on a connection the browser keeps) would
      // stall the whole shard: each gets a budget and, past it, fails the flow with its name.
      for (const fn of cleanups) {
        let ctimer;
        try {
          await Promise.race([fn(), new Promise((_, reject) => {
            ctimer = setTimeout(() => reject(new Error(`cleanup did not finish in ${CLEANUP_MS} ms: ${fn.toString().slice(0, 80)}`)), CLEANUP_MS); // unscaled-ok: CLEANUP_MS is scaled where it is set
          })]);
        } catch (err) {
          notes.push(`cleanup failed: ${err.message.split('\n')[0]}`);
          if (/did not finish/.test(err.message)) error ??= err;
        } finally {
          clearTimeout(ctimer);
        }
      }
      await context.close().catch(() => {});
      const ms = Date.now() - t0;
      if (stopped()) return results;
      results.push({ label, file: unitOf(tc, js), ok: !error, ms, error, notes });
      const head = `${error ? 'FAIL' : 'ok  '} ${label} (${(ms / 1000).toFixed(1)} s)`;
      console.log(head);
      for (const n of notes) console.log(`       note: ${n}`);
      if (error) {
        console.log(indent(String(error.message || error).trimEnd(), 7));
        if (error.artifact) console.log(`       screenshot: ${error.artifact}`);
      }
    }
  }
  return results;
}

export function indent(s, n) {
  const pad = ' '.repeat(n);
  return s.split('\n').map((l) => pad + l).join('\n');
}
