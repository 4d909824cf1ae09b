import { Shell } from '../../components/Shell';
import { ConfirmForm, Facts, Refused } from '../../components/ListPage';
import type { PageProps } from '../../generated/props';

// The confirmation of a payout action without JavaScript (spec 001 §8 "Cancel payout
// request?", and the sandbox test case): what the PayoutDetails island's dialog asks, as a
// page whose form posts with the CSRF token. When the payout cannot take the action any more
// the page says so and only leads back.

type Props = PageProps['PayoutConfirm'];

export default function PayoutConfirm(p: Props) {
  const facts = [{ label: 'Payout', value: p.reference }, { label: 'Amount', value: p.amount }, { label: 'Status', value: p.statusLabel }];
  if (p.testCase) facts.push({ label: 'Test case', value: p.testCase });
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">{p.title}</h1>
        <Facts facts={facts} />
        {p.confirm ? <ConfirmForm c={p.confirm} backHref={p.backHref} /> : <Refused text={p.refused} backHref={p.backHref} backText="Back to the payout" />}
      </div>
    </Shell>
  );
}
