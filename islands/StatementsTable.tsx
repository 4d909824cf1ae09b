/** @jsxRuntime automatic @jsxImportSource preact */
// The exported statements table (spec 000 §2: From, To, Create date (UTC), Account, Type,
// Action). A statement still being generated shows its state; without JavaScript a
// "Refresh" link reloads the page. A ready one offers "Download" in the format it was
// requested in, then the other formats its currency can be written in. Once hydrated, an effect asks the API for each pending
// statement every `interval` ms and shows it ready (announced in a live region) with its
// download links. Downloads are plain links (the server names the file); with JavaScript
// the click fetches the file from the API first and checks the reply: a failure, or a reply
// without a filename, shows "Error while downloading the file" (spec 000 §8).
import { useState } from 'preact/hooks';
import { ExportTable, useExportRows } from './lib/exports';
import { stateLabel } from './lib/statements';
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
    <ExportTable
      caption="Exported statements"
      idPrefix="statement-"
      createdHeader="Create date (UTC)"
      fifth={{ header: 'Type', cell: (r) => r.kind }}
      rows={rows}
      refreshUrl={refreshUrl}
      said={said}
      error={error}
      downloads={(r) =>
        canDownload && r.downloads.length > 0 ? (
          <span className="flex flex-wrap gap-3">
            {r.downloads.map((d, i) => (
              <a key={d.format} href={d.url} className="text-blue-800 underline" onClick={onDownload(d.apiUrl)}>
                {i === 0 ? 'Download ' + d.label : d.label}<span className="sr-only">, {r.from} to {r.to}</span>
              </a>
            ))}
          </span>
        ) : null}
    />
  );
}
