import type { ComponentChildren } from 'preact';
import { SandboxBanner } from './Messages';
import type { DocsEndpoint, DocsField, DocsParam } from '../generated/props';

// What the API Reference's pages share (templates/pages/Docs.tsx, the index,
// and DocsOperation.tsx, one operation): the frame and the tables. Server
// rendered, readable without JavaScript.

export const link = 'text-blue-800 underline';

const methodTone: Record<string, string> = {
  GET: 'bg-blue-100 text-blue-900',
  POST: 'bg-green-100 text-green-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
};

// Method: the method's badge and a space, so that method and path read as
// two words (a margin alone runs them together for a screen reader).
export function Method({ method }: { method: string }) {
  return <><span className={'mr-1 rounded px-2 py-0.5 text-sm font-semibold ' + (methodTone[method] || '')}>{method}</span>{' '}</>;
}

type FrameProps = { sandbox: boolean; home: string; login?: string; crumbs?: ComponentChildren; children: ComponentChildren };

// DocsFrame: the skip link, the header (the way in or back to the portal),
// an optional breadcrumb trail between header and main, and the main landmark.
export function DocsFrame({ sandbox, home, login, crumbs, children }: FrameProps) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">Skip to content</a>
      <header className="border-b border-gray-300 bg-white">
        <SandboxBanner on={!!sandbox} />
        <div className="flex items-center justify-between px-4 py-3">
          <a href={home} className="text-lg font-semibold">Portal</a>
          {login ? <a href={login} className={link}>Log in</a> : <a href={home} className={link}>Back to the portal</a>}
        </div>
      </header>
      {crumbs}
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-10">
        {children}
      </main>
    </>
  );
}

// Cells may break anywhere: the reference's tables fit a phone's width
// rather than scroll (long names, paths and types wrap).
const th = 'border-b border-gray-400 px-3 py-2 text-left font-semibold [overflow-wrap:anywhere]';
const td = 'border-b border-gray-200 px-3 py-2 align-top [overflow-wrap:anywhere]';
const caption = 'mb-1 mt-4 text-left font-semibold [overflow-wrap:anywhere]';

type Row = { name: string; in?: string; type: string; required: boolean; description?: string };

// One table for request-body fields and for parameters; parameters add the
// "In" column (path, query, header, cookie).
function NameTable({ label, nameHeader, rows, withIn }: { label: string; nameHeader: string; rows: Row[]; withIn?: boolean }) {
  return (
    <div>
      <table className="w-full border-collapse text-sm">
        <caption className={caption}>{label}</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>{nameHeader}</th>
            {withIn ? <th scope="col" className={th}>In</th> : null}
            <th scope="col" className={th}>Type</th>
            <th scope="col" className={th}>Required</th>
            <th scope="col" className={th}>Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr>
              <th scope="row" className={td + ' font-normal'}><code>{r.name}</code></th>
              {withIn ? <td className={td}>{r.in}</td> : null}
              <td className={td}>{r.type}</td>
              <td className={td}>{r.required ? 'Yes' : 'No'}</td>
              <td className={td}>{r.description || ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FieldTable({ label, fields }: { label: string; fields: DocsField[] }) {
  return <NameTable label={label} nameHeader="Field" rows={fields} />;
}

function ParamTable({ label, params }: { label: string; params: DocsParam[] }) {
  return <NameTable label={label} nameHeader="Name" rows={params} withIn />;
}

// EndpointSection: one operation, headed by the page's h1; errorsHref is
// where the error list is described, credentialsHref the ways to
// authenticate.
export function EndpointSection({ ep, errorsHref, credentialsHref }: { ep: DocsEndpoint; errorsHref: string; credentialsHref: string }) {
  const titleId = ep.id + '-title';
  const name = ep.method + ' ' + ep.path;
  return (
    <section id={ep.id} aria-labelledby={titleId} data-endpoint={name}>
      <h1 id={titleId} className="text-3xl font-semibold">
        {ep.summary}{' '}
        <span className="mt-2 block font-mono text-base font-normal [overflow-wrap:anywhere]">
          <Method method={ep.method} />
          <code>{ep.path}</code>
        </span>
      </h1>
      {ep.description ? <p className="mt-4">{ep.description}</p> : null}
      <dl className="mt-4">
        <dt className="font-semibold">Authentication</dt>
        <dd>{ep.auth} <a href={credentialsHref} className={link}>About credentials</a></dd>
      </dl>
      {ep.params.length > 0 ? <ParamTable label={'Parameters of ' + name} params={ep.params} /> : null}
      {ep.body.length > 0 ? <FieldTable label={'Request body of ' + name + ' (application/json)'} fields={ep.body} /> : null}
      <div>
        <table className="w-full border-collapse text-sm">
          <caption className={caption}>{'Responses of ' + name}</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>Status</th>
              <th scope="col" className={th}>Meaning</th>
              <th scope="col" className={th}>Body</th>
            </tr>
          </thead>
          <tbody>
            {ep.responses.map((r) => (
              <tr>
                <th scope="row" className={td + ' font-normal'}>{r.status} {r.reason}</th>
                <td className={td}>
                  {r.description}
                  {r.headers && r.headers.length > 0 ? (
                    <span className="block text-gray-700">
                      {r.headers.map((h) => (
                        <span className="block">Header <code>{h.name}</code>: {h.description || ''}</span>
                      ))}
                    </span>
                  ) : null}
                </td>
                <td className={td}>{r.body === 'error list' ? <a href={errorsHref} className={link}>Error list</a> : r.body === 'none' ? 'None' : 'JSON, below'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ep.responses
        .filter((r) => r.fields && r.fields.length > 0)
        .map((r) => <FieldTable label={'Response ' + r.status + ' body of ' + name} fields={r.fields || []} />)}
    </section>
  );
}
