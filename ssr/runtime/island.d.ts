// Types of island.js for templates/components/Island.tsx and tsc; the
// bundle uses the JS.
import type { ComponentChildren } from 'preact';

/** JSON that is safe inside <script>. */
export function safeJSON(value: unknown): string;

/**
 * The island's server markup inside its marker, with its props beside it:
 * raw HTML that the page's renderer writes as it is.
 */
export function renderIsland(name: string, props: object, load?: IslandLoad, on?: string): ComponentChildren;

/** When the browser loads an island's code (ssr/runtime/boot.js). */
export type IslandLoad = 'now' | 'visible' | 'interaction' | 'session';
