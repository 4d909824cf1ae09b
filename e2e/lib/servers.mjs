// The real parts the browser flows run against: a redis-server on a free
// loopback port and the portal binary built from this checkout, each started
// here and stopped by PID.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { scaled } from './time.mjs';

const children = new Set();

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function start(name, cmd, args, opts, logFile) {
  const log = fs.openSync(logFile, 'w');
  const child = spawn(cmd, args, { ...opts, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  child.label = name;
  child.logFile = logFile;
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.once('error', (err) => {
    child.spawnError = err;
  });
  children.add(child);
  child.exited.then(() => children.delete(child));
  return child;
}

/** Last lines of a child's log, for failure reports. */
export function tail(child, lines = 30) {
  try {
    return fs.readFileSync(child.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function redisPing(port) {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    let buf = '';
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(scaled(500), () => done(false));
    sock.on('error', () => done(false));
    sock.on('connect', () => sock.write('PING\r\n'));
    sock.on('data', (d) => {
      buf += d;
      if (buf.includes('\r\n')) done(buf.startsWith('+PONG'));
    });
  });
}

async function waitFor(what, child, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null || child.spawnError) {
      throw new Error(`${what} exited before it was ready (${child.spawnError || 'code ' + child.exitCode}):\n${tail(child)}`);
    }
    if (await probe()) return;
    await sleep(100); // unscaled-ok: the interval between probes; timeoutMs is the budget
  }
  throw new Error(`${what} was not ready after ${timeoutMs} ms:\n${tail(child)}`);
}

/**
 * The handle of a session id (session.HandleOf): the store keys sessions by
 * it and never holds the id itself.
 */
export function sessionHandle(id) {
  return crypto.createHash('sha256').update('portal session handle\0' + id).digest('hex').slice(0, 32);
}

/**
 * The Redis keys of a session id, whatever the store's prefix: the session
 * store keys a session as <prefix>s:{handle}, the braces being its Redis
 * Cluster hash tag (session/redis.go).
 */
export function sessionKeys(port, id) {
  return redisCommand(port, 'KEYS', `*s:{${sessionHandle(id)}}`);
}

/**
 * One command to the run's redis-server over RESP (e.g. a flow that lets a
 * session expire). Resolves with the reply: a number, a string, null or an
 * array of those; rejects on an error reply.
 */
export function redisCommand(port, ...args) {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    let buf = Buffer.alloc(0);
    const done = (err, value) => {
      sock.destroy();
      if (err) reject(err);
      else resolve(value);
    };
    // parse(at) -> [value, next offset], or null while the reply is incomplete.
    const parse = (at) => {
      const nl = buf.indexOf('\r\n', at);
      if (nl < 0) return null;
      const head = buf.subarray(at, nl).toString();
      const rest = head.slice(1);
      const next = nl + 2;
      switch (head[0]) {
        case '+': return [rest, next];
        case '-': return [new Error(`redis ${args[0]}: ${rest}`), next];
        case ':': return [Number(rest), next];
        case '$': {
          const n = Number(rest);
          if (n < 0) return [null, next];
          if (buf.length < next + n + 2) return null;
          return [buf.subarray(next, next + n).toString(), next + n + 2];
        }
        case '*': {
          const n = Number(rest);
          if (n < 0) return [null, next];
          const list = [];
          let pos = next;
          for (let i = 0; i < n; i++) {
            const r = parse(pos);
            if (!r) return null;
            list.push(r[0]);
            pos = r[1];
          }
          return [list, pos];
        }
        default: return [new Error(`redis ${args[0]}: unexpected reply ${JSON.stringify(head)}`), next];
      }
    };
    sock.setTimeout(scaled(2000), () => done(new Error(`redis ${args[0]}: timeout`)));
    sock.on('error', (err) => done(err));
    sock.on('connect', () => {
      const parts = [`*${args.length}\r\n`];
      for (const a of args) parts.push(`$${Buffer.byteLength(String(a))}\r\n${a}\r\n`);
      sock.write(parts.join(''));
    });
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      const r = parse(0);
      if (!r) return;
      if (r[0] instanceof Error) done(r[0]);
      else done(null, r[0]);
    });
  });
}

