/** @jsxRuntime automatic @jsxImportSource preact */
// The exported payouts table (spec 000 §2: From, To, Created date (UTC), Account, Status,
// Action). Status is what the report holds (its status categories, All for none); Action
// the report's own progress: a report being generated shows so with a Refresh link (no
// JavaScript), and once hydrated the island asks the API every `interval` ms and announces
// when it is ready; a ready one is a Download link named by the server, which with
// JavaScript is fetched and checked first ("Error while downloading the file", spec 000 §8).
import { useState } from 'preact/hooks';
import { ExportTable, stateLabel, useExportRows } from './lib/exports';
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
    <ExportTable
      caption="Exported payouts"
      idPrefix="payout-report-"
      createdHeader="Created date (UTC)"
      fifth={{ header: 'Status', cell: (r) => r.statuses }}
      rows={rows}
      refreshUrl={refreshUrl}
      said={said}
      error={error}
      downloads={(r) =>
        canDownload && r.csvUrl ? (
          <a href={r.csvUrl} className="text-blue-800 underline" onClick={onDownload(r.apiUrl)}>
            Download<span className="sr-only"> CSV, {r.from} to {r.to}, {r.accountName || r.account}</span>
          </a>
        ) : null}
    />
  );
}
