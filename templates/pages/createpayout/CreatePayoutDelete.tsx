import { Shell } from '../../components/Shell';
import { CSRF } from '../../components/Form';
import type { PageProps } from '../../generated/props';

// Closing the manual payout wizard without JavaScript (spec 001 §2): the dialog's question
// as a page; Yes deletes the draft.
type Props = PageProps['CreatePayoutDelete'];

export default function CreatePayoutDelete(p: Props) {
  return (
    <Shell shell={p.shell}>
      <h1 className="mb-4 text-2xl font-semibold">Close payout</h1>
      <form method="post" action={p.action} className="max-w-xl">
        <CSRF token={p.csrf} />
        <p className="mb-4">{p.text}</p>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Yes</button>
          <a href={p.back} className="inline-block rounded border border-gray-600 px-4 py-2">No</a>
        </div>
      </form>
    </Shell>
  );
}
