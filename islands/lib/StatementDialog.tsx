/** @jsxRuntime automatic @jsxImportSource preact */
// The "Download statement" dialog (islands/StatementExport, opener mode): the request form
// in lib/Modal, checked here first, sent to the JSON API, then the done state and the list.
// It comes by import() on the opener's first click (or at once for ?download_statement).
import type { Opening } from './exports';
import { ExportModal, useRequestDialog } from './exportDialog';
import { MSG, apiBody, errorsOf, validate, type Values } from './statements';
import { RequestForm, StatementDone } from './StatementForm';
import type { IslandProps } from '../../templates/generated/props';

type Props = IslandProps['StatementExport'];

export function StatementDialog(props: Props & { opening?: Opening<Values> }) {
  const { values, setValues, onDate, dialog, submit } = useRequestDialog<Values>({
    ...props, initialErrors: props.errors, failed: MSG.create, errorsOf,
    check: (v) => validate(v, props.max, props.accounts.map((a) => a.value), props.kinds.map((k) => k.value), props.formats.map((f) => f.value)),
    body: (v) => apiBody(v, props.max),
  });
  return (
    <ExportModal id="statement-export" title="Download statement" open={dialog.open} phase={dialog.phase} onClose={dialog.close}
      done={<StatementDone listUrl={props.listUrl} />}
      form={<RequestForm {...props} values={values} errors={dialog.errors} loading={dialog.phase === 'loading'} onChange={setValues} onDate={onDate} onSubmit={submit} />} />
  );
}
