// The colours of a status badge, shared by the server-rendered pages and the islands that
// draw the same badge after hydrating (no JSX here: the two compile with different JSX
// factories). The text always names the status; the colour only repeats it.

const badge = 'inline-block rounded px-2 py-0.5 text-xs font-semibold ';
const onItsWay = 'bg-blue-100 text-blue-900';

// Payouts and withdrawals: green done, red failed or sent back, amber waiting for someone to
// act, grey cancelled, blue on its way.
const payoutTones: Record<string, string> = {
  completed: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  returned: 'bg-red-100 text-red-900',
  action_required: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-gray-200 text-gray-900',
};

export function statusTone(status: string): string {
  return badge + (payoutTones[status] || onItsWay);
}

// Collection orders: green paid (refunds settled included), amber waiting for someone to act,
// red money that came back, grey cancelled, blue on its way.
const orderTones: Record<string, string> = {
  completed: 'bg-green-100 text-green-900',
  refunded: 'bg-green-100 text-green-900',
  partially_refunded: 'bg-green-100 text-green-900',
  action_required: 'bg-amber-100 text-amber-900',
  action_required_for_refund: 'bg-amber-100 text-amber-900',
  refund_returned: 'bg-red-100 text-red-900',
  cancelled: 'bg-gray-200 text-gray-900',
};

export function orderTone(status: string): string {
  return badge + (orderTones[status] || onItsWay);
}

// Batches: green published, amber waiting for review, red declined; no colour otherwise.
const batchTones: Record<string, string> = {
  completed: 'bg-green-100 text-green-900',
  waiting_review: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-900',
};

export function batchTone(status: string): string {
  return 'rounded px-2 py-0.5 text-sm ' + (batchTones[status] || '');
}
