/** @jsxRuntime automatic @jsxImportSource preact */
// Fixture island: a form carrying the CSRF token, which the island cache
// keeps out of its keys (ssr/island_test.go).
export default function Form({ csrf, label }: { csrf: string; label: string }) {
  return (
    <form method="post" action="/x">
      <input type="hidden" name="_csrf" value={csrf} />
      <button data-token={csrf}>{label}</button>
    </form>
  );
}
