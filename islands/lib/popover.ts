// Popovers of the islands (organisation switcher, date range picker) close
// when a pointer is pressed outside them; the capture phase sees the press
// before anything inside the page can stop it.
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

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
