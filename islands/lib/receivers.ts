// Saved receivers in the payout wizard (spec 001 §3 "Saved receiver", §6):
// a receiver's values for a draft's receiver sections (the picker), and the
// receiver a draft describes (Save receiver). The name table is the server's
// (createpayout.ReceiverNames, in the island's props), so both sides map a
// receiver alike; the Receiver step's fields go by that table, the bank and
// intermediary sections' fields are creditor_details keys "<section>.<field>".
import type { PayoutDraft, Receiver, ReceiverFields } from '../../templates/generated/props';

export const RECEIVER_SECTIONS = ['creditor', 'creditor_account', 'intermediary_agent', 'intermediary_agent_account'];

type Names = Record<string, string>;

export const detail = (r: Receiver, key: string) => r.creditor_details?.find((d) => d.key === key)?.value ?? '';

/** The receiver's values for each receiver section the draft has ('' for what it lacks). */
export function receiverValues(r: Receiver, d: PayoutDraft, names: Names): Record<string, Record<string, string>> {
  const own = r as unknown as Record<string, string | string[] | null>;
  const out: Record<string, Record<string, string>> = {};
  for (const sec of d.sections) {
    if (!RECEIVER_SECTIONS.includes(sec.name)) continue;
    const vals: Record<string, string> = {};
    for (const f of sec.fields) {
      if (f.disabled) continue;
      const v = sec.name === 'creditor' ? own[names[f.name]] : detail(r, sec.name + '.' + f.name);
      vals[f.name] = Array.isArray(v) ? v.filter(Boolean).join(', ') : (v ?? '');
    }
    out[sec.name] = vals;
  }
  return out;
}

/** The receiver to save from the draft's saved sections; null while the Receiver or Receiver Bank step is not finished. */
export function receiverOf(d: PayoutDraft, names: Names): ReceiverFields | null {
  const own: Record<string, unknown> = {};
  const details: { key: string; value: string }[] = [];
  for (const sec of d.sections) {
    if (!RECEIVER_SECTIONS.includes(sec.name)) continue;
    if (!sec.saved && (sec.name === 'creditor' || sec.name === 'creditor_account')) return null;
    for (const f of sec.fields) {
      const n = names[f.name];
      if (!f.value) continue;
      if (sec.name !== 'creditor') details.push({ key: sec.name + '.' + f.name, value: f.value });
      else if (n === 'address_lines') own[n] = [f.value];
      else if (n && !(n in own)) own[n] = f.value;
    }
  }
  // A schema that does not ask pays a person (a saved receiver always has a type), as the server says.
  return { creditor_type: 'private', ...own, creditor_details: details, product_id: d.product_id, schema_id: d.schema_id } as ReceiverFields;
}
