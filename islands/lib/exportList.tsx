/** @jsxRuntime automatic @jsxImportSource preact */
// An export list island's parts (statements, payout reports): the states of an export, the
// download that checks the server's filename, and the table that follows pending exports.
// Apart from the request dialog's parts (./exports), so a list island loads neither the
// dialog nor the date fields.
import type { VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient } from './apiClient';
import { loadApi } from './lazy';
/** Whether an export is still being made. */
export const pending = (state: string) => state === 'queued' || state === 'generating';

export function stateLabel(state: string): string {
  if (pending(state)) return 'Generating…';
  if (state === 'ready') return 'Ready';
  return 'Failed';
}

/** The spec's text for a failed download (000 §8). */
export const MSG_DOWNLOAD = 'Error while downloading the file';

/** The filename of a download reply's Content-Disposition, or null when it has none (the
 *  spec's download check: such a reply is an error). */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim()) || null;
    } catch {
      return null;
    }
  }
  const m = /filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]+)/.exec(disposition);
  if (!m) return null;
  let name = m[1].trim();
  if (name.startsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  return name || null;
}

/** Fetches url and saves the reply under the server's filename; false for a failed reply
 *  or one without a filename. */
export async function downloadFile(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    const name = filenameOf(res.headers.get('Content-Disposition'));
    if (!res.ok || !name) return false;
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    return true;
  } catch {
    return false;
  }
}

type Followed = { id: string; state: string; statusUrl: string };

/** The rows of an export list, following the pending ones: every `interval` ms each is
 *  asked for at its statusUrl (the API's {data: {state}}) until none is pending; done is
 *  told of each that finished. Also the download click and its error. */
export function useExportRows<R extends Followed>(initial: R[], interval: number, done: (r: R, state: string) => void) {
  const [rows, setRows] = useState(initial);
  const [error, setError] = useState('');
  const live = useRef(rows);
  live.current = rows;
  // The shared client: an expired session is shown as such, not polled on silently. Its
  // module comes on the first tick (lib/lazy), not with the list.
  const client = useRef<ApiClient>();

  useEffect(() => {
    if (!initial.some((r) => pending(r.state))) return;
    let stopped = false;
    const tick = async () => {
      const waiting = live.current.filter((r) => pending(r.state));
      for (const r of waiting) {
        try {
          client.current ??= (await loadApi()).createApiClient({ base: '' });
          const st = (await client.current.get<{ data: { state: string } }>(r.statusUrl)).data;
          if (stopped || st.state === r.state) continue;
          setRows((list) => list.map((x) => (x.id === r.id ? { ...x, state: st.state } : x)));
          if (!pending(st.state)) done(r, st.state);
        } catch {
          // The next tick tries again (the client's module too, when it did not come).
        }
      }
      if (!stopped && live.current.some((x) => pending(x.state))) timer = setTimeout(tick, interval);
    };
    let timer = setTimeout(tick, interval);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  const onDownload = (url?: string) => async (e: MouseEvent) => {
    if (!url) return;
    e.preventDefault();
    setError('');
    if (!(await downloadFile(url))) setError(MSG_DOWNLOAD);
  };
  return { rows, error, onDownload };
}

type ListedExport = { id: string; from: string; to: string; created: string; account: string; accountName: string; state: string };

/** The table of an export list (spec 000 §2: From, To, the creation date, Account, a fifth
 *  column, Action), scrolling in its own labelled region on a narrow screen. The Action of
 *  a ready export is downloads(r) (null: not offered), of a pending one its state with a
 *  Refresh link (refreshUrl, for the page without JavaScript), else its state. said is
 *  the live region's text, error the download's. */
export function ExportTable<R extends ListedExport>(p: {
  caption: string;
  idPrefix: string;
  createdHeader: string;
  fifth: { header: string; cell: (r: R) => string };
  rows: R[];
  refreshUrl: string;
  said: string;
  error: string;
  downloads: (r: R) => VNode | null;
}) {
  const captionId = p.idPrefix + 'caption';
  return (
    <div>
      <p role="status" aria-live="polite" className="sr-only">{p.said}</p>
      {p.error ? <p role="alert" className="mb-3 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{p.error}</p> : null}
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="relative overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption id={captionId} className="sr-only">{p.caption}</caption>
          <thead>
            <tr className="border-b border-gray-400">
              <th scope="col" className="py-2 pr-3">From</th>
              <th scope="col" className="py-2 pr-3">To</th>
              <th scope="col" className="py-2 pr-3">{p.createdHeader}</th>
              <th scope="col" className="py-2 pr-3">Account</th>
              <th scope="col" className="py-2 pr-3">{p.fifth.header}</th>
              <th scope="col" className="py-2">Action</th>
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => {
              const dl = r.state === 'ready' ? p.downloads(r) : null;
              return (
                <tr key={r.id} id={p.idPrefix + r.id} data-state={r.state} className="border-b border-gray-200">
                  <td className="py-2 pr-3">{r.from}</td>
                  <td className="py-2 pr-3">{r.to}</td>
                  <td className="py-2 pr-3">{r.created}</td>
                  <td className="py-2 pr-3">
                    {r.accountName}
                    <span className="block text-xs text-gray-700">No. {r.account}</span>
                  </td>
                  <td className="py-2 pr-3">{p.fifth.cell(r)}</td>
                  <td className="py-2">
                    {dl ? dl : r.state === 'ready' ? (
                      <span>Ready</span>
                    ) : pending(r.state) ? (
                      <span>
                        {stateLabel(r.state)} <a href={p.refreshUrl} className="text-blue-800 underline">Refresh</a>
                      </span>
                    ) : (
                      <span>{stateLabel(r.state)}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** An export list island: the rows (initial) followed every `interval` ms, said(r, state)
 *  announced as each finishes, empty when there are none, else the table, whose ready
 *  rows offer downloads(r, onDownload). */
export function ExportList<R extends ListedExport & Followed>(p: {
  initial: R[];
  interval: number;
  empty: string;
  said: (r: R, state: string) => string;
  caption: string;
  idPrefix: string;
  createdHeader: string;
  fifth: { header: string; cell: (r: R) => string };
  refreshUrl: string;
  downloads: (r: R, onDownload: (url?: string) => (e: MouseEvent) => void) => VNode | null;
}) {
  const [said, setSaid] = useState('');
  const { rows, error, onDownload } = useExportRows(p.initial, p.interval, (r, state) => setSaid(p.said(r, state)));

  if (rows.length === 0) {
    return <p className="rounded border border-gray-300 p-6">{p.empty}</p>;
  }
  return (
    <ExportTable
      caption={p.caption}
      idPrefix={p.idPrefix}
      createdHeader={p.createdHeader}
      fifth={p.fifth}
      rows={rows}
      refreshUrl={p.refreshUrl}
      said={said}
      error={error}
      downloads={(r) => p.downloads(r, onDownload)}
    />
  );
}
