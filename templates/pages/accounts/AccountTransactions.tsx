import { Shell } from '../../components/Shell';
import { Flag } from '../../components/Icon';
import { Island, opener } from '../../components/Island';
import { Tone } from '../../components/Messages';
import { ListPager } from '../../components/ListPage';
import { DataTable } from '../../components/Table';
import type { AccountView, EntryRow, PageProps } from '../../generated/props';

// Account transactions (spec 000 §2): the entries of one account in the
// session's date range, filtered by type and paged by cursors, a side panel
// with one entry's details (?entry=ID, a server-rendered panel that needs no
// JavaScript), and the account details panel with its balances and funding.
// Go formats every date and amount; this lays them out.

type Props = PageProps['AccountTransactions'];

function Direction({ incoming }: { incoming: boolean }) {
  return (
    <span className={'inline-flex h-7 w-7 items-center justify-center rounded-full ' + (incoming ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900')}>
      <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true" focusable="false">
        <path d={incoming ? 'M12 4 4 12m0-6v6h6' : 'M4 12 12 4m0 6V4H6'} fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      <span className="sr-only">{incoming ? 'Incoming' : 'Outgoing'}</span>
    </span>
  );
}

export function EntryPanel({ row, close, currency }: { row: EntryRow; close: string; currency: string }) {
  return (
    <aside id="entry-panel" tabIndex={-1} aria-labelledby="entry-panel-title" className="mb-6 rounded border-2 border-blue-800 bg-white p-4">
      <div className="mb-3 flex items-start justify-between gap-4">
        <h2 id="entry-panel-title" className="text-lg font-semibold">Transaction details</h2>
        <a href={close} className="text-blue-800 underline">Close<span className="sr-only"> transaction details</span></a>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">ID</dt>
        <dd className="break-all"><Island name="CopyValue" props={{ label: 'ID', value: row.id }} /></dd>
        <dt className="text-gray-700">Date</dt>
        <dd>{row.date} {row.time}</dd>
        <dt className="text-gray-700">Type</dt>
        <dd>{row.type}</dd>
        <dt className="text-gray-700">Reference</dt>
        <dd className="break-all">{row.reference ? <Island name="CopyValue" props={{ label: 'reference', value: row.reference }} /> : '—'}</dd>
        <dt className="text-gray-700">Order ID</dt>
        <dd className="break-all">{row.orderId ? <Island name="CopyValue" props={{ label: 'order ID', value: row.orderId }} /> : '—'}</dd>
        <dt className="text-gray-700">Amount</dt>
        <dd>{row.amount} {currency}</dd>
        <dt className="text-gray-700">Balance after</dt>
        <dd>{row.balance} {currency}</dd>
      </dl>
    </aside>
  );
}

function Details({ a }: { a: AccountView }) {
  return (
    <aside aria-labelledby="account-details-title" className="w-full shrink-0 space-y-4 lg:w-80">
      <section className="rounded border border-gray-300 p-4">
        <h2 id="account-details-title" className="mb-2 text-lg font-semibold">Account details</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-700">Name</dt>
          <dd>{a.name}{a.shared ? <span className="ml-2 rounded bg-gray-800 px-1.5 py-0.5 text-xs font-semibold text-white">SHARED</span> : null}</dd>
          <dt className="text-gray-700">Number</dt>
          <dd>{a.number}</dd>
          <dt className="text-gray-700">Currency</dt>
          <dd><Flag country={a.flag} />{a.currency} · {a.currencyName}</dd>
        </dl>
      </section>
      <section aria-labelledby="withdrawal-title" className="rounded border border-gray-300 p-4">
        <h3 id="withdrawal-title" className="mb-2 font-semibold">Funds withdrawal</h3>
        {a.summary && a.summary.error ? (
          <p className="text-sm">{a.summary.error}</p>
        ) : a.summary ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-700">Opening balance</dt>
            <dd className="text-right tabular-nums">{a.summary.opening} {a.currency}</dd>
            <dt className="text-gray-700">Closing balance</dt>
            <dd className="text-right tabular-nums">{a.summary.closing} {a.currency}</dd>
            <dt className="text-gray-700">Current balance</dt>
            <dd className="text-right font-semibold tabular-nums">{a.summary.current} {a.currency}</dd>
          </dl>
        ) : null}
        <p className="mt-2 text-xs text-gray-700">Opening and closing balances of {a.range}.</p>
      </section>
      <section aria-labelledby="funding-title" className="rounded border border-gray-300 p-4">
        <h3 id="funding-title" className="mb-2 font-semibold">Account funding</h3>
        {!a.funding || a.funding.unavailable ? (
          <p className="text-sm">{a.funding ? a.funding.unavailable : ''}</p>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {a.funding.fields.map((f) => (
                <>
                  <dt className="text-gray-700">{f.label}</dt>
                  <dd className="[overflow-wrap:anywhere]">{f.value}</dd>
                </>
              ))}
            </dl>
            {a.funding.wallet ? <Island name="CopyText" props={a.funding.wallet} /> : null}
          </>
        )}
      </section>
    </aside>
  );
}

// A shared account shows what the dashboard shows of it and the spec's
// sentence: its movements, balances over time, funding, transfers and
// statements are its owner's.
function SharedAccount({ shell, a }: { shell: Props['shell']; a: AccountView }) {
  return (
    <Shell shell={shell}>
      <h1 className="mb-4 text-2xl font-semibold">Account Transactions</h1>
      <section aria-labelledby="account-details-title" className="max-w-xl rounded border border-gray-300 p-4">
        <h2 id="account-details-title" className="mb-2 text-lg font-semibold">Account details</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-700">Name</dt>
          <dd className="[overflow-wrap:anywhere]">{a.name}<span className="ml-2 rounded bg-gray-800 px-1.5 py-0.5 text-xs font-semibold text-white">SHARED</span></dd>
          <dt className="text-gray-700">Number</dt>
          <dd>{a.number}</dd>
          <dt className="text-gray-700">Currency</dt>
          <dd><Flag country={a.flag} />{a.currency} · {a.currencyName}</dd>
          <dt className="text-gray-700">Balance</dt>
          <dd className="tabular-nums">{a.balance} {a.currency}</dd>
        </dl>
        <p id="shared-note" className="mt-3">{a.sharedNote}</p>
      </section>
    </Shell>
  );
}

export default function AccountTransactions({ shell, error, account }: Props) {
  if (error || !account) {
    return (
      <Shell shell={shell}>
        <h1 className="mb-6 text-2xl font-semibold">Account Transactions</h1>
        <div role="alert" className={'max-w-xl rounded border-l-4 p-4 ' + Tone('error')}>
          <p className="font-semibold">{error ? error.title : ''}</p>
          {error && error.text ? <p>{error.text}</p> : null}
        </div>
      </Shell>
    );
  }
  const a = account;
  if (a.sharedNote) {
    return <SharedAccount shell={shell} a={a} />;
  }
  return (
    <Shell shell={shell}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Account Transactions</h1>
          <p className="text-gray-700">
            {a.name} · {a.number}
            {a.shared ? <span className="ml-2 rounded bg-gray-800 px-1.5 py-0.5 text-xs font-semibold text-white">SHARED</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {a.buttons.transfer ? <Island name="TransferDialog" props={a.buttons.transfer} load={opener()} /> : null}
          {a.buttons.export ? (
            <Island name="StatementExport" props={a.buttons.export} load={opener(a.buttons.export.openOnLoad)} />
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-6 lg:flex-row">
        <div className="min-w-0 flex-1">
          {a.panel ? <EntryPanel row={a.panel} close={a.closePanel} currency={a.currency} /> : null}
          {a.panelMissing ? (
            <aside id="entry-panel" tabIndex={-1} aria-labelledby="entry-panel-title" className="mb-6 rounded border-2 border-gray-400 p-4">
              <h2 id="entry-panel-title" className="mb-2 text-lg font-semibold">Transaction details</h2>
              <p className="mb-2">This transaction is not on this page of the list. Choose it from the list to see its details.</p>
              <a href={a.closePanel} className="text-blue-800 underline">Close<span className="sr-only"> transaction details</span></a>
            </aside>
          ) : null}
          <form method="get" action={a.path} className="mb-4 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="entry_type" className="block font-medium">Entry type</label>
              <select id="entry_type" name="entry_type" className="mt-1 rounded border border-gray-500 bg-white px-3 py-2">
                {a.filter.options.map((o) => (
                  <option value={o.value} selected={o.value === a.filter.value}>{o.label}</option>
                ))}
              </select>
            </div>
            <button type="submit" className="rounded border border-gray-600 px-4 py-2">Apply filter</button>
          </form>
          {a.failure ? (
            <p role="alert" className={'rounded border-l-4 p-3 ' + Tone('error')}>{a.failure}</p>
          ) : (
            <>
              <p className="mb-2 text-sm text-gray-700" id="transactions-count">
                {a.total === 1 ? '1 transaction' : a.total + ' transactions'} in {a.range} · 50 per page, newest first
              </p>
              {a.rows.length === 0 ? (
                <p className="rounded border border-gray-300 p-4">No transactions match this filter in the selected period.</p>
              ) : (
                <DataTable captionId="transactions-caption" caption={'Transactions of ' + a.name + ' (' + a.currency + ')'}
                  columns={[{ label: <span className="sr-only">Direction</span> }, 'Date', 'ID/Reference', 'Type', { label: 'Balance/Amount', right: true }]} bodyId="transactions-rows">
                  {a.rows.map((r) => (
                    <tr id={'entry-' + r.id} className={'border-b border-gray-200' + (a.panel && a.panel.id === r.id ? ' bg-blue-50' : '')}>
                      <td className="p-2"><Direction incoming={r.incoming} /></td>
                      <td className="p-2 whitespace-nowrap">{r.date}<span className="block text-xs text-gray-700">{r.time}</span></td>
                      <td className="p-2">
                        <a href={r.href} className="break-all text-blue-800 underline" aria-current={a.panel && a.panel.id === r.id ? 'true' : undefined}>
                          <span className="sr-only">Details of transaction </span>{r.id}
                        </a>
                        {r.reference ? <span className="block break-all text-xs text-gray-700">{r.reference}</span> : null}
                      </td>
                      <td className="p-2">{r.type}</td>
                      <td className="p-2 text-right tabular-nums">
                        <span className={'block font-medium ' + (r.incoming ? 'text-green-900' : 'text-red-900')}>{r.amount} {a.currency}</span>
                        <span className="block text-xs text-gray-700">Balance {r.balance}</span>
                      </td>
                    </tr>
                  ))}
                </DataTable>
              )}
              <ListPager rows="transactions-rows" noun="transactions" total={a.total} shown={a.rows.length} prev={a.prev} next={a.next} />
            </>
          )}
        </div>
        <Details a={a} />
      </div>
    </Shell>
  );
}
