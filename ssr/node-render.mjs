// Runs the SAME server bundle that goja runs, in node, for cmd/renderbench.
//
// The bundle calls five globals that Go provides in goja (ssr/element.go,
// ssr/renderer.go). Here they are plain JS with the same output: an element
// is serialised when it is created and handed back as an opaque Html
// object (so text can be told from markup), and each element joins its
// parts once. Output is compared byte for byte with goja's by the caller.
//
// usage: node node-render.mjs bench <server.js> <page> <props.json> [n] [warmup]
//          prints {"times_ms": [...], "html": "..."}
//        node node-render.mjs serve <server.js>
//          reads one request a line, {"page", "props" (a JSON string), "n"},
//          and answers each with a line {"times_ms": [...], "html": "..."}
//          (html of the last render), so a caller can take turns with other
//          renderers in one run
//        node node-render.mjs each <server.js> <cases.json>
//          cases.json is [[page, propsJSON], ...]; prints [{"html"} or {"error"}, ...]
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import readline from 'node:readline';
import vm from 'node:vm';

class Html {
  constructor(s) {
    this.s = s;
  }
}

const usage = 'usage: node node-render.mjs bench <server.js> <page> <props.json> [n] [warmup]\n' +
  '       node node-render.mjs each <server.js> <cases.json>\n' +
  '       node node-render.mjs serve <server.js>';
const Fragment = {};
let islands = [];

