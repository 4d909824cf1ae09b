import { Shell } from '../../components/Shell';
import { CSRF, SelectField, Button } from '../../components/Form';
import type { PageProps } from '../../generated/props';

// The account funding dialog as a page: what the sidebar link opens without
// JavaScript (with it, the AccountFunding island shows the same in a dialog).
type Props = PageProps['AccountFunding'];

export default function AccountFunding(p: Props) {
  const f = p.instruction;
  return (
    <Shell shell={p.shell}>
      <div className="max-w-[436px]">
        <h1 className="mb-6 text-2xl font-semibold">Account funding</h1>
        <form method="get" action={'/org/' + p.shell.org.id + '/account_funding'} className="mb-4">
          <input type="hidden" name="return" value={p.return} />
          <SelectField id="account" label="Account" options={p.accounts} value={p.account} placeholder="Select account" />
          <Button kind="secondary">Show funding instructions</Button>
        </form>
        {p.message ? <p className="mb-4">{p.message}</p> : null}
        {f ? (
          <section aria-labelledby="funding-details" className="mb-4">
            <h2 id="funding-details" className="mb-2 text-lg font-semibold">Funding instructions</h2>
            {f.changed ? (
              <div className="mb-3 rounded border-l-4 border-amber-700 bg-amber-50 p-3 text-amber-900">
                <p className="mb-2">{f.changedNotice}</p>
                <form method="post" action={p.acceptUrl}>
                  <CSRF token={p.shell.csrf} />
                  <input type="hidden" name="account" value={p.account} />
                  <input type="hidden" name="configuration_uuid" value={f.uuid} />
                  <input type="hidden" name="return" value={p.return} />
                  <Button>I got it!</Button>
                </form>
              </div>
            ) : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {f.rows.map((r) => [
                <dt className="text-gray-700">{r.term}</dt>,
                <dd className="font-medium [overflow-wrap:anywhere]">{r.value}</dd>,
              ])}
            </dl>
          </section>
        ) : null}
        <a href={p.return} className="inline-block rounded border border-gray-600 px-4 py-2">Done, close window</a>
      </div>
    </Shell>
  );
}
