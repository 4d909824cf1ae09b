/** @jsxRuntime automatic @jsxImportSource preact */
// "Download statement" (spec 000 §2, §4, §5): date range, account (owned only), kind, file
// format (CSV, camt.053 or MT940) and "Download CSV report" (the button names the format
// chosen); states form, loading, done ("the report is e-mailed"); the modal closes 1 second
// after.
//
// The dates are the spec's masked DD-MM-YYYY text inputs (lib/daterange's mask and parser,
// the top bar picker's). They are named "Statement from"/"Statement to": the top bar's own
// "From"/"To" sit on the same page. Once hydrated, the island masks them as the user types
// and, the range being one that cannot be cleared, puts back the last usable date when a
// field is emptied; the server refuses an empty one all the same.
//
// mode "page": the server's markup is the whole request as a page, a plain form that POSTs
// to the server (which answers with the done page, or the form with its errors): the flow
// without JavaScript, and where the account page's "Export to CSV" link lands.
// mode "opener": the server's markup is a link to that page. Once hydrated, its click loads
// the dialog's module (lib/StatementDialog: the same form in the one dialog, lib/Modal, 336
// wide, which sends the request to the JSON API and then shows the list with the new
// statement) and opens it; the island's first load is the form and the mask only. With
// openOnLoad (the list opened with ?download_statement) the dialog opens at once; the
// account page's "Export to CSV" is such an opener too (openerLabel, openerStyle).
import { useEffect } from 'preact/hooks';
import { CLOSE_AFTER_MS, ExportOpener, useLazyDialog, usePeriodForm } from './lib/exports';
import type { Values } from './lib/statements';
import { RequestForm, StatementDone } from './lib/StatementForm';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['StatementExport'];

/** The modal closes this long after the request is accepted (spec 000 §4). */
export { CLOSE_AFTER_MS };

const loadDialog = () => import('./lib/StatementDialog');

export default function StatementExport(props: Props) {
  const { values, setValues, onDate } = usePeriodForm<Values>(props.values, props.max);
  const dialog = useLazyDialog<typeof import('./lib/StatementDialog'), Values>(loadDialog, props.openerUrl);

  // ?download_statement: the dialog opens over the list as the page loads (once).
  useEffect(() => {
    if (props.mode === 'opener' && props.openOnLoad) dialog.open(() => props.values, true);
  }, []);
  if (props.mode === 'page') {
    // Still a plain form posted to the server: the island only masks its dates.
    return props.done ? <StatementDone listUrl={props.listUrl} /> : <RequestForm {...props} values={values} loading={false} onChange={setValues} onDate={onDate} />;
  }

  return (
    <>
      <ExportOpener href={props.openerUrl} label={props.openerLabel ?? 'Download statement'} secondary={props.openerStyle === 'secondary'}
        onOpen={() => dialog.open(() => props.values)} />
      {dialog.mod ? <dialog.mod.StatementDialog {...props} opening={dialog.opening} /> : null}
    </>
  );
}
