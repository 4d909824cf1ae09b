// What the payout wizard needs only once the user acts (the budget: one island
// ≤ 10 KB gzip with its share of the runtime): the calls to the draft and
// receiver API, and the dialog. islands/PayoutWizard.tsx loads this module
// with import() on the first focus, press or click inside it (a chunk of our
// own origin, allowed by the page's nonce'd module through 'strict-dynamic'),
// so the first load carries only what draws and checks the steps, which the
// server renders the same without it.
import type { StateUpdater, Dispatch } from 'preact/hooks';
import { ApiError, createApiClient, type ApiClient } from './apiClient';
import { check } from './payoutFields';
import { receiverOf, receiverValues, RECEIVER_SECTIONS } from './receivers';
import { sectionOf, stepBeside, stepsOf, typedOf, type Level, type Lists, type Values } from './wizard';
import { fieldValue, firstOpen, ruleField, senderCopy } from './wizardChecks';
import type { DraftField, DraftProblem, DraftPublished, DraftSummary, IslandProps, PayoutDraft, Receiver } from '../../templates/generated/props';

export { Modal } from './Modal';

// The spec's words for failed calls (§8), and ours for saved receivers (it gives none),
// as the server's createpayout package says them without JavaScript; %s is the
// receiver's name or the server's message.
export const MSG_CREATE_FAILED = 'Error creating draft';
export const MSG_SAVE_FAILED = 'Error occurred while updating Payout draft';
export const MSG_PUBLISH_FAILED = 'Error publishing draft';
export const MSG_RECEIVER_SET = "The receiver's details are filled in. Check them and go on.";
export const MSG_RECEIVER_SAVED = '%s is saved as a receiver';
export const MSG_RECEIVER_FAILED = 'Error while saving the receiver - %s';
export const MSG_RECEIVER_UNREADY = 'Finish the Receiver and Receiver Bank steps before saving the receiver';

type Set<T> = Dispatch<StateUpdater<T>>;

/** The island's state and setters, as one render sees them. */
export type Ctx = {
  p: IslandProps['PayoutWizard'];
  step: string;
  draft: PayoutDraft | null;
  fields: DraftField[];
  typed: Values;
  lists: Lists;
  levels: Level[];
  same: string;
  decimals: number;
  go: (step: string) => void;
  pushStep: (draftId: string | undefined, step: string, replace?: boolean) => void;
  moved: { current: boolean };
  setDraft: Set<PayoutDraft | null>;
  setStep: Set<string>;
  setTypedBy: Set<Record<string, Values>>;
  setTouched: Set<Record<string, boolean>>;
  setServer: Set<Record<string, string>>;
  setAlert: Set<string>;
  setSummary: Set<DraftSummary | null>;
  setProblems: Set<DraftProblem[]>;
  setResult: Set<DraftPublished | null>;
  setStatus: Set<string>;
  setOpen: Set<boolean>;
  setLists: Set<Lists>;
  setReceivers: Set<Receiver[] | null>;
};

let client: ApiClient | null = null;
const api = (csrf: string) => (client ??= createApiClient({ base: '/api/v2', csrfToken: csrf }));
const orgPath = (c: Ctx) => '/payouts/organisations/' + encodeURIComponent(c.p.orgId);
const draftPath = (c: Ctx, d: PayoutDraft) => orgPath(c) + '/payout_drafts/' + encodeURIComponent(d.draft_id);
const patch = (c: Ctx, d: PayoutDraft, section: string, values: Values) =>
  api(c.p.csrf).request<{ data: PayoutDraft }>('PATCH', draftPath(c, d), { body: { [section]: values } }).then((r) => r.data);

/** The first server message of each field of a section; given only for fields with a value when valued. */
function serverErrors(d: PayoutDraft, section: string, valued = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of sectionOf(d, section)?.fields ?? []) if (f.errors?.length && (!valued || f.value)) out[f.name] = f.errors[0];
  return out;
}

/** A refused call's problems pointed at /section/field, by field name. */
function problemsByField(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pr of e instanceof ApiError ? e.problems : []) {
    const ptr = pr.source?.pointer;
    if (ptr) out[ptr.slice(ptr.lastIndexOf('/') + 1)] = pr.title;
  }
  return out;
}

