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

/** A Column heads a table's column: its text, or a label and whether it is right-aligned (amounts, counts). */
export type Column = string | { label: ComponentChildren; right?: boolean };

/**
 * DataTable is a table in its TableScroll, named by its caption (id captionId; hidden: said to
 * screen readers only) and headed by columns (null: a column this table leaves out); children
 * are its rows, in a tbody with id bodyId (where LoadMore appends the next page's).
 */
export function DataTable({ captionId, caption, hidden, columns, bodyId, className, children }: {
  captionId: string;
  caption: ComponentChildren;
  hidden?: boolean;
  columns: (Column | null)[];
  bodyId?: string;
  className?: string;
  children?: ComponentChildren;
}) {
  return (
    <TableScroll labelledBy={captionId} className={className}>
      <table className="w-full border-collapse text-sm">
        <caption id={captionId} className={hidden ? 'sr-only' : 'mb-2 text-left font-semibold'}>{caption}</caption>
        <thead>
          <tr className="border-b border-gray-400 text-left">
            {columns.map((c) => (c === null ? null : typeof c === 'string' ? (
              <th scope="col" className="p-2">{c}</th>
            ) : (
              <th scope="col" className={c.right ? 'p-2 text-right' : 'p-2'}>{c.label}</th>
            )))}
          </tr>
        </thead>
        <tbody id={bodyId}>{children}</tbody>
      </table>
    </TableScroll>
  );
}
