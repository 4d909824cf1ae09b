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

export function renderIsland(name, props) {
  const C = islands[name];
  if (!C) throw new Error('ssr: unknown island ' + name);
  // Go numbers islands per render, so ids are unique and deterministic.
  const id = 'island-' + note(name);
  const html = renderToString(h(C, props));
  return raw(
    '<div data-island="' + name + '" data-props="' + id + '">' + html + '</div>' +
      '<script type="application/json" id="' + id + '">' + safeJSON(props) + '</script>',
  );
}
