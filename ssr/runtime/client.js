// Browser side of an island: hydrate every marker of this island with the
// props the server placed beside it, then flag it ready (tests wait on it).
// Hydration must leave the server's markup as it is: it is compared right
// after hydrate() returns, before any effect runs, and a difference is
// flagged for the browser tests.
import { h, hydrate } from 'preact';

export function mount(name, Component) {
  for (const el of document.querySelectorAll('[data-island="' + name + '"]')) {
    const src = document.getElementById(el.getAttribute('data-props'));
    const html = el.innerHTML;
    hydrate(h(Component, src ? JSON.parse(src.textContent) : {}), el);
    if (el.innerHTML !== html) el.setAttribute('data-hydration-mismatch', '');
    afterEffects(() => el.setAttribute('data-ready', ''));
  }
}

// Islands enhance themselves in effects, which preact/hooks runs in a task
// after the next frame (or after 35 ms without frames). Scheduled the same
// way but after it, fn runs once they have: "ready" means enhanced too.
function afterEffects(fn) {
  const done = () => {
    clearTimeout(t);
    cancelAnimationFrame(r);
    setTimeout(fn);
  };
  const t = setTimeout(done, 35);
  const r = requestAnimationFrame(done);
}
