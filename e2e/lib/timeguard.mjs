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
const TEST_OPTIONS = [/^\}, \{[^{}]*\}\);\s*$/, /^test\(.*, \{[^{}]*\}\);\s*$/];

/** Lines of the e2e .mjs/.js files (node_modules and artifacts aside) with an unscaled literal budget. */
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
    fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (line.includes('unscaled-ok:') || TEST_OPTIONS.some((re) => re.test(line))) return;
      const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
      if (PATTERNS.some((re) => re.test(code))) found.push(`${path.relative(dir, file)}:${i + 1}: ${line.trim()}`);
    });
  };
  walk(dir);
  return found;
}
