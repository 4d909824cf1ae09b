import { Shell } from '../../components/Shell';
import { Flag } from '../../components/Icon';
import { Pager } from '../../components/Pager';
import { TableScroll } from '../../components/Table';
import type { PageProps, SearchTransactions } from '../../generated/props';

// Global search results (spec 001 §2): five groups; Account Transactions
// lists its hits, each linking to the account page with the entry's panel
// open. The other groups' areas are not built yet and report 0.

type Props = PageProps['Search'];

function TransactionResults({ tx }: { tx: SearchTransactions }) {
  return (
    <section aria-labelledby="search-transactions" className="mb-6">
      <h2 id="search-transactions" className="mb-1 text-lg font-semibold">Account Transactions</h2>
      <p className="mb-2 text-sm text-gray-700">{tx.total === 1 ? '1 transaction found' : tx.total + ' transactions found'}, newest first</p>
      <TableScroll labelledBy="search-results-caption">
        <table className="w-full border-collapse text-sm">
          <caption id="search-results-caption" className="sr-only">Account transactions matching the search</caption>
          <thead>
            <tr className="border-b border-gray-400 text-left">
              <th scope="col" className="p-2">Date</th>
              <th scope="col" className="p-2">ID/Reference</th>
              <th scope="col" className="p-2">Account</th>
              <th scope="col" className="p-2">Type</th>
              <th scope="col" className="p-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </TableScroll>
      <Pager label="Account transactions pages" prev={tx.prev} next={tx.next} prevText="Previous results" nextText="Next results" />
    </section>
  );
}

export default function Search({ shell, query, groups, transactions }: Props) {
  const hits = groups.some((g) => g.count > 0);
  return (
    <Shell shell={shell}>
      <h1 className="mb-2 text-2xl font-semibold">Search results</h1>
      <p className="mb-6 text-gray-700">for “{query}”</p>
      {transactions.error ? (
        <p role="alert" className="mb-6 rounded border border-red-700 bg-red-50 p-4 text-red-900">{transactions.error}</p>
      ) : null}
      {hits ? null : (
        <section aria-labelledby="no-result" className="rounded border border-gray-300 p-6">
          <h2 id="no-result" className="mb-2 text-lg font-semibold">No search result</h2>
          <p>We could not find any results matching the applied search criteria. Please adjust your search criteria and try again.</p>
        </section>
      )}
      {transactions.rows.length > 0 ? <TransactionResults tx={transactions} /> : null}
      <h2 className="mb-2 mt-6 font-semibold">Searched</h2>
      <ul className="list-disc pl-6">
        {groups.map((g) => (
          <li>{g.title}: {g.count} found</li>
        ))}
      </ul>
    </Shell>
  );
}
