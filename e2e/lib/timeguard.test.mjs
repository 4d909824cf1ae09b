import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { unscaledTimeouts } from './timeguard.mjs';

const e2e = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The line numbers unscaledTimeouts flags in a flows file of these lines, alone in a folder. */
function flaggedLines(name, lines) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timeguard-'));
  try {
    fs.writeFileSync(path.join(dir, name), lines.join('\n'));
    return unscaledTimeouts(dir).map((l) => l.split(':')[1]);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
}

describe('unscaledTimeouts', () => {
  it('finds no literal time budget in the flows that skips scaled()', () => {
    expect(unscaledTimeouts(e2e)).toEqual([]);
  });

  it('flags literal timeouts, sleeps and deadlines, and lets scaled(), test options and unscaled-ok pass', () => {
    expect(flaggedLines('x-flows.mjs', [
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
    ])).toEqual(['1', '2', '3', '4', '5', '11']);
  });

  it('flags a browser context that does not get scaleDefaults() on its line or soon after', () => {
    expect(flaggedLines('y-flows.mjs', [
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
    ])).toEqual(['4']);
  });
});
