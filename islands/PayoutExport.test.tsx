import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import PayoutExport, { type Props } from './PayoutExport';
import { advance, dialogApi, exportFrame, headedIsland, jsonReply, violations } from './testing';

const props: Props = {
  mode: 'open',
  ...exportFrame('/org/o1/exported_payouts', '/api/v2/disbursement/organisations/o1/payout_reports', 'download_payouts'),
  statuses: [
    { value: 'returned', label: 'Returned' }, { value: 'rejected', label: 'Rejected' }, { value: 'completed', label: 'Completed' },
    { value: 'cancelled', label: 'Cancelled' },
  ],
  values: { account: '4520011000000015', from: '24-10-2026', to: '22-11-2026', statuses: ['completed'], amountFrom: '', amountTo: '' },
  errors: {},
  max: '2026-11-22',
  maxDays: 90,
  done: false,
};

const page = headedIsland('Exported payouts', 'PayoutExport', PayoutExport);
const serverPage = page.serverPage;
// Opened on the page, the form moves into the dialog.
const hydrate = (p: Props) => page.hydrate(p, () => true);

// The dialog's module comes by import() when it first opens (lib/PayoutExportDialog).
const came = async () => {
  await act(() => vi.dynamicImportSettled());
  await advance(0);
};

const submit = (d: Element) =>
  act(async () => {
    d.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    await vi.dynamicImportSettled(); // the API client's module, loaded with the first request (lib/lazy)
  });

describe('without JavaScript', () => {
  it('opened with download_payouts: the form on the page, posting to the server what is shown', async () => {
    const el = serverPage(props);
    expect(el.querySelector('section h2')!.textContent).toBe('Download payout requests');
    const f = el.querySelector('form')!;
    expect([f.getAttribute('method'), f.getAttribute('action')]).toEqual(['post', '/org/o1/exported_payouts']);
    const data = new FormData(f);
    expect([data.get('account'), data.get('from'), data.get('to'), data.getAll('statuses')]).toEqual(
      ['4520011000000015', '24-10-2026', '22-11-2026', ['completed']]);
    expect(el.querySelector('#payout-export-account option')!.textContent).toBe('All');
    expect(el.querySelector('label[for=payout-export-from]')!.textContent).toBe('Created from');
    expect(el.querySelector('button')!.textContent).toBe('Export to CSV');
    expect(el.querySelector('dialog')).toBeNull();
    expect(await violations()).toEqual([]);
    vi.restoreAllMocks();
  });

  it('shows the server errors beside the fields and in a summary', async () => {
    const el = serverPage({ ...props, errors: { account: 'Please choose account', from: 'Please choose less than 90 days' } });
    const links = [...el.querySelectorAll<HTMLAnchorElement>('[role=alert] a')].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links).toEqual([['#payout-export-account', 'Please choose account'], ['#payout-export-from', 'Please choose less than 90 days']]);
    expect(el.querySelector('#payout-export-from')!.getAttribute('aria-describedby')).toBe('payout-export-dates-hint payout-export-from-error');
    expect(await violations()).toEqual([]);
    vi.restoreAllMocks();
  });

  it('done: the report is being generated, with the e-mail note', () => {
    const el = serverPage({ ...props, done: true });
    const st = el.querySelector('[role=status]')!.textContent!;
    expect(st).toContain('Your report is being generated');
    expect(st).toContain('e-mail');
    expect(el.querySelector('form')).toBeNull();
  });

  it('opener: a link to the page, no form', () => {
    const el = serverPage({ ...props, mode: 'opener' });
    const a = el.querySelector('a')!;
    expect([a.textContent, a.getAttribute('href')]).toEqual(['Download payout requests', '/org/o1/exported_payouts?download_payouts=1']);
    expect(el.querySelector('form, dialog')).toBeNull();
  });
});

