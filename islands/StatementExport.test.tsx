import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import StatementExport, { type Props } from './StatementExport';
import { advance, dialogApi, exportFrame, headedIsland, violations } from './testing';

const props: Props = {
  mode: 'page',
  ...exportFrame('/org/o1/exported_statements', '/api/v2/virtual_bank/organisations/o1/statements', 'download_statement'),
  kinds: [
    { value: 'transactions', label: 'Transactions' },
    { value: 'charges', label: 'Charges' },
  ],
  formats: [
    { value: 'csv', label: 'CSV' },
    { value: 'camt053', label: 'camt.053' },
    { value: 'mt940', label: 'MT940' },
  ],
  values: { account: '4520011000000023', from: '24-10-2026', to: '22-11-2026', kind: 'transactions', format: 'csv' },
  errors: {},
  max: '2026-11-22',
  done: false,
};

const page = headedIsland('Exported statements', 'StatementExport', StatementExport);
const serverPage = page.serverPage;
// The dialog comes after the server's markup.
const hydrate = (p: Props) => page.hydrate(p, (now, before) => now.startsWith(before));

describe('page mode (no JavaScript)', () => {
  it('is a plain form that posts to the server, with the chosen values', () => {
    const el = serverPage(props);
    const f = el.querySelector('form')!;
    expect([f.getAttribute('method'), f.getAttribute('action')]).toEqual(['post', '/org/o1/exported_statements']);
    expect(Object.fromEntries(new FormData(f))).toEqual({
      _csrf: 'csrf-1', from: '24-10-2026', to: '22-11-2026', account: '4520011000000023', kind: 'transactions', format: 'csv',
    });
    // Masked DD-MM-YYYY text inputs, named apart from the top bar picker's From and To.
    for (const [id, label] of [['statement-from', 'Statement from'], ['statement-to', 'Statement to']]) {
      const i = el.querySelector<HTMLInputElement>('#' + id)!;
      expect([i.type, i.inputMode, i.placeholder, i.maxLength, i.required]).toEqual(['text', 'numeric', 'DD-MM-YYYY', 10, true]);
      expect(el.querySelector(`label[for=${id}]`)!.textContent).toBe(label);
    }
    expect(el.querySelector('legend')!.textContent).toBe('Statement period');
    expect(el.querySelector('#statement-dates-hint')!.textContent).toContain('22-11-2026');
    expect(el.querySelector('button')!.textContent).toBe('Download CSV report');
  });

  it('offers CSV, camt.053 and MT940; the button names the format the form holds', () => {
    const el = serverPage({ ...props, values: { ...props.values, format: 'mt940' } });
    const select = el.querySelector<HTMLSelectElement>('#statement-format')!;
    expect(el.querySelector('label[for=statement-format]')!.textContent).toBe('File format');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([['csv', 'CSV'], ['camt053', 'camt.053'], ['mt940', 'MT940']]);
    expect(select.value).toBe('mt940');
    expect(el.querySelector('button')!.textContent).toBe('Download MT940 report');
  });

  it('shows errors beside the fields and in a summary linked to them', async () => {
    const el = serverPage({ ...props, errors: { to: 'The last day cannot be after 22-11-2026' } });
    const link = el.querySelector<HTMLAnchorElement>('[role=alert] a')!;
    expect(link.getAttribute('href')).toBe('#statement-to');
    expect(el.querySelector('#statement-to')!.getAttribute('aria-describedby')).toBe('statement-dates-hint statement-to-error');
    expect(el.querySelector('#statement-to-error')!.textContent).toContain('The last day cannot be after 22-11-2026');
    expect(await violations()).toEqual([]);
    vi.restoreAllMocks();
  });

  it('once hydrated, masks the dates as typed, keeps the caret, and does not let them be cleared', async () => {
    const el = hydrate(props);
    const from = el.querySelector<HTMLInputElement>('#statement-from')!;
    const type = async (value: string, caret = value.length) => {
      await act(async () => {
        from.value = value;
        from.setSelectionRange(caret, caret);
        from.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    await type('0111x');
    expect(from.value).toBe('01-11');
    await type('01112026');
    expect([from.value, from.selectionStart]).toEqual(['01-11-2026', 10]);
    // Emptied: the last usable date comes back, not the one it started with.
    await type('');
    expect(from.value).toBe('01-11-2026');
    // A date past today is not usable, so emptying afterwards puts back the one before it.
    await type('30-11-2026');
    await type('');
    expect(from.value).toBe('01-11-2026');
    // An edit in the middle leaves the caret after the typed digit.
    await type('01-1-2026', 4);
    expect([from.value, from.selectionStart]).toEqual(['01-12-026', 4]);
    // Still a plain form: what is posted is what is shown.
    expect(new FormData(el.querySelector('form')!).get('from')).toBe('01-12-026');
    render(null, el);
  });

  it('done: the report is e-mailed', () => {
    const el = serverPage({ ...props, done: true });
    expect(el.querySelector('[role=status]')!.textContent).toContain('e-mailed');
    expect(el.querySelector('form')).toBeNull();
  });
});

// The dialog's module comes by import() with the first opening (lib/StatementDialog).
const came = async () => {
  await act(() => vi.dynamicImportSettled());
  await act(async () => {});
};

describe('opener mode', () => {
  const api = dialogApi({ data: { id: 's1', state: 'queued' } });

  const opener = { ...props, mode: 'opener' as const };

  it('opens at once for ?download_statement (openOnLoad), and nowhere else', async () => {
    let el = hydrate({ ...opener, openOnLoad: true });
    await came();
    expect(el.querySelector('dialog')!.hasAttribute('open')).toBe(true);
    render(null, el);
    el = hydrate(opener);
    await came();
    // Not opened, its code has not even come.
    expect(el.querySelector('dialog')).toBeNull();
  });

  it('dresses the account page\'s opener ("Export to CSV", secondary)', () => {
    const el = serverPage({ ...opener, openerLabel: 'Export to CSV', openerStyle: 'secondary' });
    const a = el.querySelector('a')!;
    expect(a.textContent).toBe('Export to CSV');
    expect(a.className).toContain('border');
    expect(a.className).not.toContain('bg-blue-800');
  });

  it('is a link to the page without JavaScript', () => {
    const el = serverPage(opener);
    const a = el.querySelector('a')!;
    expect([a.textContent, a.getAttribute('href')]).toEqual(['Download statement', '/org/o1/exported_statements?download_statement=1']);
    expect(el.querySelector('dialog, form')).toBeNull();
  });

  it('opens the dialog (336 wide), posts to the API, says done, closes after 1 s and shows the list', async () => {
    const el = hydrate(opener);
    await act(async () => el.querySelector('a')!.click());
    await came();
    const d = el.querySelector('dialog')!;
    expect(d.hasAttribute('open')).toBe(true);
    expect(d.style.width).toContain('336px');
    expect(d.querySelector('h2')!.textContent).toBe('Download statement');
    // Choosing MT940 renames the button and goes into the request.
    const format = d.querySelector<HTMLSelectElement>('#statement-format')!;
    await act(async () => {
      format.value = 'mt940';
      format.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(d.querySelector('button[type=submit]')!.textContent).toBe('Download MT940 report');
    await act(async () => {
      d.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
      await vi.dynamicImportSettled(); // the API client's module (lib/lazy)
    });
    expect(api.posts).toHaveLength(1);
    expect(api.posts[0].url).toBe('/api/v2/virtual_bank/organisations/o1/statements');
    expect((api.posts[0].init.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-1');
    expect(JSON.parse(api.posts[0].init.body as string)).toEqual({
      virtual_account_number: '4520011000000023', created_after: '2026-10-24', created_before: '2026-11-23', kind: 'transactions',
      format: 'mt940',
    });
    await advance(0);
    expect(d.querySelector('[role=status]')!.textContent).toContain('e-mailed');
    await advance(999);
    expect(api.assigned).toEqual([]);
    await advance(1);
    expect(api.assigned).toEqual(['/org/o1/exported_statements']);
    expect(d.hasAttribute('open')).toBe(false);
  });

  it('checks the form first and maps the API errors to fields', async () => {
    const el = hydrate(opener);
    await act(async () => el.querySelector('a')!.click());
    await came();
    const d = el.querySelector('dialog')!;
    const to = d.querySelector<HTMLInputElement>('#statement-to')!;
    await act(async () => {
      to.value = '30112026';
      to.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(to.value).toBe('30-11-2026');
    await act(async () => {
      d.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    });
    expect(api.posts).toHaveLength(0);
    expect(d.querySelector('#statement-to-error')!.textContent).toContain('The last day cannot be after 22-11-2026');

    // Cleared: the dialog's last usable date (the default) comes back.
    await act(async () => {
      to.value = '';
      to.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(to.value).toBe('22-11-2026');
    await act(async () => {
      to.value = '21-11-2026';
      to.dispatchEvent(new Event('input', { bubbles: true }));
    });
    api.reply = { ok: false, status: 500, body: { errors: [{ title: 'Something went wrong' }] } };
    await act(async () => {
      d.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
      await vi.dynamicImportSettled(); // the API client's module (lib/lazy)
    });
    await advance(0);
    expect(api.posts).toHaveLength(1);
    expect(d.querySelector('[role=alert]')!.textContent).toBe('Unable to create statement');
  });
});
