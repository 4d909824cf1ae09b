import { describe, expect, it } from 'vitest';
import { compactIban, formatIban, ibanValid } from './iban';
import { composeDate, splitDate } from './payoutFields';
import {
  checkProduct, choose, productLevels, reachable, stepBeside, stepsOf, typedOf,
} from './wizard';
import { checkStep, fieldValue, firstOpen, senderCopy } from './wizardChecks';
import type { DraftField, DraftSection, LocalInstrumentFamily, PayoutDraft } from '../../templates/generated/props';

const field = (name: string, step: string, over: Partial<DraftField> = {}): DraftField => ({
  name, label: name.replace(/_/g, ' '), value: '', display: '', errors: [], access_type: 'required', ui_field: 'text', rules: {}, step, ...over,
});
const section = (name: string, fields: DraftField[], saved = false): DraftSection => ({ name, label: name, saved, fields });

function draft(sections: DraftSection[]): PayoutDraft {
  return {
    draft_id: 'd1', status: 'draft', product_id: 'p', schema_id: 's', schema_label: 'IBAN', local_instrument: 'SEPA',
    corridor: { currency_iso: 'EUR', country_iso: 'DE', name: 'EUR to Germany' }, debtor_account: '', amount: '', currency_code: 'EUR',
    end_to_end_id: '', vela_unique_reference: '', sections: [section('product', []), ...sections],
    user_id: 'u1', creator_name: 'Ada', created_at: '', updated_at: '', approvals: [], rejections: [], approvals_required: 0,
  };
}

const NONE = { countries: [], purposeCodes: [] };

const sepa = () =>
  draft([
    section('payout_request', [field('amount', 'payout_request', { ui_field: 'amount' }), field('purpose_code', 'payout_request', { access_type: 'optional', ui_field: 'purpose_code' })]),
    section('debtor', []),
    section('ultimate_debtor', [field('full_name', 'ultimate_debtor'), field('country_code', 'ultimate_debtor', { ui_field: 'country' }), field('birthdate', 'ultimate_debtor', { ui_field: 'date_of_birth' })]),
    section('creditor', [field('full_name', 'creditor'), field('country_code', 'creditor', { ui_field: 'country' })]),
    section('creditor_account', [field('iban', 'creditor_account', { ui_field: 'iban' })]),
  ]);

describe('steps', () => {
  it('shows only steps with fields, between the product and the summary', () => {
    expect(stepsOf(null)).toEqual(['select_product']);
    expect(stepsOf(sepa())).toEqual(['select_product', 'payout_request', 'ultimate_debtor', 'creditor', 'creditor_account', 'summary']);
  });

  it('Next and Back walk the shown steps in order', () => {
    const s = stepsOf(sepa());
    expect(stepBeside(s, 'payout_request', 1)).toBe('ultimate_debtor');
    expect(stepBeside(s, 'ultimate_debtor', -1)).toBe('payout_request');
    expect(stepBeside(s, 'summary', 1)).toBe('');
  });

  it('reopens steps only once the draft exists, up to the first unfinished one', () => {
    expect(reachable(null, 'payout_request')).toBe(false);
    const d = sepa();
    expect(reachable(d, 'payout_request')).toBe(true);
    expect(reachable(d, 'creditor')).toBe(false);
    d.sections[1].saved = true;
    d.sections[3].saved = true;
    expect(reachable(d, 'creditor')).toBe(true);
    expect(reachable(d, 'summary')).toBe(false);
    expect(firstOpen(d)).toBe('creditor');
    for (const s of d.sections) s.saved = true;
    expect(reachable(d, 'summary')).toBe(true);
    expect(firstOpen(d)).toBe('summary');
  });
});

