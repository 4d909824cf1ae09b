import { Shell } from '../../components/Shell';
import { Island } from '../../components/Island';
import { SelectField } from '../../components/Form';
import { Pager } from '../../components/Pager';
import type { PageProps } from '../../generated/props';

type Props = PageProps['ExportedPayouts'];

// Exported payouts (spec 000 §2): the payout reports, filtered by account, newest first,
// and the "Download payout requests" export (open on the page when asked for with
// ?download_payouts).
export default function ExportedPayouts({ shell, accounts, account, table, total, nextUrl, prevUrl, export: form, error }: Props) {
  const base = '/org/' + shell.org.id + '/exported_payouts';
  return (
    <Shell shell={shell}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Exported payouts</h1>
        {form ? <div className={form.mode === 'open' ? 'basis-full' : undefined}><Island name="PayoutExport" props={form} /></div> : null}
      </div>
      <form method="get" action={base} className="mb-4 flex max-w-xl items-end gap-3" aria-label="Filter payout reports">
        <div className="flex-1">
          <SelectField id="account" label="Account" options={accounts} value={account} placeholder="All accounts" />
        </div>
        <div className="mb-4">
          <button type="submit" className="rounded border border-gray-600 px-4 py-2">Filter</button>
        </div>
      </form>
      {error ? <p role="alert" className="mb-4 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{error}</p> : null}
      <p className="mb-2 text-sm text-gray-700">{total === 1 ? '1 report' : total + ' reports'}</p>
      <Island name="PayoutReportsTable" props={table} />
      <Pager label="Pages" prev={prevUrl} next={nextUrl} prevText="Newer reports" nextText="Older reports" />
    </Shell>
  );
}
