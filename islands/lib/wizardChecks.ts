// What the payout wizard needs only past the product step: a step's live checks (the rules of
// package payoutfield, mirrored in ./payoutFields), where a new draft opens, the Sender's
// copy. Loaded with the steps (./wizardSteps) and the API calls (./wizardMore), not with the
// wizard's first load.
import type { DraftField, PayoutDraft } from '../../templates/generated/props';
import { composeDate } from './dateParts';
import { check, type RuleField } from './payoutFields';
import { sectionOf, stepsOf, type Lists, type Values } from './wizard';

/** The values a select field accepts, null for free input. */
export function allowedOf(f: DraftField, lists: Lists): string[] | null {
  // An empty list is one not loaded yet: the server checks the value then.
  if (f.ui_field === 'country') return lists.countries.length ? lists.countries.map((c) => c.iso) : null;
  if (f.ui_field === 'purpose_code') return f.rules.external_code ? lists.purposeCodes.map((c) => c.code) : null;
  if (f.ui_field === 'creditor_type') return ['private', 'organization'];
  return f.options ? f.options.map((o) => o.value) : null;
}

export const ruleField = (f: DraftField, lists: Lists, decimals: number): RuleField => ({ ...f, allowed: allowedOf(f, lists), decimals });

/** What a field's inputs send: the date of birth's three parts joined, anything else as typed. */
export function fieldValue(f: DraftField, typed: Values): string {
  if (f.ui_field === 'date_of_birth') return composeDate(typed[f.name + '-dd'] ?? '', typed[f.name + '-mm'] ?? '', typed[f.name + '-yyyy'] ?? '');
  return typed[f.name] ?? '';
}

/** Each field's message for what is typed, '' when accepted. */
export function checkStep(fields: DraftField[], typed: Values, lists: Lists, decimals: number, today: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (f.disabled) continue;
    const msg = check(ruleField(f, lists, decimals), fieldValue(f, typed), today)[1];
    if (msg) out[f.name] = msg;
  }
  return out;
}

/** The first step a draft still needs: where a resumed draft opens. */
export function firstOpen(d: PayoutDraft): string {
  return stepsOf(d).find((s) => s !== 'select_product' && (s === 'summary' || !sectionOf(d, s)?.saved)) ?? 'summary';
}

/**
 * The Sender step's "Is the Receiver the same person?" (spec 001 §4): the
 * sender's values for the receiver's fields of the same name, when the
 * receiver step is unfinished; null otherwise.
 */
export function senderCopy(d: PayoutDraft, sender: Values): Values | null {
  const rec = sectionOf(d, 'creditor');
  if (!rec || rec.saved) return null;
  const out: Values = {};
  for (const f of rec.fields) if (sender[f.name]) out[f.name] = sender[f.name];
  return out;
}
