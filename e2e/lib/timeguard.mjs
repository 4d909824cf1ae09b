// The guard that keeps every time budget of the flows scaled (lib/time.mjs).
// A literal figure in a timeout option, a sleep, a timer or a Date.now()
// deadline is one a loaded machine can miss; wrap it in scaled(ms), or say
// on that line why it must not scale with `// unscaled-ok: why`.
import fs from 'node:fs';
import path from 'node:path';

const NUM = String.raw`\d[\d_]*(?:\.\d+)?`;
const PATTERNS = [
  new RegExp(String.raw`\b[tT]imeout(?:Ms)?\s*:\s*${NUM}\b`), // { timeout: 5000 }
  new RegExp(String.raw`\b(?:waitForTimeout|sleep|setDefaultTimeout|setDefaultNavigationTimeout|AbortSignal\.timeout|\.setTimeout)\(\s*${NUM}\b`),
  new RegExp(String.raw`\bsetTimeout\(.*,\s*${NUM}\s*\)`), // setTimeout(fn, 700)
  new RegExp(String.raw`Date\.now\(\)\s*\+\s*${NUM}\b`), // a fixed deadline
];
// A test's own options (test(name, fn, { timeout }) at the top level) are
// idle-machine figures that the runner scales itself; an indented `}, {` may
// close a waitForFunction instead, so it needs its unscaled-ok.
// How far after a newContext( line its scaleDefaults( may come (the runner sets up the context
// in between).
const CONTEXT_LINES = 5;
const TEST_OPTIONS = [/^\}, \{[^{}]*\}\);\s*$/, /^test\(.*, \{[^{}]*\}\);\s*$/];

/** Lines of the e2e .mjs/.js files (node_modules and artifacts aside) with an unscaled literal budget or a context without scaled defaults. */
export function unscaledTimeouts(dir) {
  const found = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'artifacts') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(mjs|js)$/.test(e.name) && !e.name.endsWith('.test.mjs')) check(p);
    }
  };
  const check = (file) => {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.includes('unscaled-ok:') || TEST_OPTIONS.some((re) => re.test(line))) return;
      const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
      if (PATTERNS.some((re) => re.test(code))) found.push(`${path.relative(dir, file)}:${i + 1}: ${line.trim()}`);
      // A browser context keeps Playwright's fixed 30 s action and navigation timeouts unless
      // scaleDefaults sets them, on its line or within the few after.
      if (/\.newContext\(/.test(code) && !lines.slice(i, i + CONTEXT_LINES).some((l) => l.includes('scaleDefaults('))) {
        found.push(`${path.relative(dir, file)}:${i + 1}: a context without scaleDefaults(): ${line.trim()}`);
      }
    });
  };
  walk(dir);
  return found;
}
