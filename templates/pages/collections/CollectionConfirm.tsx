import { Shell } from '../../components/Shell';
import { Island } from '../../components/Island';
import { ConfirmForm, Facts, Refused } from '../../components/ListPage';
import type { PageProps } from '../../generated/props';

// An order's action without JavaScript: cancel, complete a payment (sandbox) or refund. It
// asks what the CollectionOrderDetails island's dialog asks, as a page whose form posts with
// the CSRF token; a refund that failed comes back here with its error. When the order cannot
// take the action any more the page says so and only leads back.

type Props = PageProps['CollectionConfirm'];

export default function CollectionConfirm(p: Props) {
  const facts = [{ label: 'Order', value: p.reference }, { label: 'Amount', value: p.amount }, { label: 'Status', value: p.statusLabel }];
  if (p.payment) facts.push({ label: 'Payment', value: p.payment });
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">{p.title}</h1>
        <Facts facts={facts} />
        {p.refund ? (
          <>
            <Island name="CollectionRefund" props={p.refund} />
            <a href={p.backHref} className="text-blue-800 underline">Back to the order</a>
          </>
        ) : p.confirm ? (
          <ConfirmForm c={p.confirm} backHref={p.backHref} />
        ) : (
          <Refused text={p.refused} backHref={p.backHref} backText="Back to the order" />
        )}
      </div>
    </Shell>
  );
}
