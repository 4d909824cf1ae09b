import { DocsFrame, FieldTable, Method, link } from '../components/DocsParts';
import type { PageProps } from '../generated/props';

// The API Reference's index (server/docs.go builds the props): the
// credentials, the errors, and every tag with its operations, each linked
// to its own page (DocsOperation). Each entry keeps the id its section had
// when the whole reference was one page, so an old /docs#<operationId>
// link lands on the entry that leads on to the operation.

type Props = PageProps['Docs'];

export default function Docs({ sandbox, home, login, intro, bases, specUrl, schemes, errors, groups }: Props) {
  return (
    <DocsFrame sandbox={sandbox} home={home} login={login}>
      <h1 className="mb-4 text-3xl font-semibold">API Reference</h1>
      <p className="mb-2">{intro}</p>
      <p className="mb-2">
        Base paths: {bases.map((b, i) => <>{i > 0 ? ', ' : ''}<code>{b}</code></>)}. Every operation answers under each base.
      </p>
      <p className="mb-6">
        Machine-readable: <a href={specUrl} className={link}>OpenAPI 3.1 document (JSON)</a>.
      </p>

      <nav aria-labelledby="toc-title" className="mb-10 rounded border border-gray-300 p-4">
        <h2 id="toc-title" className="mb-2 text-lg font-semibold">Contents</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li><a href="#credentials" className={link}>Credentials</a></li>
          <li><a href="#errors" className={link}>Errors</a></li>
          {groups.map((g) => <li><a href={'#' + g.id} className={link}>{g.title}</a></li>)}
        </ul>
      </nav>

      <section aria-labelledby="credentials" className="mb-10">
        <h2 id="credentials" className="mb-3 text-2xl font-semibold">Credentials</h2>
        <p className="mb-3">Each operation says which of these it accepts.</p>
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
        <section aria-labelledby={g.id} data-tag={g.title} className="mb-8">
          <h2 id={g.id} className="mb-3 text-2xl font-semibold">{g.title}</h2>
          <ul className="space-y-2">
            {g.endpoints.map((ep) => (
              <li id={ep.id} className="[overflow-wrap:anywhere]">
                <a href={ep.href} className={link}>{ep.summary}</a>{' '}
                <span className="block font-mono text-sm"><Method method={ep.method} /><code>{ep.path}</code></span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p><a href={home} className={link}>Back to the portal</a></p>
    </DocsFrame>
  );
}
