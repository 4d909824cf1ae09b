import { h } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../ssr/runtime/client.js';
import StatementsTable, { type Props } from './StatementsTable';
import type { StatementRow } from '../templates/generated/props';
import { advance, jsonReply, stubDownloads, unmountIsland, violations } from './testing';

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

function serverPage(p: Props): HTMLElement {
  document.body.innerHTML =
    '<main><h1>Exported statements</h1>' +
    `<div data-island="StatementsTable" data-props="island-0">${renderToString(h(StatementsTable, p))}</div>` +
    `<script type="application/json" id="island-0">${JSON.stringify(p).replace(/</g, '\\u003c')}</script></main>`;
  return document.querySelector('[data-island]')!;
}

function hydrate(p: Props) {
  const el = serverPage(p);
  const before = el.innerHTML;
  act(() => mount('StatementsTable', StatementsTable));
  expect(el.innerHTML).toBe(before);
  return el;
}

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
  let states: string[];
  let fetched: string[];
  let download: { ok: boolean; disposition: string | null };
  let clicked: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    fetched = [];
    clicked = [];
    download = { ok: true, disposition: 'attachment; filename=statement.csv' };
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      if (url.includes('/download')) {
        return Promise.resolve({
          ok: download.ok, status: download.ok ? 200 : 500,
          headers: { get: (k: string) => (k === 'Content-Disposition' ? download.disposition : null) },
          blob: () => Promise.resolve(new Blob(['date,id\r\n'])),
        });
      }
      const s = states.shift() ?? 'generating';
      return Promise.resolve(jsonReply(200, { data: { state: s } }));
    });
    stubDownloads(clicked);
  });
  afterEach(unmountIsland);

  it('polls pending statements every 2 s until ready, then offers the download and says so', async () => {
    states = ['generating', 'ready'];
    const el = hydrate(props);
    await advance(2000);
    expect(fetched).toEqual(['/api/s/a']);
    expect(stateOf(el, 'a')).toBe('generating');
    await advance(2000);
    expect(stateOf(el, 'a')).toBe('ready');
    expect(el.querySelector('#statement-a a')!.textContent).toContain('Download');
    expect(el.querySelector('[role=status]')!.textContent).toContain('Ready');
    await advance(10000);
    expect(fetched).toHaveLength(2);
  });

  it('does not poll when nothing is pending', async () => {
    hydrate({ ...props, rows: [row('b', 'ready')] });
    await advance(10000);
    expect(fetched).toEqual([]);
  });

  it('saves a download under the server name, and refuses a reply without one', async () => {
    const el = hydrate({ ...props, rows: [row('b', 'ready')] });
    const link = el.querySelector<HTMLAnchorElement>('#statement-b a')!;
    await act(async () => {
      link.dispatchEvent(new MouseEvent('click', { cancelable: true, bubbles: true }));
    });
    await advance(0);
    expect(fetched).toEqual(['/api/s/b/download']);
    expect(clicked).toEqual(['statement.csv']);
    expect(el.querySelector('[role=alert]')).toBeNull();

    download = { ok: true, disposition: null };
    await act(async () => {
      link.dispatchEvent(new MouseEvent('click', { cancelable: true, bubbles: true }));
    });
    await advance(0);
    expect(el.querySelector('[role=alert]')!.textContent).toBe('Error while downloading the file');
    expect(clicked).toHaveLength(1);
  });

  it('downloads another format from its own API address', async () => {
    const el = hydrate({ ...props, rows: [row('b', 'ready')] });
    download = { ok: true, disposition: 'attachment; filename=statement.sta' };
    const mt940 = [...el.querySelectorAll<HTMLAnchorElement>('#statement-b a')].find((a) => a.textContent!.startsWith('MT940'))!;
    await act(async () => {
      mt940.dispatchEvent(new MouseEvent('click', { cancelable: true, bubbles: true }));
    });
    await advance(0);
    expect(fetched).toEqual(['/api/s/b/download?format=mt940']);
    expect(clicked).toEqual(['statement.sta']);
  });
});
