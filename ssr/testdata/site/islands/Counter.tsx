/** @jsxRuntime automatic @jsxImportSource preact */
// Fixture island: state and an event handler, rendered by preact on the
// server (ssr/island_test.go).
import { useState } from 'preact/hooks';

export default function Counter({ label, start }: { label: string; start: number }) {
  const [n, setN] = useState(start);
  return (
    <div class="counter">
      <span id={`label-${label}`}>{label}</span>
      <button type="button" aria-describedby={`label-${label}`} onClick={() => setN(n + 1)} disabled={n > 99}>
        {n}
      </button>
    </div>
  );
}
