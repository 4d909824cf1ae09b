/** @jsxRuntime automatic @jsxImportSource preact */
// The "Download payout requests" dialog (islands/PayoutExport): the request form in
// lib/Modal, checked here first, sent to the JSON API, then the done state and the list.
// It comes by import() when the dialog first opens (the opener's click, or at once when the
// page was asked for with ?download_payouts).
import type { Opening } from './exports';
import { ExportModal, useRequestDialog } from './exportDialog';
import { MSG, apiBody, errorsOf, validate, type Values } from './payoutExport';
import { ExportForm, ReportDone, TITLE } from './PayoutExportForm';
import type { IslandProps } from '../../templates/generated/props';

type Props = IslandProps['PayoutExport'];

export function PayoutExportDialog(props: Props & { opening?: Opening<Values> }) {
  const { values, setValues, onDate, dialog, submit } = useRequestDialog<Values>({
    ...props, initialErrors: props.errors, failed: MSG.failed, errorsOf,
    check: (v) => validate(v, props.max, props.accounts.map((a) => a.value), props.statuses.map((s) => s.value), props.maxDays),
    body: (v) => apiBody(v, props.max),
  });
  return (
    <ExportModal id="payout-export" title={TITLE} open={dialog.open} phase={dialog.phase} onClose={dialog.close}
      done={<ReportDone listUrl={props.listUrl} />}
      form={<ExportForm {...props} values={values} errors={dialog.errors} loading={dialog.phase === 'loading'} onChange={setValues} onDate={onDate} onSubmit={submit} />} />
  );
}
