import { Shell } from '../../components/Shell';
import { Island } from '../../components/Island';
import { SelectField } from '../../components/Form';
import { Listing, PanelHeading, WithPanel, counted, rowClass } from '../../components/ListPage';
import type { DraftLine, DraftPanelProps, DraftRow, PageProps } from '../../generated/props';

// Payout drafts (spec 001 §2 "Payout drafts page", §4 "Payout draft"): the status filter
// (Pending approval by default, or Declined; a GET form), the drafts newest first by cursor
// pages with the total, and the details panel of one draft (/payout_drafts/{id}) with its
// sections as tabs (links without JavaScript), its reviews and the actions this user may
// take (the DraftDecision island). Go formats and decides; this lays it out.

type Props = PageProps['PayoutDrafts'];

function Lines({ lines, label, copy = [] }: { lines: DraftLine[]; label: string; copy?: string[] }) {
  return (
    <dl aria-label={label} className="mb-4 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
      {lines.map((l) => (
        <>
          <dt className="text-gray-700">{l.label}</dt>
          <dd className="break-words">
            {copy.includes(l.label) ? <Island name="CopyValue" props={{ label: l.label, value: l.value }} /> : l.value}
          </dd>
        </>
      ))}
    </dl>
  );
}

/** Reviews are the draft's approvals or declines under their heading (id), none when there are none. */
function Reviews({ id, title, lines }: { id: string; title: string; lines: DraftLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-1 font-semibold">{title}</h3>
      <Lines lines={lines} label={title} />
    </section>
  );
}

function Panel({ p }: { p: DraftPanelProps }) {
  const current = p.tabs.find((t) => t.current);
  return (
    <>
      <PanelHeading id="draft-panel" close={p.close} what="draft details">
        <span className="sr-only">Payout draft </span>{p.title}
      </PanelHeading>
      <p className="mb-1 text-xl font-semibold tabular-nums">{p.amount}</p>
      <p className="mb-3 text-sm">{p.statusLabel}{p.needed ? ' · ' + p.needed : ''}</p>
      <Lines lines={p.facts} label="Draft" />
      {p.tabs.length > 0 ? (
        <nav aria-label="Draft sections" className="mb-3">
          <ul className="flex flex-wrap gap-x-3 gap-y-1 border-b border-gray-300 text-sm">
            {p.tabs.map((t) => (
              <li>
                <a href={t.href} aria-current={t.current ? 'page' : undefined}
                  className={'inline-block py-1 ' + (t.current ? 'border-b-2 border-blue-800 font-semibold' : 'text-blue-800 underline')}>
                  {t.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {current ? (
        <section aria-labelledby="draft-section-title">
          <h3 id="draft-section-title" className="mb-2 font-semibold">{current.label}</h3>
          <Lines lines={p.lines} label={current.label} copy={p.copy} />
        </section>
      ) : null}
      <Reviews id="draft-approved-title" title="Approved by" lines={p.approvals} />
      <Reviews id="draft-declined-title" title="Declined by" lines={p.rejections} />
      {p.actions.length > 0 ? <Island name="DraftDecision" props={p.island} /> : null}
    </>
  );
}

function Row({ r }: { r: DraftRow }) {
  return (
    <tr id={'draft-' + r.id} className={rowClass(r.open)}>
      <td className="whitespace-nowrap p-2">{r.created}</td>
      <td className="p-2">
        {r.href ? (
          <a href={r.href} className={(r.resume ? 'min-w-24 ' : 'break-all ') + 'inline-block text-blue-800 underline'}
            aria-current={r.open ? 'true' : undefined}>
            {r.resume ? <>{r.resume}<span className="sr-only">: draft </span></> : null}
            {r.resume ? <span className="block break-all">{r.endToEndId || r.id}</span> : r.endToEndId || r.id}
          </a>
        ) : <span className="break-all">{r.endToEndId || r.id}</span>}
      </td>
      <td className="p-2">{r.creator}</td>
      <td className="p-2">{r.transfer}</td>
      <td className="p-2">{r.account}</td>
      <td className="whitespace-nowrap p-2 text-right tabular-nums">{r.amount} {r.currency}</td>
      <td className="whitespace-nowrap p-2">{r.approvals}</td>
      <td className="p-2">{r.status}{r.deletion ? <span className="block text-sm text-gray-700">Deleted on {r.deletion} UTC</span> : null}</td>
    </tr>
  );
}

export default function PayoutDrafts(p: Props) {
  const noun = p.status === 'rejected' ? 'declined' : p.status === 'draft' ? 'unfinished' : 'pending approval';
  return (
    <Shell shell={p.shell}>
      <h1 className="mb-4 text-2xl font-semibold">Payout drafts</h1>
      <WithPanel id="draft-panel" panel={p.panel ? <Panel p={p.panel} /> : null} error={p.panelError}
        title="Draft details" close={p.closePanel} what="draft details">
        <form method="get" action={p.action} aria-label="Filter payout drafts" className="mb-4 flex flex-wrap items-end gap-4">
          <div className="min-w-48">
            <SelectField id="status" label="Status" options={p.statuses} value={p.status} />
          </div>
          <button type="submit" className="mb-4 rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Show</button>
        </form>
        {p.keepNotice ? <p className="mb-4">Only your own unfinished drafts are listed. {p.keepNotice}</p> : null}
        <Listing name="drafts" total={p.total} noun="payout drafts" failure={p.failure} rows={p.rows} row={(r) => <Row r={r} />} prev={p.prev} next={p.next}
          count={<>
            {counted(p.total, 'draft', 'drafts')} {noun} · 20 per page, newest first
          </>}
          empty={<>No payout drafts are {noun}.</>}
          caption={<>
            Payout drafts {noun}
          </>}
          columns={[
            'Created (UTC)',
            'End-to-end ID',
            'Created by',
            'Transfer type',
            'Account',
            { label: 'Amount', right: true },
            'Approvals',
            'Status',
          ]} />
      </WithPanel>
    </Shell>
  );
}
