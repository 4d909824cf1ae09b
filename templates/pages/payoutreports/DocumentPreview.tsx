import { SandboxBanner } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

type Props = PageProps['DocumentPreview'];

// /preview/{previewMetadata} (spec 000 §2): "PREVIEW", a Download link and every page of
// the payment document, each as an accessible HTML rendition of the same lines the PDF
// page holds (package paymentdoc lays out both). A metadata or document that does not load
// shows the spec's failure text and nothing else.
export default function DocumentPreview(p: Props) {
  const total = p.pages.length;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">Skip to content</a>
      <header className="border-b border-gray-300 bg-white">
        <SandboxBanner on={p.sandbox} />
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-semibold tracking-widest">PREVIEW</p>
          {p.failed ? null : (
            <nav aria-label="Document" className="flex flex-wrap gap-4">
              <a href={p.downloadUrl} download={p.filename} className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">
                Download<span className="sr-only"> {p.filename}</span>
              </a>
              <a href={p.backUrl} className="py-2 text-blue-800 underline">Back to payouts</a>
            </nav>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-8">
        {p.failed ? (
          <div role="alert">
            <h1 className="mb-2 text-2xl font-semibold">Failed to load document preview</h1>
            <p className="mb-6">Please try to generate the document again</p>
            <p><a href={p.backUrl} className="text-blue-800 underline">Back to the portal</a></p>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-semibold">{p.title} {p.reference}</h1>
            <p className="mb-6 text-sm text-gray-700">{p.issuer} · generated {p.generated} · {total === 1 ? '1 page' : total + ' pages'} · {p.filename}</p>
            {p.pages.map((pg) => (
              <section key={pg.number} aria-labelledby={'page-' + pg.number} className="mb-8 rounded border border-gray-300 bg-white p-6 shadow-sm">
                <h2 id={'page-' + pg.number} className="mb-4 border-b border-gray-300 pb-2 text-sm font-semibold text-gray-700">
                  Page {pg.number} of {total}
                </h2>
                {pg.sections.map((s) => (
                  <div className="mb-5">
                    <h3 className="mb-2 font-semibold">{s.title}</h3>
                    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
                      {s.lines.map((l) => (
                        <>
                          <dt className="text-gray-700">{l.label}</dt>
                          <dd className="break-words sm:col-span-2">{l.wrapped.join(' ')}</dd>
                        </>
                      ))}
                    </dl>
                  </div>
                ))}
              </section>
            ))}
          </>
        )}
      </main>
    </>
  );
}
