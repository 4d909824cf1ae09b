// Fixture page for the pool tests: small, and with some weight from props.
export default function Hello({ name, items }: { name: string; items: string[] }) {
  return (
    <main>
      <p>Hello, {name}!</p>
      <ul>
        {items.map((x, i) => (
          <li key={i} data-i={i}>
            {x}
          </li>
        ))}
      </ul>
    </main>
  );
}
