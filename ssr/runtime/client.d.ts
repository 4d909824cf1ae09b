// Types of client.js for the island tests and tsc; the bundle uses the JS.
import type { ComponentType } from 'preact';

/** Hydrates every marker of island `name` with the props the server put beside it. */
export function mount<P>(name: string, Component: ComponentType<P>): void;
