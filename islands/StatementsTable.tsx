/** @jsxRuntime automatic @jsxImportSource preact */
// The exported statements table (spec 000 §2: From, To, Create date (UTC), Account, Type,
// Action). A statement still being generated shows its state; without JavaScript a
// "Refresh" link reloads the page. Once hydrated, an effect asks the API for each pending
// statement every `interval` ms and shows it ready (announced in a live region) with its
// download links. Downloads are plain links (the server names the file); with JavaScript
// the click fetches the file from the API first and checks the reply: a failure, or a reply
// without a filename, shows "Error while downloading the file" (spec 000 §8).
import { useEffect, useRef, useState } from 'preact/hooks';
import { MSG, filenameOf, pending, stateLabel } from './lib/statements';
import type { IslandProps } from '../templates/generated/props';


export type Props = IslandProps['StatementsTable'];

async function download(url: string): Promise<boolean> {
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

export default function StatementsTable({ rows: initial, canDownload, refreshUrl, interval }: Props) {
  const [rows, setRows] = useState(initial);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const live = useRef(rows);
  live.current = rows;

  useEffect(() => {
    if (!initial.some((r) => pending(r.state))) return;
    let stopped = false;
    const tick = async () => {
      const waiting = live.current.filter((r) => pending(r.state));
      for (const r of waiting) {
        try {
          const res = await fetch(r.statusUrl, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
          if (!res.ok) continue;
          const st = (await res.json()).data as { state: string };
          if (stopped || st.state === r.state) continue;
          setRows((list) => list.map((x) => (x.id === r.id ? { ...x, state: st.state } : x)));
          if (!pending(st.state)) setSaid(`Statement ${r.from} to ${r.to} of ${r.accountName || r.account}: ${stateLabel(st.state)}`);
        } catch {
          // The next tick tries again.
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
    if (!(await download(url))) setError(MSG.download);
  };

  if (rows.length === 0) {
    return <p className="rounded border border-gray-300 p-6">No exported statements yet.</p>;
  }
  return (
    <div>
      <p role="status" aria-live="polite" className="sr-only">{said}</p>
      {error ? <p role="alert" className="mb-3 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{error}</p> : null}
      {/* Too wide for a phone, the table scrolls in its own region, focusable
          named by the caption and holding its sr-only text (as
          templates/components/Table.tsx's TableScroll). */}
      <div role="region" aria-labelledby="statements-caption" tabIndex={0} className="relative overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption id="statements-caption" className="sr-only">Exported statements</caption>
          <thead>
            <tr className="border-b border-gray-400">
              <th scope="col" className="py-2 pr-3">From</th>
              <th scope="col" className="py-2 pr-3">To</th>
              <th scope="col" className="py-2 pr-3">Create date (UTC)</th>
              <th scope="col" className="py-2 pr-3">Account</th>
              <th scope="col" className="py-2 pr-3">Type</th>
              <th scope="col" className="py-2">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} id={'statement-' + r.id} data-state={r.state} className="border-b border-gray-200">
                <td className="py-2 pr-3">{r.from}</td>
                <td className="py-2 pr-3">{r.to}</td>
                <td className="py-2 pr-3">{r.created}</td>
                <td className="py-2 pr-3">
                  {r.accountName}
                  <span className="block text-xs text-gray-700">No. {r.account}</span>
                </td>
                <td className="py-2 pr-3">{r.kind}</td>
                <td className="py-2">
                  {r.state === 'ready' && canDownload && r.csvUrl ? (
                    <span className="flex flex-wrap gap-3">
                      <a href={r.csvUrl} className="text-blue-800 underline" onClick={onDownload(r.apiUrl)}>
                        Download<span className="sr-only"> CSV, {r.from} to {r.to}</span>
                      </a>
                      {r.camtUrl ? (
                        <a href={r.camtUrl} className="text-blue-800 underline" onClick={onDownload(r.apiUrl && r.apiUrl + '?format=camt053')}>
                          camt.053<span className="sr-only"> XML, {r.from} to {r.to}</span>
                        </a>
                      ) : null}
                    </span>
                  ) : r.state === 'ready' ? (
                    <span>Ready</span>
                  ) : pending(r.state) ? (
                    <span>
                      {stateLabel(r.state)} <a href={refreshUrl} className="text-blue-800 underline">Refresh</a>
                    </span>
                  ) : (
                    <span>{stateLabel(r.state)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