describe('fields', () => {
  const today = new Date('2026-11-23T10:00:00Z');

  it('every field is required except optional ones of the payout request step', () => {
    const d = sepa();
    const pr = d.sections[1].fields;
    expect(checkStep(pr, {}, NONE, 2, today)).toEqual({ amount: 'amount is required' });
    const ud = d.sections[3].fields.map((f) => ({ ...f, access_type: 'optional' }));
    expect(Object.keys(checkStep(ud, {}, NONE, 2, today))).toEqual(['full_name', 'country_code', 'birthdate']);
  });

  it('checks amounts with the currency decimals and countries against the list', () => {
    const [amount] = sepa().sections[1].fields;
    expect(checkStep([amount], { amount: '1,234.56' }, NONE, 2, today)).toEqual({});
    expect(checkStep([amount], { amount: '1.234' }, NONE, 2, today)).toEqual({ amount: 'Enter the amount with at most 2 decimals' });
    const country = sepa().sections[3].fields[1];
    const lists = { countries: [{ iso: 'DE', name: 'Germany', id: 276 }], purposeCodes: [] };
    expect(checkStep([country], { country_code: 'DE' }, lists, 2, today)).toEqual({});
    expect(checkStep([country], { country_code: 'FR' }, lists, 2, today)).toEqual({ country_code: 'Select a country' });
  });

  it('joins the date of birth only when complete', () => {
    const dob = sepa().sections[3].fields[2];
    expect(fieldValue(dob, { 'birthdate-dd': '05', 'birthdate-mm': '03', 'birthdate-yyyy': '1990' })).toBe('1990-03-05');
    expect(fieldValue(dob, { 'birthdate-dd': '5', 'birthdate-mm': '03', 'birthdate-yyyy': '1990' })).toBe('5/03/1990');
    expect(fieldValue(dob, {})).toBe('');
    expect(checkStep([dob], { 'birthdate-dd': '5', 'birthdate-mm': '03', 'birthdate-yyyy': '1990' }, NONE, 2, today)).toEqual({
      birthdate: 'Enter the date of birth as DD MM YYYY',
    });
    expect(checkStep([dob], { 'birthdate-dd': '31', 'birthdate-mm': '02', 'birthdate-yyyy': '1990' }, NONE, 2, today)).toEqual({
      birthdate: 'Enter a real date of birth',
    });
    expect(typedOf([{ ...dob, value: '1990-03-05' }])).toEqual({ 'birthdate-dd': '05', 'birthdate-mm': '03', 'birthdate-yyyy': '1990' });
    expect(splitDate(composeDate('01', '12', '2000'))).toEqual(['01', '12', '2000']);
  });

  it('IBANs: typed in blocks of 4, checked by their check digits', () => {
    expect(formatIban('de89 3704-0044 0532 0130 00x')).toBe('DE89 3704 0044 0532 0130 00X');
    expect(ibanValid(compactIban('DE89 3704 0044 0532 0130 00'))).toBe(true);
    expect(ibanValid(compactIban('DE88 3704 0044 0532 0130 00'))).toBe(false);
    expect(ibanValid('DE8937040044053201300')).toBe(false); // a character short
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
  });

  it('"Is the Receiver the same person?" copies into an unfinished receiver only', () => {
    const d = sepa();
    expect(senderCopy(d, { full_name: 'Ada Lovelace', country_code: 'GB', birthdate: '1990-01-01' })).toEqual({
      full_name: 'Ada Lovelace', country_code: 'GB',
    });
    d.sections[4].saved = true;
    expect(senderCopy(d, { full_name: 'Ada' })).toBeNull();
  });
});

describe('product step', () => {
  const fams: LocalInstrumentFamily[] = [
    { id: 'SEPA', name: 'SEPA Credit Transfer', products: [
      { id: 'sepa-de', name: 'SEPA DE', local_instrument: 'SEPA', corridor: { currency_iso: 'EUR', country_iso: 'DE', name: 'EUR to Germany' },
        product_schemas: [{ id: 's1', label: 'IBAN', product_id: 'sepa-de', fields: [] }, { id: 's2', label: 'IBAN + BIC', product_id: 'sepa-de', fields: [] }] },
      { id: 'sepa-fr', name: 'SEPA FR', local_instrument: 'SEPA', corridor: { currency_iso: 'EUR', country_iso: 'FR', name: 'EUR to France' },
        product_schemas: [{ id: 's3', label: 'IBAN', product_id: 'sepa-fr', fields: [] }] },
    ] },
    { id: 'FPS', name: 'UK Faster Payments', products: [
      { id: 'fps-gb', name: 'FPS', local_instrument: 'FPS', corridor: { currency_iso: 'GBP', country_iso: 'GB', name: 'GBP to United Kingdom' },
        product_schemas: [{ id: 's4', label: 'Sort code', product_id: 'fps-gb', fields: [] }] },
    ] },
  ];

  it('cascades, and a single option is chosen and locked', () => {
    let c = { family: '', product: '', schema: '' };
    let [f, p, s] = productLevels(fams, c);
    expect(f.options.map((o) => o.label)).toEqual(['SEPA Credit Transfer', 'UK Faster Payments']);
    expect([f.value, p.options.length, s.options.length]).toEqual(['', 0, 0]);
    expect(checkProduct([f, p, s])).toEqual({ local_instrument: 'Transfer type is required', product_id: 'Corridor is required', schema_id: 'Data required is required' });
    c = choose(c, 0, 'FPS');
    [f, p, s] = productLevels(fams, c);
    expect([p.value, p.locked, s.value, s.locked]).toEqual(['fps-gb', true, 's4', true]);
    expect(checkProduct([f, p, s])).toEqual({});
  });

  it('changing one upstream resets those below', () => {
    let c = choose(choose(choose({ family: '', product: '', schema: '' }, 0, 'SEPA'), 1, 'sepa-de'), 2, 's2');
    expect(productLevels(fams, c)[2].value).toBe('s2');
    c = choose(c, 1, 'sepa-fr');
    expect(c.schema).toBe('');
    expect(productLevels(fams, c)[2]).toMatchObject({ value: 's3', locked: true });
    c = choose(c, 0, 'FPS');
    expect(c).toEqual({ family: 'FPS', product: '', schema: '' });
    // A value from another family is not offered, so it is not kept.
    expect(productLevels(fams, { family: 'SEPA', product: 'fps-gb', schema: 's4' })[1].value).toBe('');
  });
});
