/** @jsxRuntime automatic @jsxImportSource preact */
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { choose, clearPage, describeVectors, hydrateUnchanged, islandMarkup, islandPage, q, settle, typeInto, violations } from './testing';
import PayoutWizard, { loadFrame, type Props } from './PayoutWizard';
import { APPROVAL_TEXT, MSG_CLOSE, MSG_PRECONDITION, SAME_PERSON, receiverLabel } from './lib/wizardSteps';
import { receiverOf, receiverValues } from './lib/receivers';
import type { DraftField, DraftSection, LocalInstrumentFamily, PayoutDraft, Receiver } from '../templates/generated/props';

// ── Fixtures: the reference provider's SEPA schema, as the draft API returns it ──

const families: LocalInstrumentFamily[] = [
  { id: 'SEPA', name: 'SEPA Credit Transfer', products: [
    { id: 'sepa-eur-de', name: 'SEPA DE', local_instrument: 'SEPA', corridor: { currency_iso: 'EUR', country_iso: 'DE', name: 'EUR to Germany' },
      product_schemas: [{ id: 'sepa-eur-de-iban', label: 'Bank account (IBAN)', product_id: 'sepa-eur-de', fields: [] },
        { id: 'sepa-eur-de-typed', label: 'IBAN, private or organization', product_id: 'sepa-eur-de', fields: [] }] },
    { id: 'sepa-eur-fr', name: 'SEPA FR', local_instrument: 'SEPA', corridor: { currency_iso: 'EUR', country_iso: 'FR', name: 'EUR to France' },
      product_schemas: [{ id: 'sepa-eur-fr-iban', label: 'Bank account (IBAN)', product_id: 'sepa-eur-fr', fields: [] }] },
  ] },
  { id: 'FPS', name: 'UK Faster Payments', products: [
    { id: 'fps-gbp-gb', name: 'FPS', local_instrument: 'FPS', corridor: { currency_iso: 'GBP', country_iso: 'GB', name: 'GBP to United Kingdom' },
      product_schemas: [{ id: 'fps-gbp-gb-scan', label: 'Sort code and account number', product_id: 'fps-gbp-gb', fields: [] }] },
  ] },
];

const f = (step: string, name: string, label: string, ui_field = 'text', over: Partial<DraftField> = {}): DraftField => ({
  name, label, value: '', display: '', errors: [], access_type: 'required', ui_field, rules: {}, step, ...over,
});
const sec = (name: string, label: string, fields: DraftField[], saved = false): DraftSection => ({ name, label, saved, fields });

function sepaDraft(): PayoutDraft {
  return {
    draft_id: 'd-1', status: 'draft', user_id: 'u1', creator_name: 'Ada Admin', created_at: '2026-11-23T10:00:00Z', updated_at: '2026-11-23T10:00:00Z',
    product_id: 'sepa-eur-de', schema_id: 'sepa-eur-de-iban', schema_label: 'Bank account (IBAN)', local_instrument: 'SEPA',
    corridor: { currency_iso: 'EUR', country_iso: 'DE', name: 'EUR to Germany' }, debtor_account: '', amount: '', currency_code: 'EUR',
    end_to_end_id: '', vela_unique_reference: '', approvals: [], rejections: [], approvals_required: 0,
    sections: [
      sec('product', 'Select Product', []),
      sec('payout_request', 'Payout Request', [
        f('payout_request', 'virtual_account_number', 'Account', 'account', { options: [{ value: '4520011000000015', label: 'Main EUR · 4520011000000015' }] }),
        f('payout_request', 'amount', 'Amount', 'amount'),
        f('payout_request', 'end_to_end_id', 'End-to-end ID', 'end_to_end_id'),
        f('payout_request', 'purpose_code', 'Purpose code', 'purpose_code', { access_type: 'optional' }),
      ]),
      sec('ultimate_debtor', 'Sender', [f('ultimate_debtor', 'full_name', 'Full name'), f('ultimate_debtor', 'country_code', 'Country', 'country'),
        f('ultimate_debtor', 'birthdate', 'Date of birth', 'date_of_birth')]),
      sec('creditor', 'Receiver', [f('creditor', 'full_name', 'Full name'), f('creditor', 'country_code', 'Country', 'country')]),
      sec('creditor_account', 'Receiver Bank', [f('creditor_account', 'iban', 'IBAN', 'iban')]),
    ],
  };
}

