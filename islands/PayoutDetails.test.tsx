import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPage, hydrateEnhanced, islandPage, key, q, selectedTab, tabs, violations } from './testing';
import PayoutDetails, { type Props } from './PayoutDetails';

const detail = '/org/o1/payouts/PO-1';
const href = (tab: string) => `${detail}?state=rejected&tab=${tab}#payout-panel`;
const confirm = (action: string, title: string, submit: string, back: string) => ({
  title,
  text: title === 'Cancel payout request?' ? "We'll do our best, but cancellation may not be possible once processing has started." : 'The sandbox answers for the bank.',
  action,
  csrf: 'csrf-1',
  returnTo: `${detail}?state=rejected#payout-panel`,
  submit,
  back,
  fields: [],
});

const props: Props = {
  reference: 'PO-1',
  endToEndId: 'E2E-1',
  amount: '1,250.00 EUR',
  status: 'rejected',
  statusLabel: 'Rejected',
  message: 'Sorry, we could not process this payout request.',
  note: '',
  reasons: [{ code: 'invalid_creditor', symbol: 'RR03', label: 'Invalid creditor', message: "The receiver's name is invalid.", section: 'receiver' }],
  tabs: [
    { id: 'summary', label: 'Summary', href: href('summary'), errors: 0 },
    { id: 'payout_request', label: 'Payout Request', href: href('payout_request'), errors: 0 },
    { id: 'sender', label: 'Sender', href: href('sender'), errors: 0 },
    { id: 'history', label: 'History', href: href('history'), errors: 0 },
    { id: 'receiver_bank', label: 'Receiver Bank', href: href('receiver_bank'), errors: 0 },
    { id: 'receiver', label: 'Receiver', href: href('receiver'), errors: 2 },
  ],
  active: 'summary',
  sections: [
    { id: 'payout_request', fields: [{ label: 'Amount', value: '1,250.00 EUR' }], messages: [] },
    { id: 'sender', fields: [{ label: 'Full name', value: 'Nordic Trading ApS' }], messages: [] },
    { id: 'receiver_bank', fields: [], messages: ['Rejected.'] },
    {
      id: 'receiver',
      fields: [
        { label: 'Full name', value: '', error: 'The name is required.' },
        { label: 'Country', value: 'XX1', error: 'The country must be an ISO 3166 two-letter code.' },
      ],
      messages: [],
    },
  ],
  findings: [
    { section: 'receiver', sectionLabel: 'Receiver', field: 'Full name', details: 'The name is required.' },
    { section: 'receiver', sectionLabel: 'Receiver', field: 'Country', details: 'The country must be an ISO 3166 two-letter code.' },
  ],
  history: {
    transitions: [
      { label: 'Created', detail: '', when: '01-11-2026 10:00:00 UTC' },
      { label: 'Rejected', detail: '', when: '01-11-2026 10:00:05 UTC' },
    ],
    cancellations: [],
    reviews: [{ label: 'Freja Nielsen', detail: '', when: '01-11-2026 09:00:00 UTC' }],
  },
  close: '/org/o1/payouts?state=rejected#payout-PO-1',
  cancel: { href: `${detail}/cancel?state=rejected`, dialog: confirm(`${detail}/cancel`, 'Cancel payout request?', 'Cancel request', 'Keep it') },
  document: '',
  testCase: {
    href: `${detail}/test_case`,
    options: [{ value: 'SUCCESS', label: 'Complete' }, { value: 'RETURNED', label: 'Returned' }],
    keep: [{ name: 'state', value: 'rejected' }],
    dialog: confirm(`${detail}/test_case`, 'Run sandbox test case?', 'Run test case', 'Go back'),
  },
};

const serverPage = (p: Props = props) =>
  islandPage('PayoutDetails', PayoutDetails, p, '<main><h1>Payouts</h1><aside id="payout-panel" aria-labelledby="payout-panel-title">', '</aside></main>');

