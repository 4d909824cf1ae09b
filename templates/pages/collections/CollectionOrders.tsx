import { Shell } from '../../components/Shell';
import { Island } from '../../components/Island';
import { SelectField } from '../../components/Form';
import { FilterForm, Listing, PanelFields, PanelHeading, RecordCells, WithPanel, counted, rowClass } from '../../components/ListPage';
import { orderTone } from '../../../ui/tones';
import { eventsWith } from '../../../ui/events';
import { h } from '../../components/factory';
import type { OrderFiltersView, OrderRow, PageProps, PaymentView } from '../../generated/props';

const Events = eventsWith(h);

// Orders (spec 001 §2 "Collection orders"): the filter bar (a GET form: status and account,
// the dashboard's ?status= links land filtered), the list in the session's date range, cursor
// pages with the total, and the side panel of one order (/collections/orders/{id}) or of one of
// its payments (…/payments/{id}): a quarter of the width on wide screens, full width above the
// list on narrow ones. Go formats and decides; this lays it out.

type Props = PageProps['CollectionOrders'];

function Filters({ f }: { f: OrderFiltersView }) {
  return (
    <FilterForm label="Filter orders" action={f.action} clear={f.clear}>
      <div className="grid gap-x-4 sm:grid-cols-3">
        <SelectField id="status" label="Status" options={f.statuses} value={f.status} />
        <SelectField id="accountNumber" label="Account" options={f.accounts} value={f.account} />
        <SelectField id="sort" label="Sort" options={f.sorts} value={f.sort} />
      </div>
    </FilterForm>
  );
}

function Row({ r }: { r: OrderRow }) {
  return (
    <tr id={'order-' + r.uuid} data-status={r.status} className={rowClass(r.open)}>
      <RecordCells r={r} what="order" second={r.uniqueReference} />
      <td className="p-2">{r.account}</td>
      <td className="whitespace-nowrap p-2 text-right tabular-nums">{r.amount} {r.currency}</td>
      <td className="p-2"><span className={orderTone(r.status)}>{r.statusLabel}</span></td>
    </tr>
  );
}


/** Payment details (spec 001 §2): Payment information, Debtor information, History, Close. */
export function Payment({ v }: { v: PaymentView }) {
  return (
    <div>
      <PanelHeading id="order-panel" close={v.close} what="payment details">Payment {v.reference}</PanelHeading>
      <section aria-labelledby="payment-info" className="py-2">
        <h3 id="payment-info" className="mb-2 font-semibold">Payment information</h3>
        <PanelFields fields={v.info} />
      </section>
      <section aria-labelledby="payment-debtor" className="py-2">
        <h3 id="payment-debtor" className="mb-2 font-semibold">Debtor information</h3>
        <PanelFields fields={v.debtor} />
      </section>
      <section aria-labelledby="payment-history" className="py-2">
        <h3 id="payment-history" className="mb-2 font-semibold">History</h3>
        <Events caption="Payment status history" hiddenCaption rows={v.history} />
      </section>
    </div>
  );
}

export default function CollectionOrders(p: Props) {
  return (
    <Shell shell={p.shell}>
      <h1 className="mb-4 text-2xl font-semibold">Orders</h1>
      <WithPanel id="order-panel" panel={p.panel ? (
        <Island name="CollectionOrderDetails" props={p.panel} />
      ) : p.payment ? (
        <Payment v={p.payment} />
      ) : null} error={p.panelError} title="Order details" close={p.closePanel} what="order details">
        <Filters f={p.filters} />
        <Listing name="orders" total={p.total} noun="orders" failure={p.failure} rows={p.rows} row={(r) => <Row r={r} />} prev={p.prev} next={p.next}
          count={<>
            {counted(p.total, 'order', 'orders')} created {p.range} · {p.perPage} per page,{' '}
            {p.filters.sort === 'date' ? 'oldest' : 'newest'} first
          </>}
          empty="No orders match these filters in the selected period."
          caption="Collection orders"
          columns={[
            'Date (UTC)',
            'ID/Reference',
            'Account',
            { label: 'Amount', right: true },
            'Status',
          ]} />
      </WithPanel>
    </Shell>
  );
}
