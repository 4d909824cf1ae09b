import { DocsFrame, EndpointSection, link } from '../components/DocsParts';
import type { PageProps } from '../generated/props';

// One operation of the API Reference on a page of its own, /docs/<operationId>
// (server/docs.go): the breadcrumb trail back to the index and the
// operation's tag there, the operation, and the operations before and
// after it in the index's order.

type Props = PageProps['DocsOperation'];

export default function DocsOperation({ sandbox, home, login, index, group, errors, credentials, endpoint, prev, next }: Props) {
  const crumbs = (
    <nav aria-label="Breadcrumb" className="mx-auto max-w-5xl px-4 pt-4 text-sm">
      <ol className="flex flex-wrap gap-x-2">
        <li><a href={index} className={link}>API Reference</a><span aria-hidden="true"> ›</span></li>
        <li><a href={group.href} className={link}>{group.title}</a><span aria-hidden="true"> ›</span></li>
        <li aria-current="page" className="[overflow-wrap:anywhere]">{endpoint.summary}</li>
      </ol>
    </nav>
  );
  return (
    <DocsFrame sandbox={sandbox} home={home} login={login} crumbs={crumbs}>
      <EndpointSection ep={endpoint} errorsHref={errors} credentialsHref={credentials} />
      <nav aria-label="More operations" className="mt-10 border-t border-gray-300 pt-4">
        <ul className="space-y-2">
          {prev ? <li>Previous: <a href={prev.href} rel="prev" className={link}>{prev.summary}</a></li> : null}
          {next ? <li>Next: <a href={next.href} rel="next" className={link}>{next.summary}</a></li> : null}
          <li><a href={index} className={link}>All operations</a></li>
        </ul>
      </nav>
    </DocsFrame>
  );
}