const hydrated = (p: Props = props) => hydrateEnhanced(serverPage(p), 'PayoutDetails', PayoutDetails);

afterEach(clearPage);

describe('server markup (no JavaScript)', () => {
  it('is links: tabs with the open one marked, badges to their tab, Cancel to its page, the test case a GET form', async () => {
    const el = serverPage();
    const nav = el.querySelector('nav[aria-label="Payout sections"]')!;
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(props.tabs.map((t) => t.href));
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual(['Summary']);
    expect(links[5].textContent).toBe('Receiver 2 errors');
    expect(el.querySelector('[role=tablist], [role=tab], dialog')).toBeNull();
    expect(el.querySelector('section h3')!.textContent).toBe('Summary');
    const badge = [...el.querySelectorAll('section a')].find((a) => a.textContent!.startsWith('RR03'))!;
    expect(badge.getAttribute('href')).toBe(href('receiver'));
    const cancel = [...el.querySelectorAll('a')].find((a) => a.textContent === 'Cancel payout')!;
    expect(cancel.getAttribute('href')).toBe(props.cancel!.href);
    const form = el.querySelector<HTMLFormElement>('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', props.testCase!.href]);
    expect(form.querySelector<HTMLInputElement>('input[type=hidden][name=state]')!.value).toBe('rejected');
    expect([...form.querySelectorAll('option')].map((o) => o.value)).toEqual(['SUCCESS', 'RETURNED']);
    expect(await violations()).toEqual([]);
  });

  it('shows the other sections by their own address', () => {
    const el = serverPage({ ...props, active: 'receiver' });
    expect(el.querySelector('section h3')!.textContent).toBe('Receiver');
    const err = [...el.querySelectorAll('section a')].find((a) => a.textContent!.startsWith('Error'))!;
    expect(err.getAttribute('href')).toBe(href('summary'));
    expect(el.querySelector('section')!.textContent).toContain('Not given');
  });
});

