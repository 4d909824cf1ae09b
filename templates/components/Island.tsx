import { renderIsland } from '../../ssr/runtime/island.js';

// An island renders with preact on the server (so hydration finds the same
// markup) and ships its props beside it; see ssr/runtime/island.js.
export function Island({ name, props }: { name: string; props: Record<string, unknown> }) {
  return renderIsland(name, props);
}
