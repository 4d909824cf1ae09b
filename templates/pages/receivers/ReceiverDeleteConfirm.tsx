import { Shell } from '../../components/Shell';
import { ConfirmForm } from '../../components/ListPage';
import type { PageProps } from '../../generated/props';

// 'Delete receiver?' without JavaScript (spec 001 §8): what the ReceiverDelete island's
// dialog asks, as a page whose form posts the delete with the CSRF token. 'No, keep it'
// goes back to the receiver's details.

type Props = PageProps['ReceiverDeleteConfirm'];

export default function ReceiverDeleteConfirm(p: Props) {
  const c = p.confirm;
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">{c.title}</h1>
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-700">Receiver</dt>
          <dd className="break-words">{c.name}</dd>
          <dt className="text-gray-700">Type</dt>
          <dd>{p.type}</dd>
          {p.account ? (
            <>
              <dt className="text-gray-700">Account</dt>
              <dd className="break-all">{p.account}</dd>
            </>
          ) : null}
        </dl>
        <ConfirmForm c={c} backHref={p.backHref} danger />
      </div>
    </Shell>
  );
}
