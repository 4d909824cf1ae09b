import { Shell } from '../../components/Shell';
import { ConfirmForm, Refused } from '../../components/ListPage';
import type { PageProps } from '../../generated/props';

// A decision on a payout draft asked as a page, without JavaScript (spec 001 §8 'Delete
// draft?' … Yes/No; declining asks too): the DraftDecision island's dialog, as a form that
// posts with the CSRF token. When the user may not take it the page says so and leads back.

type Props = PageProps['PayoutDraftConfirm'];

export default function PayoutDraftConfirm(p: Props) {
  const c = p.confirm;
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">{p.title}</h1>
        <dl className="mb-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {p.facts.map((f) => (
            <>
              <dt className="text-gray-700">{f.label}</dt>
              <dd className="break-all">{f.value}</dd>
            </>
          ))}
        </dl>
        {c ? <ConfirmForm c={c} backHref={p.backHref} /> : <Refused text={p.refused} backHref={p.backHref} backText="Back to the draft" />}
      </div>
    </Shell>
  );
}
