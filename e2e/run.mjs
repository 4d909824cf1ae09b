// Browser flows against the real portal binary, a real redis-server and
// Debian's chromium, each flow with JavaScript on and off.
//
//   node e2e/run.mjs [name-filter ...]     (make e2e: builds assets first)
//
// Environment: E2E_NO_AXE=1 skips axe-core; E2E_HEADED=1 shows the browser;
// E2E_PORTAL_BIN=path uses that portal binary instead of building one;
// E2E_SHARDS=n runs the flow files in n parallel shards (default 6), each
// against its own redis-server and portal with fresh demo data, balanced by
// the files' durations in their last run (e2e/durations.json, rewritten
// for every file a run ran whole); E2E_TIME_SCALE=f multiplies the time
// budgets (lib/time.mjs: 3 under CI, 1 elsewhere).
// Prints each phase's time, then "N passed, M failed" last, and exits
// non-zero on any failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { report } from './flows.mjs';
import './auth-flows.mjs';
import './funding-flows.mjs';
import './dashboard-flows.mjs';
import './statement-flows.mjs';
import './payout-export-flows.mjs';
import './account-flows.mjs';
import './payout-flows.mjs';
import './shell-flows.mjs';
import './users-flows.mjs';
import './receiver-flows.mjs';
import './payout-draft-flows.mjs';
import './collection-flows.mjs';
import './withdrawal-flows.mjs';
import './search-flows.mjs';
import './batch-flows.mjs';
import './loadmore-flows.mjs';
import './payout-wizard-flows.mjs';
import './layout-flows.mjs';
import './timeout-flows.mjs';
import './passkey-flows.mjs';
import './audit-flows.mjs';
import { AXE_TAGS, axeChecked, axeSelfTest, closeShared } from './lib/checks.mjs';
import { runAll, indent, shardPlan, wholeFiles } from './lib/runner.mjs';
import { updatedDurations } from './lib/shards.mjs';
import { buildPortal, contractTally, killAllSync, redisCommand, startPortal, startRedis, stop, tail } from './lib/servers.mjs';
import { TIME_SCALE, scaled } from './lib/time.mjs';
import { unscaledTimeouts } from './lib/timeguard.mjs';
import { formatWeight } from './lib/weight.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = path.join(root, 'e2e', 'artifacts');
// Debian's headless shell: the same Blink as /usr/bin/chromium without the
// desktop browser around it; the flows take half the time and CPU in it.
// E2E_HEADED shows the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ||
  (!process.env.E2E_HEADED && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const started = Date.now();
// Each file's duration in the last full run, for balancing the shards.
const DURATIONS = path.join(root, 'e2e', 'durations.json');

function readDurations() {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, 'utf8')).files ?? null;
  } catch (err) {
    if (err.code !== 'ENOENT') console.log(`note: ${path.relative(root, DURATIONS)} unreadable (${err.message}); balancing by weights`);
    return null;
  }
}

