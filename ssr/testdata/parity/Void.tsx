// Parity fixture: void elements, with and without attributes and children.
export const cases: Record<string, () => unknown> = {
  bare: () => (
    <div>
      <br />
      <br></br>
      <hr />
      <input />
      <img />
      <wbr />
      <area />
      <base />
      <col />
      <embed />
      <link />
      <meta />
      <source />
      <track />
      <param />
      <keygen />
      <command />
    </div>
  ),
  withAttributes: () => (
    <div>
      <input type="text" name="q" />
      <img src="/a.png" alt="" width={16} />
      <img src="/b.png" alt="B &amp; C" />
      <meta charSet="utf-8" />
      <link rel="stylesheet" href="/app.css" />
      <col span={2} />
    </div>
  ),
  emptyChildren: () => (
    <div>
      <br>{null}</br>
      <img>{[]}</img>
      <input>{''}</input>
      <hr>{false}</hr>
      <wbr>{[null, [undefined, true]]}</wbr>
    </div>
  ),
  withChildren: () => (
    <div>
      <input children="x" />
      <br>{0}</br>
    </div>
  ),
  emptyInnerHTML: () => <br dangerouslySetInnerHTML={{ __html: '' }} />,
  notVoidEmpty: () => (
    <div>
      <span />
      <div></div>
      <p>{null}</p>
      <i>{[]}</i>
      <script />
    </div>
  ),
};

export default function Void({ name }: { name: string }) {
  return cases[name]();
}
