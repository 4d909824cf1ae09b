// The manual payout flow's state (spec 001 §2 "Create payout page and
// dialog", §4 "Manual payout flow", §5): which steps a draft shows, where
// Next and Back lead, the product step's cascading choice, and the Sender's
// "same person" copy. Pure functions: the island and its tests use them,
// and the server renders the same markup from the same props.
import type { Country, DraftField, DraftSection, ExternalCode, LocalInstrumentFamily, PayoutDraft } from '../../templates/generated/props';
import { splitDate } from './dateParts';

export const STEP_LABELS: Record<string, string> = {
  select_product: 'Select Product',
  payout_request: 'Payout Request',
  debtor: 'Website',
  ultimate_debtor: 'Sender',
  creditor: 'Receiver',
  creditor_account: 'Receiver Bank',
  intermediary_agent: 'Intermediary Agent',
  intermediary_agent_account: 'Intermediary Agent Account',
  summary: 'Summary',
};

const ORDER = Object.keys(STEP_LABELS);

/** The draft's steps in order: select_product, each step that has fields, summary (spec 001 §2). */
export function stepsOf(d: PayoutDraft | null | undefined): string[] {
  if (!d) return ['select_product'];
  const withFields = new Set(d.sections.filter((s) => s.name !== 'product' && s.fields.length > 0).map((s) => s.name));
  return ORDER.filter((s) => s === 'select_product' || s === 'summary' || withFields.has(s));
}

export const sectionOf = (d: PayoutDraft | null | undefined, name: string): DraftSection | undefined =>
  d?.sections.find((s) => s.name === name);

/** The step after (+1) or before (-1) step, or '' at an end. */
export function stepBeside(steps: string[], step: string, dir: 1 | -1): string {
  return steps[steps.indexOf(step) + dir] ?? '';
}

/**
 * Whether the step list may link to step: only once the draft exists (spec
 * 001 §4), and only up to the first step not finished, so no step is
 * skipped on the way to the summary.
 */
export function reachable(d: PayoutDraft | null | undefined, step: string): boolean {
  if (!d) return false;
  for (const s of stepsOf(d)) {
    if (s === step) return true;
    if (s !== 'select_product' && s !== 'summary' && !sectionOf(d, s)?.saved) return false;
  }
  return false;
}

// ── Fields ────────────────────────────────────────────────────────────────

/** Lists a field's select takes its values from (the draft's own options otherwise). */
export type Lists = { countries: Country[]; purposeCodes: ExternalCode[] };

/** Typed values by field name; a date of birth is typed as three parts. */
export type Values = Record<string, string>;

/** The inputs' values of a saved field (the date of birth split again). */
export function typedOf(fields: DraftField[]): Values {
  const out: Values = {};
  for (const f of fields) {
    if (f.ui_field === 'date_of_birth') {
      const [dd, mm, yyyy] = splitDate(f.value);
      Object.assign(out, { [f.name + '-dd']: dd, [f.name + '-mm']: mm, [f.name + '-yyyy']: yyyy });
    } else out[f.name] = f.value;
  }
  return out;
}

// ── Product step ──────────────────────────────────────────────────────────

export type ProductChoice = { family: string; product: string; schema: string };
export type Level = { options: { value: string; label: string }[]; value: string; locked: boolean };

/**
 * The three cascading selects (Transfer type, Corridor, Data required) for
 * a choice: each level's options for the choice above it, a level with one
 * option chosen and locked (spec 001 §4), a value no longer offered
 * dropped (changing one upstream resets those below).
 */
export function productLevels(fams: LocalInstrumentFamily[], c: ProductChoice): [Level, Level, Level] {
  const level = (options: { value: string; label: string }[], want: string): Level => {
    const locked = options.length === 1;
    const value = locked ? options[0].value : options.some((o) => o.value === want) ? want : '';
    return { options, value, locked };
  };
  const fam = level(fams.map((f) => ({ value: f.id, label: f.name })), c.family);
  const products = fams.find((f) => f.id === fam.value)?.products ?? [];
  const prod = level(products.map((p) => ({ value: p.id, label: p.corridor.name })), c.product);
  const schemas = products.find((p) => p.id === prod.value)?.product_schemas ?? [];
  return [fam, prod, level(schemas.map((s) => ({ value: s.id, label: s.label })), c.schema)];
}

/** A new choice at one level: the levels below start again. */
export function choose(c: ProductChoice, level: 0 | 1 | 2, value: string): ProductChoice {
  if (level === 0) return { family: value, product: '', schema: '' };
  if (level === 1) return { ...c, product: value, schema: '' };
  return { ...c, schema: value };
}

export const PRODUCT_LABELS = ['Transfer type', 'Corridor', 'Data required'] as const;

/** The product step's messages: each level not chosen is required. */
export function checkProduct(levels: Level[]): Record<string, string> {
  const out: Record<string, string> = {};
  levels.forEach((l, i) => {
    if (!l.value) out[PRODUCT_KEYS[i]] = PRODUCT_LABELS[i] + ' is required';
  });
  return out;
}

export const PRODUCT_KEYS = ['local_instrument', 'product_id', 'schema_id'] as const;
