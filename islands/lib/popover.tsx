/** @jsxRuntime automatic @jsxImportSource preact */
// The shell's two top bar controls (organisation switcher, date range
// picker) are compact: a trigger showing the current value, opening a panel.
// Without JavaScript the trigger is a <details> summary and the panel holds
// the plain form; once hydrated it is a button opening the enhanced popup.
// Both use these classes, so the box does not change on hydration (no
// layout shift), and the panels fit a 320 px viewport.
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

export const TRIGGER =
  'flex max-w-full cursor-pointer list-none items-center gap-2 rounded border border-gray-500 bg-white px-3 py-1.5 [&::-webkit-details-marker]:hidden';
export const PANEL = 'absolute top-full z-20 mt-1 max-w-[calc(100vw-2rem)] rounded border border-gray-500 bg-white shadow-lg';

// Popovers of the islands close when a pointer is pressed outside them; the
// capture phase sees the press before anything inside the page can stop it.
export function useCloseOnPointerOutside(open: boolean, box: RefObject<HTMLElement>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (box.current && !box.current.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [open]);
}

/** The trigger's "opens a panel" mark. */
export function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 shrink-0">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" stroke-width="2" />
    </svg>
  );
}
