// First-paint weight: the compressed bytes of a page's HTML and its
// stylesheets as they travel (budget: ≤ 14 KB, one TCP initial window).
// Measured with plain node:http so nothing decompresses on the way.
import http from 'node:http';
import { scaled } from './time.mjs';

export const BUDGET = 14 * 1024;
export const ISLAND_BUDGET = 10 * 1024; // one island, gzip, with its share of the runtime

function get(url, cookie, encoding = 'br, gzip') {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'Accept-Encoding': encoding, Accept: 'text/html,text/css,*/*', ...(cookie ? { Cookie: cookie } : {}) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(scaled(10_000), () => req.destroy(new Error('timeout ' + url)));
    req.on('error', reject);
  });
}

async function decoded(r) {
  const zlib = await import('node:zlib');
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(r.body);
  if (enc === 'gzip') return zlib.gunzipSync(r.body);
  return r.body;
}

/** Weighs one page (by URL, with the given cookies) and the stylesheets it links. */
export async function weigh(base, pathname, cookie) {
  const page = await get(base + pathname, cookie);
  if (page.status !== 200) throw new Error(`weigh ${pathname}: status ${page.status}`);
  const html = (await decoded(page)).toString('utf8');
  const css = [];
  for (const m of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) {
    const r = await get(base + m[1]);
    css.push({ href: m[1], bytes: r.body.length, raw: (await decoded(r)).length, enc: r.headers['content-encoding'] || 'identity' });
  }
  const total = page.body.length + css.reduce((n, c) => n + c.bytes, 0);
  // Island bundles the page's module script imports (not first paint; gzip,
  // as the island budget is stated).
  const js = [];
  for (const m of html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1].replace(/\\\//g, '/').matchAll(/import "([^"]+)"/g)) {
      const r = await get(base + i[1], '', 'gzip');
      js.push({ href: i[1], bytes: r.body.length, raw: (await decoded(r)).length, enc: r.headers['content-encoding'] || 'identity' });
    }
  }
  return { path: pathname, html: { bytes: page.body.length, raw: Buffer.byteLength(html), enc: page.headers['content-encoding'] || 'identity' }, css, js, total };
}

export function formatWeight(w) {
  const kb = (n) => (n / 1024).toFixed(1) + ' KB';
  const css = w.css.map((c) => `CSS ${kb(c.bytes)} ${c.enc} (${kb(c.raw)} raw)`).join(' + ');
  const verdict = w.total <= BUDGET ? 'within' : 'OVER';
  let out = `${w.label.padEnd(10)} HTML ${kb(w.html.bytes)} ${w.html.enc} (${kb(w.html.raw)} raw) + ${css} = ${kb(w.total)} — ${verdict} the 14 KB budget`;
  for (const j of w.js) {
    const name = j.href.split('/').pop();
    out += `\n  ${''.padEnd(10)} island ${name}: ${kb(j.bytes)} ${j.enc} (${kb(j.raw)} raw) — ${j.bytes <= ISLAND_BUDGET ? 'within' : 'OVER'} the 10 KB island budget`;
  }
  return out;
}
