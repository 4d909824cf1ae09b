// Pure helpers of the collection orders page and its details island (no JSX: the page and
// the island compile with different JSX factories and both import this).

// The colours of an order's status badge: green paid (refunds settled included), amber
// waiting for someone to act, red money that came back, grey cancelled, blue on its way. The
// text always names the status; the colour only repeats it.
const tones: Record<string, string> = {
  completed: 'bg-green-100 text-green-900',
  refunded: 'bg-green-100 text-green-900',
  partially_refunded: 'bg-green-100 text-green-900',
  action_required: 'bg-amber-100 text-amber-900',
  action_required_for_refund: 'bg-amber-100 text-amber-900',
  refund_returned: 'bg-red-100 text-red-900',
  cancelled: 'bg-gray-200 text-gray-900',
};

export function orderTone(status: string): string {
  return 'inline-block rounded px-2 py-0.5 text-xs font-semibold ' + (tones[status] || 'bg-blue-100 text-blue-900');
}
