// What the list pages with a details panel share (payouts, collection orders, withdrawals,
// payout drafts, receivers, batches): the filter bar's frame (a GET form: every filter works
// without JavaScript), the side panel (a quarter of the width from xl, at least 20rem; full
// width above the list below it), the record's fields in it, the panel's failure, the list
// itself (count, table or empty text, pager), and an action's confirmation page without
// JavaScript.
import type { ComponentChildren, VNode } from 'preact';
import { CSRF } from './Form';
import { Tone } from './Messages';
import { Island } from './Island';
import { DataTable, type Column } from './Table';

export function FilterForm({ label, action, clear, children }: { label: string; action: string; clear: string; children?: ComponentChildren }) {
  return (
    <form method="get" action={action} aria-label={label} className="mb-4 rounded border border-gray-300 p-4">
      {children}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Apply filters</button>
        {clear ? <a href={clear} className="text-blue-800 underline">Clear filters</a> : null}
      </div>
    </form>
  );
}

/** SidePanel holds a record's details; its heading (inside) has id + '-title'. */
export function SidePanel({ id, children }: { id: string; children?: ComponentChildren }) {
  return (
    <aside id={id} tabIndex={-1} aria-labelledby={id + '-title'}
      className="order-first w-full rounded border-2 border-blue-800 bg-white p-4 xl:order-last xl:w-1/4 xl:min-w-80 xl:shrink-0 xl:self-start">
      {children}
    </aside>
  );
}

/**
 * PanelHeading is a details panel's heading (id: the panel's id, the heading gets id + '-title')
 * with its Close link (what: what it closes, for screen readers). A long reference in the title
 * breaks inside the heading rather than pushing Close off a 320 px screen.
 */
export function PanelHeading({ id, close, what, children }: { id: string; close: string; what: string; children?: ComponentChildren }) {
  return (
    <div className="mb-2 flex items-start justify-between gap-3">
      <h2 id={id + '-title'} className="min-w-0 break-words text-lg font-semibold">{children}</h2>
      <a href={close} className="shrink-0 text-blue-800 underline">Close<span className="sr-only"> {what}</span></a>
    </div>
  );
}

/** PanelFailure is the panel when the record cannot be shown. */
export function PanelFailure({ id, title, close, what, text }: { id: string; title: string; close: string; what: string; text: string }) {
  return (
    <>
      <PanelHeading id={id} close={close} what={what}>{title}</PanelHeading>
      <Failure text={text} />
    </>
  );
}

/**
 * WithPanel lays a list out with its details panel: panel is the open record's, else the
 * panel says error (the record cannot be shown) under title, with a Close link to close
 * (what: what it closes, for screen readers).
 */
