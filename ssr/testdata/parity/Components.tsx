// Parity fixture: function components, children, composition.
type Kids = { children?: unknown };

function Card({ title, children }: { title: string } & Kids) {
  return (
    <section className="card">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Twice({ children }: Kids) {
  return (
    <>
      {children}
      {children}
    </>
  );
}

function Nothing() {
  return null;
}

function Text({ s }: { s: string }) {
  return s;
}

function List({ items }: { items: string[] }) {
  return items.map((x) => <li key={x}>{x}</li>);
}

function Wrapper(props: Kids & { id?: string; className?: string }) {
  return <div {...props} />;
}

function Label({ children }: Kids) {
  return <label>{children}</label>;
}

function Tree({ depth }: { depth: number }): unknown {
  return depth === 0 ? <span>leaf</span> : <div data-depth={depth}><Tree depth={depth - 1} /></div>;
}

export const cases: Record<string, () => unknown> = {
  withOneChild: () => (
    <Card title="T">
      <p>one</p>
    </Card>
  ),
  withManyChildren: () => (
    <Card title="T &amp; <U>">
      <p>one</p>
      text {1}
      {null}
    </Card>
  ),
  withoutChildren: () => <Card title="T" />,
  childrenPropOnComponent: () => <Card title="T" children={<i>prop</i>} />,
  twice: () => (
    <Twice>
      <b>x</b>
    </Twice>
  ),
  returnsNull: () => (
    <div>
      <Nothing />
    </div>
  ),
  returnsString: () => (
    <div>
      <Text s="a < b" />
    </div>
  ),
  returnsArray: () => (
    <ul>
      <List items={['a', 'b']} />
    </ul>
  ),
  spreadProps: () => (
    <Wrapper id="w" className="c">
      <span>kid</span>
    </Wrapper>
  ),
  nestedComponents: () => (
    <Card title="outer">
      <Card title="inner">
        <Label>
          <input /> name
        </Label>
      </Card>
    </Card>
  ),
  deepRecursion: () => <Tree depth={120} />,
};

export default function Components({ name }: { name: string }) {
  return cases[name]();
}
