/** @jsxRuntime automatic @jsxImportSource preact */
// What the details panels' islands share (payouts, collection orders): the sections as tabs
// (links to ?tab= without JavaScript, the one open marked aria-current; a tablist once
// hydrated, WAI-ARIA "Tabs with automatic activation"), the open section, and the dialogs'
// button (their confirmation form is lib/dialogConfirm, which comes with the dialog).
import type { ComponentChildren } from 'preact';

type Tab = { id: string; label: string; href: string };

const tabClass = (on: boolean) =>
  'block whitespace-nowrap rounded-t border-b-2 px-2 py-1 text-sm ' + (on ? 'border-blue-800 font-semibold text-blue-900' : 'border-transparent text-gray-800 hover:border-gray-400');

/**
 * SectionTabs lays out tabs; prefix names their ids (prefix-tab-{id}, prefix-tabpanel).
 * extra adds to a tab's text (the payouts' error counts).
 */
export function SectionTabs<T extends Tab>(p: {
  prefix: string;
  label: string;
  tabs: T[];
  current: T;
  js: boolean;
  onKey: (e: KeyboardEvent) => void;
  onActivate: (id: string) => void;
  extra?: (t: T) => ComponentChildren;
}) {
  const extra = p.extra ?? (() => null);
  if (!p.js) {
    return (
      <nav aria-label={p.label}>
        <ul className="flex flex-wrap gap-1 border-b border-gray-300">
          {p.tabs.map((t) => (
            <li>
              <a href={t.href} aria-current={t.id === p.current.id ? 'page' : undefined} className={tabClass(t.id === p.current.id)}>
                {t.label}
                {extra(t)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <div role="tablist" aria-label={p.label} className="flex flex-wrap gap-1 border-b border-gray-300" onKeyDown={p.onKey}>
      {p.tabs.map((t) => (
        <button type="button" role="tab" id={`${p.prefix}-tab-${t.id}`} aria-selected={t.id === p.current.id ? 'true' : 'false'}
          aria-controls={p.prefix + '-tabpanel'} tabIndex={t.id === p.current.id ? 0 : -1} className={tabClass(t.id === p.current.id)}
          onClick={() => p.onActivate(t.id)}>
          {t.label}
          {extra(t)}
        </button>
      ))}
    </div>
  );
}

/** SectionPanel is the open section: a tabpanel once hydrated, a section before. */
export function SectionPanel({ prefix, js, current, children }: { prefix: string; js: boolean; current: Tab; children?: ComponentChildren }) {
  return js ? (
    <div role="tabpanel" id={prefix + '-tabpanel'} aria-labelledby={`${prefix}-tab-${current.id}`} tabIndex={0} className="py-3">
      <h3 className="mb-2 font-semibold">{current.label}</h3>
      {children}
    </div>
  ) : (
    <section aria-labelledby={prefix + '-section-title'} className="py-3">
      <h3 id={prefix + '-section-title'} className="mb-2 font-semibold">{current.label}</h3>
      {children}
    </section>
  );
}

export const dialogButton = 'inline-block rounded border border-gray-600 bg-white px-3 py-1.5 text-sm';
