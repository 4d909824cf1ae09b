import { Shell } from '../../components/Shell';
import { APPROVAL_TITLE, ResultView, SUCCESS_TITLE } from '../../../islands/PayoutWizard';
import type { PageProps } from '../../generated/props';

// What publishing a manual payout made (spec 001 §4): the success dialog's facts, or that
// the draft went for approval, as a page (without JavaScript the wizard ends here).
type Props = PageProps['CreatePayoutDone'];

export default function CreatePayoutDone(p: Props) {
  return (
    <Shell shell={p.shell}>
      <div role="status" className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">{p.approval ? APPROVAL_TITLE : SUCCESS_TITLE}</h1>
        <ResultView r={p.result} approval={p.approval} />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <a href={p.payouts} className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Back to payouts</a>
        <a href={p.again} className="text-blue-800 underline">Create another payout</a>
      </div>
    </Shell>
  );
}
