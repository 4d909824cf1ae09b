// Fixture page placing one prop in text, attributes and an island, to check
// that hostile props stay data (ssr/island_test.go).
import { renderIsland } from '../../../runtime/island.js';

export default function Escape({ s }: { s: string }) {
  return (
    <main>
      <p title={s} data-s={s}>
        {s}
      </p>
      {renderIsland('Echo', { text: s })}
    </main>
  );
}
