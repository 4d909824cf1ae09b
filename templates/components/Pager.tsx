// Pager: the previous/next links of a cursor-paged list. Cursor pages have no
// numbers, so the links say which way they go; nothing renders on a list that
// fits one page.
export function Pager({ label, prev, next, prevText, nextText }: {
  label: string;
  prev?: string;
  next?: string;
  prevText: string;
  nextText: string;
}) {
  if (!prev && !next) return null;
  return (
    <nav aria-label={label} className="mt-4 flex gap-4">
      {prev ? <a href={prev} rel="prev" className="text-blue-800 underline">{prevText}</a> : null}
      {next ? <a href={next} rel="next" className="text-blue-800 underline">{nextText}</a> : null}
    </nav>
  );
}
