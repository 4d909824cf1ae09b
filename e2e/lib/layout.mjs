// Layout measurements of the reflow walk (layout-flows.mjs): what sticks out
// of the viewport, which regions scroll sideways and whether they can be
// reached, and the layout shifts Chrome records while a page loads and its
// islands hydrate. Everything runs through the DevTools protocol or
// page.evaluate, which work with the page's JavaScript off too.

import { scaled } from './time.mjs';
/** WCAG 1.4.12's text spacing overrides, as the bookmarklets apply them. */
export const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/**
 * Records layout shifts of one page from its next navigation on (Chrome's
 * PerformanceTimeline, the source of PerformanceObserver's layout-shift
 * entries, reported whatever the page's own JavaScript may do).
 */
export async function shiftRecorder(page) {
  const cdp = await page.context().newCDPSession(page);
  let shifts = [];
  cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => {
    if (event.type === 'layout-shift' && event.layoutShiftDetails && !event.layoutShiftDetails.hadRecentInput) {
      shifts.push(event.layoutShiftDetails);
    }
  });
  await cdp.send('DOM.enable');
  await cdp.send('PerformanceTimeline.enable', { eventTypes: ['layout-shift'] });
  return {
    reset() {
      shifts = [];
    },
    /** The shifts so far: their sum (CLS of the load) and what moved. */
    async take() {
      const got = shifts;
      shifts = [];
      const total = got.reduce((s, e) => s + e.value, 0);
      const moved = [];
      for (const e of got) {
        for (const src of e.sources || []) {
          let name = `node ${src.nodeId}`;
          try {
            const { node } = await cdp.send('DOM.describeNode', { backendNodeId: src.nodeId });
            const attrs = Object.fromEntries((node.attributes || []).reduce((a, v, i, all) => (i % 2 ? a : [...a, [v, all[i + 1]]]), []));
            name = node.localName + (attrs.id ? '#' + attrs.id : '') + (attrs['data-island'] ? `[data-island=${attrs['data-island']}]` : '') +
              (attrs.class ? '.' + attrs.class.split(/\s+/).slice(0, 3).join('.') : '');
          } catch {}
          const r = (q) => `${q.x},${q.y} ${q.width}×${q.height}`;
          moved.push(`${name}: ${r(src.previousRect)} → ${r(src.currentRect)} (${e.value.toFixed(4)})`);
        }
      }
      return { total, moved };
    },
  };
}

/** Waits until the page is loaded, its islands hydrated and enhanced, and two frames painted. */
export async function settle(page, js) {
  await page.waitForLoadState('load');
  if (js) {
    await page.evaluate(() => document.dispatchEvent(new Event('portal:hydrate'))); // every island, as once all loaded at once
    // Every island of the page at once, each module fetched and run: on a loaded machine that took over
    // 15 s once (CI, load average above 10). The wait ends on the event; the bound only says when to give up.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((e) => e.hasAttribute('data-ready')),
      null, { timeout: scaled(15000) });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))))); // unscaled-ok: a settle after two painted frames, which are the event
  } else {
    // No timers run in a page without JavaScript; the protocol's own wait does. It decides what the
    // shift recorder saw, so it is longer on a slow machine.
    await page.waitForTimeout(scaled(120));
  }
}

/**
 * What does not fit the viewport. docWidth against the viewport is the
 * WCAG 1.4.10 test; outside lists the outermost visible elements that reach
 * past either edge without a sideways-scrolling ancestor to hold them
 * (including ones an overflow: hidden ancestor cuts off, whose content is
 * then lost); regions lists each sideways-scrolling region that cannot be
 * reached by keyboard or has no name (1.4.10 allows a data table to scroll
 * in its own region; 2.1.1 and 4.1.2 ask that it can be focused and is
 * named); clipped lists text cut off by a fixed height (1.4.12).
 */
export function measure(page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const describe = (el) => {
      const id = el.id ? '#' + el.id : '';
      const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).slice(0, 4).join('.') : '';
      const text = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.localName}${id}${cls}${text ? ` "${text}"` : ''}`;
    };
    const hiddenVisually = (el, cs) =>
      cs.display === 'none' || cs.visibility === 'hidden' ||
      // sr-only and other clipped-away text
      (cs.position === 'absolute' && (cs.clip === 'rect(0px, 0px, 0px, 0px)' || cs.clipPath === 'inset(50%)') ) ||
      (el.getBoundingClientRect().width <= 1 && el.getBoundingClientRect().height <= 1);
    const scrollsX = (cs) => cs.overflowX === 'auto' || cs.overflowX === 'scroll';
    const outside = [];
    const regions = [];
    const clipped = [];
    // Visually hidden text past the edge: it widens the page when no
    // positioned ancestor holds it (an sr-only span in a table that
    // scrolls in a region without position: relative).
    const hiddenOut = [];
    const walk = (el, held) => {
      const cs = getComputedStyle(el);
      if (hiddenVisually(el, cs)) {
        const r = el.getBoundingClientRect();
        if (cs.display !== 'none' && (r.right > vw + 1 || r.left < -1)) hiddenOut.push(`${describe(el)} (visually hidden) at ${Math.round(r.left)}…${Math.round(r.right)} px`);
        return;
      }
      const r = el.getBoundingClientRect();
      const out = r.right > vw + 1 || r.left < -1;
      if (out && !held) {
        outside.push(`${describe(el)} spans ${Math.round(r.left)}…${Math.round(r.right)} px`);
        return; // its descendants stick out with it
      }
      let holds = held;
      if (scrollsX(cs) && el.scrollWidth > el.clientWidth + 1) {
        holds = true;
        const named = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
        const focusable = el.tabIndex >= 0;
        if (!named || !focusable) {
          regions.push(`${describe(el)} scrolls sideways (${el.scrollWidth} in ${el.clientWidth} px) but is ${[!focusable && 'not focusable', !named && 'not named'].filter(Boolean).join(' and ')}`);
        }
      }
      if ((cs.overflowY === 'hidden' || cs.overflowY === 'clip') && el.scrollHeight > el.clientHeight + 2 && el.innerText.trim() &&
          !el.matches('html, body')) {
        clipped.push(`${describe(el)}: ${el.scrollHeight} px of text in ${el.clientHeight} px`);
      }
      for (const c of el.children) walk(c, holds);
    };
    walk(document.body, false);
    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > vw && outside.length === 0) outside.push(...hiddenOut);
    return { viewport: vw, docWidth, outside, regions, clipped };
  });
}

/**
 * Applies the text spacing overrides. The page's CSP allows no inline
 * style, so the rules go in as a constructed stylesheet through the
 * protocol, as a user stylesheet would.
 */
export async function applyTextSpacing(page) {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, TEXT_SPACING);
}
