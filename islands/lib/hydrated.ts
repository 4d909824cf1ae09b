import { useEffect, useState } from 'preact/hooks';

// useHydrated is false on the server and in the render that hydrates the
// server's markup, which must leave that markup as it is (ssr/runtime/client.js
// flags any change), and true from the next render on. Islands enhance
// themselves (buttons that need JavaScript, live checks) only once it is true;
// the effects that flip it run after hydration, so an island's own hydration
// effects (reading what was typed before the script ran, say) land in the
// same re-render.
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