const base: Props = {
  mode: 'page', orgId: 'o1', csrf: 'csrf-1', base: '/org/o1/payouts/create', payouts: '/org/o1/payouts', families,
  choice: { family: '', product: '', schema: '' }, step: 'select_product', draft: null, decimals: 2, typed: null, errors: {}, alert: '',
  summary: null, problems: [], result: null, countries: [{ iso: 'DE', name: 'Germany', id: 276 }, { iso: 'GB', name: 'United Kingdom', id: 826 }],
  purposeCodes: [], samePerson: 'no', approvalFlow: false, open: false,
  canPick: false, receivers: null, canSave: false, receiverNames: {}, receiverAccount: [],
};

const at = (step: string, d = sepaDraft(), over: Partial<Props> = {}): Props => ({
  ...base, step, draft: d, choice: { family: 'SEPA', product: d.product_id, schema: d.schema_id }, ...over,
});

const serverPage = (p: Props) => islandPage('PayoutWizard', PayoutWizard, p, '<main><h1>Create payout</h1>', '</main>');

/**
 * The DOM as a browser holds it: attributes sorted, and form state (value, selected,
 * checked) read from the elements, which a client render sets as properties where the
 * server's markup has attributes (autofocus too, which only a page load acts on, and
 * spellcheck, which jsdom does not reflect).
 */
function canonical(el: Element): string {
  const out: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) {
      out.push(n.textContent ?? '');
      return;
    }
    if (!(n instanceof Element)) return;
    const attrs = [...n.attributes].filter((a) => !['value', 'selected', 'checked', 'autofocus', 'spellcheck'].includes(a.name)).map((a) => `${a.name}=${a.value}`);
    if (n instanceof HTMLInputElement || n instanceof HTMLButtonElement) attrs.push(`value=${n.value}`);
    if (n instanceof HTMLInputElement && n.type === 'radio') attrs.push(`checked=${n.checked}`);
    if (n instanceof HTMLOptionElement) attrs.push(`selected=${n.selected}`);
    out.push(`<${n.tagName} ${attrs.sort().join(' ')}>`);
    n.childNodes.forEach(walk);
    out.push(`</${n.tagName}>`);
  };
  el.childNodes.forEach(walk);
  return out.join('');
}

describeVectors(
  join(dirname(fileURLToPath(import.meta.url)), '../testdata/islands/PayoutWizard.json'),
  PayoutWizard,
  (p, html) => {
    document.body.innerHTML = '<main>' + islandMarkup('PayoutWizard', p, html) + '</main>';
    return document.querySelector('[data-island]')!;
  },
  canonical,
);

// The parts the island loads on demand, loaded here first so a click's import() settles within
// settled(), and a client render draws every step at once as the server does (the vectors).
// 'the steps module comes after hydration' below takes a fresh island without them.
beforeAll(async () => {
  await Promise.all([import('./lib/wizardMore'), loadFrame(true)]);
});

// A click's import() and the draft's saves take more rounds than settle's default.
const settled = () => settle(12);

async function hydrated(p: Props): Promise<HTMLElement> {
  const el = serverPage(p);
  hydrateUnchanged(el, 'PayoutWizard', PayoutWizard);
  await settled();
  return el;
}

const next = () => q<HTMLButtonElement>('button[value=next]');

async function click(el: HTMLElement) {
  act(() => el.click());
  await settled();
}

type Call = { method: string; url: string; body: any };
let calls: Call[] = [];
let replies: ((c: Call) => Response | undefined)[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  replies = [];
  history.replaceState(null, '', '/org/o1/payouts/create');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const c = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(init.body as string) : undefined };
      calls.push(c);
      for (const r of replies) {
        const res = r(c);
        if (res) return res;
      }
      return json(500, {});
    }),
  );
});

afterEach(clearPage);

// ── Without JavaScript ─────────────────────────────────────────────────────

