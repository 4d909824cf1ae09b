// The page's word on the session, shared by every island: any island's API
// call that succeeds says the session was used (the idle warning restarts
// its countdown), and one that meets an expired session says so once (the
// idle warning, or without it a notice of its own, tells the user). Window
// events, so islands need not know each other; other tabs of the portal
// hear of activity on a BroadcastChannel (the idle warning listens).

export const SESSION_ACTIVE = 'portal:session-active';
export const SESSION_EXPIRED = 'portal:session-expired';

export type ExpiredNoticeDetail = { title: string; text: string };

/** What the user is told when the session expired (the API client's notice, the idle
 *  warning's dialog): here, not in ./apiClient, so the idle warning says it without
 *  loading the client. */
export const EXPIRED_TITLE = 'Your login expired';
export const EXPIRED_TEXT = 'Please log in again.';

/** A request on the session succeeded just now. */
export function noteActive(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(SESSION_ACTIVE));
}

/**
 * The session expired. Returns true when a listener (the idle warning)
 * took it upon itself to tell the user (it calls preventDefault).
 */
export function noteExpired(detail: ExpiredNoticeDetail): boolean {
  if (typeof window === 'undefined') return false;
  const e = new CustomEvent(SESSION_EXPIRED, { detail, cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
}

/** Log in again and come back to this page (GET pages only). */
export function loginAgainHref(): string {
  const here = window.location.pathname + window.location.search;
  return '/login?' + new URLSearchParams({ expired: '1', redirect_url: here }).toString();
}

/** When the page arrived, which the loader notes (ssr/runtime/boot.js): the session's times
 *  count from the render, however late an island's code came. */
export function pageStart(): number {
  const t = (globalThis as { __portal_boot?: unknown }).__portal_boot;
  return typeof t === 'number' ? t : Date.now();
}
