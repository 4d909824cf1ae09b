import { render } from 'preact';
import { act } from 'preact/test-utils';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import ApprovalPoll, { type Props } from './ApprovalPoll';
import { advance, islandPage } from './testing';

const props: Props = {
  id: 'appr-1',
  status: 'pending',
  csrf: 'csrf-token-123',
  statusUrl: '/mfa-verify/approval?id=appr-1',
  checkUrl: '/mfa-verify/authy/check',
  interval: 2000,
};

const serverPage = (p: Props) => islandPage('ApprovalPoll', ApprovalPoll, p, '<main><h1>Approve with Authy</h1>', '</main>');

const live = (el: Element) => el.querySelector('[role=status]')!;

describe('server markup (no JavaScript)', () => {
  it('is the status in a live region and a working Check again form', () => {
    const el = serverPage(props);
    expect(live(el).getAttribute('aria-live')).toBe('polite');
    expect(live(el).textContent).toMatch(/^Waiting for approval/);
    const f = el.querySelector('form')!;
    expect([f.getAttribute('method'), f.getAttribute('action')]).toEqual(['post', '/mfa-verify/authy/check']);
    expect(Object.fromEntries(new FormData(f))).toEqual({ _csrf: 'csrf-token-123', approval_request_id: 'appr-1' });
    expect(f.querySelector('button')!.textContent).toBe('Check again');
  });

  it('says Continue once approved', () => {
    const el = serverPage({ ...props, status: 'approved' });
    expect(live(el).textContent).toBe('Approved.');
    expect(el.querySelector('button')!.textContent).toBe('Continue');
  });

  it('passes axe', async () => {
    serverPage(props);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const r = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
    expect(r.violations.map((v) => v.id)).toEqual([]);
    vi.restoreAllMocks();
  });
});

describe('after hydration', () => {
  let statuses: string[];
  let fetches: string[];
  let submitted: number;

  beforeEach(() => {
    vi.useFakeTimers();
    statuses = [];
    fetches = [];
    submitted = 0;
    vi.stubGlobal('fetch', (url: string) => {
      fetches.push(url);
      const s = statuses.shift() ?? 'pending';
      return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ status: s }) });
    });
    vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(() => {
      submitted++;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    render(null, document.querySelector('[data-island]')!);
  });

  function hydrate(p: Props) {
    const el = serverPage(p);
    const before = el.innerHTML;
    act(() => mount('ApprovalPoll', ApprovalPoll));
    expect(el.innerHTML).toBe(before); // hydration changed nothing
    expect(el.hasAttribute('data-hydration-mismatch')).toBe(false);
    return el;
  }

  it('polls every 2 s while pending, announces the change and submits when approved', async () => {
    statuses = ['pending', 'approved'];
    const el = hydrate(props);
    await advance(2000);
    expect(fetches).toEqual(['/mfa-verify/approval?id=appr-1']);
    expect(submitted).toBe(0);
    await advance(2000);
    expect(fetches).toHaveLength(2);
    expect(live(el).textContent).toBe('Approved.');
    expect(submitted).toBe(1);
    await advance(20000);
    expect(fetches).toHaveLength(2);
  });

  it('stops on denied and says so; the Check again button stays', async () => {
    statuses = ['denied'];
    const el = hydrate(props);
    await advance(10000);
    expect(fetches).toHaveLength(1);
    expect(live(el).textContent).toBe('The request was denied.');
    expect(submitted).toBe(0);
    expect(el.querySelector('button')!.textContent).toBe('Check again');
  });

  it('does not poll a request that is no longer pending; submits one already approved', async () => {
    hydrate({ ...props, status: 'expired' });
    await advance(10000);
    expect(fetches).toHaveLength(0);
    expect(submitted).toBe(0);
    hydrate({ ...props, status: 'approved' });
    expect(submitted).toBe(1);
    await advance(10000);
    expect(fetches).toHaveLength(0);
  });
});
