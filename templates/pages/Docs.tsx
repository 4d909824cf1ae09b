import { SandboxBanner } from '../components/Messages';
import type { DocsEndpoint, DocsField, DocsParam, PageProps } from '../generated/props';

// The API Reference: rendered on the server from the OpenAPI document
// (server/docs.go builds the props), readable without JavaScript.

type Props = PageProps['Docs'];

const methodTone: Record<string, string> = {
  GET: 'bg-blue-100 text-blue-900',
  POST: 'bg-green-100 text-green-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
};

// Cells may break anywhere: the reference's tables fit a phone's width
// rather than scroll (long names, paths and types wrap).
const th = 'border-b border-gray-400 px-3 py-2 text-left font-semibold [overflow-wrap:anywhere]';
const td = 'border-b border-gray-200 px-3 py-2 align-top [overflow-wrap:anywhere]';
const caption = 'mb-1 mt-4 text-left font-semibold [overflow-wrap:anywhere]';

function Required({ on }: { on: boolean }) {
  return <>{on ? 'Yes' : 'No'}</>;
}

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
              <td className={td}><Required on={r.required} /></td>
              <td className={td}>{r.description || ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FieldTable({ label, fields }: { label: string; fields: DocsField[] }) {
  return <NameTable label={label} nameHeader="Field" rows={fields} />;
}

function ParamTable({ label, params }: { label: string; params: DocsParam[] }) {
  return <NameTable label={label} nameHeader="Name" rows={params} withIn />;
}

function EndpointSection({ ep }: { ep: DocsEndpoint }) {
  const titleId = ep.id + '-title';
  const name = ep.method + ' ' + ep.path;
  return (
    <section id={ep.id} aria-labelledby={titleId} data-endpoint={name} className="mb-10 border-t border-gray-300 pt-6">
      <h3 id={titleId} className="text-lg font-semibold">
        {ep.summary}
        <span className="mt-1 block font-mono text-base font-normal">
          <span className={'mr-2 rounded px-2 py-0.5 text-sm font-semibold ' + (methodTone[ep.method] || '')}>{ep.method}</span>
          <code>{ep.path}</code>
        </span>
      </h3>
      {ep.description ? <p className="mt-2">{ep.description}</p> : null}
      <dl className="mt-3">
        <dt className="font-semibold">Authentication</dt>
        <dd>{ep.auth}</dd>
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
                <td className={td}>{r.body === 'error list' ? <a href="#errors" className="text-blue-800 underline">Error list</a> : r.body === 'none' ? 'None' : 'JSON, below'}</td>
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

export default function Docs({ sandbox, home, login, intro, bases, specUrl, schemes, errors, groups }: Props) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">Skip to content</a>
      <header className="border-b border-gray-300 bg-white">
        <SandboxBanner on={!!sandbox} />
        <div className="flex items-center justify-between px-4 py-3">
          <a href={home} className="text-lg font-semibold">Portal</a>
          {login ? <a href={login} className="text-blue-800 underline">Log in</a>
            : <a href={home} className="text-blue-800 underline">Back to the portal</a>}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-10">
        <h1 className="mb-4 text-3xl font-semibold">API Reference</h1>
        <p className="mb-2">{intro}</p>
        <p className="mb-2">
          Base paths: {bases.map((b, i) => <>{i > 0 ? ', ' : ''}<code>{b}</code></>)}. Every operation answers under each base.
        </p>
        <p className="mb-6">
          Machine-readable: <a href={specUrl} className="text-blue-800 underline">OpenAPI 3.1 document (JSON)</a>.
        </p>

        <nav aria-labelledby="toc-title" className="mb-10 rounded border border-gray-300 p-4">
          <h2 id="toc-title" className="mb-2 text-lg font-semibold">Contents</h2>
          <ul className="space-y-2">
            <li><a href="#credentials" className="text-blue-800 underline">Credentials</a></li>
            <li><a href="#errors" className="text-blue-800 underline">Errors</a></li>
            {groups.map((g) => (
              <li>
                <a href={'#' + g.id} className="text-blue-800 underline">{g.title}</a>
                <ul className="ml-5 mt-1 list-disc space-y-1">
                  {g.endpoints.map((ep) => (
                    <li>
                      <a href={'#' + ep.id} className="text-blue-800 underline">{ep.summary}</a>{' '}
                      <code className="text-sm">{ep.method} {ep.path}</code>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="credentials" className="mb-10">
          <h2 id="credentials" className="mb-3 text-2xl font-semibold">Credentials</h2>
          <p className="mb-3">Each endpoint says which of these it accepts.</p>
          <dl className="space-y-3">
            {schemes.map((s) => (
              <div>
                <dt className="font-semibold">{s.name}</dt>
                <dd>{s.text}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="errors" className="mb-10">
          <h2 id="errors" className="mb-3 text-2xl font-semibold">Errors</h2>
          <p>
            A failed call answers with <code>{'{"errors": [ … ]}'}</code>, a list of problems. A problem about a request
            field names it in <code>source.pointer</code>; one about the whole request has no source.
          </p>
          <FieldTable label="Fields of a problem" fields={errors} />
        </section>

        {groups.map((g) => (
          <section aria-labelledby={g.id} className="mb-10">
            <h2 id={g.id} className="mb-3 text-2xl font-semibold">{g.title}</h2>
            {g.endpoints.map((ep) => <EndpointSection ep={ep} />)}
          </section>
        ))}
        <p><a href={home} className="text-blue-800 underline">Back to the portal</a></p>
      </main>
    </>
  );
}
