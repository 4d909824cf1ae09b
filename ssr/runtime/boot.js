// The one script every page with islands loads first: it imports an island's
// module only when the island is needed, so a page pays for the islands a
// visitor uses, not for every one it shows. Until then the server's markup
// does the work (links, forms, <details>), which is why each island must
// work without JavaScript first. The document names the modules in a JSON
// script (#island-modules); each marker says when it is needed (data-load,
// set by templates/components/Island.tsx):
//   (none)       at once, as a page's feature islands always loaded
//   visible      once the marker comes near the viewport
//   interaction  on the first focus or click inside the elements data-on
//                selects (else the marker itself); the click that asked for
//                the island is held back and clicked again once it is ready,
//                and typing before then is announced again (an input event),
//                so the first action is not lost
//   session      the idle warning: a timer set from the session end its
//                props carry, or sooner when the page hears of the session
//                (an API call, another tab)
// A "portal:hydrate" event on the document loads them all (the browser
// tests check every island's hydration that way).
// Kept free of imports: it is the only JavaScript a page without a used
// island runs.

const modules = JSON.parse(document.getElementById('island-modules')?.textContent || '{}');
const loaded = {};
const done = {};
const SESSION_ACTIVE = 'portal:session-active';
const SESSION_EXPIRED = 'portal:session-expired';
const CHANNEL = 'portal-session';
// When the page arrived: the idle warning counts the session's end from here,
// not from when its code came (islands/lib/sessionBus.ts, pageStart).
globalThis.__portal_boot = Date.now();

// Imports name's module once (it hydrates every marker of that name, see
// client.js); resolves once they are all ready.
function load(name) {
  if (!loaded[name]) {
    const url = modules[name];
    const els = [...document.querySelectorAll('[data-island="' + name + '"]')];
    loaded[name] = (url ? import(url).then(() => Promise.all(els.map(handOver))) : Promise.resolve())
      // A module that fails to load leaves the server's markup, which works: clicks go to it.
      .catch(() => {})
      .then(() => {
        done[name] = true;
      });
  }
  return loaded[name];
}

// The module hydrated el as it was imported; its enhancement comes with the
// effects, before el is ready. A focused element the enhancement replaced (a
// link that becomes a button) hands the focus to the control in its place,
// unless the focus moved on meanwhile: a keyboard user who tabbed to a link
// while its island loaded stays on it.
function handOver(el) {
  const had = el.contains(document.activeElement) ? document.activeElement : null;
  return ready(el).then(() => {
    if (had && !had.isConnected && (document.activeElement === document.body || !document.activeElement)) {
      (el.querySelector('button') ?? successor(el))?.focus();
    }
  });
}

function ready(el) {
  return new Promise((resolve) => {
    if (el.hasAttribute('data-ready')) return resolve();
    const mo = new MutationObserver(() => {
      if (el.hasAttribute('data-ready')) {
        mo.disconnect();
        resolve();
      }
    });
    mo.observe(el, { attributes: true, attributeFilter: ['data-ready'] });
  });
}

function props(el) {
  try {
    return JSON.parse(document.getElementById(el.getAttribute('data-props')).textContent);
  } catch {
    return {};
  }
}

