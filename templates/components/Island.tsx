import type { ComponentProps } from 'preact';
import { renderIsland, type IslandLoad } from '../../ssr/runtime/island.js';
import type { Islands } from '../generated/components';

/** The name of an island: a file under islands/. */
export type IslandName = keyof Islands;

/**
 * The props island N's component takes (islands/N.tsx, its Props); for an
 * island whose props Go builds, that is the generated IslandProps[N].
 */
export type IslandPropsOf<N extends IslandName> = ComponentProps<Islands[N]>;

// An island renders with preact on the server (so hydration finds the same
// markup) and ships its props beside it; see ssr/runtime/island.js. The name
// picks the island's own props type, so a page cannot hand it wrong ones.
// load and on say when the browser fetches its code (ssr/runtime/boot.js):
// by default at once; the shell's controls on first use.
export function Island<N extends IslandName>({ name, props, load, on }: { name: N; props: IslandPropsOf<N>; load?: IslandLoad; on?: string }) {
  return renderIsland(name, props, load, on);
}

/** When a dialog's opener island needs its code: on the opener's first focus or click
 *  (ssr/runtime/boot.js holds the click and gives the focus on), or at once when the
 *  address opens the dialog as the page loads. */
export const opener = (openNow?: boolean): IslandLoad | undefined => (openNow ? undefined : 'interaction');
