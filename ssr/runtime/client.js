// Browser side of an island: hydrate every marker of this island with the
// props the server placed beside it, then flag it ready (tests wait on it).
import { h, hydrate } from 'preact';

export function mount(name, Component) {
  for (const el of document.querySelectorAll('[data-island="' + name + '"]')) {
    const src = document.getElementById(el.getAttribute('data-props'));
    const props = src ? JSON.parse(src.textContent) : {};
    hydrate(h(Component, props), el);
    el.setAttribute('data-ready', '');
  }
}