describe('with JavaScript', () => {
  const api = dialogApi({ data: { uuid: 'r1', state: 'queued' } });

  it('download_payouts opens the dialog (336 wide) prefilled; choose filters → processing → generated → list', async () => {
    const el = hydrate(props);
    await came();
    const d = el.querySelector('dialog')!;
    expect(d.hasAttribute('open')).toBe(true);
    expect(d.style.width).toContain('336px');
    expect(d.querySelector('h2')!.textContent).toBe('Download payout requests');
    expect(el.querySelector('section')).toBeNull();
    expect(d.querySelector<HTMLInputElement>('#payout-export-from')!.value).toBe('24-10-2026');
    // Choose another status and an amount.
    await act(async () => {
      const box = d.querySelector<HTMLInputElement>('input[value=returned]')!;
      box.checked = true;
      box.dispatchEvent(new Event('change', { bubbles: true }));
      const amt = d.querySelector<HTMLInputElement>('#payout-export-amountFrom')!;
      amt.value = '25.50';
      amt.dispatchEvent(new Event('input', { bubbles: true }));
    });
    let resolve: (v: unknown) => void = () => {};
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      api.posts.push({ url, init });
      return new Promise((r) => { resolve = r; });
    });
    await submit(d);
    expect(d.querySelector('[role=status]')!.textContent).toBe('Processing…');
    expect(api.posts).toHaveLength(1);
    expect(api.posts[0].url).toBe('/api/v2/disbursement/organisations/o1/payout_reports');
    expect((api.posts[0].init.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-1');
    expect(JSON.parse(api.posts[0].init.body as string)).toEqual({
      virtual_account_number: '4520011000000015', created_after: '2026-10-24', created_before: '2026-11-23',
      status_categories: ['completed', 'returned'], amount_from: '25.50',
    });
    await act(async () => resolve(jsonReply(201, api.reply.body)));
    await advance(0);
    expect(d.querySelector('[role=status]')!.textContent).toContain('Your report is being generated');
    await advance(999);
    expect(api.assigned).toEqual([]);
    await advance(1);
    expect(api.assigned).toEqual(['/org/o1/exported_payouts']);
  });

  it('checks the rules first: account All, more than 90 days', async () => {
    const el = hydrate({ ...props, values: { ...props.values, account: '', from: '01-01-2026' } });
    await came();
    const d = el.querySelector('dialog')!;
    await submit(d);
    expect(api.posts).toHaveLength(0);
    expect(d.querySelector('#payout-export-account-error')!.textContent).toContain('Please choose account');
    expect(d.querySelector('#payout-export-from-error')!.textContent).toContain('Please choose less than 90 days');
  });

  it('says the spec words for error 1001, else "Something went wrong"', async () => {
    const el = hydrate(props);
    await came();
    const d = el.querySelector('dialog')!;
    api.reply = { ok: false, status: 422, body: { errors: [{ code: '1001', title: 'x' }] } };
    await submit(d);
    await advance(0);
    expect(d.querySelector('[role=alert]')!.textContent).toBe('No requests found for the selected filters. Please adjust your filters and try again.');
    api.reply = { ok: false, status: 500, body: { errors: [{ code: 'internal_error', title: 'x' }] } };
    await submit(d);
    await advance(0);
    expect(d.querySelector('[role=alert]')!.textContent).toBe('Something went wrong');
  });

  it('keeps what was typed on the page while the dialog\'s code came', async () => {
    const el = hydrate(props);
    const amt = el.querySelector<HTMLInputElement>('section #payout-export-amountTo')!;
    await act(async () => {
      amt.value = '99.00';
      amt.dispatchEvent(new Event('input', { bubbles: true }));
      el.querySelector<HTMLInputElement>('section #payout-export-status-completed')!.checked = false;
      el.querySelector<HTMLInputElement>('section #payout-export-statuses')!.checked = true;
      el.querySelector<HTMLInputElement>('section #payout-export-to')!.value = '20-11-2026';
    });
    await came();
    expect(el.querySelector('section')).toBeNull();
    const d = el.querySelector('dialog')!;
    expect(d.querySelector<HTMLInputElement>('#payout-export-amountTo')!.value).toBe('99.00');
    expect(d.querySelector<HTMLInputElement>('#payout-export-to')!.value).toBe('20-11-2026');
    expect([...d.querySelectorAll<HTMLInputElement>('[name=statuses]:checked')].map((c) => c.value)).toEqual(['returned']);
    expect(d.querySelector<HTMLSelectElement>('#payout-export-account')!.value).toBe('4520011000000015');
  });

  it('hydrated, the form on the page is the server\'s markup as it came until the dialog took its place', async () => {
    const el = hydrate(props);
    const before = el.querySelector('section')!;
    // Nothing of the island runs in it: a typed day is not masked there.
    const from = before.querySelector<HTMLInputElement>('#payout-export-from')!;
    from.value = '0101';
    from.dispatchEvent(new Event('input', { bubbles: true }));
    expect(from.value).toBe('0101');
    await came();
    expect(el.querySelector('section')).toBeNull();
    expect(el.querySelector('dialog form')).not.toBeNull();
  });

  it('keeps the server errors when it opens the dialog', async () => {
    const el = hydrate({ ...props, errors: { form: 'Something went wrong' } });
    await came();
    expect(el.querySelector('dialog [role=alert]')!.textContent).toBe('Something went wrong');
  });

  it('opener: the link opens the dialog; Escape-like close returns to the page', async () => {
    const el = hydrate({ ...props, mode: 'opener' });
    await advance(0);
    // The dialog's code comes with the first click, not with the island.
    expect(el.querySelector('dialog')).toBeNull();
    await act(async () => el.querySelector('a')!.click());
    await came();
    const d = el.querySelector('dialog')!;
    expect(d.hasAttribute('open')).toBe(true);
    await act(async () => d.querySelector<HTMLButtonElement>('button[type=button]')!.click());
    expect(d.hasAttribute('open')).toBe(false);
  });
});
