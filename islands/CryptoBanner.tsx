/** @jsxRuntime automatic @jsxImportSource preact */
// The dashboard's "Crypto funding now available" banner (spec 000 §2). Its
// Close is a form posting to the server, which remembers the choice in the
// session, so it works without JavaScript (the page comes back without the
// banner). Hydrated, Close posts the same form in the background and hides
// the banner at once; if that post fails, the form is submitted normally.
import { useRef, useState } from 'preact/hooks';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['CryptoBanner'];

export default function CryptoBanner({ href, closeAction, csrf }: Props) {
  const [closed, setClosed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  if (closed) return null;

  const onSubmit = async (e: Event) => {
    e.preventDefault();
    const f = form.current!;
    try {
      const res = await fetch(closeAction, {
        method: 'POST',
        body: new URLSearchParams(new FormData(f) as unknown as Record<string, string>),
        headers: { Accept: 'application/json', 'X-CSRF-Token': csrf },
        credentials: 'same-origin',
      });
      if (!res.ok) throw new Error(String(res.status));
    } catch {
      f.submit();
      return;
    }
    // The banner and its button go away: focus moves to the page's main
    // content rather than being lost.
    setClosed(true);
    document.getElementById('main')?.focus();
  };

  return (
    <section aria-labelledby="crypto-title" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded border-l-4 border-blue-700 bg-blue-50 p-4">
      <h2 id="crypto-title" className="font-semibold text-blue-900">Crypto funding now available</h2>
      <div className="flex items-center gap-3">
        <a href={href} className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Add crypto funds</a>
        <form method="post" action={closeAction} ref={form} onSubmit={onSubmit}>
          <input type="hidden" name="_csrf" value={csrf} />
          <button type="submit" className="rounded border border-gray-600 bg-white px-4 py-2">Close</button>
        </form>
      </div>
    </section>
  );
}
