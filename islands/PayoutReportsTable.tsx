/** @jsxRuntime automatic @jsxImportSource preact */
// The exported payouts table (spec 000 §2: From, To, Created date (UTC), Account, Status,
// Action). Status is what the report holds (its status categories, All for none); Action
// the report's own progress: a report being generated shows so with a Refresh link (no
// JavaScript), and once hydrated the island asks the API every `interval` ms and announces
// when it is ready; a ready one is a Download link named by the server, which with
// JavaScript is fetched and checked first ("Error while downloading the file", spec 000 §8).
import { useState } from 'preact/hooks';
import { pending, stateLabel, useExportRows } from './lib/exports';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['PayoutReportsTable'];

export default function PayoutReportsTable({ rows: initial, canDownload, refreshUrl, interval }: Props) {
  const [said, setSaid] = useState('');
  const { rows, error, onDownload } = useExportRows(initial, interval, (r, state) =>
    setSaid(`Payout report ${r.from} to ${r.to} of ${r.accountName || r.account}: ${stateLabel(state)}`));

  if (rows.length === 0) {
    return <p className="rounded border border-gray-300 p-6">No exported payout reports yet.</p>;
  }
  return (
    <div>
      <p role="status" aria-live="polite" className="sr-only">{said}</p>
      {error ? <p role="alert" className="mb-3 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{error}</p> : null}
      <div role="region" aria-labelledby="payout-reports-caption" tabIndex={0} className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption id="payout-reports-caption" className="sr-only">Exported payouts</caption>
          <thead>
            <tr className="border-b border-gray-400">
              <th scope="col" className="py-2 pr-3">From</th>
              <th scope="col" className="py-2 pr-3">To</th>
              <th scope="col" className="py-2 pr-3">Created date (UTC)</th>
              <th scope="col" className="py-2 pr-3">Account</th>
              <th scope="col" className="py-2 pr-3">Status</th>
              <th scope="col" className="py-2">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} id={'payout-report-' + r.id} data-state={r.state} className="border-b border-gray-200">
                <td className="py-2 pr-3">{r.from}</td>
                <td className="py-2 pr-3">{r.to}</td>
                <td className="py-2 pr-3">{r.created}</td>
                <td className="py-2 pr-3">
                  {r.accountName}
                  <span className="block text-xs text-gray-700">No. {r.account}</span>
                </td>
                <td className="py-2 pr-3">{r.statuses}</td>
                <td className="py-2">
                  {r.state === 'ready' && canDownload && r.csvUrl ? (
                    <a href={r.csvUrl} className="text-blue-800 underline" onClick={onDownload(r.apiUrl)}>
                      Download<span className="sr-only"> CSV, {r.from} to {r.to}, {r.accountName || r.account}</span>
                    </a>
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
