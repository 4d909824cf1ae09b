/** @jsxRuntime automatic @jsxImportSource preact */
// Fixture island: shows a string in text and in an attribute, to check that
// hostile props stay data (ssr/island_test.go).
export default function Echo({ text }: { text: string }) {
  return <output title={text}>{text}</output>;
}
