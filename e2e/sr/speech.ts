// What the screen reader transcript tests share.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { virtual } from '@guidepup/virtual-screen-reader';
import { render, type ComponentType } from 'preact';
import { act } from 'preact/test-utils';
import { expect, vi } from 'vitest';
import { mount } from '../../ssr/runtime/client.js';

/** Each phrase is spoken, in this order (other phrases may come between). */
export function expectInOrder(log: string[], phrases: string[]) {
  let at = -1;
  for (const p of phrases) {
    const i = log.indexOf(p, at + 1);
    if (i < 0) {
      const where = log.indexOf(p) >= 0 ? `spoken, but before "${log[at]}"` : 'never spoken';
      throw new Error(`"${p}" is ${where}. Transcript:\n  ${log.join('\n  ')}`);
    }
    at = i;
  }
}

/** Nothing said is about an error: no alert, no invalid field, no error text. */
export function expectNoErrors(log: string[]) {
  expect(log.filter((p) => /^alert|invalid|Error/.test(p)), 'nothing about errors').toEqual([]);
}

// ── The money flows' transcripts (transfer, batch, withdrawal, refund) ──
//
// Their pages are the real server's (testdata/sr/*.html, written by
// TestTranscriptPages in pages_test.go): each page's <main>, which the skip
// link leads to, and the props of the islands in it. Without JavaScript the
// transcript reads that markup; with it, the islands are mounted on the same
// markup (ssr/runtime/client.js, as the browser does) and the test acts as the
// user, listening to what the screen reader says meanwhile, live regions
// included ("polite: …", "assertive: …").

const pagesDir = join(dirname(fileURLToPath(import.meta.url)), '../../testdata/sr');

// jsdom's getComputedStyle is where the reader spends most of its time (some 2,000 calls, 80 % of
// a dialog's walk), and for ::before/::after, which jsdom does not compute, it logs a "not
// implemented" error with its stack before answering with the element's own style. While the
// reader runs, styles are computed once per element per microtask (the reader computes its tree
// synchronously, when nothing changes the DOM; the next change of a render or of showModal() comes
// in a later task), and a pseudo-element gets that same answer without the log. The document's
// own getComputedStyle is back when the reader stops, for the tests that follow in this worker.
let realComputedStyle: typeof window.getComputedStyle | null = null;

function cacheStyles() {
  const computed = window.getComputedStyle.bind(window);
  realComputedStyle = window.getComputedStyle;
  let styles: WeakMap<Element, CSSStyleDeclaration> | null = null;
  const cached = (el: Element) => {
    if (!styles) {
      styles = new WeakMap();
      queueMicrotask(() => (styles = null));
    }
    let style = styles.get(el);
    if (!style) styles.set(el, (style = computed(el)));
    return style;
  };
  // vitest copies the window's globals onto globalThis, which is where the reader looks.
  globalThis.getComputedStyle = window.getComputedStyle = cached;
}

/** Starts the screen reader on container (the page's body by default). */
export async function startReader(container: Element = document.body) {
  cacheStyles();
  await virtual.start({ container });
}

/** Stops the screen reader. */
export async function stopReader() {
  await virtual.stop();
  if (realComputedStyle) globalThis.getComputedStyle = window.getComputedStyle = realComputedStyle;
  realComputedStyle = null;
}

/** The server's page name (testdata/sr/name.html), in the document. */
export function serverPage(name: string): HTMLElement {
  document.documentElement.lang = 'en';
  document.body.innerHTML = readFileSync(join(pagesDir, name + '.html'), 'utf8');
  return document.querySelector('main')!;
}

/**
 * Reads on from where the screen reader is to the end of the document (or to the phrase until),
 * and returns all it said since start. Each step costs the size of the page, so the result pages
 * the flows land on are read only as far as the test needs.
 */
export async function readToEnd(until = 'end of document'): Promise<string[]> {
  for (let i = 0; i < 2000 && (await virtual.lastSpokenPhrase()) !== until; i++) await virtual.next();
  const log = await virtual.spokenPhraseLog();
  expect(log.at(-1), `the walk reached "${until}"`).toBe(until);
  return log;
}

/**
 * What a screen reader says on a page (its body's markup): from where the browser puts focus on
 * load when autofocus ([autofocus]: the error summary; jsdom does not apply it), else from the
 * top, to the end.
 */
export async function readHTML(html: string, { autofocus = true, until = 'end of document' } = {}): Promise<string[]> {
  document.documentElement.lang = 'en';
  document.body.innerHTML = html;
  await startReader();
  try {
    if (autofocus) document.querySelector<HTMLElement>('[autofocus]')?.focus();
    return await readToEnd(until);
  } finally {
    await stopReader();
  }
}

/** What a screen reader says on the server's page name (testdata/sr/name.html); see readHTML. */
export const readPage = (name: string, opts: { until?: string } = {}) => readHTML(readFileSync(join(pagesDir, name + '.html'), 'utf8'), opts);

/**
 * Starts the screen reader on the island name of the page (the opener and its dialog): what it
 * says there, live regions included, is what the flow's steps are heard as; the rest of the page
 * is left out of its tree, which each step walks.
 */
export async function startOn(name: string) {
  await startReader(document.querySelector(`[data-island="${name}"]`)!);
}

/** Mounts island name (Component) on the server's markup, as the browser's script does, with its effects run. */
export async function hydrate(name: string, Component: ComponentType<any>) {
  act(() => mount(name, Component));
  await settle();
}

/** After a test: every island on the page unmounted, so the timers it left (a reload after a
 *  transfer) go with it rather than fire in a later test, and the page emptied. */
export function clearPage() {
  for (const el of document.querySelectorAll('[data-island]')) render(null, el);
  document.body.innerHTML = '';
}

/** Lets effects, fetch replies, the modules an island asked for by import() (lib/lazy) and the
 *  screen reader's mutation observer run. */
export async function settle() {
  for (let i = 0; i < 5; i++) await act(() => vi.dynamicImportSettled());
}

/** What the screen reader said while fn ran (live regions, focus moves). */
export async function heard(fn: () => void | Promise<void>): Promise<string[]> {
  const before = (await virtual.spokenPhraseLog()).length;
  await act(async () => {
    await fn();
  });
  await settle();
  return (await virtual.spokenPhraseLog()).slice(before);
}

/** Sets a control's value as typing or choosing does, firing the event the island listens to. */
export function setValue(el: HTMLInputElement | HTMLSelectElement, value: string) {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
}

/** A JSON reply as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
