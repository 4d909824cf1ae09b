/** @jsxRuntime automatic @jsxImportSource preact */
import { hydrate, render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AccountFunding, { type Props } from './AccountFunding';
import { MSG_ACCEPTED, MSG_CHANGED, MSG_LOADING, MSG_SELECT, MSG_UNAVAILABLE } from './lib/funding';
import { violations } from './testing';

const props: Props = {
  orgId: 'org1',
  csrf: 'csrf-token',
  href: '/org/org1/account_funding',
  width: 436,
  accounts: [
    { value: '15', label: 'Main EUR (EUR) · No. 15' },
    { value: '23', label: 'Payroll GBP (GBP) · No. 23' },
    { value: '99', label: 'Empty (USD) · No. 99' },
  ],
};

const instructions = {
  '15': { uuid: 'e', virtual_account_number: '15', currency_iso: 'EUR', changed: false, funding_reference: 'REF-15',
    beneficiary: { full_name: 'Nordic', iban: 'DK50', swift_code: 'NSBK', bank_name: 'Bank', bank_address: 'Street' } },
  '23': { uuid: 'g', virtual_account_number: '23', currency_iso: 'GBP', changed: true, funding_reference: 'REF-23',
    beneficiary: { full_name: 'Nordic', sort_code: '20-20-15', account_number: '5555' } },
};

type Answer = { status: number; body: unknown };
function stubFetch(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const gates: (() => void)[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = answers.shift();
    if (!a) throw new Error('unexpected fetch ' + url);
    await new Promise<void>((r) => gates.push(r));
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json' } });
  });
  // Lets the oldest pending answer through.
  const release = async () => {
    await act(async () => {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  return { calls, release };
}

function page() {
  document.body.innerHTML =
    '<nav aria-label="Main"><a id="link" href="/org/org1/account_funding" data-dialog="account-funding">Account funding</a></nav><main><h1>Page</h1></main><div id="island"></div>';
  const el = document.getElementById('island')!;
  const html = renderToString(<AccountFunding {...props} />);
  el.innerHTML = html;
  return { el, html, link: document.getElementById('link') as HTMLAnchorElement };
}

const dialog = () => document.querySelector('dialog')!;
const status = () => dialog().querySelector('[role=status]')!.textContent;
const select = () => dialog().querySelector('select')!;
async function choose(v: string) {
  await act(() => {
    select().value = v;
    select().dispatchEvent(new Event('change', { bubbles: true }));
  });
}
function button(name: string) {
  return [...dialog().querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined;
}
function terms() {
  return Object.fromEntries([...dialog().querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
}

afterEach(() => {
  // Unmounting removes the island's document listener.
  const el = document.getElementById('island');
  if (el) act(() => render(null, el));
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('AccountFunding', () => {
  it('renders nothing on the server and hydrates without changing it; the link stays the no-JS page', async () => {
    const { el, html, link } = page();
    expect(html).toBe('');
    await act(() => hydrate(<AccountFunding {...props} />, el));
    expect(link.getAttribute('href')).toBe(props.href);
    expect(link.getAttribute('aria-haspopup')).toBe('dialog');
    expect(dialog().hasAttribute('open')).toBe(false);
  });

  it('opens from the sidebar link, loads, shows instructions, acknowledges a change and closes back to the link', async () => {
    const { el, link } = page();
    await act(() => hydrate(<AccountFunding {...props} />, el));
    const f = stubFetch({ status: 200, body: { data: instructions } }, { status: 200, body: { data: { ...instructions['23'], changed: false } } });

    link.focus();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(() => { link.dispatchEvent(click); });
    expect(click.defaultPrevented).toBe(true);
    expect(dialog().hasAttribute('open')).toBe(true);
    expect(dialog().getAttribute('style')).toContain('436px');
    expect(document.getElementById('account-funding-title')!.textContent).toBe('Account funding');
    expect(document.activeElement).toBe(select());
    expect([...select().options].map((o) => o.value)).toEqual(['', '15', '23', '99']);
    expect(status()).toBe(MSG_SELECT);
    expect(await violations()).toEqual([]);

    await choose('15');
    expect(status()).toBe(MSG_LOADING);
    expect(f.calls[0].url).toBe('/api/v1/collection/organisations/org1/funding_instructions');
    await f.release();
    expect(status()).toBe('');
    expect(terms()).toEqual({ 'Funding reference': 'REF-15', 'Beneficiary name': 'Nordic', IBAN: 'DK50', SWIFT: 'NSBK', 'Bank name': 'Bank', 'Bank address': 'Street' });
    expect(button('I got it!')).toBeUndefined();

    await choose('99');
    expect(status()).toBe(MSG_UNAVAILABLE);
    expect(dialog().querySelector('dl')).toBeNull();

    await choose('23');
    expect(dialog().textContent).toContain(MSG_CHANGED);
    expect(await violations()).toEqual([]);
    await act(() => { button('I got it!')!.click(); });
    const put = f.calls[1];
    expect(put.url).toBe('/api/v1/collection/organisations/org1/funding_instructions/23/accept_changes');
    expect(put.init.method).toBe('PUT');
    expect((put.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-token');
    expect(JSON.parse(put.init.body as string)).toEqual({ configuration_uuid: 'g' });
    await f.release();
    expect(button('I got it!')).toBeUndefined();
    expect(dialog().textContent).not.toContain(MSG_CHANGED);
    expect(status()).toContain(MSG_ACCEPTED);

    await act(() => { button('Done, close window')!.click(); });
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(link);

    // Opened again: the choice was reset.
    await act(() => { link.click(); });
    expect(select().value).toBe('');
    expect(status()).toBe(MSG_SELECT);
  });

  it('leaves a click with a modifier to the browser (new tab: the page)', async () => {
    const { el, link } = page();
    await act(() => hydrate(<AccountFunding {...props} />, el));
    // Registered after the island's: sees what it decided, then keeps jsdom from navigating.
    let prevented: boolean | undefined;
    const after = (e: Event) => { prevented = e.defaultPrevented; e.preventDefault(); };
    document.addEventListener('click', after);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    await act(() => { link.dispatchEvent(click); });
    document.removeEventListener('click', after);
    expect(prevented).toBe(false);
    expect(dialog().hasAttribute('open')).toBe(false);
  });

  it('shows the conflict and reloads when the configuration changed again', async () => {
    const { el, link } = page();
    await act(() => hydrate(<AccountFunding {...props} />, el));
    const f = stubFetch(
      { status: 200, body: { data: instructions } },
      { status: 409, body: { errors: [{ status: 409, code: 'conflict', title: 'The funding instructions changed again. Please review them.' }] } },
      { status: 200, body: { data: { ...instructions, '23': { ...instructions['23'], uuid: 'g2' } } } },
    );
    await act(() => { link.click(); });
    await choose('23');
    await f.release();
    await act(() => { button('I got it!')!.click(); });
    await f.release();
    expect(status()).toContain('The funding instructions changed again. Please review them.');
    await f.release();
    expect(f.calls.length).toBe(3);
    expect(button('I got it!')).toBeDefined();
  });
});
