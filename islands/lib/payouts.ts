// Pure helpers of the payout details island (no JSX, so vitest runs them without a DOM).

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
