// The sandbox's own crypto partner widget: what the partner shows inside the
// portal's frame, reached only with a partner token.
import type { PageProps } from '../../generated/props';
type Props = PageProps['CryptoWidget'];

export default function CryptoWidget(p: Props) {
  return (
    <main className="p-4 text-sm">
      <h1 className="mb-3 text-lg font-semibold">{p.heading}</h1>
      {p.error ? (
        <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{p.error}</p>
      ) : p.history ? (
        p.deposits.length === 0 ? (
          <p>No deposits yet.</p>
        ) : (
          <table className="w-full text-left">
            <caption className="sr-only">Deposits to account {p.account}</caption>
            <thead>
              <tr><th scope="col" className="py-1">Date (UTC)</th><th scope="col" className="py-1">Reference</th><th scope="col" className="py-1 text-right">Amount</th></tr>
            </thead>
            <tbody>
              {p.deposits.map((d) => (
                <tr className="border-t border-gray-200">
                  <td className="py-1">{d.date}</td>
                  <td className="py-1">{d.reference}</td>
                  <td className="py-1 text-right">{d.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-gray-700">Currency</dt>
          <dd>{p.currency}</dd>
          <dt className="text-gray-700">Network</dt>
          <dd>{p.network}</dd>
          <dt className="text-gray-700">Deposit address</dt>
          <dd className="break-all font-mono">{p.wallet}</dd>
        </dl>
      )}
    </main>
  );
}
