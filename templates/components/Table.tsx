import type { ComponentChildren } from 'preact';

// A data table too wide for a phone scrolls sideways inside this region,
// never the page (WCAG 1.4.10 lets data tables do that). The region is
// focusable, so a keyboard can scroll it (2.1.1), and named by the table's
// caption (give the caption this id), so a screen reader says what it is.
// It is the containing block of what it holds: visually hidden text
// (sr-only, absolutely positioned) in a far column stays inside it rather
// than widening the page. className replaces the frame's classes (the payouts list
// keeps its own).
export function TableScroll({ labelledBy, className, children }: { labelledBy: string; className?: string; children?: ComponentChildren }) {
  return (
    <div role="region" aria-labelledby={labelledBy} tabIndex={0} className={className || 'relative overflow-x-auto'}>
      {children}
    </div>
  );
}
