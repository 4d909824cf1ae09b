import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import PayoutReportsTable, { type Props } from './PayoutReportsTable';
import type { PayoutReportRow } from '../templates/generated/props';
import { advance, headedIsland, listApi, violations } from './testing';

const row = (id: string, state: string): PayoutReportRow => ({
  id, from: '24-10-2026', to: '22-11-2026', created: '22-11-2026 08:00', account: '4520011000000015', accountName: 'Main EUR',
  statuses: 'Completed', state, rows: 3, statusUrl: '/api/r/' + id, csvUrl: '/org/o1/exported_payouts/' + id + '/download',
  apiUrl: '/api/r/' + id + '/download',
});

const props: Props = { rows: [row('a', 'queued'), row('b', 'ready'), row('c', 'failed')], canDownload: true, refreshUrl: '/org/o1/exported_payouts', interval: 2000 };

const { serverPage, hydrate } = headedIsland('Exported payouts', 'PayoutReportsTable', PayoutReportsTable);

const cell = (el: Element, id: string) => el.querySelector('#payout-report-' + id + ' td:last-child')!;

describe('server markup', () => {
  it('has the spec columns; Refresh while generating, Download when ready, Failed', async () => {
    const el = serverPage(props);
    expect([...el.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['From', 'To', 'Created date (UTC)', 'Account', 'Status', 'Action']);
    expect(cell(el, 'a').querySelector('a')!.textContent).toBe('Refresh');
    expect(cell(el, 'b').querySelector('a')!.getAttribute('href')).toBe('/org/o1/exported_payouts/b/download');
    expect(cell(el, 'c').textContent).toBe('Failed');
    expect(await violations()).toEqual([]);
    vi.restoreAllMocks();
  });
  it('offers no download without exports:download', () => {
    const el = serverPage({ ...props, canDownload: false });
    expect(cell(el, 'b').querySelector('a')).toBeNull();
  });
});

describe('after hydration', () => {
  const api = listApi('attachment; filename=payout-report-4520011000000015-20261024-20261122.csv');

  it('follows a report being generated until ready and announces it', async () => {
    api.states = ['generating', 'ready'];
    const el = hydrate(props);
    await advance(2000);
    await advance(2000);
    expect(api.fetched).toEqual(['/api/r/a', '/api/r/a']);
    expect(cell(el, 'a').querySelector('a')!.textContent).toContain('Download');
    expect(el.querySelector('[role=status]')!.textContent).toContain('Ready');
  });

  it('saves a download under the server name, and refuses a reply without one', async () => {
    const el = hydrate({ ...props, rows: [row('b', 'ready')] });
    const link = cell(el, 'b').querySelector<HTMLAnchorElement>('a')!;
    await act(async () => { link.dispatchEvent(new MouseEvent('click', { cancelable: true, bubbles: true })); });
    await advance(0);
    expect(api.clicked).toEqual(['payout-report-4520011000000015-20261024-20261122.csv']);
    api.download = { ok: true, disposition: null };
    await act(async () => { link.dispatchEvent(new MouseEvent('click', { cancelable: true, bubbles: true })); });
    await advance(0);
    expect(el.querySelector('[role=alert]')!.textContent).toBe('Error while downloading the file');
  });
});
