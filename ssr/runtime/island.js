// Server side of an island: preact renders it (so the browser's hydration
// finds the same markup), inside a marker element that names the island and
// points at its props, which sit beside it as inert JSON.
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import islands from 'portal:islands';

const raw = globalThis.__portal_raw;
const note = globalThis.__portal_island;

// JSON that is safe inside <script>: "<" can never open a tag or a comment,
// and U+2028/U+2029 cannot end a line in older parsers.
// Most props hold none of the three: indexOf is native, where a replace runs goja's
// regular expression engine over every character (about 4 % of a dashboard render).
export function safeJSON(value) {
  const s = JSON.stringify(value);
  if (s.indexOf('<') < 0 && s.indexOf('\u2028') < 0 && s.indexOf('\u2029') < 0) return s;
  return s.replace(/[<\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

// An island's markup is a pure function of its props (no context, clock or
// randomness on the server), so each runtime remembers its recent renders:
// the same user moving between pages sends the same props (same
// organisations, same date range) and skips preact entirely. Bounded by
// entries and by size, because props can carry long text and goja has no
// memory limit; oldest out first. Go may set the size bound
// (ssr.Config.IslandCacheBytes) before the bundle runs.
const CACHE_MAX = 256;
const CACHE_MAX_BYTES = globalThis.__portal_island_cache_bytes > 0 ? globalThis.__portal_island_cache_bytes : 4 * 1024 * 1024;
// One entry may take at most a quarter, so a single big island cannot
// flush everything else out.
const ENTRY_MAX_BYTES = Math.floor(CACHE_MAX_BYTES / 4);
const cache = new Map();
let cacheBytes = 0;
let hits = 0;
let misses = 0;

// What an entry holds in memory: JS strings are UTF-16, two bytes a unit.
const entryBytes = (key, html) => 2 * (key.length + html.length);

// The CSRF token is masked afresh in every response (BREACH), so a key with
// the token in it would never hit again. Islands only place it verbatim in
// a value (a hidden field, a header), so the markup is cached with this
// stand-in and the token put back after. A token that HTML would escape, or
// props that hold the stand-in anywhere else, skip the trick.
const CSRF_SLOT = 'PortalCsrfSlot7f3a9c';
const plainToken = /^[A-Za-z0-9_-]+$/;

function remember(key, html) {
  const size = entryBytes(key, html);
  if (size > ENTRY_MAX_BYTES) return;
  while (cache.size > 0 && (cache.size >= CACHE_MAX || cacheBytes + size > CACHE_MAX_BYTES)) {
    const [oldKey, oldHTML] = cache.entries().next().value;
    cache.delete(oldKey);
    cacheBytes -= entryBytes(oldKey, oldHTML);
  }
  cache.set(key, html);
  cacheBytes += size;
}

function islandHTML(name, C, props, json) {
  let key = name + '\u0000' + json;
  let renderProps = props;
  let token = null;
  if (typeof props.csrf === 'string' && plainToken.test(props.csrf) && !json.includes(CSRF_SLOT)) {
    renderProps = { ...props, csrf: CSRF_SLOT };
    token = props.csrf;
    // The token once in the JSON is the csrf prop itself (a plain token is written as it
    // is, and the spread keeps the key's place): the stand-in put there is the JSON of
    // renderProps without a second stringify. Twice (a nested copy) takes the long way.
    const at = json.indexOf(token);
    key = name + '\u0000' + (at >= 0 && at === json.lastIndexOf(token)
      ? json.slice(0, at) + CSRF_SLOT + json.slice(at + token.length)
      : safeJSON(renderProps));
  }
  let html = cache.get(key);
  if (html === undefined) {
    misses++;
    html = renderToString(h(C, renderProps));
    remember(key, html);
  } else {
    hits++;
  }
  return token === null ? html : html.split(CSRF_SLOT).join(token);
}

// For tests and diagnostics: what this runtime's cache holds, its size
// summed afresh (bytes) beside the running count that eviction uses.
globalThis.__portal_island_cache_stats = () => {
  let bytes = 0;
  for (const [key, html] of cache) bytes += entryBytes(key, html);
  return { entries: cache.size, bytes, counted: cacheBytes, maxBytes: CACHE_MAX_BYTES, hits, misses };
};

const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
function loadAttrs(load, on) {
  if (!load || load === 'now') return '';
  return ' data-load="' + attr(load) + '"' + (on ? ' data-on="' + attr(on) + '"' : '');
}

// load says when the browser needs the island's code (ssr/runtime/boot.js):
// 'now' (the default, left out of the markup), 'visible', 'interaction' (on, a CSS
// selector of the elements whose focus or click asks for it; the marker
// itself when empty) or 'session'.
export function renderIsland(name, props, load, on) {
  const C = islands[name];
  if (!C) throw new Error('ssr: unknown island ' + name);
  // Go numbers islands per render, so ids are unique and deterministic.
  const id = 'island-' + note(name);
  const json = safeJSON(props);
  const html = islandHTML(name, C, props, json);
  return raw(
    '<div data-island="' + name + '" data-props="' + id + '"' + loadAttrs(load, on) + '>' + html + '</div>' +
      '<script type="application/json" id="' + id + '">' + json + '</script>',
  );
}
