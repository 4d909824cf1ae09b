import { Shell } from '../../components/Shell';
import { Island, opener } from '../../components/Island';
import { ExportList } from '../../components/ExportList';
import type { PageProps } from '../../generated/props';

type Props = PageProps['ExportedPayouts'];

// Exported payouts (spec 000 §2): the payout reports, filtered by account, newest first,
// and the "Download payout requests" export (open on the page when asked for with
// ?download_payouts).
export default function ExportedPayouts({ shell, accounts, account, table, total, nextUrl, prevUrl, export: form, error }: Props) {
  return (
    <Shell shell={shell}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Exported payouts</h1>
        {form ? <div className={form.mode === 'open' ? 'basis-full' : undefined}><Island name="PayoutExport" props={form} load={opener(form.mode === 'open')} /></div> : null}
      </div>
      <ExportList action={'/org/' + shell.org.id + '/exported_payouts'} filterLabel="Filter payout reports" accounts={accounts}
        account={account} error={error} total={total} one="report" many="reports" prev={prevUrl} next={nextUrl}>
        <Island name="PayoutReportsTable" props={table} />
      </ExportList>
    </Shell>
  );
}
