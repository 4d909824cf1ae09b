// Code an island needs only on the first interaction (a click, a submit, a dialog
// opening) or on a timer comes by import() then, not with the island's first load:
// the island's budget is what it loads before anyone touches it. Each loader is
// memoised, so every island on the page shares one request and one module; a load that
// failed (the network dropped) is forgotten, so the next interaction tries again.
//
// The session's API client (apiClient with sessionBus and the expired notice) and the
// one dialog (Modal): await the loader, then proceed, so the first click is not lost. A
// dialog whose contents are most of an island (the transfer form) comes as the island's own
// module with the frame, on the same first click (withModal's load).

import type { ModalProps } from './Modal';

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () =>
    (p ??= load().catch((e: unknown) => {
      p = undefined;
      throw e;
    }));
}

/** What loadApi brings: createApiClient and ApiError. */
export type LazyApi = typeof import('./lazyApi');

// lazyApi, not apiClient itself: see lazyApi.
export const loadApi = once((): Promise<LazyApi> => import('./lazyApi'));
export const loadModal = once(() => import('./Modal'));

export type ModalModule = typeof import('./Modal');

/** Stands for the dialog until its module came: renders nothing. */
export const NoModal = (_: ModalProps): null => null;

// withModal is in its own module, so an island that needs it alone (./exports) does not
// load these loaders with it.
export { withModal } from './withModal';
