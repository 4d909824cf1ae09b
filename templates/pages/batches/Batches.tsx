import { Shell } from '../../components/Shell';
import { Island, opener } from '../../components/Island';
import { Icon, Flag } from '../../components/Icon';
import { Listing, WithPanel, counted, rowClass } from '../../components/ListPage';
import { BatchPanelView } from '../../components/BatchParts';
import { batchTone } from '../../../ui/tones';
import type { BatchRow, PageProps } from '../../generated/props';

// Batches (spec 001 §2 "Batches"): the buttons (payout_batches:manage), the status filter
// (only when batches need approval: a GET form), the total, the list in the session's date
// range, 50 a page by cursors, and the details panel of one batch (?batch=, a quarter of the
// width on wide screens, above the list on narrow ones). A row opens the panel when batches
// need approval, else the batch's payouts.

type Props = PageProps['Batches'];

function Row({ r, approval }: { r: BatchRow; approval: boolean }) {
  return (
    <tr id={'batch-' + r.id} data-status={r.status} className={rowClass(r.open)}>
      <td className="p-2"><Icon name="payouts" className="h-5 w-5 text-gray-600" /></td>
      <td className="p-2">
        <a href={r.href} className="text-blue-800 underline" aria-current={r.open ? 'true' : undefined}>{r.name}</a>
        <span className="block text-xs text-gray-700">{r.localInstrument}</span>
      </td>
      <td className="whitespace-nowrap p-2">{r.date}{r.time ? <span className="block text-xs text-gray-700">{r.time}</span> : null}</td>
      <td className="p-2">{r.createdBy}</td>
      <td className="whitespace-nowrap p-2"><Flag country={r.countryCode} />{r.country}</td>
      <td className="p-2 text-right tabular-nums">{r.payouts}</td>
      <td className="whitespace-nowrap p-2 text-right tabular-nums">{r.amount}</td>
      {approval ? (
        <td className="p-2"><span className={batchTone(r.status)}>{r.statusLabel}</span></td>
      ) : null}
      <td className="p-2">
        <a href={r.href} className="text-blue-800" aria-hidden="true" tabIndex={-1}>→</a>
      </td>
    </tr>
  );
}

export default function Batches(p: Props) {
  return (
    <Shell shell={p.shell}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-semibold">Batches</h1>
        {p.upload ? (
          <div className="flex flex-wrap items-center gap-3">
            {p.template ? <Island name="BatchTemplateDialog" props={p.template} load={opener()} /> : null}
            <Island name="BatchUpload" props={p.upload} />
          </div>
        ) : null}
      </div>
      <WithPanel id="batch-panel" panel={p.panel ? <BatchPanelView p={p.panel} /> : null} error={p.panelError}
        title="Batch details" close={p.closePanel} what="batch details">
        {p.approval ? (
          <form method="get" action={p.action} aria-label="Filter batches" className="mb-4 flex flex-wrap items-end gap-4 rounded border border-gray-300 p-4">
            <div>
              <label htmlFor="status" className="block font-medium">Status</label>
              <select id="status" name="status" className="mt-1 block rounded border border-gray-500 bg-white px-3 py-2">
                {p.statuses.map((o) => (
                  <option value={o.value} selected={o.value === p.status}>{o.label}</option>
                ))}
              </select>
            </div>
            <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Apply filter</button>
          </form>
        ) : null}
        <Listing name="batches" total={p.total} noun="batches" failure={p.failure} rows={p.rows} row={(r) => <Row r={r} approval={p.approval} />} prev={p.prev} next={p.next}
          count={<>
            {counted(p.total, 'batch', 'batches')} created {p.range} · 50 per page, newest first
          </>}
          empty="No batches in the selected period."
          caption="Batches"
          columns={[
            { label: <span className="sr-only">Icon</span> },
            'Batch name',
            'Create date (UTC)',
            'Created by',
            'Country',
            { label: 'Payouts', right: true },
            { label: 'Total amount', right: true },
            p.approval ? 'Status' : null,
            { label: <span className="sr-only">Open</span> },
          ]} />
      </WithPanel>
    </Shell>
  );
}
