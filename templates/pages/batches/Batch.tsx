import { Shell } from '../../components/Shell';
import { Pager } from '../../components/Pager';
import { DataTable } from '../../components/Table';
import { BatchActions } from '../../components/BatchParts';
import { Facts } from '../../components/ListPage';
import type { PageProps } from '../../generated/props';

// A batch (spec 001 §2 /batches/{batchId} and /batch_payouts): its summary and review
// actions, then its payout requests (completed) or its rows waiting for approval.

type Props = PageProps['Batch'];

export default function Batch(p: Props) {
  return (
    <Shell shell={p.shell}>
      <p className="mb-2"><a href={p.back} className="text-blue-800 underline">Back to batches</a></p>
      <h1 className="mb-4 break-words text-2xl font-semibold">{p.panel.name}</h1>
      <section aria-labelledby="batch-summary" className="mb-6 max-w-2xl">
        <h2 id="batch-summary" className="sr-only">Summary</h2>
        <Facts facts={p.panel.summary} words />
        <BatchActions p={p.panel} />
      </section>
      {p.payouts ? (
        p.note ? (
          <p className="rounded border border-gray-300 p-4">{p.note}</p>
        ) : (
          <>
            <DataTable captionId="batch-table-caption" caption={'Payout requests of this batch (' + p.total + ')'}
              columns={['Date (UTC)', 'ID/Reference', 'Receiver', { label: 'Amount', right: true }, 'Status']}>
              {p.payoutRows.map((r) => (
                <tr data-status={r.status} className="border-b border-gray-200">
                  <td className="whitespace-nowrap p-2">{r.date}</td>
                  <td className="p-2">
                    <a href={r.href} className="text-blue-800 underline">{r.reference}</a>
                    <span className="block break-all text-xs text-gray-700">{r.endToEndId}</span>
                  </td>
                  <td className="p-2">{r.receiver}</td>
                  <td className="whitespace-nowrap p-2 text-right tabular-nums">{r.amount}</td>
                  <td className="p-2">{r.statusLabel}</td>
                </tr>
              ))}
            </DataTable>
            <Pager label="Pagination" prev={p.prev} next={p.next} prevText="Previous page" nextText="Next page" />
          </>
        )
      ) : (
        <>
          <DataTable captionId="batch-table-caption" caption={'Draft payouts of this batch (' + p.total + ')'}
            columns={['Line', 'End-to-end ID', 'Account', 'Receiver', 'Receiver account', { label: 'Amount', right: true }]}>
            {p.drafts.map((d) => (
              <tr className="border-b border-gray-200">
                <td className="p-2 tabular-nums">{d.line}</td>
                <td className="break-all p-2">{d.endToEndId}</td>
                <td className="p-2">{d.account}</td>
                <td className="p-2">{d.receiver}</td>
                <td className="break-all p-2">{d.bankAccount}</td>
                <td className="whitespace-nowrap p-2 text-right tabular-nums">{d.amount}</td>
              </tr>
            ))}
          </DataTable>
          <Pager label="Pagination" prev={p.prev} next={p.next} prevText="First page" nextText="Next page" />
        </>
      )}
    </Shell>
  );
}
