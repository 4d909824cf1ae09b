// What a screen reader says on the first two steps of the manual payout wizard without
// JavaScript (the Create payout page, spec 001 §2, §5): the product step fresh and with
// 'Transfer type is required', and the Payout Request step with one error. The transcript
// comes from @guidepup/virtual-screen-reader walking the real page component
// (templates/pages/createpayout/CreatePayout.tsx) with its real shell (the props the
// Payouts page was captured with, testdata/bench/payouts.json); the wizard island renders
// with preact as the server's island.js renders it. The error must be announced (the
// summary is an alert that takes focus on load) and tied to its field (the field's
// description says it, and the field says it is invalid).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { h } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';

import CreatePayout from '../../templates/pages/createpayout/CreatePayout';
import { serverRender } from '../../islands/testing';
import { clearPage, expectInOrder, readHTML } from './speech';
import type { IslandProps, PayoutDraft, ShellProps } from '../../templates/generated/props';

vi.mock('../../ssr/runtime/island.js', () => import('./islands'));

const here = dirname(fileURLToPath(import.meta.url));
const captured = JSON.parse(readFileSync(join(here, '../../testdata/bench/payouts.json'), 'utf8'));
const shell: ShellProps = { ...captured.shell, dateRange: null, alerts: [] };

type Wizard = IslandProps['PayoutWizard'];

const families: Wizard['families'] = [
  { id: 'SEPA', name: 'SEPA Credit Transfer', products: [
    { id: 'sepa-eur-de', name: 'SEPA DE', local_instrument: 'SEPA', corridor: { currency_iso: 'EUR', country_iso: 'DE', name: 'EUR to Germany' },
      product_schemas: [{ id: 'sepa-eur-de-iban', label: 'Bank account (IBAN)', product_id: 'sepa-eur-de', fields: [] }] },
  ] },
  { id: 'FPS', name: 'UK Faster Payments', products: [] },
];

const base: Wizard = {
  mode: 'page', orgId: shell.org.id, csrf: 'csrf', base: `/org/${shell.org.id}/payouts/create`, payouts: `/org/${shell.org.id}/payouts`,
  families, choice: { family: '', product: '', schema: '' }, step: 'select_product', draft: null, decimals: 2, typed: null, errors: {},
  alert: '', summary: null, problems: [], result: null, countries: [], purposeCodes: [], samePerson: 'no', approvalFlow: true, open: false,
  canPick: false, receivers: null, canSave: false, receiverNames: {}, receiverAccount: [],
};

const field = (name: string, label: string, ui_field: string, over = {}) =>
  ({ name, label, value: '', display: '', errors: [], access_type: 'required', ui_field, rules: {}, step: 'payout_request', ...over });

const draft: PayoutDraft = {
  draft_id: 'd-1', status: 'draft', user_id: 'u', creator_name: 'Oliver Bennett', created_at: '', updated_at: '', product_id: 'sepa-eur-de',
  schema_id: 'sepa-eur-de-iban', schema_label: 'Bank account (IBAN)', local_instrument: 'SEPA',
  corridor: { currency_iso: 'EUR', country_iso: 'DE', name: 'EUR to Germany' }, debtor_account: '', amount: '', currency_code: 'EUR',
  end_to_end_id: '', vela_unique_reference: '', approvals: [], rejections: [], approvals_required: 1,
  sections: [
    { name: 'product', label: 'Select Product', saved: true, fields: [] },
    { name: 'payout_request', label: 'Payout Request', saved: false, fields: [
      field('virtual_account_number', 'Account', 'account', { options: [{ value: '4520011000000015', label: 'Main EUR · 4520011000000015' }] }),
      field('amount', 'Amount', 'amount'),
      field('end_to_end_id', 'End-to-end ID', 'end_to_end_id'),
    ] },
    { name: 'creditor', label: 'Receiver', saved: false, fields: [field('full_name', 'Full name', 'text', { step: 'creditor' })] },
  ],
};

// Rendered as the server's bundle renders it (its server flag on): the browser's first render
// of the island keeps the server's markup and draws nothing of its own until the wizard's
// code came, so with the flag off the page would have no wizard unless another test file
// happened to load that code first.
const page = (w: Partial<Wizard>) => serverRender(h(CreatePayout, { shell, wizard: { ...base, ...w }, unfinished: [], keepNotice: '' }));

/** Reads the page from the top, focus where the browser puts it on load ([autofocus]). */
const transcript = (html: string) => readHTML(html);

afterEach(() => {
  clearPage();
});

describe('Create payout, as a screen reader says it', () => {
  it('the product step: heading, where the user is, the three selects, Next', async () => {
    const log = await transcript(page({}));
    expectInOrder(log, [
      'heading, Create payout, level 1',
      'Manually create a payout to a customer',
      'navigation, Steps',
      'list',
      'Select Product',
      'end of list',
      'end of navigation, Steps',
      'heading, Select Product, level 2',
      'form',
      'combobox, Transfer type, has popup listbox, not expanded',
      'option, SEPA Credit Transfer, SEPA, not selected, position 2, set size 3',
      'combobox, Corridor, has popup listbox, not expanded, disabled',
      'combobox, Data required, has popup listbox, not expanded, disabled',
      'button, Next, next',
      'end of form',
      'complementary, Payout summary',
    ]);
    expect(log.filter((p) => /alert|invalid|Error/.test(p)), 'nothing about errors').toEqual([]);
  });

  it('the product step sent back: the alert is heard first and its link leads to the field, which says its error', async () => {
    const log = await transcript(page({ errors: { local_instrument: 'Transfer type is required' } }));
    expect(log.slice(0, 2)).toEqual(['document', 'alert, There is a problem']);
    expectInOrder(log, [
      'alert, There is a problem',
      'link, Transfer type is required',
      'end of alert, There is a problem',
      'combobox, Transfer type, Error: Transfer type is required, has popup listbox, not expanded, invalid',
      'button, Next, next',
    ]);
    expect(document.querySelector('[role=alert] a')?.getAttribute('href')).toBe('#pw-local_instrument');
    expect(document.querySelector('#pw-local_instrument')?.tagName).toBe('SELECT');
  });

  it('the Payout Request step with one error: the rest is quiet, the amount says what is wrong', async () => {
    const log = await transcript(page({
      step: 'payout_request', draft, choice: { family: 'SEPA', product: 'sepa-eur-de', schema: 'sepa-eur-de-iban' },
      typed: { virtual_account_number: '4520011000000015', amount: '12,34', end_to_end_id: 'INV-42' },
      errors: { amount: 'Enter the amount in digits, for example 1,234.56' },
    }));
    expect(log.slice(0, 2)).toEqual(['document', 'alert, There is a problem']);
    expectInOrder(log, [
      'alert, There is a problem',
      'link, Enter the amount in digits, for example 1,234.56',
      'end of alert, There is a problem',
      'combobox, Account, 4520011000000015, has popup listbox, not expanded',
      'textbox, Amount, 12,34, EUR Error: Enter the amount in digits, for example 1,234.56, invalid',
      'textbox, End-to-end ID, INV-42',
      'button, Back, back',
      'button, Next, next',
      'link, Close',
      'end of form',
      'complementary, Payout summary',
    ]);
    // The link leads to the field it names, which is the one said to be invalid.
    expect(document.querySelector('[role=alert] a')?.getAttribute('href')).toBe('#pw-amount');
    expect(document.querySelector('#pw-amount')?.getAttribute('aria-invalid')).toBe('true');
    expect(log.filter((p) => p.includes('invalid'))).toHaveLength(1);
  });
});
