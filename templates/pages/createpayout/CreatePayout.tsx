import { Shell } from '../../components/Shell';
import { Island } from '../../components/Island';
import type { PageProps } from '../../generated/props';

// Create payout (spec 001 §2): each step of the manual payout wizard as a page. The island
// renders the step's form, which posts to the server without JavaScript and is enhanced in
// place with it (islands/PayoutWizard.tsx).
type Props = PageProps['CreatePayout'];

export default function CreatePayout({ shell, wizard, unfinished, keepNotice }: Props) {
  return (
    <Shell shell={shell}>
      <p className="mb-2"><a href={wizard.payouts} className="text-blue-800 underline">Payouts</a></p>
      <h1 className="text-2xl font-semibold">Create payout</h1>
      <p className="mb-6 text-gray-700">Manually create a payout to a customer</p>
      {unfinished.length > 0 ? (
        <section aria-labelledby="unfinished-title" className="mb-6 rounded border border-gray-300 p-4">
          <h2 id="unfinished-title" className="mb-2 text-lg font-semibold">Continue your unfinished payout</h2>
          <ul className="mb-2 space-y-2">
            {unfinished.map((u) => (
              <li id={'unfinished-' + u.id}>
                <a href={u.href} className="break-words text-blue-800 underline">
                  {u.label}{u.amount ? ' · ' + u.amount : ''}<span className="sr-only">, continue at {u.step}</span>
                </a>
                <span className="block text-sm text-gray-700">
                  Continues at {u.step} · last changed {u.changed} UTC · deleted on {u.deletion} UTC
                </span>
              </li>
            ))}
          </ul>
          <p className="text-sm text-gray-700">{keepNotice}</p>
        </section>
      ) : null}
      <Island name="PayoutWizard" props={wizard} />
    </Shell>
  );
}
