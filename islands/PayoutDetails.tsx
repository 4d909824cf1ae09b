/** @jsxRuntime automatic @jsxImportSource preact */
// The payout details panel (spec 001 §2): the payout's status and message, its actions
// (cancel, payment document, sandbox test case) and its sections as tabs. Go decides every
// rule (which tabs, error counts, where a badge leads, which actions); this lays it out.
//
// Without JavaScript (the server's markup, and the render that hydrates it) the tabs are
// links to the same page with ?tab=, the active one marked aria-current; error and reason
// code badges are links to their tab; Cancel and the test case lead to confirmation pages
// that post the form. Hydrated, the tabs become a tablist (arrow keys, Home, End) switching
// the one tabpanel in place and keeping the address in step, badges switch tabs, and the
// confirmations open in the one dialog of the islands (lib/Modal: it traps focus and gives
// it back), whose forms post the same way.
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { CopyValue } from './lib/copy';
import { useHydrated } from './lib/hydrated';
import { statusTone } from '../ui/tones';
import { eventsWith, type EventsProps } from '../ui/events';
import { errorCount, tabForKey } from './lib/payouts';
import { SectionPanel, SectionTabs, dialogButton } from './lib/panel';
import type { Dialog } from './lib/PayoutDialogs';
import type { IslandProps, PayoutField, PayoutHidden, PayoutTab } from '../templates/generated/props';

export type Props = IslandProps['PayoutDetails'];

const tabId = (id: string) => 'payout-tab-' + id;
const loadDialogs = () => import('./lib/PayoutDialogs');
type DialogsModule = typeof import('./lib/PayoutDialogs');
const button = dialogButton;
const EventsTable = eventsWith(h);

function Hidden({ fields }: { fields: PayoutHidden[] }) {
  return (
    <>
      {fields.map((f) => (
        <input type="hidden" name={f.name} value={f.value} />
      ))}
    </>
  );
}

