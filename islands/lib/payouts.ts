// Pure helpers of the payouts page and its details island (no JSX: the page and the
// island compile with different JSX factories and both import this).

// Keyboard of a tablist (WAI-ARIA Authoring Practices, "Tabs with automatic activation"):
// ArrowRight and ArrowLeft move to the next and previous tab, wrapping round; Home and End
// to the first and last. Any other key leaves the tabs alone (null).
export function tabForKey(ids: string[], current: string, key: string): string | null {
  const i = ids.indexOf(current);
  if (ids.length === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return ids[(i + 1) % ids.length];
    case 'ArrowLeft':
      return ids[(i - 1 + ids.length) % ids.length];
    case 'Home':
      return ids[0];
    case 'End':
      return ids[ids.length - 1];
  }
  return null;
}

/** The words a screen reader says after an error count: "1 error", "2 errors". */
export function errorCount(n: number): string {
  return n === 1 ? ' error' : ' errors';
}

// The colours of a payout's status badge (list rows and the details panel): green done,
// red failed, amber waiting for the customer, grey cancelled, blue on its way. The text
// always names the status; the colour only repeats it.
const tones: Record<string, string> = {
  completed: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  returned: 'bg-red-100 text-red-900',
  action_required: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-gray-200 text-gray-900',
};

export function statusTone(status: string): string {
  return 'inline-block rounded px-2 py-0.5 text-xs font-semibold ' + (tones[status] || 'bg-blue-100 text-blue-900');
}
