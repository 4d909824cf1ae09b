/** @jsxRuntime automatic @jsxImportSource preact */
// The payout export's request on the page (islands/PayoutExport, mode "open"): the server's
// markup only, a plain form posted to the server, or the done state. The browser's bundle has
// none of it (ssr/bundle, serverModules): the island keeps this markup as it came until the
// dialog, which renders the same form (./PayoutExportForm), took its place.
import { ExportForm, ReportDone, TITLE } from './PayoutExportForm';
import type { IslandProps } from '../../templates/generated/props';

export default function PayoutExportPage(props: IslandProps['PayoutExport']) {
  return (
    <>
      <h2 id="payout-export-page-title" className="mb-4 text-lg font-semibold">{TITLE}</h2>
      {props.done ? <ReportDone listUrl={props.listUrl} /> : <ExportForm {...props} values={props.values} loading={false} />}
    </>
  );
}
