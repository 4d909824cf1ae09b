import { Shell } from '../../components/Shell';
import { Island } from '../../components/Island';
import type { PageProps } from '../../generated/props';

// Create payout (spec 001 §2): each step of the manual payout wizard as a page. The island
// renders the step's form, which posts to the server without JavaScript and is enhanced in
// place with it (islands/PayoutWizard.tsx).
type Props = PageProps['CreatePayout'];

export default function CreatePayout({ shell, wizard }: Props) {
  return (
    <Shell shell={shell}>
      <p className="mb-2"><a href={wizard.payouts} className="text-blue-800 underline">Payouts</a></p>
      <h1 className="text-2xl font-semibold">Create payout</h1>
      <p className="mb-6 text-gray-700">Manually create a payout to a customer</p>
      <Island name="PayoutWizard" props={wizard} />
    </Shell>
  );
}
