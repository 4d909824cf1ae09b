// Parity fixture: attribute names and values.
const noop = () => {};

export const cases: Record<string, () => unknown> = {
  booleanTrueFalseEmpty: () => <input type="checkbox" disabled checked={false} required="" readOnly={true} multiple={null} />,
  booleanOnButton: () => <button type="submit" disabled={false} hidden={true} autoFocus>Go</button>,
  numbers: () => <input maxLength={10} min={0} step={0.5} max={1e21} size={NaN} tabIndex={-1} data-neg={-0} data-small={1e-7} data-inf={Infinity} />,
  tableSpans: () => (
    <table>
      <tbody>
        <tr>
          <td colSpan={2} rowSpan={3} headers="h1">x</td>
        </tr>
      </tbody>
    </table>
  ),
  htmlFor: () => <label htmlFor="email">Email</label>,
  htmlForAndFor: () => <label htmlFor="a" for="b">x</label>,
  htmlForAndUndefinedFor: () => <label htmlFor="a" for={undefined}>x</label>,
  className: () => <div className="a b">x</div>,
  classWins: () => <div className="a" class="b">x</div>,
  classWinsReversed: () => <div class="b" className="a">x</div>,
  classUndefinedWins: () => <div className="a" class={undefined}>x</div>,
  classEmpty: () => <div className="">x</div>,
  classNull: () => <div className={null}>x</div>,
  ariaDataBooleans: () => (
    <div aria-hidden={true} aria-expanded={false} data-x={true} data-y={false} data-z="" aria-label={null} data-n={0} data-u={undefined}>
      x
    </div>
  ),
  enumerated: () => <div draggable={true} spellcheck={false} contentEditable={true} spellCheck={true} />,
  lowercaseMapping: () => (
    <form encType="multipart/form-data" noValidate acceptCharset="utf-8">
      <input tabIndex={0} readOnly maxLength={5} minLength={1} autoComplete="off" autoCapitalize="none" inputMode="numeric" formAction="/x" formNoValidate />
      <img srcSet="a.png 1x" useMap="#m" crossOrigin="anonymous" />
      <video playsInline />
      <a hrefLang="en" accessKey="k" itemProp="name" popoverTarget="p">x</a>
      <time dateTime="2026-01-01">x</time>
      <meta httpEquiv="refresh" charSet="utf-8" content="5" />
      <table cellPadding={0} cellSpacing={0} />
      <iframe frameBorder={0} />
    </form>
  ),
  unknownCamelCase: () => <div fooBar="1" someThing={2} enterKeyHint="go" />,
  namespaced: () => <html xmlLang="en" xmlnsXlink="http://www.w3.org/1999/xlink" />,
  eventHandlersDropped: () => (
    <button onClick={noop} onChange={() => 1} onKeyDown={noop} type="button">
      x
    </button>
  ),
  keyAndRefDropped: () => (
    <ul>
      <li key="k" ref={null}>
        a
      </li>
    </ul>
  ),
  unsafeNamesDropped: () => <div {...{ 'a b': 1, 'c"d': 2, 'e=f': 3, 'g>h': 4, 'i/j': 5, ok: 6 }} />,
  spread: () => <div {...{ id: 'x', title: 'y' }} {...{ title: 'z' }} />,
  objectValues: () => <div data-obj={{ a: 1 }} data-arr={[1, 2]} title={[]} data-empty={[]} />,
  valueTwice: () => <input value="a" defaultValue="b" />,
};

export default function Attributes({ name }: { name: string }) {
  return cases[name]();
}
