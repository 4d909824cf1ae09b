/** @jsxRuntime automatic @jsxImportSource preact */
// The payout wizard's steps after the product: each step's fields with their live checks,
// the summary, and what publishing made (spec 001 §4, §5, §8). islands/PayoutWizard draws
// the product step and the frame (step list, problems, buttons, summary panel) itself and
// loads this module by import() when a step needs it: at once on a page that opens at a
// later step, on the first Next, or with the dialog. Until it came, the server's markup of
// the step stays as it was sent, a form posting to the server (lib/serverOnly's kept).
import { useMemo } from 'preact/hooks';
import { formatTyping, groupDigits } from './amount';
import { formatIban } from './iban';
import { STEP_LABELS, type Lists, type Values } from './wizard';
import { Modal } from './Modal';
import { Change, Err, Select, aria, alertCls, btn, btn2, ctl, fid, formAction, type Props } from './wizardParts';
import type { DraftField, DraftProblem, DraftPublished, DraftSummary, PayoutDraft, Receiver } from '../../templates/generated/props';

export { checkStep } from './wizardChecks';
export { formatIban, formatTyping };

export const MSG_PRECONDITION = 'Precondition Failure';
export const SAME_PERSON = 'Is the Receiver the same person?';
export const APPROVAL_TITLE = 'Sent for approval';
export const APPROVAL_TEXT = 'The payout request was sent for approval. It will be processed once it has been approved.';
export const SUCCESS_TITLE = 'Payout created';
export const MSG_CLOSE = 'Are you sure? It will be deleted.';

/** One field of a step, drawn by its ui_field. */
type Option = { value: string; label: string };

function Field({ f, typed, err, lists, currency, onChange }: { f: DraftField; typed: Values; err?: string; lists: { countries: Option[]; purposeCodes: Option[] }; currency: string; onChange?: Change }) {
  const id = fid(f.name);
  const v = typed[f.name] ?? '';
  if (f.ui_field === 'date_of_birth') {
    const part = (k: string, label: string, size: string, max: number) => (
      <div>
        <label htmlFor={k === 'dd' ? id : id + '-' + k} className="block text-sm">{label}</label>
        <input id={k === 'dd' ? id : id + '-' + k} name={f.name + '-' + k} value={typed[f.name + '-' + k] ?? ''} inputMode="numeric"
          maxLength={max} disabled={f.disabled} className={ctl(err) + ' ' + size} {...aria(id, err)}
          onInput={onChange ? (e) => onChange(f.name + '-' + k, (e.currentTarget as HTMLInputElement).value) : undefined} />
      </div>
    );
    return (
      <fieldset className="mb-4" aria-describedby={err ? id + '-error' : undefined}>
        <legend className="font-medium">{f.label}</legend>
        <Err id={id} msg={err} />
        <div className="flex gap-3">
          {part('dd', 'Day', 'w-16', 2)}
          {part('mm', 'Month', 'w-16', 2)}
          {part('yyyy', 'Year', 'w-24', 4)}
        </div>
      </fieldset>
    );
  }
  let control;
  const options =
    f.ui_field === 'country'
      ? lists.countries
      : f.ui_field === 'purpose_code' && f.rules.external_code
        ? lists.purposeCodes
        : f.options?.length
          ? f.options
          : f.ui_field === 'creditor_type'
            ? [{ value: 'private', label: 'Private person' }, { value: 'organization', label: 'Organization' }]
            : null;
  const hint = f.ui_field === 'purpose_code' && !f.rules.external_code ? 'For example PC02' : f.ui_field === 'amount' ? currency : '';
  if (options && f.ui_field !== 'text') {
    control = <Select id={f.name} name={f.name} value={v} err={err} disabled={f.disabled} options={options} onChange={onChange} />;
  } else {
    control = (
      <input id={id} name={f.name} value={v} type={f.ui_field === 'email' ? 'email' : 'text'} disabled={f.disabled}
        inputMode={f.ui_field === 'amount' ? 'decimal' : undefined} autoComplete="off"
        spellcheck={f.ui_field === 'iban' || f.ui_field === 'bic' || f.ui_field === 'end_to_end_id' ? false : undefined}
        className={ctl(err)} {...aria(id, err, !!hint)}
        onInput={onChange ? (e) => onChange(f.name, (e.currentTarget as HTMLInputElement).value) : undefined} />
    );
  }
  const optional = f.access_type === 'optional' && f.step === 'payout_request';
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block font-medium">{f.label}{optional ? ' (optional)' : ''}</label>
      {hint ? <p id={id + '-hint'} className="text-sm text-gray-700">{hint}</p> : null}
      <Err id={id} msg={err} />
      {control}
    </div>
  );
}

