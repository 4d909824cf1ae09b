// What the list pages with a details panel share (payouts, collection orders): the filter
// bar's frame (a GET form: every filter works without JavaScript), the side panel (a quarter
// of the width from xl, at least 20rem; full width above the list below it), the panel's
// failure, and an action's confirmation page without JavaScript.
import type { ComponentChildren } from 'preact';
import { CSRF } from './Form';
import { Tone } from './Messages';

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

/** PanelFailure is the panel when the record cannot be shown. */
export function PanelFailure({ id, title, close, what, text }: { id: string; title: string; close: string; what: string; text: string }) {
  return (
    <>
      <div className="mb-2 flex items-start justify-between gap-3">
        <h2 id={id + '-title'} className="text-lg font-semibold">{title}</h2>
        <a href={close} className="text-blue-800 underline">Close<span className="sr-only"> {what}</span></a>
      </div>
      <p role="alert" className={'rounded border-l-4 p-3 ' + Tone('error')}>{text}</p>
    </>
  );
}

export type Fact = { label: string; value: string };

/** Facts are what a confirmation page says it acts on. */
export function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map((f) => (
        <>
          <dt className="text-gray-700">{f.label}</dt>
          <dd className="break-all">{f.value}</dd>
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
  fields: { name: string; value: string }[];
};

/** ConfirmForm asks c.text and posts c's hidden fields with the CSRF token; back leads away. */
export function ConfirmForm({ c, backHref }: { c: Confirmation; backHref: string }) {
  return (
    <form method="post" action={c.action}>
      <p className="mb-4">{c.text}</p>
      <CSRF token={c.csrf} />
      <input type="hidden" name="return_to" value={c.returnTo} />
      {c.fields.map((f) => (
        <input type="hidden" name={f.name} value={f.value} />
      ))}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">{c.submit}</button>
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
