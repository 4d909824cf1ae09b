import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { unscaledTimeouts } from './timeguard.mjs';

const e2e = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('unscaledTimeouts', () => {
  it('finds no literal time budget in the flows that skips scaled()', () => {
    expect(unscaledTimeouts(e2e)).toEqual([]);
  });

  it('flags literal timeouts, sleeps and deadlines, and lets scaled(), test options and unscaled-ok pass', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeguard-'));
    try {
      fs.writeFileSync(path.join(dir, 'x-flows.mjs'), [
        "await loc.waitFor({ timeout: 5000 });",
        "await page.waitForTimeout(1_000);",
        "setTimeout(() => done(), 700);",
        "const deadline = Date.now() + 40_000;",
        "context.setDefaultTimeout(10_000);",
        "await loc.waitFor({ timeout: scaled(5000) });",
        "await page.waitForTimeout(scaled(600));",
        "}, { timeout: 90_000 });",
        "await sleep(100); // unscaled-ok: a poll interval",
        "// a comment saying { timeout: 5000 } is not code",
        "  }, { timeout: 5000 });",
      ].join('\n'));
      expect(unscaledTimeouts(dir).map((l) => l.split(':')[1])).toEqual(['1', '2', '3', '4', '5', '11']);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('flags a browser context that does not get scaleDefaults() on its line or soon after', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeguard-'));
    try {
      fs.writeFileSync(path.join(dir, 'y-flows.mjs'), [
        "const a = scaleDefaults(await browser.newContext({ javaScriptEnabled: false }));",
        "const b = await browser.newContext({ baseURL: base });",
        "scaleDefaults(b);",
        "const c = await browser.newContext({ baseURL: base });",
        "const page = await c.newPage();",
        "await page.goto('/login');",
        "await page.goto('/nope');",
        "await page.goto('/again');",
        "scaleDefaults(c);",
        "const d = await t.browser.newContext({ baseURL: base }); // unscaled-ok: a check of the defaults themselves",
      ].join('\n'));
      expect(unscaledTimeouts(dir).map((l) => l.split(':')[1])).toEqual(['4']);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