export async function startRedis(artifacts, logName = 'redis.log') {
  const port = await freePort();
  const child = start('redis-server', 'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    { cwd: os.tmpdir() }, path.join(artifacts, logName));
  await waitFor('redis-server', child, () => redisPing(port), scaled(10_000));
  return { child, port, url: `redis://127.0.0.1:${port}/0` };
}

/** go build -o .tmp/portal ./cmd/portal (assets are embedded; `make assets` runs first). */
export function buildPortal(root) {
  const bin = path.join(root, '.tmp', 'portal');
  const env = { ...process.env, PATH: `${process.env.PATH}:/usr/local/go/bin` };
  const t0 = Date.now();
  // -tags contractcheck: the portal validates every API exchange of the flows against its
  // document (server/contractcheck.go); run.mjs reads the tally at the end (contractTally).
  const r = spawnSync('go', ['build', '-tags', 'contractcheck', '-o', bin, './cmd/portal'], { cwd: root, env, encoding: 'utf8' });
  if (r.error) throw new Error(`go build: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`go build failed:\n${r.stdout}${r.stderr}`);
  return { bin, ms: Date.now() - t0 };
}

/** env: more settings (a flow's own portal, e.g. a short idle timeout); logName: its log file. */
export async function startPortal(bin, redisURL, artifacts, env0 = {}, logName = 'portal.log') {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORTAL_ADDR: `127.0.0.1:${port}`,
    PORTAL_DATA_DIR: dataDir,
    REDIS_URL: redisURL,
    // The portal is production unless asked; the flows read codes from the
    // sandbox outbox, which answers them because they connect over loopback.
    PORTAL_ENV: 'sandbox',
    // Every flow logs in from 127.0.0.1: room beyond the default 50 per 15 minutes.
    PORTAL_LOGIN_IP_LIMIT: '1000',
  };
  for (const k of ['PORTAL_ASSETS_DIR', 'PORTAL_DEV', 'PORTAL_TLS', 'PORTAL_TLS_CERT', 'PORTAL_TLS_KEY', 'PORTAL_SECRET',
    'PORTAL_OUTBOX_SHARED', 'PORTAL_TRUSTED_PROXIES']) delete env[k];
  Object.assign(env, env0);
  const child = start('portal', bin, [], { cwd: dataDir, env }, path.join(artifacts, logName));
  child.dataDir = dataDir;
  let health = null;
  await waitFor('portal', child, async () => {
    try {
      const r = await fetch(base + '/healthz', { signal: AbortSignal.timeout(scaled(1000)) });
      health = await r.json().catch(() => null);
      return r.status === 200;
    } catch {
      return false;
    }
  }, scaled(30_000));
  return { child, base, dataDir, health };
}

/** Stop one child by its PID: TERM, then KILL if it does not go. */
export async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const gone = await Promise.race([child.exited.then(() => true), sleep(scaled(5000)).then(() => false)]);
  if (!gone) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {}
    await Promise.race([child.exited, sleep(scaled(2000))]);
  }
}

/** Synchronous last resort (process 'exit'): signal every child still running. */
export function killAllSync() {
  for (const c of children) {
    try {
      process.kill(c.pid, 'SIGKILL');
    } catch {}
  }
}

/**
 * The contract check's tally of the shards' portals (GET /__contract of a portal built with
 * -tags contractcheck): replies validated, operations met, violations. null when a portal
 * has no such endpoint (a binary from E2E_PORTAL_BIN built without the tag).
 */
export async function contractTally(bases) {
  const out = { replies: 0, operations: new Set(), violations: [] };
  for (const base of bases) {
    const res = await fetch(`${base}/__contract`);
    if (res.status !== 200) return null;
    const t = await res.json();
    out.replies += t.replies;
    for (const op of t.operations) out.operations.add(op);
    out.violations.push(...t.violations);
  }
  return out;
}
