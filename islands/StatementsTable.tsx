/** @jsxRuntime automatic @jsxImportSource preact */
// The exported statements table (spec 000 §2: From, To, Create date (UTC), Account, Type,
// Action). A statement still being generated shows its state; without JavaScript a
// "Refresh" link reloads the page. Once hydrated, an effect asks the API for each pending
// statement every `interval` ms and shows it ready (announced in a live region) with its
// download links. Downloads are plain links (the server names the file); with JavaScript
// the click fetches the file from the API first and checks the reply: a failure, or a reply
// without a filename, shows "Error while downloading the file" (spec 000 §8).
import { useState } from 'preact/hooks';
import { useExportRows } from './lib/exports';
import { pending, stateLabel } from './lib/statements';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['StatementsTable'];

export default function StatementsTable({ rows: initial, canDownload, refreshUrl, interval }: Props) {
  const [said, setSaid] = useState('');
  const { rows, error, onDownload } = useExportRows(initial, interval, (r, state) =>
    setSaid(`Statement ${r.from} to ${r.to} of ${r.accountName || r.account}: ${stateLabel(state)}`));

  if (rows.length === 0) {
    return <p className="rounded border border-gray-300 p-6">No exported statements yet.</p>;
  }
  return (
    <div>
      <p role="status" aria-live="polite" className="sr-only">{said}</p>
      {error ? <p role="alert" className="mb-3 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{error}</p> : null}
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Exported statements</caption>
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
  );
}
