// Fixture page with three islands, two of one kind (ssr/island_test.go).
import { renderIsland } from '../../../runtime/island.js';

export default function Islands({ a, b }: { a: string; b: string }) {
  return (
    <main>
      <h1>Islands</h1>
      {renderIsland('Counter', { label: a, start: 1 })}
      <p>between</p>
      {renderIsland('Echo', { text: b })}
      {renderIsland('Counter', { label: b, start: 2 })}
    </main>
  );
}
