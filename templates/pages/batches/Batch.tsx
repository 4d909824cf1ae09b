import { Shell } from '../../components/Shell';
import { Pager } from '../../components/Pager';
import { TableScroll } from '../../components/Table';
import { BatchActions, Facts } from '../../components/BatchParts';
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
        <Facts facts={p.panel.summary} />
        <BatchActions p={p.panel} />
      </section>
      {p.payouts ? (
        p.note ? (
          <p className="rounded border border-gray-300 p-4">{p.note}</p>
        ) : (
          <>
            <TableScroll labelledBy="batch-table-caption">
              <table className="w-full border-collapse text-sm">
                <caption id="batch-table-caption" className="mb-2 text-left font-semibold">Payout requests of this batch ({p.total})</caption>
                <thead>
                  <tr className="border-b border-gray-400 text-left">
                    <th scope="col" className="p-2">Date (UTC)</th>
                    <th scope="col" className="p-2">ID/Reference</th>
                    <th scope="col" className="p-2">Receiver</th>
                    <th scope="col" className="p-2 text-right">Amount</th>
                    <th scope="col" className="p-2">Status</th>
                  </tr>
                </thead>
                <tbody>
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
                </tbody>
              </table>
            </TableScroll>
            <Pager label="Pagination" prev={p.prev} next={p.next} prevText="Previous page" nextText="Next page" />
          </>
        )
      ) : (
        <>
          <TableScroll labelledBy="batch-table-caption">
            <table className="w-full border-collapse text-sm">
              <caption id="batch-table-caption" className="mb-2 text-left font-semibold">Draft payouts of this batch ({p.total})</caption>
              <thead>
                <tr className="border-b border-gray-400 text-left">
                  <th scope="col" className="p-2">Line</th>
                  <th scope="col" className="p-2">End-to-end ID</th>
                  <th scope="col" className="p-2">Account</th>
                  <th scope="col" className="p-2">Receiver</th>
                  <th scope="col" className="p-2">Receiver account</th>
                  <th scope="col" className="p-2 text-right">Amount</th>
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </TableScroll>
          <Pager label="Pagination" prev={p.prev} next={p.next} prevText="First page" nextText="Next page" />
        </>
      )}
    </Shell>
  );
}
