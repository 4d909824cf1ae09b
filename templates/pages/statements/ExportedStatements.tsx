import { Shell } from '../../components/Shell';
import { Island, opener } from '../../components/Island';
import { ExportList } from '../../components/ExportList';
import type { PageProps } from '../../generated/props';

type Props = PageProps['ExportedStatements'];

export default function ExportedStatements({ shell, accounts, account, table, total, nextUrl, prevUrl, request, noScript, error }: Props) {
  return (
    <Shell shell={shell}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Exported statements</h1>
        {request ? <Island name="StatementExport" props={request} load={opener(request.openOnLoad)} /> : null}
      </div>
      {noScript ? (
        // Without JavaScript the dialog cannot open: the same form is in the page instead.
        <noscript>
          <section aria-labelledby="statement-request-title" className="mb-8 max-w-sm">
            <h2 id="statement-request-title" className="mb-4 text-xl font-semibold">Download statement</h2>
            <Island name="StatementExport" props={noScript} />
          </section>
        </noscript>
      ) : null}
      <ExportList action={'/org/' + shell.org.id + '/exported_statements'} filterLabel="Filter statements" accounts={accounts}
        account={account} error={error} total={total} one="statement" many="statements" prev={prevUrl} next={nextUrl}>
        <Island name="StatementsTable" props={table} />
      </ExportList>
    </Shell>
  );
}
