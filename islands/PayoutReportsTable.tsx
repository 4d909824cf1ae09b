/** @jsxRuntime automatic @jsxImportSource preact */
// The exported payouts table (spec 000 §2: From, To, Created date (UTC), Account, Status,
// Action). Status is what the report holds (its status categories, All for none); Action
// the report's own progress: a report being generated shows so with a Refresh link (no
// JavaScript), and once hydrated the island asks the API every `interval` ms and announces
// when it is ready; a ready one is a Download link named by the server, which with
// JavaScript is fetched and checked first ("Error while downloading the file", spec 000 §8).
import { ExportList, stateLabel } from './lib/exportList';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['PayoutReportsTable'];

export default function PayoutReportsTable({ rows: initial, canDownload, refreshUrl, interval }: Props) {
  return (
    <ExportList
      initial={initial}
      interval={interval}
      empty="No exported payout reports yet."
      said={(r, state) => `Payout report ${r.from} to ${r.to} of ${r.accountName || r.account}: ${stateLabel(state)}`}
      caption="Exported payouts"
      idPrefix="payout-report-"
      createdHeader="Created date (UTC)"
      fifth={{ header: 'Status', cell: (r) => r.statuses }}
      refreshUrl={refreshUrl}
      downloads={(r, onDownload) =>
        canDownload && r.csvUrl ? (
          <a href={r.csvUrl} className="text-blue-800 underline" onClick={onDownload(r.apiUrl)}>
            Download<span className="sr-only"> CSV, {r.from} to {r.to}, {r.accountName || r.account}</span>
          </a>
        ) : null}
    />
  );
}
