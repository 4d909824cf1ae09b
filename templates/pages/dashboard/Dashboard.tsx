import type { ComponentChildren } from 'preact';
import { Shell } from '../../components/Shell';
import { Flag } from '../../components/Icon';
import { CSRF } from '../../components/Form';
import { Island } from '../../components/Island';
import type { AccountCard, PageProps, StatLink } from '../../generated/props';

type Props = PageProps['Dashboard'];

const card = 'rounded border border-gray-300 p-3 sm:p-4';
const num = 'px-2 py-2 text-right tabular-nums sm:px-3';
const cell = 'px-2 py-2 text-left sm:px-3';

function Widget({ id, title, children, wide }: { id: string; title: string; children?: ComponentChildren; wide?: boolean }) {
  return (
    <section aria-labelledby={id} className={card + (wide ? ' lg:col-span-2' : '')}>
      <h2 id={id} className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Failure({ text }: { text: string }) {
  return <p role="alert" className="rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{text}</p>;
}

// A table of counts: the name links to the filtered list, count and share
// are right-aligned numbers.
function CountTable({ caption, head, rows, total }: { caption: string; head: string; rows: StatLink[]; total?: number }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="mb-1 text-left font-medium">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-400">
          <th scope="col" className={cell}>{head}</th>
          <th scope="col" className={num}>Count</th>
          <th scope="col" className={num}>Percentage</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr className="border-b border-gray-200">
            <th scope="row" className={cell + ' font-normal'}><a href={r.href} className="text-blue-800 underline">{r.name}</a></th>
            <td className={num}>{r.count}</td>
            <td className={num}>{r.percentage}%</td>
          </tr>
        ))}
      </tbody>
      {total !== undefined ? (
        <tfoot>
          <tr>
            <th scope="row" className={cell}>Total</th>
            <td className={num + ' font-semibold'}>{total}</td>
            <td className={num} />
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

function Accounts({ cards, error }: { cards: AccountCard[]; error?: string }) {
  if (error) {
    return <p className="font-medium text-red-800">{error}</p>;
  }
  if (cards.length === 0) {
    return (
      <div>
        <p className="font-medium">No data found</p>
        <p>There are not yet accounts available.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {cards.map((a) => {
        const body = (
          <>
            <span className="flex items-center gap-1 font-semibold"><Flag country={a.flag} />{a.name}</span>
            <span className="block text-sm text-gray-700">No. {a.number}</span>
            <span className="mt-2 block text-right text-lg tabular-nums">{a.balance} {a.currency}</span>
          </>
        );
        return (
          <li>
            {a.href ? (
              <a href={a.href} className="block rounded border border-gray-300 p-3 hover:border-blue-800 hover:bg-blue-50">{body}</a>
            ) : (
              <div className="rounded border border-dashed border-gray-400 p-3">
                {body}
                <p className="mt-2 text-sm text-gray-700">Please reach out to account owner for account information</p>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export default function Dashboard(p: Props) {
  const { shell } = p;
  // The button posts the date range picker's form: only the picker sets a
  // range other than the past 30 days, so it is there whenever this shows.
  const picker = shell.dateRange;
  return (
    <Shell shell={shell}>
      <h1 className="mb-2 text-2xl font-semibold">Dashboard</h1>
      <section aria-labelledby="org-title" className="mb-6">
        <h2 id="org-title" className="text-lg font-semibold">{shell.org.name}</h2>
        <p className="text-sm text-gray-700">Your role: {shell.role}</p>
      </section>
      {!p.current ? (
        picker ? (
          <section aria-labelledby="range-title" className={card + ' max-w-xl'}>
            <h2 id="range-title" className="mb-2 text-lg font-semibold">The dashboard shows the past 30 days</h2>
            <p className="mb-4">The date range is now {p.rangeLabel}. Switch to Past 30 days to see your accounts and statistics.</p>
            <form method="post" action={picker.action}>
              <CSRF token={picker.csrf} />
              <input type="hidden" name="type" value="d30" />
              <input type="hidden" name="return_to" value={'/org/' + shell.org.id} />
              <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Show past 30 days</button>
            </form>
          </section>
        ) : null
      ) : (
        <>
          {p.crypto ? <Island name="CryptoBanner" props={p.crypto} /> : null}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            {p.accounts ? (
              <Widget id="accounts-title" title="Accounts" wide>
                <Accounts cards={p.accounts.cards} error={p.accounts.error} />
              </Widget>
            ) : null}
            {p.fx ? (
              <Widget id="fx-title" title="Your exchange rates">
                {p.fx.error ? (
                  <Failure text={p.fx.error} />
                ) : p.fx.rates.length === 0 ? (
                  <p>There are no other currencies to compare.</p>
                ) : (
                  <table className="w-full border-collapse text-sm">
                    <caption className="mb-1 text-left font-medium">What 1 {p.fx.main} buys, markup included</caption>
                    <thead>
                      <tr className="border-b border-gray-400">
                        <th scope="col" className={cell}>Currency pair</th>
                        <th scope="col" className={num}>Exchange rate</th>
                      </tr>
                    </thead>
                    <tbody>
                      {p.fx.rates.map((r) => (
                        <tr className="border-b border-gray-200">
                          <th scope="row" className={cell + ' font-normal'}>{r.pay} → {r.buy}</th>
                          {r.rate ? <td className={num}>{r.rate} {r.buy}</td> : <td className={num}>{r.error}</td>}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Widget>
            ) : null}
            {p.payouts ? (
              <Widget id="payouts-title" title="Payout requests">
                {p.payouts.error ? (
                  <Failure text={p.payouts.error} />
                ) : (
                  <>
                    <CountTable caption="Payout requests by state, past 30 days" head="State" rows={p.payouts.categories} total={p.payouts.total} />
                    <h3 className="mb-2 mt-6 font-semibold">Reason codes</h3>
                    {p.payouts.reasons.length === 0 ? (
                      <p>No payout requests with reason codes in the past 30 days.</p>
                    ) : (
                      <div className="space-y-4">
                        {p.payouts.reasons.map((t) => (
                          <CountTable caption={t.state.name + ': ' + t.state.count + ' payout requests (' + t.state.percentage + '%)'} head="Reason code" rows={t.reasons} />
                        ))}
                      </div>
                    )}
                  </>
                )}
              </Widget>
            ) : null}
            {p.collections ? (
              <Widget id="collections-title" title="Collection orders">
                {p.collections.error ? (
                  <Failure text={p.collections.error} />
                ) : p.collections.statuses.length === 0 ? (
                  <p>No collection orders in the past 30 days.</p>
                ) : (
                  <CountTable caption="Collection orders by status, past 30 days" head="Status" rows={p.collections.statuses} total={p.collections.total} />
                )}
                <p className="mt-3"><a href={p.collections.allHref} className="text-blue-800 underline">View all orders</a></p>
              </Widget>
            ) : null}
          </div>
        </>
      )}
    </Shell>
  );
}
