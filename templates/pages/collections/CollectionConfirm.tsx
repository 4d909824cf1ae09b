import { Shell } from '../../components/Shell';
import { CSRF } from '../../components/Form';
import { Island } from '../../components/Island';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// An order's action without JavaScript: cancel, complete a payment (sandbox) or refund. It
// asks what the CollectionOrderDetails island's dialog asks, as a page whose form posts with
// the CSRF token; a refund that failed comes back here with its error. When the order cannot
// take the action any more the page says so and only leads back.

type Props = PageProps['CollectionConfirm'];

export default function CollectionConfirm(p: Props) {
  const c = p.confirm;
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">{p.title}</h1>
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-700">Order</dt>
          <dd className="break-all">{p.reference}</dd>
          <dt className="text-gray-700">Amount</dt>
          <dd>{p.amount}</dd>
          <dt className="text-gray-700">Status</dt>
          <dd>{p.statusLabel}</dd>
          {p.payment ? (
            <>
              <dt className="text-gray-700">Payment</dt>
              <dd className="break-all">{p.payment}</dd>
            </>
          ) : null}
        </dl>
        {p.refund ? (
          <>
            <Island name="CollectionRefund" props={p.refund} />
            <a href={p.backHref} className="text-blue-800 underline">Back to the order</a>
          </>
        ) : c ? (
          <form method="post" action={c.action}>
            <p className="mb-4">{c.text}</p>
            <CSRF token={c.csrf} />
            <input type="hidden" name="return_to" value={c.returnTo} />
            {c.fields.map((f) => (
              <input type="hidden" name={f.name} value={f.value} />
            ))}
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">{c.submit}</button>
              <a href={p.backHref} className="text-blue-800 underline">{c.back}</a>
            </div>
          </form>
        ) : (
          <>
            <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('warning')}>{p.refused}</p>
            <a href={p.backHref} className="text-blue-800 underline">Back to the order</a>
          </>
        )}
      </div>
    </Shell>
  );
}
