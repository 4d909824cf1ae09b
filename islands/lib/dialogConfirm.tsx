/** @jsxRuntime automatic @jsxImportSource preact */
// A details panel's confirmation dialog's form (payouts, collection orders), posted with the
// CSRF token like the page without JavaScript. Apart from lib/panel, and importing nothing of
// it, so that it comes with the dialog, on the first click that opens one, and lib/panel stays
// in the one chunk the panels' islands load (its Back button has lib/panel's dialogButton look).

type Confirm = { action: string; text: string; csrf: string; returnTo: string; submit: string; back: string; fields: { name: string; value: string }[] };

/** DialogConfirm is a confirmation dialog's form; extra adds hidden fields (the test case chosen). */
export function DialogConfirm({ c, extra = [], onBack }: { c: Confirm; extra?: { name: string; value: string }[]; onBack: () => void }) {
  return (
    <form method="post" action={c.action}>
      <p className="mb-4">{c.text}</p>
      <input type="hidden" name="_csrf" value={c.csrf} />
      <input type="hidden" name="return_to" value={c.returnTo} />
      {[...c.fields, ...extra].map((f) => (
        <input type="hidden" name={f.name} value={f.value} />
      ))}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="inline-block rounded border border-gray-600 bg-white px-3 py-1.5 text-sm" onClick={onBack}>{c.back}</button>
        <button type="submit" className="rounded bg-blue-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-900">{c.submit}</button>
      </div>
    </form>
  );
}