function Fields({ fields, summary, onOpen }: { fields: PayoutField[]; summary?: PayoutTab; onOpen: (e: Event, id: string) => void }) {
  if (fields.length === 0) return <p className="text-sm">No details given.</p>;
  return (
    <dl className="space-y-2 text-sm">
      {fields.map((f) => (
        <div>
          <dt className="text-gray-700">{f.label}</dt>
          <dd className="break-words">
            {f.copy ? <CopyValue label={f.label} value={f.value} /> : f.value || (f.error ? <span className="text-gray-700">Not given</span> : null)}
            {f.error ? (
              <>
                {' '}
                {summary ? (
                  <a href={summary.href} onClick={(e) => onOpen(e, summary.id)} className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                    Error<span className="sr-only">: {f.error} Open Summary</span>
                  </a>
                ) : (
                  <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">Error</span>
                )}
                <span className="block text-red-800">{f.error}</span>
              </>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

// A table of the history tab; none where nothing happened.
function Events(p: EventsProps) {
  return p.rows.length === 0 ? null : <EventsTable {...p} spaced />;
}

export default function PayoutDetails(p: Props) {
  const js = useHydrated();
  const [active, setActive] = useState(p.active);
  const [dialog, setDialog] = useState<Dialog>('');
  const [testCase, setTestCase] = useState('');
  // The dialogs' module (lib/PayoutDialogs, with the frame) comes on the first click that
  // opens one; without it, the confirmation page as without JavaScript (instead). What
  // lib/lazy's withModal does, done here: that module's other loaders would weigh on the
  // island's first load (235 B gzip, over the 10 KB budget with them).
  const [dialogs, setDialogs] = useState<DialogsModule | null>(null);
  const show = (d: Dialog, instead: () => void) =>
    void loadDialogs().then((m) => {
      setDialogs(m);
      setDialog(d);
    }, instead);
  const tab = (id: string) => p.tabs.find((t) => t.id === id);
  const current = tab(active) || p.tabs[0];
  const summary = tab('summary');

  const activate = (id: string, focus: boolean) => {
    const t = tab(id);
    if (!t) return;
    setActive(id);
    // The address names the tab, so a reload or a shared link opens the same one.
    history.replaceState(history.state, '', t.href);
    if (focus) document.getElementById(tabId(id))?.focus();
  };
  // Badges are links without JavaScript; hydrated, they switch the tab in place.
  const open = (e: Event, id: string) => {
    if (!js) return;
    e.preventDefault();
    activate(id, true);
  };
  const onKey = (e: KeyboardEvent) => {
    const next = tabForKey(p.tabs.map((t) => t.id), current.id, e.key);
    if (next) {
      e.preventDefault();
      activate(next, true);
    }
  };

  const section = p.sections.find((s) => s.id === current.id);
  const content =
    current.id === 'summary' ? (
      <>
        {p.reasons.length > 0 ? (
          <>
            <h4 className="mb-1 font-semibold">Reason codes</h4>
            <ul className="mb-4 space-y-2 text-sm">
              {p.reasons.map((r) => {
                const to = r.section ? tab(r.section) : undefined;
                const badge = (
                  <>
                    {r.symbol} · {r.label}
                  </>
                );
                return (
                  <li>
                    {to ? (
                      <a href={to.href} onClick={(e) => open(e, to.id)} className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900 underline">
                        {badge}<span className="sr-only">: open {to.label}</span>
                      </a>
                    ) : (
                      <span className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900">{badge}</span>
                    )}
                    <span className="mt-1 block">{r.message}</span>
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
        {p.findings.length > 0 ? (
          <>
            <h4 className="mb-1 font-semibold">Errors</h4>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {p.findings.map((f) => {
                const to = f.section ? tab(f.section) : undefined;
                return (
                  <li>
                    {to ? (
                      <a href={to.href} onClick={(e) => open(e, to.id)} className="text-blue-800 underline">{f.sectionLabel}</a>
                    ) : (
                      f.sectionLabel
                    )}
                    {' · '}
                    {f.field ? f.field + ': ' : ''}{f.details}
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
      </>
    ) : current.id === 'history' ? (
      <>
        <Events caption="Status history" head="State" rows={p.history.transitions} />
        <Events caption="Cancellations" head="Asked by" detail="Initiator" rows={p.history.cancellations} />
        <Events caption="Approvals" head="Reviewer" rows={p.history.reviews} />
      </>
    ) : (
      <>
        {section && section.messages.length > 0 ? (
          <ul className="mb-2 space-y-1 text-sm">
            {section.messages.map((m) => (
              <li>
                {summary ? (
                  <a href={summary.href} onClick={(e) => open(e, summary.id)} className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                    Error<span className="sr-only">: {m} Open Summary</span>
                  </a>
                ) : (
                  <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">Error</span>
                )}{' '}
                <span className="text-red-800">{m}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Fields fields={section ? section.fields : []} summary={summary} onOpen={open} />
      </>
    );

  const count = (t: PayoutTab) =>
    t.errors > 0 ? (
      <>
        {' '}
        <span className="rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
          {t.errors}<span className="sr-only">{errorCount(t.errors)}</span>
        </span>
      </>
    ) : null;

  return (
    <div>
      <div className="mb-2 flex items-start justify-between gap-3">
        <h2 id="payout-panel-title" className="break-all text-lg font-semibold">Payout {p.reference}</h2>
        <a href={p.close} className="text-blue-800 underline">Close<span className="sr-only"> payout details</span></a>
      </div>
      <p className="text-sm text-gray-700">
        Reference <CopyValue label="reference" value={p.reference} />
      </p>
      <p className="text-sm text-gray-700">
        End-to-end ID {p.endToEndId ? <CopyValue label="end-to-end ID" value={p.endToEndId} /> : null}
      </p>
      <p className="my-2 flex flex-wrap items-center gap-2">
        <span className="text-lg font-semibold tabular-nums">{p.amount}</span>
        <span className={statusTone(p.status)}>{p.statusLabel}</span>
      </p>
      {p.message ? <p className="mb-2 rounded border-l-4 border-gray-500 bg-gray-50 p-2 text-sm">{p.message}</p> : null}
      {p.note ? <p className="mb-2 text-sm">{p.note}</p> : null}

      {p.cancel || p.document || p.testCase ? (
        <div className="mb-3 flex flex-wrap items-end gap-2">
          {p.cancel ? (
            <a
              href={p.cancel.href}
              className={button}
              onClick={(e) => {
                if (!js) return;
                e.preventDefault();
                const href = (e.currentTarget as HTMLAnchorElement).href;
                show('cancel', () => window.location.assign(href));
              }}
            >
              Cancel payout
            </a>
          ) : null}
          {p.document ? <a href={p.document} className={button}>Download payment document</a> : null}
          {p.testCase ? (
            <form
              method="get"
              action={p.testCase.href}
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                if (!js) return;
                e.preventDefault();
                const form = e.currentTarget as HTMLFormElement;
                const sel = form.elements.namedItem('test_case') as HTMLSelectElement;
                setTestCase(sel.value);
                show('testcase', () => form.submit());
              }}
            >
              <Hidden fields={p.testCase.keep} />
              <div>
                <label htmlFor="payout-test-case" className="block text-sm font-medium">Sandbox test case</label>
                <select id="payout-test-case" name="test_case" className="rounded border border-gray-500 bg-white px-2 py-1.5 text-sm">
                  {p.testCase.options.map((o) => (
                    <option value={o.value}>{o.label}</option>
                  ))}
                </select>
              </div>
              <button type="submit" className={button}>Run test case</button>
            </form>
          ) : null}
        </div>
      ) : null}

      <SectionTabs prefix="payout" label="Payout sections" tabs={p.tabs} current={current} js={js} onKey={onKey} onActivate={(id) => activate(id, false)}
        extra={count} />
      <SectionPanel prefix="payout" js={js} current={current}>
        {content}
      </SectionPanel>

      {js && dialogs ? <dialogs.PayoutDialogs p={p} dialog={dialog} testCase={testCase} onClose={() => setDialog('')} /> : null}
    </div>
  );
}
