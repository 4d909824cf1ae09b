// Parity fixture: text and attribute escaping, non-ASCII text. Each case is
// rendered by our runtime and by preact-render-to-string (ssr/parity_test.go).
const nasty = `a < b > c & d " e ' f`;

export const cases: Record<string, () => unknown> = {
  text: () => <p>{nasty}</p>,
  textLiteral: () => <p>a &lt; b &gt; c &amp; d &quot; e ' f</p>,
  alreadyEscaped: () => <p>{'&amp; &lt; &#39;'}</p>,
  scriptInText: () => <p>{'</script><!--<script>alert(1)</script>'}</p>,
  attribute: () => <a title={nasty} href="/x?a=1&b=2" data-q={'"quoted"'}>{nasty}</a>,
  attributeLiteral: () => <div title="a&amp;b" data-x='single "double"' />,
  mixedText: () => <p>Hello, {'<World>'}! You have {3} items & {0} alerts.</p>,
  emptyText: () => <p>{''}</p>,
  nonASCII: () => (
    <p title="é 中文 😀">
      é ü ß — 中文 😀 👩‍👩‍👧 {'\u2028'}|{'\u2029'}|{'\u00a0'}|{'\ufeff'}
    </p>
  ),
  nonASCIIMixed: () => <p>{'€1,250.00 & ¥100 < £5'}</p>,
  loneSurrogate: () => <p>{'a\ud800b'}</p>,
  controlChars: () => <pre>{'tab\tnewline\ncr\rnul\u0000end'}</pre>,
  whitespace: () => (
    <p>
      JSX   text
      across lines {' '} kept {'  spaces  '}
    </p>
  ),
};

export default function Escaping({ name }: { name: string }) {
  return cases[name]();
}
