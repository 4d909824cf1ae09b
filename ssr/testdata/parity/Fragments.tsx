// Parity fixture: fragments, keyed (through preact's Fragment, as a page
// would import it) and not.
import { Fragment } from 'preact';

export const cases: Record<string, () => unknown> = {
  shorthand: () => (
    <div>
      <>
        a<b>b</b>
      </>
    </div>
  ),
  topLevel: () => (
    <>
      <h1>T</h1>
      <p>P</p>
    </>
  ),
  empty: () => (
    <div>
      <></>
    </div>
  ),
  nested: () => (
    <>
      <>
        <>x</>
      </>
      {[<>y</>, <>z</>]}
    </>
  ),
  keyed: () => (
    <dl>
      {[
        ['a', '1'],
        ['b', '2'],
      ].map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </Fragment>
      ))}
    </dl>
  ),
  fragmentComponentUnkeyed: () => (
    <Fragment>
      <i>i</i>
      {null}
    </Fragment>
  ),
  fragmentWithEmpty: () => (
    <p>
      <>{null}</>
      <>{[]}</>
      <>{false}</>
    </p>
  ),
};

export default function Fragments({ name }: { name: string }) {
  return cases[name]();
}