/** Next: creates the draft, saves the step's section, or publishes from the summary. */
export async function submit(c: Ctx): Promise<void> {
  const { p, step, draft, fields, typed } = c;
  try {
    if (step === 'select_product') {
      const r = await api(p.csrf).post<{ data: PayoutDraft }>(orgPath(c) + '/payout_drafts', {
        product_id: c.levels[1].value,
        schema_id: c.levels[2].value,
      });
      c.setDraft(r.data);
      const first = firstOpen(r.data);
      c.pushStep(r.data.draft_id, 'select_product', true);
      c.setStep(first);
      c.pushStep(r.data.draft_id, first);
      c.moved.current = true;
    } else if (step === 'summary' && draft) {
      c.setResult((await api(p.csrf).post<{ data: DraftPublished }>(draftPath(c, draft) + '/publish')).data);
    } else if (draft) {
      const values: Values = {};
      const today = new Date();
      // What the server stores: an amount without commas, an IBAN without spaces.
      for (const f of fields) if (!f.disabled) values[f.name] = check(ruleField(f, c.lists, c.decimals), fieldValue(f, typed), today)[0];
      const d = await patch(c, draft, step, values);
      const copy = step === 'ultimate_debtor' && c.same === 'yes' ? senderCopy(d, values) : null;
      if (copy && sectionOf(d, 'ultimate_debtor')?.saved) {
        // Copied into the receiver's inputs; its Next saves them, and its checks speak there.
        const rec = sectionOf(d, 'creditor')!.fields.map((f) => (copy[f.name] ? { ...f, value: copy[f.name] } : f));
        c.setTypedBy((t) => ({ ...t, creditor: typedOf(rec) }));
      }
      c.setDraft(d);
      c.setSummary(null);
      if (sectionOf(d, step)?.saved) {
        c.setTypedBy((t) => ({ ...t, [step]: typed }));
        c.go(stepBeside(stepsOf(d), step, 1));
      } else {
        c.setServer(serverErrors(d, step));
        c.setTouched({});
        c.moved.current = true;
      }
    }
  } catch (err) {
    if (step === 'summary' && err instanceof ApiError && err.status === 412) {
      // Precondition Failure: one line per field, "label: message".
      c.setProblems(
        err.problems.map((pr) => {
          const [, section = '', field = ''] = (pr.source?.pointer ?? '').split('/');
          const [label, ...msg] = (pr.detail ?? '').split(': ');
          return { section, field, label, message: msg.join(': ') };
        }),
      );
      c.moved.current = true;
    } else if (step === 'summary') {
      // The spec's toast, and the dialog closes; the draft stays to be found again.
      c.setStatus(MSG_PUBLISH_FAILED);
      c.setAlert(MSG_PUBLISH_FAILED);
      if (p.mode === 'dialog') c.setOpen(false);
    } else {
      if (draft && step !== 'select_product') {
        // The server keeps what was typed, refused: the step is not finished any more.
        c.setDraft({ ...draft, sections: draft.sections.map((s) => (s.name === step ? { ...s, saved: false } : s)) });
      }
      // A refused save or create: the spec's words above the form, the server's beside the fields.
      c.setServer(problemsByField(err));
      c.setTouched({});
      c.setAlert(step === 'select_product' ? MSG_CREATE_FAILED : MSG_SAVE_FAILED);
      c.moved.current = true;
    }
  }
}

/** The lists a step's selects need, when the props did not bring them. */
export function loadLists(c: Ctx): void {
  const need = (ui: string, ext?: boolean) => c.fields.some((f) => f.ui_field === ui && (!ext || f.rules.external_code));
  if (need('country') && !c.lists.countries.length) {
    api(c.p.csrf).get<{ data: Lists['countries'] }>('/countries').then((r) => c.setLists((l) => ({ ...l, countries: r.data })), () => {});
  }
  if (need('purpose_code', true) && !c.lists.purposeCodes.length) {
    api(c.p.csrf)
      .get<{ data: Lists['purposeCodes'] }>('/external_codes', { query: { 'filter[name]': 'B2B Purpose Codes' } })
      .then((r) => c.setLists((l) => ({ ...l, purposeCodes: r.data })), () => {});
  }
}

/** The summary step reads the draft's summary. */
export function loadSummary(c: Ctx, d: PayoutDraft): void {
  api(c.p.csrf).get<{ data: DraftSummary }>(draftPath(c, d) + '/summary').then((r) => c.setSummary(r.data), () => c.setAlert(MSG_PUBLISH_FAILED));
}

/** The recent receivers of the draft's product and schema (the picker); none on failure, the step works without. */
export function loadReceivers(c: Ctx, d: PayoutDraft): void {
  api(c.p.csrf)
    .get<{ data: Receiver[] }>(orgPath(c) + '/recent_receivers', { query: { product_id: d.product_id, schema_id: d.schema_id } })
    .then((r) => c.setReceivers(r.data), () => c.setReceivers([]));
}

/**
 * The picker's choice: the receiver's values saved into each receiver
 * section through the draft's own checks, as the page without JavaScript
 * does; the steps show what was stored, and what was refused beside it.
 */
export async function pickReceiver(c: Ctx, r: Receiver): Promise<void> {
  let d = c.draft!;
  try {
    for (const [section, values] of Object.entries(receiverValues(r, d, c.p.receiverNames))) d = await patch(c, d, section, values);
  } catch (err) {
    c.setServer(problemsByField(err));
    c.setAlert(MSG_SAVE_FAILED);
    c.moved.current = true;
    return;
  }
  c.setDraft(d);
  c.setSummary(null);
  c.setTypedBy((t) => {
    const out = { ...t };
    for (const s of RECEIVER_SECTIONS) if (sectionOf(d, s)) out[s] = typedOf(sectionOf(d, s)!.fields);
    return out;
  });
  c.setServer(serverErrors(d, 'creditor', true));
  c.setTouched({});
  c.setAlert('');
  c.setStatus(MSG_RECEIVER_SET);
}

/** Save receiver: the draft's receiver stored for reuse; the outcome is announced. */
export async function saveReceiver(c: Ctx): Promise<void> {
  const body = c.draft && receiverOf(c.draft, c.p.receiverNames);
  if (!body) {
    c.setStatus(MSG_RECEIVER_UNREADY);
    return;
  }
  try {
    const r = await api(c.p.csrf).post<{ data: Receiver }>(orgPath(c) + '/receivers', { creditor: body });
    c.setStatus(MSG_RECEIVER_SAVED.replace('%s', r.data.full_name));
  } catch (err) {
    c.setStatus(MSG_RECEIVER_FAILED.replace('%s', err instanceof ApiError ? err.message : ''));
  }
}