function writeDurations(files) {
  const doc = { about: 'ms each flow file took in its last whole run (both modes), written by e2e/run.mjs; ' +
    'the next run balances its shards by them', files };
  fs.writeFileSync(DURATIONS, JSON.stringify(doc, null, 2) + '\n');
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
function phase(name, t0) {
  console.log(`phase: ${name} took ${seconds(Date.now() - t0)}`);
}
// One { redis, portal, files } per shard.
let shards = [];
let browser = null;
let finished = false;
let interrupted = false;

async function shutdown() {
  await closeShared();
  if (browser) await browser.close().catch(() => {});
  browser = null;
  for (const { portal, redis } of shards) {
    if (portal) {
      await stop(portal.child);
      fs.rmSync(portal.dataDir, { recursive: true, force: true });
    }
    if (redis) await stop(redis.child);
  }
  shards = [];
}

for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.on(sig, async () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${sig}: stopping`);
    await shutdown();
    console.log('0 passed, 1 failed');
    process.exit(code);
  });
}
process.on('exit', () => killAllSync());

const FIGURES = path.join(root, 'server', 'accessibility', 'figures.json');

function writeStatementFigures({ flows, pages, browser }) {
  const version = (pkg) => JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  const figures = {
    run: new Date().toISOString().slice(0, 10),
    flows,
    axe: { version: version('axe-core'), rules: AXE_TAGS, pages },
    browser,
    driver: `playwright-core ${version('playwright-core')}`,
  };
  fs.writeFileSync(FIGURES, JSON.stringify(figures, null, 2) + '\n');
  console.log(`accessibility statement figures written to ${path.relative(root, FIGURES)}`);
}

async function main() {
  fs.rmSync(artifacts, { recursive: true, force: true });
  fs.mkdirSync(artifacts, { recursive: true });
  if (!fs.existsSync(path.join(root, 'assets', 'dist', 'manifest.json'))) {
    throw new Error('assets/dist/manifest.json is missing: run `make assets` (or `go run ./cmd/build`) first');
  }
  // A literal budget a loaded machine can miss fails the run before it starts (lib/timeguard.mjs).
  const unscaled = unscaledTimeouts(path.join(root, 'e2e'));
  if (unscaled.length) throw new Error('time budgets not wrapped in scaled() (or marked // unscaled-ok: why):\n' + unscaled.join('\n'));
  // E2E_PORTAL_BIN: use a binary built elsewhere (e.g. while the tree does not compile).
  const build = process.env.E2E_PORTAL_BIN ? { bin: path.resolve(process.env.E2E_PORTAL_BIN), ms: 0 } : buildPortal(root);
  console.log(`phase: portal build took ${seconds(build.ms)}`);
  const only = process.argv.slice(2);
  const durations = readDurations();
  const plan = shardPlan(Number(process.env.E2E_SHARDS || 6), only.length ? only : null, durations);
  console.log(`time budgets ×${TIME_SCALE}; shards balanced by ${plan.unit === 'ms' ? 'the last run\'s durations' : 'test weights (e2e/durations.json names none of these files)'}`);
  // The shards' servers start side by side, and the browser with them: each portal seeds its
  // demo data as it starts (about 8 s under load), and one after another four of them took half
  // a minute before the first flow.
  const tServers = Date.now();
  const launching = chromium.launch({
    executablePath: CHROMIUM,
    headless: !process.env.E2E_HEADED,
    // Our signal handlers stop everything (browser, portal, redis) in order.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  }).then((b) => {
    browser = b;
    phase('browser start', tServers);
    return b;
  });
  // A failed start of one part must not leave the others unawaited (unhandled rejections).
  const parts = await Promise.allSettled([launching, ...plan.shards.map(async ({ files, cost }, i) => {
    // The first shard keeps the plain log names the README points to.
    const sfx = i === 0 ? '' : `-${i + 1}`;
    const shard = { files, cost, redis: null, portal: null };
    shards[i] = shard;
    shard.redis = await startRedis(artifacts, `redis${sfx}.log`);
    shard.portal = await startPortal(build.bin, shard.redis.url, artifacts, {}, `portal${sfx}.log`);
    return shard;
  })]);
  const failedStart = parts.find((p) => p.status === 'rejected');
  if (failedStart) throw failedStart.reason;
  for (const [i, { portal, redis, files }] of shards.entries()) {
    if (portal.health?.backend !== 'redis') throw new Error(`portal is not keeping sessions in Redis: ${JSON.stringify(portal.health)}`);
    console.log(`shard ${i + 1}: portal ${portal.base} (built in ${(build.ms / 1000).toFixed(1)} s), redis :${redis.port}, ` +
      `chromium ${CHROMIUM}, files ${files.join(' ')}`);
  }
  phase('servers (redis, portal per shard) and browser, side by side', tServers);
  const tBrowser = Date.now();
  const axe = !process.env.E2E_NO_AXE;
  if (axe) await axeSelfTest(browser);
  if (axe) phase('axe self-test', tBrowser);
  const tFlows = Date.now();
  const results = (await Promise.all(shards.map(async (shard) => {
    const t0 = Date.now();
    const { portal, redis, files } = shard;
    const r = await runAll({ browser, base: portal.base, artifacts,
      only: only.length ? only : null, axe, redis: { port: redis.port }, bin: build.bin, dataDir: portal.dataDir, files,
      stopped: () => interrupted });
    shard.ms = Date.now() - t0;
    return r;
  }))).flat();

  if (interrupted) return 130;
  console.log('');
  for (const [i, { files, cost, ms }] of shards.entries()) {
    const planned = plan.unit === 'ms' ? `planned ${seconds(cost)}` : `planned ${cost} weight units`;
    console.log(`shard ${i + 1}: ${seconds(ms)} (${planned}): ${files.join(' ')}`);
  }
  phase('flows', tFlows);
  // A file's time counts only when all its tests ran (a name filter may pick a few).
  const whole = wholeFiles(only.length ? only : null);
  const timed = results.filter((r) => whole.has(r.file));
  if (timed.length) {
    writeDurations(updatedDurations(durations ?? {}, timed));
    console.log(`durations of ${[...new Set(timed.map((r) => r.file))].join(' ')} written to ${path.relative(root, DURATIONS)}`);
  }
  if (report.weights.length) {
    console.log('\nfirst-paint weight (HTML + CSS as sent, Accept-Encoding: br, gzip):');
    for (const w of report.weights) console.log('  ' + formatWeight(w));
  }
  if (axe) console.log(`\naxe-core (${AXE_TAGS.join(', ')}) checked ${axeChecked().length} pages: ${axeChecked().join('; ')}`);
  for (const n of report.notes) console.log(`note: ${n}`);
  // The login limit per address (50 in 15 minutes, server/auth/login.go) is shared
  // by the whole run: say how much of it the flows used.
  for (const [i, { redis }] of shards.entries()) {
    try {
      const keys = await redisCommand(redis.port, 'KEYS', '*login:ip:*');
      const counts = await Promise.all(keys.map((k) => redisCommand(redis.port, 'GET', k)));
      console.log(`shard ${i + 1}: login attempts the portal counted per address: ${keys.map((k, j) => `${k.split('login:ip:')[1]} ${counts[j]}`).join(', ') || 'none'} (the suite's portal allows 1000 per 15 minutes; the default is 50)`);
    } catch (err) {
      console.log(`shard ${i + 1}: login attempts: could not ask redis (${err.message})`);
    }
  }

  // The contract check: every API exchange the flows made with the shards' portals,
  // validated against the served document as it happened.
  let contractFailed = false;
  const tally = await contractTally(shards.map((s) => s.portal.base)).catch((err) => ({ error: err }));
  if (tally === null) {
    console.log('\ncontract: not checked (the portal was built without -tags contractcheck)');
  } else if (tally.error) {
    console.log(`\ncontract: could not read the tally (${tally.error.message})`);
    contractFailed = true;
  } else {
    console.log(`\ncontract: ${tally.replies} API replies validated over ${tally.operations.size} operations, ${tally.violations.length} violations`);
    for (const v of tally.violations) console.log(indent(v, 2));
    contractFailed = tally.violations.length > 0;
  }

  // Every shard's audit log, after all its flows wrote to it: `portal audit verify` walks each
  // chain (docs/areas/audit.md) and must find it intact.
  let auditFailed = false;
  for (const [i, { portal }] of shards.entries()) {
    const v = spawnSync(build.bin, ['audit', 'verify'], {
      env: { ...process.env, PORTAL_ENV: 'sandbox', PORTAL_DATA_DIR: portal.dataDir }, encoding: 'utf8', timeout: scaled(120_000),
    });
    console.log(`shard ${i + 1}: ${(v.stdout || '').trim() || (v.stderr || '').trim() || v.error}`);
    if (v.status !== 0) auditFailed = true;
  }

  const failed = results.filter((r) => !r.ok);
  // A complete run that passed (every file, axe on) writes the accessibility statement's
  // figures, which the portal builds in: the statement says what the tests showed.
  if (!only.length && axe && results.length > 0 && failed.length === 0) {
    writeStatementFigures({ flows: results.length, pages: axeChecked().length, browser: `Chromium ${browser.version()} (headless shell)` });
  }
  if (failed.length) {
    console.log(`\nfailures:`);
    for (const f of failed) console.log(`  ${f.label}`);
    for (const [i, { portal }] of shards.entries()) {
      console.log(`\nshard ${i + 1} portal log (last lines):\n${indent(tail(portal.child, 15), 2)}`);
    }
  }
  await shutdown();
  finished = true;
  console.log(`\ne2e took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
  if (contractFailed) console.log('contract check failed');
  if (auditFailed) console.log('audit verify failed');
  return failed.length === 0 && results.length > 0 && !contractFailed && !auditFailed ? 0 : 1;
}

main().then(
  (code) => interrupted || process.exit(code),
  async (err) => {
    if (interrupted) return; // the signal handler reports and exits
    console.error(`e2e setup failed: ${err.stack || err}`);
    await shutdown();
    if (!finished) console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
