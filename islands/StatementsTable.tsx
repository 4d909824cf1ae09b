/** @jsxRuntime automatic @jsxImportSource preact */
// The exported statements table (spec 000 §2: From, To, Create date (UTC), Account, Type,
// Action). A statement still being generated shows its state; without JavaScript a
// "Refresh" link reloads the page. A ready one offers "Download" in the format it was
// requested in, then the other formats its currency can be written in. Once hydrated, an effect asks the API for each pending
// statement every `interval` ms and shows it ready (announced in a live region) with its
// download links. Downloads are plain links (the server names the file); with JavaScript
// the click fetches the file from the API first and checks the reply: a failure, or a reply
// without a filename, shows "Error while downloading the file" (spec 000 §8).
import { ExportList, stateLabel } from './lib/exportList';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['StatementsTable'];

export default function StatementsTable({ rows: initial, canDownload, refreshUrl, interval }: Props) {
  return (
    <ExportList
      initial={initial}
      interval={interval}
      empty="No exported statements yet."
      said={(r, state) => `Statement ${r.from} to ${r.to} of ${r.accountName || r.account}: ${stateLabel(state)}`}
      caption="Exported statements"
      idPrefix="statement-"
      createdHeader="Create date (UTC)"
      fifth={{ header: 'Type', cell: (r) => r.kind }}
      refreshUrl={refreshUrl}
      downloads={(r, onDownload) =>
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
