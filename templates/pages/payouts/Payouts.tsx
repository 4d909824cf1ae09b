import { Shell } from '../../components/Shell';
import { Island, opener } from '../../components/Island';
import { ErrorSummary, SelectField, TextField } from '../../components/Form';
import { FilterForm, Listing, RecordCells, WithPanel, counted, rowClass } from '../../components/ListPage';
import { statusTone } from '../../../ui/tones';
import type { PageProps, PayoutFiltersView, PayoutRow } from '../../generated/props';

// Payouts (spec 001 §2 "Payout requests"): the filter bar (a GET form: every filter works
// without JavaScript, and the dashboard's ?state= and ?reasonCode= links land filtered),
// the list in the session's date range, 100 a page by cursors with the total, and the
// details panel of one payout (/payouts/{ref}, a quarter of the width on wide screens, the
// full width above the list on narrow ones). Go formats and decides; this lays it out.

type Props = PageProps['Payouts'];

const FILTER_FIELDS = [
  { id: 'amountFrom', label: 'Amount from' },
  { id: 'amountTo', label: 'Amount to' },
];

function Filters({ f }: { f: PayoutFiltersView }) {
  return (
    <FilterForm label="Filter payouts" action={f.action} clear={f.clear}>
      <ErrorSummary errors={f.errors} fields={FILTER_FIELDS} />
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        <SelectField id="state" label="Status" options={f.states} value={f.state} />
        <div className="mb-4">
          <label htmlFor="reasonCode" className="block font-medium">Reason code</label>
          <select id="reasonCode" name="reasonCode" className="mt-1 block w-full rounded border border-gray-500 bg-white px-3 py-2">
            <option value="" selected={!f.reason}>All</option>
            {f.reasonGroups.map((g) => (
              <optgroup label={g.label}>
                {g.options.map((o) => (
                  <option value={o.value} selected={o.selected}>{o.label}</option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <SelectField id="account" label="Account" options={f.accounts} value={f.account} />
        <SelectField id="currency" label="Currency" options={f.currencies} value={f.currency} />
        <SelectField id="businessUnit" label="Business unit" options={f.businessUnits} value={f.businessUnit} />
        <SelectField id="localInstrument" label="Transfer type" options={f.localInstruments} value={f.localInstrument} />
        <TextField id="amountFrom" label="Amount from" value={f.amountFrom} error={f.errors.amountFrom} inputMode="decimal" hint="0 or more" />
        <TextField id="amountTo" label="Amount to" value={f.amountTo} error={f.errors.amountTo} inputMode="decimal" hint="0 or more" />
        <SelectField id="sort" label="Sort" options={f.sorts} value={f.sort} />
      </div>
    </FilterForm>
  );
}

function Row({ r }: { r: PayoutRow }) {
  return (
    <tr id={'payout-' + r.reference} data-status={r.status} className={rowClass(r.open)}>
      <RecordCells r={r} what="payout" second={r.endToEndId} />
      <td className="p-2">{r.account}</td>
      <td className="p-2">{r.localInstrument}</td>
      <td className="p-2">{r.businessUnit || '—'}</td>
      <td className="whitespace-nowrap p-2 text-right tabular-nums">{r.amount} {r.currency}</td>
      <td className="p-2">
        <span className={statusTone(r.status)}>{r.statusLabel}</span>
        {r.reason ? <span className="block text-xs text-gray-700">{r.reason}</span> : null}
        {r.note ? <span className="block text-xs text-gray-700">{r.note}</span> : null}
      </td>
    </tr>
  );
}

export default function Payouts(p: Props) {
  const errors = Object.keys(p.filters.errors).length > 0;
  return (
    <Shell shell={p.shell}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-semibold">Payouts</h1>
        <div className="flex flex-wrap items-center gap-3">
          {p.createDialog ? (
            <Island name="PayoutWizard" props={p.createDialog} load={opener(p.createDialog.open)} />
          ) : p.create ? (
            <a href={p.create} className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Create payout</a>
          ) : null}
          {p.export ? <a href={p.export} className="inline-block rounded border border-gray-600 px-4 py-2">Export to CSV</a> : null}
        </div>
      </div>
      <WithPanel id="payout-panel" panel={p.panel ? <Island name="PayoutDetails" props={p.panel} /> : null} error={p.panelError}
        title="Payout details" close={p.closePanel} what="payout details">
        <Filters f={p.filters} />
        {errors ? (
          <p className="rounded border border-gray-300 p-4">Correct the filters to see payout requests.</p>
        ) : (
          <Listing name="payouts" total={p.total} noun="payout requests" failure={p.failure} rows={p.rows} row={(r) => <Row r={r} />} prev={p.prev} next={p.next}
            scrollClass="w-0 min-w-full overflow-x-auto"
            count={<>
              {counted(p.total, 'payout request', 'payout requests')} created {p.range} · 100 per page,{' '}
              {p.filters.sort === 'date' ? 'oldest' : 'newest'} first
            </>}
            empty="No payout requests match these filters in the selected period."
            caption="Payout requests"
            columns={[
              'Date (UTC)',
              'ID/Reference',
              'Account',
              'Transfer type',
              'Business unit',
              { label: 'Amount', right: true },
              'Status',
            ]} />
        )}
      </WithPanel>
    </Shell>
  );
}
