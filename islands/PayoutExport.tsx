/** @jsxRuntime automatic @jsxImportSource preact */
// "Download payout requests" (spec 000 §2 "Exported payouts", spec 001 §4 "CSV export
// dialog", §5, §8): the payouts page's filters (account, created between, statuses,
// amounts), then processing, then "Your report is being generated" with the note that an
// e-mail goes to the user; the modal (336 wide) closes a second later and shows the list.
//
// mode "opener": the server's markup is a link to the page with ?download_payouts=1. Once
// hydrated, its click loads the dialog's module (lib/PayoutExportDialog: the form in the one
// dialog, lib/Modal, which sends the request to the JSON API) and opens it.
// mode "open": the page was asked for with ?download_payouts (the payouts page's "Export
// to CSV" carries its filters): the server's markup shows the form on the page, a plain form
// posted to the server, which answers with the done state or the form with its errors: the
// flow without JavaScript. Once hydrated, the island loads the dialog and moves the form, as
// typed so far, into it; the form on the page works until the dialog came. That form is the
// server's markup only (lib/serverOnly): the browser keeps it as it came rather than hydrate
// what it drops a moment later, so the island's first load is the opener and the loader.
import { useEffect, useRef } from 'preact/hooks';
import { ExportOpener, useLazyDialog } from './lib/exports';
import type { Values } from './lib/payoutExport';
import PayoutExportPage from './lib/PayoutExportPage.server';
import { TITLE } from './lib/payoutExportTitle';
import { formValues, kept } from './lib/serverOnly';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['PayoutExport'];

const loadDialog = () => import('./lib/PayoutExportDialog');

export default function PayoutExport(props: Props) {
  const dialog = useLazyDialog<typeof import('./lib/PayoutExportDialog'), Values>(loadDialog, props.openerUrl);
  const page = useRef<HTMLElement>(null);

  // Asked for with ?download_payouts: the form moves into the dialog, errors and all, with
  // what was typed in the page's form while the dialog's module came.
  useEffect(() => {
    if (props.mode === 'open' && !props.done) dialog.open(() => formValues(page.current?.querySelector('form'), props.values), true);
  }, []);
  const inline = props.mode === 'open' && (props.done || !dialog.mod);
  const section = { 'aria-labelledby': 'payout-export-page-title', className: 'mt-4 max-w-[336px] rounded border border-gray-400 p-5' };

  return (
    <>
      <ExportOpener href={props.openerUrl} label={TITLE} onOpen={() => dialog.open(() => props.values)} />
      {!inline ? null : __PORTAL_SERVER__ ? (
        <section {...section}>
          <PayoutExportPage {...props} />
        </section>
      ) : (
        kept('section', section, page)
      )}
      {dialog.mod ? <dialog.mod.PayoutExportDialog {...props} opening={dialog.opening} /> : null}
    </>
  );
}
