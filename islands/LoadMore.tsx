/** @jsxRuntime automatic @jsxImportSource preact */
// The pager of a cursor-paged list (docs/areas/rendering.md "Lists that load more"). The server's
// markup is the plain pager: Previous/Next links to the neighbouring pages, which is all a browser
// without JavaScript gets. Hydrated, the Next link becomes a button that reads the very page that
// link leads to, takes the rows out of its table and appends them here: no second route or partial
// renderer to guard and keep in step, the page's own permission checks and markup are the rows'.
// It loads when the button scrolls into view and on a click (focus then goes to the first new row),
// says "Showing N of M <noun>" in a polite live region, and offers a retry when a read fails.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';

export type Props = {
  /** id of the table's tbody the rows go into, in this page and the next. */
  rows: string;
  /** the list's plural noun: "payout requests". */
  noun: string;
  /** how many the list holds, and how many rows this page shows. */
  total: number;
  shown: number;
  next?: string;
  prev?: string;
};

export function showing(shown: number, total: number, noun: string): string {
  return 'Showing ' + shown + ' of ' + total + ' ' + noun;
}

export function failedText(noun: string): string {
  return 'Could not load more ' + noun + '.';
}

/**
 * nextPage takes what LoadMore needs out of the next page's HTML: its rows (the children of the
 * tbody with id rows) and the next link of its own pager. null when the page holds no such table
 * (a redirect to the login page, an error page): the browser should then go there itself.
 */
export function nextPage(html: string, rows: string): { rows: Element[]; next?: string } | null {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.getElementById(rows);
  if (!body) return null;
  const link = doc.querySelector('nav[data-rows="' + rows + '"] a[rel=next]');
  return { rows: [...body.children], next: link?.getAttribute('href') || undefined };
}

const LINK = 'text-blue-800 underline';

export default function LoadMore(p: Props) {
  const hydrated = useHydrated();
  const [next, setNext] = useState(p.next);
  const [shown, setShown] = useState(p.shown);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  // One read at a time, whichever started it (the observer's callback holds an older render's
  // state); a click during a read started by scrolling still gets focus moved when it lands.
  const reading = useRef(false);
  const clickedDuring = useRef(false);

  const load = async (clicked: boolean) => {
    if (clicked) clickedDuring.current = true;
    if (!next || reading.current) return;
    reading.current = true;
    setBusy(true);
    setFailed(false);
    try {
      const res = await fetch(next, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
      if (!res.ok) throw new Error(String(res.status));
      const page = nextPage(await res.text(), p.rows);
      if (!page) {
        // The session ended or the list moved away: the link's own page says what happened.
        location.assign(next);
        return;
      }
      const body = document.getElementById(p.rows);
      if (!body) throw new Error('no rows');
      const added = page.rows.map((r) => body.appendChild(document.importNode(r, true)));
      const n = shown + added.length;
      setShown(n);
      setNext(page.next);
      setMessage(showing(n, p.total, p.noun));
      if (clickedDuring.current && added[0] instanceof HTMLElement) {
        added[0].tabIndex = -1;
        added[0].focus();
      }
    } catch {
      setFailed(true);
      setMessage(failedText(p.noun));
    } finally {
      reading.current = false;
      clickedDuring.current = false;
      setBusy(false);
    }
  };

  // Scrolling the button into view loads the next page; re-observed after each page, so a
  // button still in view loads the one after. A failure waits for the retry button instead.
  useEffect(() => {
    const b = button.current;
    if (!b || failed || busy || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((es) => {
      if (es.some((e) => e.isIntersecting)) load(false);
    });
    io.observe(b);
    return () => io.disconnect();
  }, [hydrated, next, shown, failed, busy]);

  const prev = p.prev ? <a href={p.prev} rel="prev" className={LINK}>Previous page</a> : null;
  return (
    <>
      {p.prev || next ? (
        <nav aria-label="Pagination" data-rows={p.rows} className="mt-4 flex flex-wrap items-center gap-4">
          {prev}
          {!next ? null : !hydrated ? (
            <a href={next} rel="next" className={LINK}>Next page</a>
          ) : failed ? (
            <span className="flex flex-wrap items-center gap-4">
              <span className="text-red-800">{failedText(p.noun)}</span>
              <button type="button" ref={button} onClick={() => load(true)} className={LINK}>Try again</button>
            </span>
          ) : (
            <button type="button" ref={button} onClick={() => load(true)} aria-disabled={busy ? 'true' : undefined}
              className={LINK}>
              {busy ? 'Loading more ' + p.noun + '…' : 'Show more ' + p.noun}
            </button>
          )}
        </nav>
      ) : null}
      <p role="status" className="sr-only">{message}</p>
    </>
  );
}