function esc(s) {
  // ", & and < only: what preact-render-to-string and appendEscaped escape.
  if (!/["&<]/.test(s)) return s;
  return s.replace(/["&<]/g, (c) => (c === '"' ? '&quot;' : c === '&' ? '&amp;' : '&lt;'));
}

const VOID = new Set(['area', 'base', 'br', 'col', 'command', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const SVG = new Set(['animate', 'animateMotion', 'animateTransform', 'circle', 'clipPath', 'defs', 'desc', 'ellipse', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence', 'filter', 'foreignObject', 'g', 'image', 'line', 'linearGradient', 'marker', 'mask', 'metadata', 'mpath', 'path', 'pattern', 'polygon', 'polyline', 'radialGradient', 'rect', 'set', 'stop', 'switch', 'symbol', 'text', 'textPath', 'title', 'tspan', 'use', 'view']);
const NON_DIMENSIONAL = new Set(['animation-iteration-count', 'border-image-outset', 'border-image-slice', 'border-image-width', 'box-flex', 'box-flex-group', 'box-ordinal-group', 'column-count', 'fill-opacity', 'flex', 'flex-grow', 'flex-negative', 'flex-order', 'flex-positive', 'flex-shrink', 'flood-opacity', 'font-weight', 'grid-column', 'grid-row', 'line-clamp', 'line-height', 'opacity', 'order', 'orphans', 'stop-opacity', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'stroke-opacity', 'stroke-width', 'tab-size', 'widows', 'z-index', 'zoom']);
const UNSAFE = /[ \t\n\r\f\v\\/='"\0<>]/;
const NAMESPACE = /^(xlink|xmlns|xml)([A-Z])/;
const HTML_LOWER = /^(?:accessK|auto[A-Z]|cell|ch|col|cont|cross|dateT|encT|form[A-Z]|frame|hrefL|inputM|maxL|minL|noV|playsI|popoverT|readO|rowS|src[A-Z]|tabI|useM|item[A-Z])/;
const SVG_CAMEL = /^ac|^ali|arabic|basel|cap|clipPath$|clipRule$|color|dominant|enable|fill|flood|font|glyph[^R]|horiz|image|letter|lighting|marker[^WUH]|overline|panose|pointe|paint|rendering|shape|stop|strikethrough|stroke|text[^L]|transform|underline|unicode|units|^v[^i]|^w|^xH/;

const htmlNames = new Map();
const svgNames = new Map();

function attrName(name, svg) {
  const cache = svg ? svgNames : htmlNames;
  let n = cache.get(name);
  if (n !== undefined) return n;
  n = name;
  if (name === 'defaultChecked') n = 'checked';
  else if (name === 'defaultSelected') n = 'selected';
  else if (name === 'acceptCharset') n = 'accept-charset';
  else if (name === 'httpEquiv') n = 'http-equiv';
  else if (UNSAFE.test(name)) n = '';
  else if (NAMESPACE.test(name)) n = name.replace(NAMESPACE, '$1:$2').toLowerCase();
  else if (name[4] === '-' || name === 'draggable' || name === 'spellcheck') n = name;
  else if (svg) {
    if (SVG_CAMEL.test(name)) n = name === 'panose1' ? 'panose-1' : name.replace(/([A-Z])/g, '-$1').toLowerCase();
  } else if (HTML_LOWER.test(name)) n = name.toLowerCase();
  cache.set(name, n);
  return n;
}

function styleToCSS(o) {
  let s = '';
  for (const prop of Object.keys(o)) {
    const v = o[prop];
    if (v == null || v === '') continue;
    const name = prop[0] === '-' ? prop : prop.replace(/[A-Z]/g, '-$&').toLowerCase();
    s += name + ':' + v + (typeof v === 'number' && !name.startsWith('--') && !NON_DIMENSIONAL.has(name) ? 'px;' : ';');
  }
  return s;
}

function attr(out, name, v) {
  if (v == null || v === false) return;
  if (v === true || v === '') out.push(' ' + name);
  else out.push(' ' + name + '="' + esc(String(v)) + '"');
}

function children(out, v) {
  if (v == null || typeof v === 'boolean') return;
  if (typeof v === 'object') {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) children(out, v[i]);
    } else if (v instanceof Html) {
      if (v.s) out.push(v.s);
    }
    return; // functions and other objects render nothing
  }
  if (typeof v === 'function') return;
  const s = String(v);
  if (s !== '') out.push(esc(s));
}

function el(tag, props, kids) {
  if (!tag || UNSAFE.test(tag)) throw new TypeError('ssr: ' + JSON.stringify(tag) + ' is not a valid HTML tag name');
  const out = ['<' + tag];
  let kidsProp;
  let inner = '';
  if (props) {
    const svg = SVG.has(tag);
    const names = Object.keys(props);
    for (const key of names) {
      let v = props[key];
      if (typeof v === 'function') continue;
      let name = key;
      switch (key) {
        case 'children':
          kidsProp = v;
          continue;
        case 'key':
        case 'ref':
        case '__self':
        case '__source':
          continue;
        case 'className':
        case 'class':
          if (key === 'className' && names.includes('class')) continue;
          name = 'class';
          break;
        case 'htmlFor':
          if (names.includes('for')) continue;
          name = 'for';
          break;
        case 'defaultValue':
        case 'value':
          name = 'value';
          if (tag === 'textarea') {
            kidsProp = v;
            continue;
          }
          if (tag === 'select') {
            if (v != null) throw new Error('ssr: <select value> is not supported on the server; mark the <option> selected');
            continue;
          }
          break;
        case 'dangerouslySetInnerHTML':
          inner = (v && v.__html) ? String(v.__html) : '';
          continue;
        case 'style':
          if (v !== null && typeof v === 'object') {
            v = styleToCSS(v);
            if (v === '') continue;
          }
          break;
        default:
          name = attrName(key, svg);
          if (name === '') continue;
          if ((name[4] === '-' || name === 'draggable' || name === 'spellcheck') && (typeof v === 'boolean' || (v !== null && typeof v === 'object'))) {
            v = String(v);
          }
      }
      attr(out, name, v);
    }
  }
  if (inner) {
    out.push('>', inner, '</' + tag + '>');
    return new Html(out.join(''));
  }
  out.push('>');
  const before = out.length;
  if (kids.length > 0) for (const k of kids) children(out, k);
  else if (kidsProp !== undefined) children(out, kidsProp);
  if (out.length === before && VOID.has(tag)) {
    out[before - 1] = '/>';
    return new Html(out.join(''));
  }
  out.push('</' + tag + '>');
  return new Html(out.join(''));
}

function fragmentOf(kids) {
  const out = [];
  for (const k of kids) children(out, k);
  return new Html(out.join(''));
}

globalThis.__portal_Fragment = Fragment;
globalThis.__portal_h = function h(type, props, ...kids) {
  if (type === Fragment) return fragmentOf(kids);
  if (typeof type === 'function') {
    const p = props || {};
    if (kids.length === 1) p.children = kids[0];
    else if (kids.length > 1) p.children = kids;
    return type(p);
  }
  return el(String(type), props, kids);
};
globalThis.__portal_raw = (html) => new Html(String(html));
globalThis.__portal_frag = (...kids) => fragmentOf(kids);
globalThis.__portal_island = (name) => islands.push(String(name)) - 1;

function renderPage(page, props) {
  islands = [];
  return globalThis.__portal_render(page, JSON.parse(props)).s;
}

const [mode, bundlePath, ...args] = process.argv.slice(2);
if (mode !== 'bench' && mode !== 'each' && mode !== 'serve') {
  console.error(usage);
  process.exit(2);
}
vm.runInThisContext(readFileSync(bundlePath, 'utf8'), { filename: bundlePath });

if (mode === 'each') {
  // Render each [page, props] pair once: tests check this twin against Go.
  const cases = JSON.parse(readFileSync(args[0], 'utf8'));
  const out = cases.map(([page, props]) => {
    try {
      return { html: renderPage(page, props) };
    } catch (e) {
      return { error: String(e && e.message) };
    }
  });
  process.stdout.write(JSON.stringify(out));
} else if (mode === 'serve') {
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const { page, props, n } = JSON.parse(line);
    process.stdout.write(JSON.stringify(timed(page, props, n)) + '\n');
  }
} else {
  const [page, propsPath, nArg, warmArg] = args;
  const props = readFileSync(propsPath, 'utf8');
  timed(page, props, Number(warmArg || 30));
  process.stdout.write(JSON.stringify(timed(page, props, Number(nArg || 300))));
}

// timed renders page n times; each parses the props, as Go does (ssr/props.go).
function timed(page, props, n) {
  let html = '';
  const times = new Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    html = renderPage(page, props);
    times[i] = performance.now() - t0;
  }
  return { times_ms: times, html };
}
