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
export function safeJSON(value) {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

// An island's markup is a pure function of its props (no context, clock or
// randomness on the server), so each runtime remembers its recent renders:
// the same user moving between pages sends the same props (same csrf, same
// organisations) and skips preact entirely. Bounded, oldest out first.
const CACHE_MAX = 256;
const cache = new Map();

function islandHTML(name, C, props, json) {
  const key = name + '\u0000' + json;
  let html = cache.get(key);
  if (html === undefined) {
    html = renderToString(h(C, props));
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value);
    cache.set(key, html);
  }
  return html;
}

export function renderIsland(name, props) {
  const C = islands[name];
  if (!C) throw new Error('ssr: unknown island ' + name);
  // Go numbers islands per render, so ids are unique and deterministic.
  const id = 'island-' + note(name);
  const json = safeJSON(props);
  const html = islandHTML(name, C, props, json);
  return raw(
    '<div data-island="' + name + '" data-props="' + id + '">' + html + '</div>' +
      '<script type="application/json" id="' + id + '">' + json + '</script>',
  );
}
