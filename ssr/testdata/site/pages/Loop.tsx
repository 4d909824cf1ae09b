// Fixture page that never finishes: the renderer must interrupt it.
export default function Loop({ n }: { n: number }) {
  let i = 0;
  for (;;) {
    i += n;
    if (i < 0) break;
  }
  return <p>{i}</p>;
}
