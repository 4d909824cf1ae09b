import { Shell } from '../../components/Shell';
import { Island } from '../../components/Island';
import type { PageProps } from '../../generated/props';

// The "Download statement" modal as a page (no JavaScript, or reached by the account page's
// "Export to CSV" link).
type Props = PageProps['StatementRequest'];

export default function StatementRequest({ shell, form }: Props) {
  return (
    <Shell shell={shell}>
      <p className="mb-2"><a href={form.listUrl} className="text-blue-800 underline">Exported statements</a></p>
      <h1 className="mb-6 text-2xl font-semibold">Download statement</h1>
      <div className="max-w-sm">
        <Island name="StatementExport" props={form} />
      </div>
    </Shell>
  );
}
