// Fixture page that fails while rendering.
function Broken({ why }: { why: string }): never {
  throw new Error('fixture failure: ' + why);
}

export default function Throws({ why }: { why: string }) {
  return (
    <main>
      <Broken why={why} />
    </main>
  );
}
