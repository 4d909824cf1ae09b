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
};

/** Whether the menu is a disclosure now (its summary shown), not the sidebar. */
export function folded(details: HTMLDetailsElement): boolean {
  const summary = details.querySelector('summary');
  return !!summary && getComputedStyle(summary).display !== 'none';
}

export default function ShellMenu({ menu }: Props) {
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
