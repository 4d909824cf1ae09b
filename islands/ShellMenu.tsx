/** @jsxRuntime automatic @jsxImportSource preact */
// The keyboard part of the shell's "Menu" (templates/components/Shell.tsx).
// The menu is a native <details> disclosure, which opens and closes without
// JavaScript; this island renders nothing and adds what a disclosure menu
// needs beyond that: when it opens, focus moves to its first link; Escape
// inside it closes it and puts focus back on "Menu". From the lg breakpoint
// the summary is hidden and the navigation always shown (app.css): there is
// then nothing to open or close, and the island leaves the keys alone.
import { useEffect } from 'preact/hooks';

export type Props = {
  /** id of the menu's <details> element. */
  menu: string;
  /** The top bar's search box, when it holds the search being shown: clearing it leaves the
   *  results (spec 000 §2: back to the previous page, or the organisation home). */
  search?: { input: string; home: string };
};

/** Where clearing the search box goes: back when the visitor came from another page of the
 *  portal, else the organisation home. */
export function leaveSearch(home: string, w: Pick<Window, 'history' | 'location'> = { history, location }, referrer = document.referrer) {
  let from: URL | null = null;
  try {
    from = referrer ? new URL(referrer) : null;
  } catch {
    from = null;
  }
  if (from && from.origin === w.location.origin && from.pathname !== w.location.pathname && w.history.length > 1) {
    w.history.back();
  } else {
    w.location.assign(home);
  }
}

/** Whether the menu is a disclosure now (its summary shown), not the sidebar. */
export function folded(details: HTMLDetailsElement): boolean {
  const summary = details.querySelector('summary');
  return !!summary && getComputedStyle(summary).display !== 'none';
}

export default function ShellMenu({ menu, search }: Props) {
  useEffect(() => {
    const box = search ? (document.getElementById(search.input) as HTMLInputElement | null) : null;
    if (!box || !search) return;
    // "input" covers typing the text away and the box's own clear button.
    const onInput = () => {
      if (box.value === '') leaveSearch(search.home);
    };
    box.addEventListener('input', onInput);
    return () => box.removeEventListener('input', onInput);
  }, [search?.input, search?.home]);
  useEffect(() => {
    const details = document.getElementById(menu) as HTMLDetailsElement | null;
    const summary = details?.querySelector('summary');
    if (!details || !summary) return;
    const onToggle = () => {
      if (details.open && folded(details)) details.querySelector<HTMLElement>('nav a[href]')?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !details.open || !folded(details)) return;
      e.preventDefault();
      details.open = false;
      summary.focus();
    };
    details.addEventListener('toggle', onToggle);
    details.addEventListener('keydown', onKey);
    return () => {
      details.removeEventListener('toggle', onToggle);
      details.removeEventListener('keydown', onKey);
    };
  }, [menu]);
  return null;
}