// Interaction: focus starts the load (handOver gives the focus on when the
// enhancement replaced the focused element); a click is held until the island
// is ready, then clicked again on the same element, or, when the enhancement
// replaced it, on the first control of the same trigger.
const triggers = [];
const successor = (root) => root.querySelector('button, summary, a[href]');
function watchInteraction(el, name) {
  const sel = el.getAttribute('data-on');
  const roots = sel ? [...document.querySelectorAll(sel)] : [el];
  triggers.push({ name, roots });
}
const within = (e) => {
  for (const t of triggers) {
    const root = t.roots.find((r) => r.contains(e.target));
    if (root) return { t, root };
  }
  return null;
};
// A press (mouse, pen or touch) focuses its element before the release: were the
// island to load then and replace the pressed element before the release, the
// browser would send no click at all (Chrome does not). So a press only fetches
// the island's module (a modulepreload runs nothing), the click that follows
// runs it and is held and given again; and when another cause loaded the island
// during the press, the release inside the trigger is the click.
let press = null;
const warmed = {};
function warm(name) {
  const url = modules[name];
  if (!url || warmed[name] || loaded[name]) return;
  warmed[name] = true;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url;
  link.nonce = document.querySelector('script[nonce]')?.nonce ?? '';
  document.head.append(link);
}
// Only a press on a trigger is held: a press elsewhere leaves focus loads alone.
function onPress(e) {
  const hit = within(e);
  press = hit && { target: e.target, hit };
  if (hit) warm(hit.t.name);
}
function onRelease(e) {
  const pressed = press;
  press = null;
  if (!pressed || pressed.target.isConnected || !done[pressed.hit.t.name]) return;
  if (!pressed.hit.root.contains(e.target)) return;
  successor(pressed.hit.root)?.click();
}
function onFocus(e) {
  const hit = within(e);
  if (hit && !press) void load(hit.t.name);
}
function onClick(e) {
  const hit = within(e);
  if (!hit || done[hit.t.name]) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  const target = e.target;
  void load(hit.t.name).then(() => {
    const again = target.isConnected ? target : successor(hit.root);
    again?.click();
  });
}

// Typing that comes before the island listens (a field filled at once) is
// announced again once it does.
function onInput(e) {
  const hit = within(e);
  if (!hit || done[hit.t.name]) return;
  const target = e.target;
  void load(hit.t.name).then(() => target.dispatchEvent(new Event('input', { bubbles: true })));
}

// The idle warning: loaded a little before it opens, or at once when the
// session is used or ends on this page, or another tab says it runs longer
// (the event is sent again once the island listens, so it counts).
function watchSession(el, name) {
  const p = props(el);
  const end = Math.min(p.endsIn ?? 0, p.absoluteIn ?? Infinity);
  const lead = (p.warn ?? 0) + 10;
  const soon = () => load(name);
  setTimeout(soon, Math.max(0, end - lead) * 1000);
  const heard = (e) => {
    removeEventListener(SESSION_ACTIVE, heard);
    removeEventListener(SESSION_EXPIRED, heard);
    void soon().then(() => {
      if (e.type === SESSION_ACTIVE) dispatchEvent(new CustomEvent(SESSION_ACTIVE));
    });
  };
  addEventListener(SESSION_ACTIVE, heard);
  addEventListener(SESSION_EXPIRED, heard);
  if (typeof BroadcastChannel !== 'undefined') {
    const ch = new BroadcastChannel(CHANNEL);
    // This page's render used the session: the other tabs may wait longer.
    if (p.endsIn) ch.postMessage({ until: globalThis.__portal_boot + Math.min(p.endsIn, p.absoluteIn ?? Infinity) * 1000 });
    ch.onmessage = (m) => {
      const until = m.data?.until;
      if (typeof until !== 'number') return;
      ch.onmessage = null;
      void soon().then(() => {
        ch.postMessage({ until });
        ch.close();
      });
    };
  }
}

const io =
  typeof IntersectionObserver !== 'undefined'
    ? new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            if (!e.isIntersecting) continue;
            io.unobserve(e.target);
            void load(e.target.closest('[data-island]').getAttribute('data-island'));
          }
        },
        { rootMargin: '200px' },
      )
    : null;

for (const el of document.querySelectorAll('[data-island]')) {
  const name = el.getAttribute('data-island');
  const how = el.getAttribute('data-load');
  if (how === 'interaction') watchInteraction(el, name);
  else if (how === 'session') watchSession(el, name);
  // A marker is display: contents, which never intersects: its elements are watched.
  else if (how === 'visible' && io) for (const c of el.children.length ? el.children : [el]) io.observe(c);
  else void load(name);
}
if (triggers.length) {
  document.addEventListener('pointerdown', onPress, true);
  document.addEventListener('pointerup', onRelease, true);
  document.addEventListener('pointercancel', () => (press = null), true);
  document.addEventListener('focusin', onFocus, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onInput, true);
}
document.addEventListener('portal:hydrate', () => {
  for (const el of document.querySelectorAll('[data-island]')) void load(el.getAttribute('data-island'));
});
