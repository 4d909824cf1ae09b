// Parity fixture: text, numbers, arrays and empty values as children.
export const cases: Record<string, () => unknown> = {
  numbers: () => (
    <p>
      {0}|{1}|{-1}|{1.5}|{-0}|{NaN}|{1e21}|{1e-7}|{123456789012345680000}|{0.1 + 0.2}|{Infinity}|{2 ** 53 + 2}
    </p>
  ),
  emptyValues: () => (
    <p>
      a{null}b{false}c{true}d{undefined}e{''}f
    </p>
  ),
  onlyEmpty: () => (
    <div>
      {null}
      {false}
    </div>
  ),
  arrays: () => <ul>{['a', 'b', 'c'].map((x) => <li key={x}>{x}</li>)}</ul>,
  nestedArrays: () => <p>{[1, [2, [3, [4, null, [false, 'x']]]], [], [[]]]}</p>,
  arrayOfText: () => <p>{['a', '<', 'b', 0, null]}</p>,
  emptyArray: () => <ul>{[]}</ul>,
  manyChildren: () => <ol>{Array.from({ length: 1500 }, (_, i) => <li>{i}</li>)}</ol>,
  childrenProp: () => <div children="from prop" />,
  childrenPropArray: () => <div children={['a', <b>b</b>]} />,
  childrenOverrideProp: () => <div children="prop">jsx</div>,
  functionChild: () => <p>a{(() => 1) as unknown as string}b</p>,
  objectChild: () => <p>a{{} as unknown as string}b</p>,
  deepNesting: () => {
    let node: unknown = 'leaf';
    for (let i = 0; i < 300; i++) node = <div>{node}</div>;
    return node;
  },
  sameElementTwice: () => {
    const b = <b>bold</b>;
    return (
      <p>
        {b}
        {b}
        {[b, b]}
      </p>
    );
  },
  topLevelText: () => 'just <text>',
  topLevelNumber: () => 42,
  topLevelNull: () => null,
  topLevelArray: () => [<p>a</p>, 'b', null, <p>c</p>],
};

export default function Children({ name }: { name: string }) {
  return cases[name]();
}
