import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, violations, islandPage, hydrateEnhanced } from './testing';
import DraftDecision, { REFETCH_MS } from './DraftDecision';
import type { IslandProps } from '../templates/generated/props';

type Props = IslandProps['DraftDecision'];

const draft = '/org/o1/payout_drafts/d1';
const props: Props = {
  draftId: 'd1',
  api: '/api/v2/payouts/organisations/o1/payout_drafts/d1',
  csrf: 'csrf-1',
  list: '/org/o1/payout_drafts',
  actions: [
    { kind: 'approve', label: 'Approve', action: draft + '/approve', method: 'POST', href: draft + '/approve', failed: 'Error while approving the draft', confirm: null },
    {
      kind: 'reject', label: 'Decline', action: draft + '/reject', method: 'POST', href: draft + '/reject', failed: 'Error while rejecting the draft',
      confirm: { title: 'Decline draft?', text: 'The payout will not be made. A declined draft cannot be restored.', submit: 'Decline', back: 'Cancel', action: draft + '/reject', csrf: 'csrf-1', returnTo: draft },
    },
  ],
};

let calls: { url: string; init: RequestInit }[] = [];
let reply: () => Response;
const json = jsonReply;

beforeEach(() => {
  calls = [];
  reply = () => json(200, { data: { message: 'Successfully rejected draft with id: d1' } });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => (calls.push({ url, init }), reply())));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const serverPage = (p: Props = props) => islandPage('DraftDecision', DraftDecision, p, '<main><h1>Payout drafts</h1><table><tbody><tr id="draft-d1"><td>d1</td></tr></tbody></table>', '</main>');

const hydrated = () => hydrateEnhanced(serverPage(), 'DraftDecision', DraftDecision);

describe('without JavaScript', () => {
  it('approves with a form that posts the CSRF token, and links to the decline page', () => {
    const el = serverPage();
    const form = el.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(draft + '/approve');
    expect(form.querySelector<HTMLInputElement>('input[name=_csrf]')!.value).toBe('csrf-1');
    expect(el.querySelector('a')!.getAttribute('href')).toBe(draft + '/reject');
  });
});

describe('hydrated', () => {
  it('asks in a dialog, calls the API, announces the answer, removes the row and refetches after 3000 ms', async () => {
    const el = await hydrated();
    await act(async () => {
      el.querySelector('a')!.click();
      await vi.dynamicImportSettled(); // the dialog's module (lib/lazy)
    });
    const dialog = document.querySelector('dialog')!;
    expect(dialog.textContent).toContain('Decline draft?');
    expect(document.activeElement?.textContent).toBe('Cancel');
    expect(await violations()).toEqual([]);
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await act(async () => {
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Decline')!.click();
      await vi.dynamicImportSettled(); // the API client's module (lib/lazy)
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls[0].url).toBe(props.api + '/reject');
    expect(calls[0].init.method).toBe('POST');
    expect(new Headers(calls[0].init.headers).get('X-CSRF-Token')).toBe('csrf-1');
    expect(el.querySelector('[role=status]')!.textContent).toBe('Successfully rejected draft with id: d1');
    expect(document.getElementById('draft-d1')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFETCH_MS - 1);
    });
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(assign).toHaveBeenCalledWith('/org/o1/payout_drafts');
  });

  it('shows the spec failure text with the reason and keeps the row', async () => {
    reply = () => json(409, { errors: [{ status: 409, code: 'conflict', title: 'Error while approving the draft', detail: 'You have already approved this draft.' }] });
    const el = await hydrated();
    await act(async () => {
      el.querySelector<HTMLButtonElement>('form button')!.click();
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(calls[0].url).toBe(props.api + '/approve');
    expect(el.querySelector('[role=status]')!.textContent).toBe('Error while approving the draft: You have already approved this draft.');
    expect(document.getElementById('draft-d1')).not.toBeNull();
  });
});
