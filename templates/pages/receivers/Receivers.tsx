import { Shell } from '../../components/Shell';
import { Island } from '../../components/Island';
import { SelectField } from '../../components/Form';
import { Listing, PanelFields, PanelHeading, WithPanel, counted, rowClass } from '../../components/ListPage';
import type { PageProps, ReceiverDetails, ReceiverRow } from '../../generated/props';

// Receivers (spec 001 §2 "Receivers"): the organisation's saved receivers, newest first by
// default, a page at a time by cursors with the total, and the details panel of one
// (?receiver=, a quarter of the width on wide screens, above the list on narrow ones). The
// account column is the first of IBAN, account number, account and wallet address, with
// the currency beside it. Go formats and decides; this lays it out.

type Props = PageProps['Receivers'];

function Panel({ d }: { d: ReceiverDetails }) {
  return (
    <>
      <PanelHeading id="receiver-panel" close={d.close} what="receiver details">{d.name}</PanelHeading>
      <p className="mb-3 text-sm text-gray-700">{d.type}</p>
      {d.delete ? (
        <div className="mb-3">
          <Island name="ReceiverDelete" props={d.delete} />
        </div>
      ) : null}
      <PanelFields fields={d.fields} missing="Not given" />
      <h3 className="mb-2 mt-4 font-semibold">Creditor details</h3>
      {d.details.length === 0 ? (
        <p className="text-sm">No details given.</p>
      ) : (
        d.details.map((g) => (
          <section aria-label={g.label} className="mb-3">
            <h4 className="mb-1 text-sm font-semibold">{g.label}</h4>
            <PanelFields fields={g.fields} missing="Not given" />
          </section>
        ))
      )}
    </>
  );
}

function Row({ r }: { r: ReceiverRow }) {
  return (
    <tr id={'receiver-' + r.id} className={rowClass(r.open)}>
      <td className="p-2">
        <a href={r.href} className="text-blue-800 underline" aria-current={r.open ? 'true' : undefined}>
          {r.name}
        </a>
        <span className="block text-xs text-gray-700">{r.type}</span>
      </td>
      <td className="p-2">
        {r.account ? (
          <>
            <span className="block text-xs text-gray-700">{r.accountLabel}</span>
            <span className="break-all">{r.account}</span> <span className="whitespace-nowrap font-medium">{r.currency}</span>
          </>
        ) : (
          <span className="text-gray-700">None</span>
        )}
      </td>
      <td className="whitespace-nowrap p-2">{r.created}</td>
      <td className="p-2">{r.createdBy}</td>
    </tr>
  );
}

export default function Receivers(p: Props) {
  return (
    <Shell shell={p.shell}>
      <h1 className="mb-4 text-2xl font-semibold">Receivers</h1>
      <WithPanel id="receiver-panel" panel={p.panel ? <Panel d={p.panel} /> : null} error={p.panelError}
        title="Receiver details" close={p.closePanel} what="receiver details">
        <form method="get" action={p.path} aria-label="Sort receivers" className="mb-4 flex flex-wrap items-end gap-4">
          <SelectField id="sort" label="Sort" options={p.sorts} value={p.sort} />
          <button type="submit" className="mb-4 rounded border border-gray-600 px-4 py-2">Apply</button>
        </form>
        <Listing name="receivers" total={p.total} noun="receivers" failure={p.failure} rows={p.rows} row={(r) => <Row r={r} />} prev={p.prev} next={p.next}
          count={<>
            {counted(p.total, 'receiver', 'receivers')} · {p.perPage} per page,{' '}
            {p.sort === 'created_at' ? 'oldest' : 'newest'} first
          </>}
          empty={<>
            No saved receivers yet. Receivers are saved from the Receiver step when creating a payout.
          </>}
          caption="Saved receivers"
          columns={[
            'Receiver',
            'Account',
            'Saved (UTC)',
            'Created by',
          ]} />
      </WithPanel>
    </Shell>
  );
}