/** The summary step: every section as the server stored it, and what stops publishing. */
function SummaryStep({ s, problems }: { s: DraftSummary | null; problems: DraftProblem[] }) {
  return (
    <>
      {s ? (
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-gray-700">Amount</dt>
          <dd>{groupDigits(s.amount)} {s.currency_code}</dd>
          <dt className="text-gray-700">Product</dt>
          <dd>{s.product_name} · {s.schema_label}</dd>
          {s.sections.map((sec) => (
            <>
              <dt className="col-span-2 mt-2 font-semibold">{STEP_LABELS[sec.name] ?? sec.label}</dt>
              {sec.lines.map((l) => (
                <>
                  <dt className="text-gray-700">{l.label}</dt>
                  <dd className="break-words">{l.value}</dd>
                </>
              ))}
            </>
          ))}
        </dl>
      ) : null}
      {problems.length > 0 ? (
        <div role="alert" className={alertCls}>
          <p className="font-semibold">{MSG_PRECONDITION}</p>
          <ul className="list-disc pl-5">
            {problems.map((pr) => (
              <li>{(STEP_LABELS[pr.section] ?? pr.section) + ' · ' + pr.label + ': ' + pr.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** What a step after the product shows inside its form, above the buttons. */
export type BodyProps = {
  step: string;
  fields: DraftField[];
  typed: Values;
  shown: Record<string, string>;
  lists: Lists;
  currency: string;
  /** The Sender step asks "Is the Receiver the same person?" when the draft has a Receiver step. */
  asksSame: boolean;
  same: string;
  summary: DraftSummary | null;
  problems: DraftProblem[];
  onChange?: Change;
  onSame?: (v: string) => void;
};

export function Body(b: BodyProps) {
  // The country and purpose code options, made once per list rather than on every keystroke.
  const options = useMemo(
    () => ({
      countries: b.lists.countries.map((c) => ({ value: c.iso, label: c.name })),
      purposeCodes: b.lists.purposeCodes.map((c) => ({ value: c.code, label: c.code + ' · ' + c.name })),
    }),
    [b.lists],
  );
  if (b.step === 'summary') return <SummaryStep s={b.summary} problems={b.problems} />;
  return (
    <>
      {b.fields.map((f) => (
        <Field f={f} typed={b.typed} err={b.shown[f.name]} lists={options} currency={b.currency} onChange={b.onChange} />
      ))}
      {b.asksSame ? (
        <fieldset className="mb-4">
          <legend className="font-medium">{SAME_PERSON}</legend>
          <div className="mt-1 flex gap-6">
            {['yes', 'no'].map((v) => (
              <label className="flex items-center gap-2">
                <input type="radio" name="same_person" value={v} checked={b.same === v}
                  onChange={b.onSame ? () => b.onSame!(v) : undefined} />
                {v === 'yes' ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}

export const isApproval = (p: Pick<Props, 'approvalFlow'>, r: DraftPublished) => r.state === 'waiting_review' && p.approvalFlow;

/** After publishing: the payout (success) or that it went for approval. */
export function ResultView({ r, approval }: { r: DraftPublished; approval: boolean }) {
  if (approval) return <p>{APPROVAL_TEXT}</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="text-gray-700">Currency</dt>
      <dd>{r.currency_code}</dd>
      <dt className="text-gray-700">Amount</dt>
      <dd>{groupDigits(r.amount)}</dd>
      <dt className="text-gray-700">End-to-end ID</dt>
      <dd className="break-all">{r.end_to_end_id}</dd>
      <dt className="text-gray-700">Payout reference</dt>
      <dd className="break-all">{r.vela_unique_reference}</dd>
    </dl>
  );
}

/** The done page (page mode): what publishing made, in place of the steps; links and a form only. */
export function DonePage({ p, r, H }: { p: Props; r: DraftPublished; H: 'h2' | 'h3' }) {
  const a = isApproval(p, r);
  return (
    <>
      <div role="status">
        <H className="mb-4 text-xl font-semibold">{a ? APPROVAL_TITLE : SUCCESS_TITLE}</H>
        <ResultView r={r} approval={a} />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <a href={p.payouts} className={btn}>Back to payouts</a>
        <a href={p.base} className="text-blue-800 underline">Create another payout</a>
      </div>
      {p.canSave ? <SaveReceiver p={p} draftId={r.draft_id} back="done" /> : null}
    </>
  );
}

/** Save receiver (receivers:manage): the draft's receiver kept for later payouts. */
export function SaveReceiver({ p, draftId, back, onSave }: { p: Props; draftId: string; back: string; onSave?: (e: Event) => void }) {
  return (
    <form method="post" action={p.base + '/' + encodeURIComponent(draftId) + '/save_receiver'} onSubmit={onSave} className="mt-4">
      <input type="hidden" name="_csrf" value={p.csrf} />
      <input type="hidden" name="return_to" value={back} />
      <button type="submit" className={btn2}>Save receiver</button>
    </form>
  );
}

/**
 * The recent receivers picker of the Receiver step (receivers:read): its own
 * form, which without JavaScript posts the choice to the server; the
 * receiver's values then fill the receiver sections through the draft's checks.
 */
export function ReceiverPicker({ p, draft, list, err, onUse }: { p: Props; draft: PayoutDraft; list: Receiver[]; err?: string; onUse?: (e: Event) => void }) {
  const id = fid('receiver_id');
  return (
    <form method="post" action={formAction(p, draft, 'receiver')} noValidate onSubmit={onUse} className="mb-4 rounded border border-gray-300 p-3">
      <input type="hidden" name="_csrf" value={p.csrf} />
      <label htmlFor={id} className="block font-medium">Saved receiver</label>
      <p id={id + '-hint'} className="text-sm text-gray-700">Fill in this step with a receiver saved before.</p>
      <Err id={id} msg={err} />
      <div className="flex flex-wrap items-end gap-3">
        <select id={id} name="receiver_id" className={ctl(err) + ' sm:w-auto sm:min-w-0 sm:flex-1'} {...aria(id, err, true)}>
          <option value="">Select</option>
          {list.map((r) => (
            <option value={r.id}>{receiverLabel(r, p.receiverAccount)}</option>
          ))}
        </select>
        <button type="submit" className={btn2}>Use receiver</button>
      </div>
    </form>
  );
}

/** What the picker lists: the name, and the first account the receiver has. */
export function receiverLabel(r: Receiver, accountKeys: string[]): string {
  const account = accountKeys.map((k) => r.creditor_details.find((d) => d.key === k)?.value).find(Boolean);
  return account ? r.full_name + ' · ' + account : r.full_name;
}

/** Close's question (closing deletes the draft: the form posts to the server, which says 'Draft has been
 *  deleted'), and what publishing made, in the dialog. */
export function Dialogs({ p, deleteAction, closing, keep, result }: { p: Props; deleteAction: string; closing: boolean; keep: () => void; result: DraftPublished | null }) {
  const approval = !!result && isApproval(p, result);
  return (
    <>
      <Modal id={fid('close')} title="Close" width={440} open={closing} onClose={keep} closeLabel="">
        <form method="post" action={deleteAction}>
          <input type="hidden" name="_csrf" value={p.csrf} />
          <p className="mb-4">{MSG_CLOSE}</p>
          <div className="flex gap-3">
            <button type="submit" className={btn}>Yes</button>
            <button type="button" className={btn2} onClick={keep}>No</button>
          </div>
        </form>
      </Modal>
      {result ? (
        <Modal id={fid('result')} title={approval ? APPROVAL_TITLE : SUCCESS_TITLE} width={600} open onClose={() => location.assign(p.payouts)}>
          <ResultView r={result} approval={approval} />
          <a href={p.payouts} className={btn + ' mt-4 inline-block'}>Done</a>
        </Modal>
      ) : null}
    </>
  );
}
