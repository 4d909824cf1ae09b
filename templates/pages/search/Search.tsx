import { Shell } from '../../components/Shell';
import { Flag } from '../../components/Icon';
import { Island } from '../../components/Island';
import { PanelFailure, SidePanel } from '../../components/ListPage';
import { Tone } from '../../components/Messages';
import { Pager } from '../../components/Pager';
import { DataTable } from '../../components/Table';
import { EntryPanel } from '../accounts/AccountTransactions';
import { Payment } from '../collections/CollectionOrders';
import { WithdrawalDetails } from '../withdrawals/Withdrawals';
import type { PageProps, SearchGroup, SearchPanel, SearchTransactions } from '../../generated/props';

// Global search results (spec 001 §2): the groups the user may read, in the
// spec's order, each listing its hits with a link to the record's own page.
// At search/{kind}/{id} the record's details panel (its own area's) sits
// beside the results. Go decides everything; this lays it out.

type Props = PageProps['Search'];

function TransactionResults({ tx }: { tx: SearchTransactions }) {
  return (
    <>
      <p className="mb-2 text-sm text-gray-700">{tx.total === 1 ? '1 transaction found' : tx.total + ' transactions found'}, newest first</p>
      <DataTable captionId="search-results-caption" caption="Account transactions matching the search" hidden
        columns={['Date', 'ID/Reference', 'Account', 'Type', { label: 'Amount', right: true }]}>
        {tx.rows.map((r) => (
          <tr className="border-b border-gray-200">
            <td className="p-2 whitespace-nowrap">{r.date}<span className="block text-xs text-gray-700">{r.time}</span></td>
            <td className="p-2">
              <a href={r.href} className="break-all text-blue-800 underline">
                <span className="sr-only">Details of transaction </span>{r.id}
              </a>
              {r.reference ? <span className="block break-all text-xs text-gray-700">{r.reference}</span> : null}
            </td>
            <td className="p-2">
              <Flag country={r.flag} />{r.accountName || r.accountNumber}
              <span className="block text-xs text-gray-700">No. {r.accountNumber}</span>
            </td>
            <td className="p-2">{r.type}</td>
            <td className={'p-2 text-right tabular-nums font-medium ' + (r.incoming ? 'text-green-900' : 'text-red-900')}>
              {r.amount} {r.currency}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager label="Account transactions pages" prev={tx.prev} next={tx.next} prevText="Previous results" nextText="Next results" />
    </>
  );
}

function Hits({ g }: { g: SearchGroup }) {
  return (
    <DataTable captionId={'search-' + g.key + '-caption'} caption={g.title + ' matching the search'} hidden
      columns={['Reference', 'Created (UTC)', 'Status', { label: 'Amount', right: true }]}>
      {g.hits.map((h) => (
        <tr className={'border-b border-gray-200' + (h.open ? ' bg-blue-50' : '')}>
          <td className="p-2">
            <a href={h.href} className="break-all text-blue-800 underline" aria-label={'Open ' + g.title + ' record ' + h.reference}
              aria-current={h.open ? 'true' : undefined}>
              {h.reference}
            </a>
            {h.endToEndId ? <span className="block break-all text-xs text-gray-700">{h.endToEndId}</span> : null}
          </td>
          <td className="p-2 whitespace-nowrap">{h.created}</td>
          <td className="p-2">{h.status}</td>
          <td className="p-2 text-right tabular-nums">{h.amount}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function Group({ g, tx }: { g: SearchGroup; tx: SearchTransactions }) {
  return (
    <section aria-labelledby={'search-' + g.key} className="mb-6">
      <h2 id={'search-' + g.key} className="mb-1 text-lg font-semibold">{g.title}</h2>
      {g.error ? (
        <p role="alert" className={'rounded border-l-4 p-3 ' + Tone('error')}>{g.error}</p>
      ) : g.key === 'transactions' && tx.rows.length > 0 ? (
        <TransactionResults tx={tx} />
      ) : g.hits.length > 0 ? (
        <Hits g={g} />
      ) : (
        <p className="text-sm text-gray-700">Nothing found.</p>
      )}
    </section>
  );
}

function Details({ p }: { p: SearchPanel }) {
  if (p.transaction) {
    return <EntryPanel row={p.transaction} close={p.close} currency={p.transaction.currency} />;
  }
  const id = p.kind === 'payouts' ? 'payout-panel' : p.kind === 'withdrawals' ? 'withdrawal-panel' : p.kind === 'transactions' ? 'entry-panel' : 'order-panel';
  return (
    <SidePanel id={id}>
      {p.payout ? (
        <Island name="PayoutDetails" props={p.payout} />
      ) : p.order ? (
        <Island name="CollectionOrderDetails" props={p.order} />
      ) : p.payment ? (
        <Payment v={p.payment} />
      ) : p.withdrawal ? (
        <WithdrawalDetails p={p.withdrawal} close={p.close} />
      ) : (
        <PanelFailure id={id} title="Record details" close={p.close} what="record details" text={p.error} />
      )}
    </SidePanel>
  );
}

export default function Search({ shell, query, period, error, groups, transactions, noResult, panel }: Props) {
  return (
    <Shell shell={shell}>
      <h1 className="mb-2 text-2xl font-semibold">Search results</h1>
      <p className="mb-6 break-all text-gray-700">
        {query ? <>for “{query}”</> : 'No search text given'}
        {period ? <span className="block text-sm">Created {period}</span> : null}
      </p>
      {error ? <p role="alert" className={'mb-6 rounded border-l-4 p-3 ' + Tone('error')}>{error}</p> : null}
      <div className="flex flex-col gap-6 xl:flex-row">
        {panel ? (
          panel.transaction ? (
            <div className="order-first w-full xl:order-last xl:w-1/4 xl:min-w-80 xl:shrink-0 xl:self-start"><Details p={panel} /></div>
          ) : (
            <Details p={panel} />
          )
        ) : null}
        <div className="min-w-0 flex-1">
          {noResult ? (
            <section id="no-result" aria-labelledby="no-result-title" className="mb-6 rounded border border-gray-300 p-6">
              <h2 id="no-result-title" className="mb-2 text-lg font-semibold">{noResult.title}</h2>
              <p>{noResult.text}</p>
            </section>
          ) : null}
          {groups.filter((g) => !noResult || g.error).map((g) => <Group g={g} tx={transactions} />)}
          <h2 className="mb-2 mt-6 font-semibold">Searched</h2>
          <ul className="list-disc pl-6">
            {groups.map((g) => (
              <li>{g.title}: {g.count} found</li>
            ))}
          </ul>
        </div>
      </div>
    </Shell>
  );
}