export function WithPanel({ id, panel, error, title, close, what, children }: {
  id: string;
  panel?: ComponentChildren;
  error?: string;
  title: string;
  close: string;
  what: string;
  children?: ComponentChildren;
}) {
  return (
    <div className="flex flex-col gap-6 xl:flex-row">
      {panel || error ? (
        <SidePanel id={id}>
          {panel || <PanelFailure id={id} title={title} close={close} what={what} text={error || ''} />}
        </SidePanel>
      ) : null}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

export type PanelField = { label: string; value: string; copy?: boolean };

/**
 * PanelFields are a record's details in its panel, with a copy button (the CopyValue island)
 * by the values one copies; missing is said for an empty value (none: it stays empty).
 */
export function PanelFields({ fields, missing }: { fields: PanelField[]; missing?: string }) {
  return (
    <dl className="space-y-2 text-sm">
      {fields.map((f) => (
        <div>
          <dt className="text-gray-700">{f.label}</dt>
          <dd className="break-words">
            {!f.value && missing ? (
              <span className="text-gray-700">{missing}</span>
            ) : f.copy ? (
              <Island name="CopyValue" props={{ label: f.label, value: f.value }} />
            ) : (
              f.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** counted says how many: "1 order", "2 orders". */
export function counted(n: number, one: string, many: string) {
  return n === 1 ? '1 ' + one : n + ' ' + many;
}

/** rowClass marks the row whose record the panel shows. */
export function rowClass(open: boolean) {
  return 'border-b border-gray-200' + (open ? ' bg-blue-50' : '');
}

export type RecordRef = { date: string; time: string; href: string; reference: string; open: boolean };

/** RecordCells begin a record's row: when (time below), and its reference linking to its panel with a second id below. */
export function RecordCells({ r, what, second }: { r: RecordRef; what: string; second: string }) {
  return (
    <>
      <td className="whitespace-nowrap p-2">{r.date}<span className="block text-xs text-gray-700">{r.time}</span></td>
      <td className="p-2">
        <a href={r.href} className="whitespace-nowrap text-blue-800 underline" aria-label={'Details of ' + what + ' ' + r.reference}
          aria-current={r.open ? 'true' : undefined}>
          {r.reference}
        </a>
        <span className="block break-all text-xs text-gray-700">{second}</span>
      </td>
    </>
  );
}

/** Failure says the list could not be read. */
export function Failure({ text }: { text: string }) {
  return <p role="alert" className={'rounded border-l-4 p-3 ' + Tone('error')}>{text}</p>;
}

/**
 * Listing is a list below its filters: the failure when it could not be read, else the count,
 * the table (or the empty text when no row) and the cursor pager (LoadMore: with JavaScript it
 * appends the next page's rows; noun is the plural it counts in, total how many there are). Its
 * ids are name + '-count', name + '-caption' and name + '-rows' (the tbody); columns are the
 * header row's (null: a column this list leaves out).
 */
export function Listing<R>({ name, failure, count, empty, caption, columns, rows, row, prev, next, scrollClass, total, noun }: {
  name: string;
  total: number;
  noun: string;
  failure?: string;
  count: ComponentChildren;
  empty: ComponentChildren;
  caption: ComponentChildren;
  columns: (Column | null)[];
  rows: R[];
  row: (r: R) => VNode;
  prev?: string;
  next?: string;
  scrollClass?: string;
}) {
  if (failure) return <Failure text={failure} />;
  return (
    <>
      <p id={name + '-count'} className="mb-2 text-sm text-gray-700">{count}</p>
      {rows.length === 0 ? (
        <p className="rounded border border-gray-300 p-4">{empty}</p>
      ) : (
        <DataTable captionId={name + '-caption'} caption={caption} columns={columns} bodyId={name + '-rows'} className={scrollClass}>
          {rows.map(row)}
        </DataTable>
      )}
      <ListPager rows={name + '-rows'} noun={noun} total={total} shown={rows.length} prev={prev} next={next} />
    </>
  );
}

/**
 * ListPager is a cursor-paged list's pager (the LoadMore island: links without JavaScript, "Show
 * more" with it); rows is the id of the tbody the next page's rows are appended to.
 */
export function ListPager(p: { rows: string; noun: string; total: number; shown: number; prev?: string; next?: string }) {
  // A list of one page has no pager and ships no script for one. Below the rows, its code comes
  // as it nears the viewport (it loads the next rows when in view anyway).
  if (!p.prev && !p.next) return null;
  return <Island name="LoadMore" props={p} load="visible" />;
}

export type Fact = { label: string; value: string };

/**
 * Facts are what a confirmation page says it acts on, or a batch's summary; words: the values
 * are names and counts, which wrap between words (references and ids break anywhere).
 */
export function Facts({ facts, words }: { facts: Fact[]; words?: boolean }) {
  return (
    <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map((f) => (
        <>
          <dt className="text-gray-700">{f.label}</dt>
          <dd className={words ? 'break-words' : 'break-all'}>{f.value}</dd>
        </>
      ))}
    </dl>
  );
}

export type Confirmation = {
  action: string;
  text: string;
  csrf: string;
  returnTo: string;
  submit: string;
  back: string;
  fields?: { name: string; value: string }[];
};

/**
 * ConfirmForm asks c.text and posts c's hidden fields with the CSRF token; back leads away. A
 * deletion's submit is red (danger).
 */
export function ConfirmForm({ c, backHref, danger }: { c: Confirmation; backHref: string; danger?: boolean }) {
  return (
    <form method="post" action={c.action}>
      <p className="mb-4">{c.text}</p>
      <CSRF token={c.csrf} />
      <input type="hidden" name="return_to" value={c.returnTo} />
      {c.fields?.map((f) => (
        <input type="hidden" name={f.name} value={f.value} />
      ))}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={danger ? 'rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900'
          : 'rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900'}>{c.submit}</button>
        <a href={backHref} className="text-blue-800 underline">{c.back}</a>
      </div>
    </form>
  );
}

/** Refused says why the action is not possible any more and only leads back. */
export function Refused({ text, backHref, backText }: { text: string; backHref: string; backText: string }) {
  return (
    <>
      <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('warning')}>{text}</p>
      <a href={backHref} className="text-blue-800 underline">{backText}</a>
    </>
  );
}
