// A status history table (what happened, optionally who or why, and when), shared by the
// server-rendered pages and the islands: a payout's states, cancellations and approvals, a
// collection order's and a payment's statuses. No JSX here (see field.ts): each binds the
// table to its own factory (eventsWith).
import type { Factory } from './field';

export type EventRow = { label: string; when: string; detail?: string };

export type EventsProps = {
  caption: string;
  // The caption is for screen readers only where a heading above already names the table.
  hiddenCaption?: boolean;
  // The first column's heading (Status by default); detail, when given, heads a middle column.
  head?: string;
  detail?: string;
  rows: EventRow[];
  // Space below the table, where several stand one after another.
  spaced?: boolean;
};

/** The events table for a JSX factory. */
export function eventsWith<N>(h: Factory<N>) {
  return function Events({ caption, hiddenCaption, head = 'Status', detail, rows, spaced }: EventsProps): N {
    return h(
      'table',
      { className: (spaced ? 'mb-4 ' : '') + 'w-full border-collapse text-sm' },
      h('caption', { className: hiddenCaption ? 'sr-only' : 'mb-1 text-left font-semibold' }, caption),
      h(
        'thead',
        null,
        h(
          'tr',
          { className: 'border-b border-gray-400 text-left' },
          h('th', { scope: 'col', className: 'py-1 pr-2' }, head),
          detail ? h('th', { scope: 'col', className: 'py-1 pr-2' }, detail) : null,
          h('th', { scope: 'col', className: 'py-1' }, 'Time (UTC)'),
        ),
      ),
      h(
        'tbody',
        null,
        rows.map((r) =>
          h(
            'tr',
            { className: 'border-b border-gray-200' },
            h('td', { className: 'py-1 pr-2' }, r.label),
            detail ? h('td', { className: 'py-1 pr-2' }, r.detail) : null,
            h('td', { className: 'py-1' }, r.when),
          ),
        ),
      ),
    );
  };
}
