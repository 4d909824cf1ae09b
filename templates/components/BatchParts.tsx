import { CSRF } from './Form';
import { Facts, PanelHeading } from './ListPage';
import type { BatchPanel, BatchReviewView } from '../generated/props';

// What the batch pages share: the review actions and the details panel (spec 001 §2: Declined
// by, Approved by, the approvals still needed, Decline, Approve, View payouts).

function Reviews({ title, list }: { title: string; list: BatchReviewView[] }) {
  if (list.length === 0) return null;
  return (
    <div className="mb-3">
      <h3 className="font-semibold">{title}</h3>
      <ul className="text-sm">
        {list.map((r) => (
          <li>{r.name} <span className="text-gray-700">· {r.date}</span></li>
        ))}
      </ul>
    </div>
  );
}

export function BatchActions({ p }: { p: BatchPanel }) {
  return (
    <>
      <Reviews title="Declined by" list={p.declinedBy} />
      <Reviews title="Approved by" list={p.approvedBy} />
      {p.needed ? <p className="mb-3 font-medium">{p.needed}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        {p.decline ? <a href={p.decline} className="rounded border border-red-800 px-3 py-1.5 text-red-800">Decline</a> : null}
        {p.approve ? (
          <form method="post" action={p.approve.action}>
            <CSRF token={p.approve.csrf} />
            <button type="submit" className="rounded bg-blue-800 px-3 py-1.5 font-medium text-white hover:bg-blue-900">{p.approve.submit}</button>
          </form>
        ) : null}
      </div>
    </>
  );
}

export function BatchPanelView({ p }: { p: BatchPanel }) {
  return (
    <>
      <PanelHeading id="batch-panel" close={p.close} what="batch details">{p.name}</PanelHeading>
      <Facts facts={p.summary} words />
      <BatchActions p={p} />
      <p className="mt-4"><a href={p.viewPayouts} className="text-blue-800 underline">View payouts</a></p>
    </>
  );
}
