// The render benchmark's calibration page: a 100-row account transactions
// table. Only the benchmark's bundle holds it (bench.PagesDir); its props are
// bench.SyntheticProps and its html/template twin is in cmd/renderbench/bench,
// which checks that both render the same DOM.

interface Row {
  id: string;
  date: string;
  time: string;
  reference: string;
  type: string;
  amount: string;
  balance: string;
  credit: boolean;
  href: string;
}

export interface Props {
  title: string;
  rows: Row[];
}

function Icon({ credit }: { credit: boolean }) {
  return (
    <svg className="h-4 w-4" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={credit ? 'M8 3v10M3 8l5 5 5-5' : 'M8 13V3M3 8l5-5 5 5'} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

export default function SyntheticTransactions({ title, rows }: Props) {
  return (
    <main id="main" className="p-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      <table className="w-full text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col"><span className="sr-only">Direction</span></th>
            <th scope="col">Date</th>
            <th scope="col">ID/Reference</th>
            <th scope="col">Type</th>
            <th scope="col" className="text-right">Balance/Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t">
              <td><Icon credit={r.credit} /></td>
              <td><time dateTime={r.date}>{r.date}</time> <span className="text-gray-600">{r.time}</span></td>
              <td><a href={r.href} className="font-mono">{r.id}</a><div className="text-gray-600">{r.reference}</div></td>
              <td>{r.type}</td>
              <td className="text-right"><div className={r.credit ? 'text-green-700' : ''}>{r.amount}</div><div className="text-gray-600">{r.balance}</div></td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
