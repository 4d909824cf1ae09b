// What the screen reader transcript tests share.

/** Each phrase is spoken, in this order (other phrases may come between). */
export function expectInOrder(log: string[], phrases: string[]) {
  let at = -1;
  for (const p of phrases) {
    const i = log.indexOf(p, at + 1);
    if (i < 0) {
      const where = log.indexOf(p) >= 0 ? `spoken, but before "${log[at]}"` : 'never spoken';
      throw new Error(`"${p}" is ${where}. Transcript:\n  ${log.join('\n  ')}`);
    }
    at = i;
  }
}
