import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import StatementsTable, { type Props } from './StatementsTable';
import type { StatementRow } from '../templates/generated/props';
import { advance, headedIsland, listApi, violations } from './testing';

const row = (id: string, state: string): StatementRow => ({
  id, from: '24-10-2026', to: '22-11-2026', created: '22-11-2026 08:00', account: '4520011000000015', accountName: 'Main EUR',
  kind: 'Transactions', state, statusUrl: '/api/s/' + id,
  downloads: [
    { format: 'csv', label: 'CSV', url: '/org/o1/exported_statements/' + id + '/download', apiUrl: '/api/s/' + id + '/download' },
    { format: 'camt053', label: 'camt.053', url: '/org/o1/exported_statements/' + id + '/download?format=camt053', apiUrl: '/api/s/' + id + '/download?format=camt053' },
    { format: 'mt940', label: 'MT940', url: '/org/o1/exported_statements/' + id + '/download?format=mt940', apiUrl: '/api/s/' + id + '/download?format=mt940' },
  ],
});

const props: Props = { rows: [row('a', 'generating'), row('b', 'ready')], canDownload: true, refreshUrl: '/org/o1/exported_statements', interval: 2000 };

const { serverPage, hydrate } = headedIsland('Exported statements', 'StatementsTable', StatementsTable);

const stateOf = (el: Element, id: string) => el.querySelector('#statement-' + id)!.getAttribute('data-state');

describe('server markup', () => {
  it('has the spec columns, a Refresh link for a pending statement and download links for a ready one', async () => {
    const el = serverPage(props);
    expect([...el.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['From', 'To', 'Create date (UTC)', 'Account', 'Type', 'Action']);
    expect(el.querySelector('#statement-a a')!.textContent).toBe('Refresh');
    expect(el.querySelector('#statement-b a')!.getAttribute('href')).toBe('/org/o1/exported_statements/b/download');
    expect(await violations()).toEqual([]);
    vi.restoreAllMocks();
  });
  it('names each format, the requested one first as "Download", each link with the period for screen readers', () => {
    const el = serverPage(props);
    const links = [...el.querySelectorAll('#statement-b a')];
    expect(links.map((a) => a.textContent)).toEqual([
      'Download CSV, 24-10-2026 to 22-11-2026', 'camt.053, 24-10-2026 to 22-11-2026', 'MT940, 24-10-2026 to 22-11-2026',
    ]);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(row('b', 'ready').downloads.map((d) => d.url));
  });
  it('offers no download without exports:download', () => {
    const el = serverPage({ ...props, canDownload: false });
    expect(el.querySelector('#statement-b a')).toBeNull();
  });
});

describe('after hydration', () => {
  const api = listApi('attachment; filename=statement.csv');

  it('polls pending statements every 2 s until ready, then offers the download and says so', async () => {
    api.states = ['generating', 'ready'];
    const el = hydrate(props);
    await advance(2000);
    await act(() => vi.dynamicImportSettled()); // the API client's module, loaded on the first tick (lib/lazy)
    expect(api.fetched).toEqual(['/api/s/a']);
    expect(stateOf(el, 'a')).toBe('generating');
    await advance(2000);
    expect(stateOf(el, 'a')).toBe('ready');
    expect(el.querySelector('#statement-a a')!.textContent).toContain('Download');
    expect(el.querySelector('[role=status]')!.textContent).toContain('Ready');
    await advance(10000);
    expect(api.fetched).toHaveLength(2);
  });

  it('does not poll when nothing is pending', async () => {
    hydrate({ ...props, rows: [row('b', 'ready')] });
    await advance(10000);
    expect(api.fetched).toEqual([]);
  });

  it('saves a download under the server name, and refuses a reply without one', async () => {
    const el = hydrate({ ...props, rows: [row('b', 'ready')] });
    const link = el.querySelector<HTMLAnchorElement>('#statement-b a')!;
    await act(async () => {
      link.dispatchEvent(new MouseEvent('click', { cancelable: true, bubbles: true }));
    });
    await advance(0);
    expect(api.fetched).toEqual(['/api/s/b/download']);
    expect(api.clicked).toEqual(['statement.csv']);
    expect(el.querySelector('[role=alert]')).toBeNull();

    api.download = { ok: true, disposition: null };
    await act(async () => {
      link.dispatchEvent(new MouseEvent('click', { cancelable: true, bubbles: true }));
    });
    await advance(0);
    expect(el.querySelector('[role=alert]')!.textContent).toBe('Error while downloading the file');
    expect(api.clicked).toHaveLength(1);
  });

  it('downloads another format from its own API address', async () => {
    const el = hydrate({ ...props, rows: [row('b', 'ready')] });
    api.download = { ok: true, disposition: 'attachment; filename=statement.sta' };
    const mt940 = [...el.querySelectorAll<HTMLAnchorElement>('#statement-b a')].find((a) => a.textContent!.startsWith('MT940'))!;
    await act(async () => {
      mt940.dispatchEvent(new MouseEvent('click', { cancelable: true, bubbles: true }));
    });
    await advance(0);
    expect(api.fetched).toEqual(['/api/s/b/download?format=mt940']);
    expect(api.clicked).toEqual(['statement.sta']);
  });
});