describe('server markup (each step a page posting to the server)', () => {
  it('the product step: three labelled selects, the CSRF token, the choices the form listed', async () => {
    const el = serverPage(base);
    const form = el.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/org/o1/payouts/create');
    expect(q<HTMLInputElement>('input[name=_csrf]').value).toBe('csrf-1');
    expect([...el.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['Transfer type', 'Corridor', 'Data required']);
    expect(q<HTMLSelectElement>('#pw-product_id').disabled).toBe(true);
    expect(next().disabled).toBe(false); // nothing can enable it without JavaScript
    expect(await violations()).toEqual([]);
  });

  it('a field step: errors beside their fields, tied to them, and listed in a summary', async () => {
    const el = serverPage(at('creditor_account', sepaDraft(), { errors: { iban: 'Enter a valid IBAN' }, typed: { iban: 'DE00 1234' } }));
    expect(el.querySelector('form')!.getAttribute('action')).toBe('/org/o1/payouts/create/d-1/creditor_account');
    const iban = q<HTMLInputElement>('#pw-iban');
    expect(iban.value).toBe('DE00 1234');
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(q(`#${iban.getAttribute('aria-describedby')}`).textContent).toBe('Error: Enter a valid IBAN');
    const summary = q('[role=alert]');
    expect(summary.querySelector('a')!.getAttribute('href')).toBe('#pw-iban');
    expect(q('nav[aria-label=Steps] [aria-current=step]').textContent).toContain('Receiver Bank');
    expect(await violations()).toEqual([]);
  });

  it('in the Payouts page, a link to the Create payout page', () => {
    const el = serverPage({ ...base, mode: 'dialog' });
    expect(el.innerHTML).toBe('<a href="/org/o1/payouts/create" class="' + q('a').className + '">Create payout</a>');
  });
});

// ── With JavaScript ───────────────────────────────────────────────────────

describe('product step', () => {
  it('cascades, locks single options, and creates the draft with Next', async () => {
    await hydrated(base);
    expect(next().disabled).toBe(true);
    choose('#pw-local_instrument', 'FPS');
    // One corridor and one schema: chosen and locked.
    expect(q<HTMLSelectElement>('#pw-product_id')).toMatchObject({ value: 'fps-gbp-gb', disabled: true });
    expect(q<HTMLSelectElement>('#pw-schema_id')).toMatchObject({ value: 'fps-gbp-gb-scan', disabled: true });
    expect(next().disabled).toBe(false);
    choose('#pw-local_instrument', 'SEPA');
    expect(q<HTMLSelectElement>('#pw-product_id')).toMatchObject({ value: '', disabled: false });
    expect(next().disabled).toBe(true);
    choose('#pw-product_id', 'sepa-eur-de');
    choose('#pw-schema_id', 'sepa-eur-de-iban');
    expect(q('aside').textContent).toContain('EUR to Germany');
    replies.push((c) => (c.method === 'POST' && c.url.endsWith('/payout_drafts') ? json(201, { data: sepaDraft() }) : undefined));
    await click(next());
    expect(calls).toEqual([{ method: 'POST', url: '/api/v2/payouts/organisations/o1/payout_drafts', body: { product_id: 'sepa-eur-de', schema_id: 'sepa-eur-de-iban' } }]);
    expect(location.pathname).toBe('/org/o1/payouts/create/d-1/payout_request');
    expect(q('h2').textContent).toBe('Payout Request');
    expect(document.activeElement).toBe(q('h2'));
  });

  it('says "Transfer type is required" once the choice is taken back', async () => {
    await hydrated(base);
    choose('#pw-local_instrument', 'SEPA');
    choose('#pw-local_instrument', '');
    expect(q('#pw-local_instrument-error').textContent).toBe('Error: Transfer type is required');
  });

  it('shows "Error creating draft" when the draft cannot be made', async () => {
    await hydrated({ ...base, choice: { family: 'FPS', product: '', schema: '' } });
    await click(next());
    expect(q('[role=alert]').textContent).toBe('Error creating draft');
  });
});

describe('field steps', () => {
  it('the wizard comes after hydration: the server\'s fields stay until then, and what was typed and the focus carry over', async () => {
    vi.resetModules();
    const fresh = (await import('./PayoutWizard')).default;
    const el = serverPage(at('creditor'));
    hydrateUnchanged(el, 'PayoutWizard', fresh);
    // Typed into the server's markup before the wizard's code came: no live check yet.
    const name = q<HTMLInputElement>('#pw-full_name');
    name.value = 'Jonas Weber';
    name.focus();
    expect(next().disabled).toBe(false);
    // Next posts the server's form as it is: nothing of the island's holds it yet.
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    next().form!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    await settled();
    const now = q<HTMLInputElement>('#pw-full_name');
    expect(now).not.toBe(name);
    // The same element holds the wizard (nothing shifts), with what was typed and the focus.
    expect(now.closest('#pw-root')).toBe(el.querySelector('#pw-root'));
    expect(now.value).toBe('Jonas Weber');
    expect(document.activeElement).toBe(now);
    // The step's checks run now: Country is still required.
    expect(next().disabled).toBe(true);
    typeInto('#pw-full_name', '');
    expect(q('#pw-full_name-error').textContent).toContain('Full name is required');
  });

  it('a transfer type chosen before the wizard came is the choice it starts from', async () => {
    vi.resetModules();
    const fresh = (await import('./PayoutWizard')).default;
    const el = serverPage(base);
    hydrateUnchanged(el, 'PayoutWizard', fresh);
    const family = q<HTMLSelectElement>('#pw-local_instrument');
    family.value = 'SEPA';
    family.focus();
    // Without the wizard the corridors are the server's to list: that select stays as sent.
    expect(q<HTMLSelectElement>('#pw-product_id').disabled).toBe(true);
    await settled();
    expect(q<HTMLSelectElement>('#pw-local_instrument').value).toBe('SEPA');
    expect(document.activeElement).toBe(q('#pw-local_instrument'));
    const corridor = q<HTMLSelectElement>('#pw-product_id');
    expect(corridor.disabled).toBe(false);
    expect([...corridor.options].map((o) => o.value)).toEqual(['', 'sepa-eur-de', 'sepa-eur-fr']);
    // The product step's checks run: no corridor yet.
    expect(next().disabled).toBe(true);
  });

  it('in the dialog mode the wizard comes with the opener\'s first focus, and a press before it came opens the dialog', async () => {
    history.replaceState(null, '', '/org/o1/payouts');
    vi.resetModules();
    const fresh = (await import('./PayoutWizard')).default;
    const el = serverPage({ ...base, mode: 'dialog' });
    expect(el.querySelector('a')!.getAttribute('href')).toBe('/org/o1/payouts/create');
    hydrateUnchanged(el, 'PayoutWizard', fresh);
    await settle();
    // Hydrated: the opener is a button; the wizard's code has not been asked for yet.
    const opener = el.querySelector<HTMLButtonElement>('button[aria-haspopup=dialog]')!;
    expect(document.querySelector('#pw-dialog')).toBeNull();
    // The focus asks for it, and the press comes before it did.
    act(() => {
      opener.focus();
      opener.click();
    });
    await settled();
    const d = q<HTMLDialogElement>('#pw-dialog');
    expect(d.hasAttribute('open')).toBe(true);
    expect(location.search).toBe('?createManualPayout=select_product');
    // The opener is the element it was: closing gives it the focus back.
    expect(el.querySelector('button[aria-haspopup=dialog]')).toBe(opener);
    await click(q('#pw-dialog button[type=button]'));
    expect(d.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
    // A second press goes straight to the wizard that came.
    await click(opener);
    expect(q<HTMLDialogElement>('#pw-dialog').hasAttribute('open')).toBe(true);
  });

  it('checks as the user types, formats amounts and IBANs, and saves the section with Next', async () => {
    await hydrated(at('payout_request'));
    expect(next().disabled).toBe(true);
    choose('#pw-virtual_account_number', '4520011000000015');
    typeInto('#pw-amount', '1234.567');
    expect(q<HTMLInputElement>('#pw-amount').value).toBe('1,234.56');
    typeInto('#pw-end_to_end_id', 'INV 42');
    expect(q('#pw-end_to_end_id-error').textContent).toContain('End-to-end ID may only contain letters, numbers, - or _');
    expect(next().disabled).toBe(true);
    typeInto('#pw-end_to_end_id', 'INV-42');
    expect(document.querySelector('#pw-end_to_end_id-error')).toBeNull();
    expect(next().disabled).toBe(false); // the purpose code is optional here
    expect(await violations()).toEqual([]);
    const saved = sepaDraft();
    saved.sections[1].saved = true;
    replies.push((c) => (c.method === 'PATCH' ? json(200, { data: saved }) : undefined));
    await click(next());
    expect(calls[0]).toEqual({
      method: 'PATCH', url: '/api/v2/payouts/organisations/o1/payout_drafts/d-1',
      body: { payout_request: { virtual_account_number: '4520011000000015', amount: '1234.56', end_to_end_id: 'INV-42', purpose_code: '' } },
    });
    expect(q('h2').textContent).toBe('Sender');
  });

  it('shows the server refusal beside the field and focuses the error summary', async () => {
    await hydrated(at('payout_request'));
    choose('#pw-virtual_account_number', '4520011000000015');
    typeInto('#pw-amount', '10');
    typeInto('#pw-end_to_end_id', 'INV-1');
    // The API's answer to a refused field: the spec's warning first, then each field's message.
    replies.push(() =>
      json(422, { errors: [
        { status: 422, code: 'invalid', title: 'Error occurred while updating Payout draft' },
        { status: 422, code: 'invalid', title: 'End-to-end ID must be unique', detail: 'End-to-end ID', source: { pointer: '/payout_request/end_to_end_id' } },
      ] }),
    );
    await click(next());
    expect(q('p[role=alert]').textContent).toBe('Error occurred while updating Payout draft');
    expect(q('#pw-end_to_end_id-error').textContent).toBe('Error: End-to-end ID must be unique');
    expect(document.activeElement).toBe(q('#pw-errors'));
    expect(q('h2').textContent).toBe('Payout Request');
  });

  it('puts a failed save under the general alert', async () => {
    await hydrated(at('creditor'));
    typeInto('#pw-full_name', 'Bo');
    choose('#pw-country_code', 'DE');
    await click(next());
    expect(q('p[role=alert]').textContent).toBe('Error occurred while updating Payout draft');
  });

  it('a wrong IBAN is said at once and fixed on the way; Back keeps what was typed', async () => {
    const d = sepaDraft();
    for (const s of d.sections) s.saved = s.name !== 'creditor_account';
    await hydrated(at('creditor_account', d));
    typeInto('#pw-iban', 'de89 3704 0044 0532 0130 01');
    expect(q<HTMLInputElement>('#pw-iban').value).toBe('DE89 3704 0044 0532 0130 01');
    expect(q('#pw-iban-error').textContent).toBe('Error: Enter a valid IBAN');
    expect(next().disabled).toBe(true);
    await click(q('button[value=back]'));
    expect(q('h2').textContent).toBe('Receiver');
    expect(location.pathname).toBe('/org/o1/payouts/create/d-1/creditor');
    await click(q('nav a[href$="/creditor_account"]'));
    expect(q<HTMLInputElement>('#pw-iban').value).toBe('DE89 3704 0044 0532 0130 01');
    typeInto('#pw-iban', 'DE89 3704 0044 0532 0130 00');
    expect(document.querySelector('#pw-iban-error')).toBeNull();
    expect(next().disabled).toBe(false);
  });

  it('"Is the Receiver the same person?" copies the sender into the unfinished receiver', async () => {
    await hydrated(at('ultimate_debtor'));
    expect(q('fieldset:last-of-type legend').textContent).toBe(SAME_PERSON);
    typeInto('#pw-full_name', 'Ada Lovelace');
    choose('#pw-country_code', 'GB');
    typeInto('#pw-birthdate', '10');
    typeInto('#pw-birthdate-mm', '12');
    typeInto('#pw-birthdate-yyyy', '1815');
    act(() => q<HTMLInputElement>('input[name=same_person][value=yes]').click());
    const saved = sepaDraft();
    saved.sections[2].saved = true;
    replies.push((c) => (c.body?.ultimate_debtor ? json(200, { data: saved }) : undefined));
    await click(next());
    // The sender is saved; the copy waits in the receiver's inputs for its own Next.
    expect(calls.map((c) => c.body)).toEqual([{ ultimate_debtor: { full_name: 'Ada Lovelace', country_code: 'GB', birthdate: '1815-12-10' } }]);
    expect(document.querySelector('[role=alert]')?.textContent ?? '').toBe('');
    expect(q('h2').textContent).toBe('Receiver');
    expect(q<HTMLInputElement>('#pw-full_name').value).toBe('Ada Lovelace');
    expect(q<HTMLSelectElement>('#pw-country_code').value).toBe('GB');
  });
});

describe('summary and publishing', () => {
  const done = () => {
    const d = sepaDraft();
    for (const s of d.sections) s.saved = true;
    return d;
  };
  const summary = {
    draft_id: 'd-1', amount: '1234.56', currency_code: 'EUR', end_to_end_id: 'INV-42', product_name: 'SEPA Credit Transfer · EUR to Germany',
    schema_label: 'Bank account (IBAN)', preconditions: [], approval_needed: false,
    sections: [{ name: 'creditor_account', label: 'Receiver Bank', lines: [{ label: 'IBAN', value: 'DE89 3704 0044 0532 0130 00' }] }],
  };
  const published = { draft_id: 'd-1', state: 'created', amount: '1234.56', currency_code: 'EUR', end_to_end_id: 'INV-42', vela_unique_reference: 'PO7Q2M4K8ZC5X3RA' };

  it('publishes and shows the success dialog (600 wide)', async () => {
    replies.push((c) => (c.url.endsWith('/summary') ? json(200, { data: summary }) : c.url.endsWith('/publish') ? json(200, { data: published }) : undefined));
    await hydrated(at('summary', done()));
    expect(q('form').textContent).toContain('DE89 3704 0044 0532 0130 00');
    expect(next().textContent).toBe('Create payout');
    await click(next());
    const d = q<HTMLDialogElement>('#pw-result');
    expect(d.getAttribute('style')).toContain('600px');
    expect(q('#pw-result-title').textContent).toBe('Payout created');
    expect(d.textContent).toContain('EUR');
    expect(d.textContent).toContain('1,234.56');
    expect(d.textContent).toContain('INV-42');
    expect(d.textContent).toContain('PO7Q2M4K8ZC5X3RA');
    expect(await violations()).toEqual([]);
  });

  it('says it went for approval when the draft waits for review and the flow is on', async () => {
    replies.push((c) =>
      c.url.endsWith('/summary') ? json(200, { data: summary }) : c.url.endsWith('/publish') ? json(200, { data: { ...published, state: 'waiting_review', vela_unique_reference: '' } }) : undefined,
    );
    await hydrated(at('summary', done(), { approvalFlow: true }));
    await click(next());
    expect(q('#pw-result').textContent).toContain(APPROVAL_TEXT);
  });

  it('lists a Precondition Failure beneath the summary', async () => {
    replies.push((c) =>
      c.url.endsWith('/summary')
        ? json(200, { data: summary })
        : c.url.endsWith('/publish')
          ? json(412, { errors: [{ status: 412, code: 'precondition_failed', title: 'Precondition Failure', detail: 'IBAN: IBAN is required', source: { pointer: '/creditor_account/iban' } }] })
          : undefined,
    );
    await hydrated(at('summary', done()));
    await click(next());
    const alert = q('form [role=alert]');
    expect(alert.textContent).toContain(MSG_PRECONDITION);
    expect(alert.querySelector('li')!.textContent).toBe('Receiver Bank · IBAN: IBAN is required');
  });
});

describe('dialog on the Payouts page', () => {
  it('opens at the product step, keeps Escape from closing it, and asks before deleting a draft', async () => {
    history.replaceState(null, '', '/org/o1/payouts');
    const el = await hydrated({ ...base, mode: 'dialog' });
    const opener = el.querySelector<HTMLButtonElement>('button[aria-haspopup=dialog]')!;
    opener.focus();
    await click(opener);
    const d = q<HTMLDialogElement>('#pw-dialog');
    expect(d.hasAttribute('open')).toBe(true);
    expect(location.search).toBe('?createManualPayout=select_product');
    act(() => { d.dispatchEvent(new Event('cancel', { cancelable: true })); });
    expect(d.hasAttribute('open')).toBe(true);
    expect(await violations()).toEqual([]);
    // No draft yet: Close closes.
    await click(q('#pw-dialog button[type=button]'));
    expect(d.hasAttribute('open')).toBe(false);
  });

  it('with a draft, Close asks "Are you sure? It will be deleted." and Yes posts the deletion', async () => {
    history.replaceState(null, '', '/org/o1/payouts?createManualPayout=payout_request&draft=d-1');
    await hydrated({ ...at('payout_request'), mode: 'dialog', open: true });
    expect(q<HTMLDialogElement>('#pw-dialog').hasAttribute('open')).toBe(true);
    await click(q('#pw-dialog button[type=button]'));
    const c = q<HTMLDialogElement>('#pw-close');
    expect(c.hasAttribute('open')).toBe(true);
    expect(c.textContent).toContain(MSG_CLOSE);
    const form = c.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/org/o1/payouts/create/d-1/delete');
    expect(form.querySelector<HTMLInputElement>('input[name=_csrf]')!.value).toBe('csrf-1');
    // No keeps the draft and the wizard where it was.
    await click([...c.querySelectorAll('button')].find((b) => b.textContent === 'No')!);
    expect(q<HTMLDialogElement>('#pw-dialog').hasAttribute('open')).toBe(true);
    expect(q('h3').textContent).toBe('Payout Request');
  });
});

// ── Saved receivers ───────────────────────────────────────────────────────

describe('saved receivers', () => {
  const names = { full_name: 'full_name', country_code: 'country_code', address: 'address_lines' };
  const account = ['creditor_account.iban', 'creditor_account.account_number'];
  const anna: Receiver = {
    id: 'r-1', full_name: 'Anna Schmidt', birthdate: '', address_lines: ['Ring 1'], street_name: '', postcode: '', city: '', state: '',
    country_code: 'DE', email: '', mobile_number: '', creditor_type: 'private', country_of_birth_code: '', country_of_residence_code: '',
    id_type: '', id_number: '', id_issuing_country_code: '', id_issuing_date: '', id_expiry_date: '',
    creditor_details: [{ key: 'creditor_account.iban', value: 'DE89370400440532013000' }], product_id: 'sepa-eur-de',
    schema_id: 'sepa-eur-de-iban', created_by: 'Ada Admin', created_at: '2026-11-01T10:00:00Z', currency: 'EUR',
  };
  const recv = (over: Partial<Props> = {}) => at('creditor', sepaDraft(), { canPick: true, receivers: [anna], receiverNames: names, receiverAccount: account, ...over });

  it('maps a receiver onto the draft and the draft back onto a receiver, by the server\'s table', () => {
    const d = sepaDraft();
    expect(receiverValues(anna, d, names)).toEqual({ creditor: { full_name: 'Anna Schmidt', country_code: 'DE' }, creditor_account: { iban: 'DE89370400440532013000' } });
    expect(receiverOf(d, names)).toBeNull(); // the Receiver steps are not finished
    const done = { ...d, sections: d.sections.map((s) =>
      s.name === 'creditor' ? { ...s, saved: true, fields: s.fields.map((f) => ({ ...f, value: f.name === 'full_name' ? 'Anna Schmidt' : 'DE' })) }
        : s.name === 'creditor_account' ? { ...s, saved: true, fields: [{ ...s.fields[0], value: 'DE89370400440532013000' }] } : s) };
    expect(receiverOf(done, names)).toEqual({
      creditor_type: 'private', full_name: 'Anna Schmidt', country_code: 'DE', product_id: 'sepa-eur-de', schema_id: 'sepa-eur-de-iban',
      creditor_details: [{ key: 'creditor_account.iban', value: 'DE89370400440532013000' }],
    });
    expect(receiverLabel(anna, account)).toBe('Anna Schmidt · DE89370400440532013000');
  });

  it('without JavaScript the picker is a form of its own posting the choice', async () => {
    serverPage(recv());
    const f = q<HTMLFormElement>('form[action$="/receiver"]');
    expect(f.getAttribute('method')).toBe('post');
    expect(f.querySelector<HTMLInputElement>('input[name=_csrf]')!.value).toBe('csrf-1');
    expect([...f.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Select', 'Anna Schmidt · DE89370400440532013000']);
    expect(await violations()).toEqual([]);
    serverPage(recv({ canPick: false }));
    expect(document.querySelector('form[action$="/receiver"]')).toBeNull();
  });

  it('with JavaScript a choice saves each receiver section through the draft API and fills the step', async () => {
    await hydrated(recv());
    const form = q<HTMLFormElement>('form[action$="/receiver"]');
    await click(form.querySelector('button')!);
    expect(q('#pw-receiver_id-error').textContent).toBe('Error: Select a receiver');
    expect(calls).toEqual([]);
    const filled = sepaDraft();
    filled.sections[3].fields[0].value = 'Anna Schmidt';
    filled.sections[3].fields[1].value = 'DE';
    filled.sections[4].fields[0].value = 'DE89370400440532013000';
    filled.sections[4].saved = true;
    replies.push((c) => (c.method === 'PATCH' ? json(200, { data: filled }) : undefined));
    choose('#pw-receiver_id', 'r-1');
    await click(form.querySelector('button')!);
    expect(calls.map((c) => c.body)).toEqual([
      { creditor: { full_name: 'Anna Schmidt', country_code: 'DE' } },
      { creditor_account: { iban: 'DE89370400440532013000' } },
    ]);
    expect(q<HTMLInputElement>('#pw-full_name').value).toBe('Anna Schmidt');
    expect(q('p[role=status]').textContent).toBe("The receiver's details are filled in. Check them and go on.");
    expect(await violations()).toEqual([]);
  });

  it('in the dialog the Receiver step reads the recent receivers of the draft\'s product and schema', async () => {
    history.replaceState(null, '', '/org/o1/payouts?createManualPayout=creditor&draft=d-1');
    replies.push((c) => (c.url.includes('/recent_receivers') ? json(200, { data: [anna] }) : undefined));
    await hydrated({ ...recv({ receivers: null }), mode: 'dialog', open: true });
    expect(calls[0].url).toBe('/api/v2/payouts/organisations/o1/recent_receivers?product_id=sepa-eur-de&schema_id=sepa-eur-de-iban');
    expect(q('#pw-dialog form[action$="/receiver"] option:last-child').textContent).toBe('Anna Schmidt · DE89370400440532013000');
  });

  it('Save receiver posts the draft\'s receiver and says so', async () => {
    const d = sepaDraft();
    d.sections = d.sections.map((s) => (s.name === 'creditor' || s.name === 'creditor_account' ? { ...s, saved: true, fields: s.fields.map((f) => ({ ...f, value: f.name === 'iban' ? 'DE89370400440532013000' : f.name === 'full_name' ? 'Anna Schmidt' : 'DE' })) } : s));
    await hydrated(at('summary', d, { canSave: true, receiverNames: names, summary: null }));
    replies.push((c) => (c.url.endsWith('/summary') ? json(200, { data: null }) : undefined));
    replies.push((c) => (c.method === 'POST' && c.url.endsWith('/receivers') ? json(201, { data: anna }) : undefined));
    const f = q<HTMLFormElement>('form[action$="/save_receiver"]');
    expect(f.querySelector<HTMLInputElement>('input[name=return_to]')!.value).toBe('summary');
    await click(f.querySelector('button')!);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/v2/payouts/organisations/o1/receivers');
    expect(post.body.creditor).toMatchObject({ full_name: 'Anna Schmidt', creditor_type: 'private', product_id: 'sepa-eur-de',
      creditor_details: [{ key: 'creditor_account.iban', value: 'DE89370400440532013000' }] });
    expect(q('p[role=status]').textContent).toBe('Anna Schmidt is saved as a receiver');
  });
});
