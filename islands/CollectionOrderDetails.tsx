/** @jsxRuntime automatic @jsxImportSource preact */
// A collection order's side panel (spec 001 §2 "Collection orders"): its status, its actions
// (cancel, refund, the sandbox's complete_payment on a payment) and its tabs Summary (only
// for some orders), Order, Debtor, Payments, History. Go decides every rule; this lays it out.
//
// Without JavaScript the tabs are links to the same page with ?tab= (the active one marked
// aria-current) and the actions lead to pages that ask and post the form. Hydrated, the tabs
// become a tablist (arrow keys, Home, End) switching the tabpanel in place with the address
// in step, and the actions open the islands' one dialog (lib/Modal: it traps focus and gives
// it back), whose forms post the same way; the dialogs (lib/OrderDialogs) come with the first
// click that opens one.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { CopyValue } from './lib/copy';
import { useHydrated } from './lib/hydrated';
import { withModal } from './lib/lazy';
import { tabForKey } from './lib/payouts';
import { orderTone } from '../ui/tones';
import { eventsWith } from '../ui/events';
import { SectionPanel, SectionTabs, dialogButton } from './lib/panel';
import type { IslandProps, OrderEvent, OrderField } from '../templates/generated/props';

export type Props = IslandProps['CollectionOrderDetails'];

const tabId = (id: string) => 'order-tab-' + id;
const loadDialogs = () => import('./lib/OrderDialogs');
type DialogsModule = typeof import('./lib/OrderDialogs');
const button = dialogButton;
const Events = eventsWith(h);

export function Fields({ fields }: { fields: OrderField[] }) {
  if (fields.length === 0) return <p className="text-sm">No details given.</p>;
  return (
    <dl className="space-y-2 text-sm">
      {fields.map((f) => (
        <div>
          <dt className="text-gray-700">{f.label}</dt>
          <dd className="break-words">{f.copy ? <CopyValue label={f.label} value={f.value} /> : f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function History({ caption, rows }: { caption: string; rows: OrderEvent[] }) {
  if (rows.length === 0) return <p className="text-sm">No history yet.</p>;
  return <Events caption={caption} rows={rows} />;
}

export default function CollectionOrderDetails(p: Props) {
  const js = useHydrated();
  const [active, setActive] = useState(p.active);
  const [dialog, setDialog] = useState('');
  // The dialogs' module (lib/OrderDialogs, with the frame) comes on the first click that
  // opens one (lib/lazy).
  const [dialogs, setDialogs] = useState<DialogsModule | null>(null);
  const tab = (id: string) => p.tabs.find((t) => t.id === id);
  const current = tab(active) || p.tabs[0];

  const activate = (id: string, focus: boolean) => {
    const t = tab(id);
    if (!t) return;
    setActive(id);
    // The address names the tab, so a reload or a shared link opens the same one.
    history.replaceState(history.state, '', t.href);
    if (focus) document.getElementById(tabId(id))?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const next = tabForKey(p.tabs.map((t) => t.id), current.id, e.key);
    if (next) {
      e.preventDefault();
      activate(next, true);
    }
  };
  // Links without JavaScript; hydrated, they open the dialog instead (the link's page when
  // the dialog's module did not come).
  const opener = (id: string) => (e: Event) => {
    if (!js) return;
    e.preventDefault();
    const href = (e.currentTarget as HTMLAnchorElement).href;
    void withModal(setDialogs, () => setDialog(id), () => window.location.assign(href), loadDialogs);
  };

  let content;
  switch (current.id) {
    case 'summary':
      content = (
        <ul className="space-y-3 text-sm">
          {p.reasons.map((r) => (
            <li>
              <span className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900">{r.symbol} · {r.reason}</span>
              <span className="mt-1 block">{r.message}</span>
            </li>
          ))}
        </ul>
      );
      break;
    case 'order':
      content = (
        <>
          <Fields fields={p.order} />
          {p.refunds.length > 0 ? (
            <table className="mt-4 w-full border-collapse text-sm">
              <caption className="mb-1 text-left font-semibold">Refunds</caption>
              <thead>
                <tr className="border-b border-gray-400 text-left">
                  <th scope="col" className="py-1 pr-2">Amount</th>
                  <th scope="col" className="py-1 pr-2">Fee</th>
                  <th scope="col" className="py-1">Status</th>
                </tr>
              </thead>
              <tbody>
                {p.refunds.map((r) => (
                  <tr className="border-b border-gray-200">
                    <td className="py-1 pr-2 tabular-nums">{r.amount}<span className="block text-xs text-gray-700">{r.when}</span></td>
                    <td className="py-1 pr-2 tabular-nums">{r.fee}</td>
                    <td className="py-1">{r.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      );
      break;
    case 'debtor':
      content = <Fields fields={p.debtor} />;
      break;
    case 'payments':
      content =
        p.payments.length === 0 ? (
          <p className="text-sm">{p.noPayments}</p>
        ) : (
          <ul className="space-y-3 text-sm">
            {p.payments.map((pay, i) => (
              <li className="rounded border border-gray-300 p-2">
                <a href={pay.href} aria-label={'Payment details ' + pay.reference} className="break-all font-medium text-blue-800 underline">
                  {pay.reference}
                </a>
                <span className="block text-gray-700">{pay.type} · {pay.statusLabel}</span>
                <span className="block text-xs text-gray-700">{pay.date}</span>
                {pay.testCase ? (
                  <a href={pay.testCase.href} onClick={opener('test-' + i)} className={button + ' mt-2'}>
                    Complete payment<span className="sr-only"> {pay.reference} (sandbox)</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        );
      break;
    default:
      content = <History caption="Status history" rows={p.history} />;
  }


  return (
    <div>
      <div className="mb-2 flex items-start justify-between gap-3">
        <h2 id="order-panel-title" className="break-all text-lg font-semibold">Order {p.reference}</h2>
        <a href={p.close} className="text-blue-800 underline">Close<span className="sr-only"> order details</span></a>
      </div>
      <p className="break-all text-sm text-gray-700">{p.uniqueReference}</p>
      <p className="my-2 flex flex-wrap items-center gap-2">
        <span className="text-lg font-semibold tabular-nums">{p.amount}</span>
        <span className={orderTone(p.status)}>{p.statusLabel}</span>
      </p>
      {p.cancel || p.refund ? (
        <div className="mb-3 flex flex-wrap gap-2">
          {p.cancel ? <a href={p.cancel.href} className={button} onClick={opener('cancel')}>Cancel order</a> : null}
          {p.refund ? <a href={p.refund.href} className={button} onClick={opener('refund')}>Refund</a> : null}
        </div>
      ) : null}

      <SectionTabs prefix="order" label="Order sections" tabs={p.tabs} current={current} js={js} onKey={onKey} onActivate={(id) => activate(id, false)} />
      <SectionPanel prefix="order" js={js} current={current}>
        {content}
      </SectionPanel>

      {js && dialogs ? <dialogs.OrderDialogs p={p} dialog={dialog} onClose={() => setDialog('')} /> : null}
    </div>
  );
}