describe('hydrated', () => {
  it('turns the links into a tablist working with the keyboard, keeping the address in step', async () => {
    const replace = vi.spyOn(history, 'replaceState');
    await hydrated();
    expect(q('[role=tablist]').getAttribute('aria-label')).toBe('Payout sections');
    expect(tabs().map((t) => t.textContent)).toEqual(['Summary', 'Payout Request', 'Sender', 'History', 'Receiver Bank', 'Receiver 2 errors']);
    expect(selectedTab().textContent).toBe('Summary');
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    const panel = q('[role=tabpanel]');
    expect(panel.getAttribute('aria-labelledby')).toBe(selectedTab().id);
    expect(selectedTab().getAttribute('aria-controls')).toBe(panel.id);

    selectedTab().focus();
    key(selectedTab(), 'ArrowRight');
    expect(selectedTab().textContent).toBe('Payout Request');
    expect(document.activeElement).toBe(selectedTab());
    expect(q('[role=tabpanel]').textContent).toContain('1,250.00 EUR');
    expect(replace).toHaveBeenLastCalledWith(null, '', href('payout_request'));
    key(selectedTab(), 'End');
    expect(selectedTab().textContent).toBe('Receiver 2 errors');
    key(selectedTab(), 'ArrowRight');
    expect(selectedTab().textContent).toBe('Summary');
    key(selectedTab(), 'ArrowLeft');
    expect(selectedTab().textContent).toBe('Receiver 2 errors');
    key(selectedTab(), 'Home');
    expect(selectedTab().textContent).toBe('Summary');
    act(() => tabs()[3].click());
    expect(q('[role=tabpanel]').textContent).toContain('Freja Nielsen');
    expect(await violations()).toEqual([]);
  });

  it('opens a reason code badge\u2019s section, and Summary from an error badge', async () => {
    await hydrated();
    const badge = [...document.querySelectorAll<HTMLAnchorElement>('[role=tabpanel] a')].find((a) => a.textContent!.startsWith('RR03'))!;
    act(() => badge.click());
    expect(selectedTab().textContent).toBe('Receiver 2 errors');
    expect(document.activeElement).toBe(selectedTab());
    const err = [...document.querySelectorAll<HTMLAnchorElement>('[role=tabpanel] a')].find((a) => a.textContent!.startsWith('Error'))!;
    act(() => err.click());
    expect(selectedTab().textContent).toBe('Summary');
  });

  it('asks "Cancel payout request?" in a dialog that keeps the focus and gives it back', async () => {
    await hydrated();
    const opener = [...document.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent === 'Cancel payout')!;
    opener.focus();
    await act(async () => {
      opener.click();
      await vi.dynamicImportSettled(); // the dialogs' module (lib/PayoutDialogs)
    });
    const d = q<HTMLDialogElement>('#payout-cancel-dialog');
    expect(d.hasAttribute('open')).toBe(true);
    expect(q('#payout-cancel-dialog-title').textContent).toBe('Cancel payout request?');
    expect(d.textContent).toContain("We'll do our best, but cancellation may not be possible once processing has started.");
    const buttons = [...d.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Keep it', 'Cancel request']);
    expect(document.activeElement!.textContent).toBe('Keep it');
    const form = d.querySelector('form')!;
    expect([form.method, form.getAttribute('action')]).toEqual(['post', `${detail}/cancel`]);
    expect(Object.fromEntries(new FormData(form))).toEqual({ _csrf: 'csrf-1', return_to: props.cancel!.dialog.returnTo });
    expect(await violations()).toEqual([]);
    act(() => (document.activeElement as HTMLButtonElement).click());
    expect(d.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('confirms the chosen test case in the dialog, posting it', async () => {
    await hydrated();
    const sel = q<HTMLSelectElement>('#payout-test-case');
    sel.value = 'RETURNED';
    const submit = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Run test case')!;
    submit.focus();
    await act(async () => {
      sel.form!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await vi.dynamicImportSettled(); // the dialogs' module (lib/PayoutDialogs)
    });
    const d = q<HTMLDialogElement>('#payout-test-case-dialog');
    expect(d.hasAttribute('open')).toBe(true);
    expect(d.textContent).toContain('Test case: Returned');
    const form = d.querySelector('form')!;
    expect(form.getAttribute('action')).toBe(`${detail}/test_case`);
    expect(Object.fromEntries(new FormData(form))).toEqual({ _csrf: 'csrf-1', return_to: props.testCase!.dialog.returnTo, test_case: 'RETURNED' });
    expect(await violations()).toEqual([]);
    key(d, 'Escape');
    act(() => void d.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(d.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(submit);
  });

  it('offers no actions the props do not carry', async () => {
    await hydrated({ ...props, cancel: null, testCase: null, document: '/org/o1/payouts/PO-1/document/preview' });
    expect(document.querySelector('dialog, form')).toBeNull();
    const dl = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Download payment document')!;
    expect(dl.getAttribute('href')).toBe('/org/o1/payouts/PO-1/document/preview');
  });
});

describe('when the dialogs cannot come', () => {
  afterEach(() => {
    vi.doUnmock('./lib/PayoutDialogs');
    vi.unstubAllGlobals();
  });

  it('sends Cancel to its confirmation page', async () => {
    vi.doMock('./lib/PayoutDialogs', () => {
      throw new Error('offline');
    });
    const assigned: string[] = [];
    vi.stubGlobal('location', { ...window.location, assign: (u: string) => assigned.push(u) });
    await hydrated();
    const opener = [...document.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent === 'Cancel payout')!;
    await act(async () => {
      opener.click();
      await vi.dynamicImportSettled();
    });
    expect(document.querySelector('dialog')).toBeNull();
    expect(assigned).toEqual([opener.href]);
  });
});
