/** @jsxRuntime automatic @jsxImportSource preact */
// The manual payout wizard (spec 001 §2 "Create payout page and dialog", §4
// "Manual payout flow", §5, §8). One component renders every step, both as
// the no-JavaScript pages (mode "page": each step a form posted to the
// server, which saves the section in the draft and answers the next step's
// page) and in the dialog the Payouts page opens (mode "dialog": the
// server's markup is the "Create payout" link to those pages).
//
// Hydrated, the island takes over: the product step's selects cascade at
// once, fields are checked as they change (the rules of package
// payoutfield, mirrored in lib/payoutFields), Next is disabled until the
// step is valid and saves the section through the JSON API, Back keeps what
// was typed, and the address follows the step (the step page, or
// ?createManualPayout=<step>&draft=<id> in the dialog) so a reload resumes.
// The draft is the server's either way: the server's errors show beside
// their fields or under one alert, and what the server stored is what the
// summary shows.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { formatTyping, groupDigits } from './lib/amount';
import { formatIban } from './lib/iban';
import {
  PRODUCT_KEYS, PRODUCT_LABELS, STEP_LABELS, checkProduct, checkStep, choose, productLevels,
  reachable, sectionOf, stepBeside, stepsOf, typedOf, type Level, type Lists, type Values,
} from './lib/wizard';
import type { Ctx } from './lib/wizardMore';
import type { DraftField, DraftProblem, DraftPublished, DraftSummary, IslandProps, PayoutDraft, Receiver } from '../templates/generated/props';


export type Props = IslandProps['PayoutWizard'];

const ID = 'pw';
const fid = (name: string) => ID + '-' + name;
const TITLE = 'Create payout';
const SUBTITLE = 'Manually create a payout to a customer';
export const MSG_PRECONDITION = 'Precondition Failure';
export const MSG_CLOSE = 'Are you sure? It will be deleted.';
export const MSG_PICK_REQUIRED = 'Select a receiver';
export const SAME_PERSON = 'Is the Receiver the same person?';
export const APPROVAL_TITLE = 'Sent for approval';
export const APPROVAL_TEXT = 'The payout request was sent for approval. It will be processed once it has been approved.';
export const SUCCESS_TITLE = 'Payout created';

const btn = 'rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-gray-500';
const btn2 = 'rounded border border-gray-600 px-4 py-2';
const ctl = (err?: string) =>
  'mt-1 block w-full rounded border bg-white px-3 py-2 disabled:bg-gray-100 disabled:text-gray-700 ' + (err ? 'border-red-700' : 'border-gray-500');
const alertCls = 'mb-4 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900';

/** The address of a step: its page, or the Payouts page with the dialog's query. */
export function stepHref(p: Pick<Props, 'mode' | 'base' | 'payouts'>, draftId: string | undefined, step: string): string {
  if (p.mode === 'dialog') {
    return p.payouts + '?createManualPayout=' + step + (draftId ? '&draft=' + encodeURIComponent(draftId) : '');
  }
  return draftId ? p.base + '/' + encodeURIComponent(draftId) + '/' + step : p.base;
}

const formAction = (p: Props, d: PayoutDraft | null, step: string) => (d ? p.base + '/' + encodeURIComponent(d.draft_id) + '/' + step : p.base);

// ── Parts ─────────────────────────────────────────────────────────────────

function Err({ id, msg }: { id: string; msg?: string }) {
  return msg ? (
    <p id={id + '-error'} className="text-sm font-medium text-red-800"><span className="sr-only">Error: </span>{msg}</p>
  ) : null;
}

const aria = (id: string, err?: string, hint?: boolean) => ({
  'aria-invalid': err ? ('true' as const) : undefined,
  'aria-describedby': [hint ? id + '-hint' : '', err ? id + '-error' : ''].filter(Boolean).join(' ') || undefined,
});

/** The steps, where the user is and which are done (links only once the draft exists). */
function StepList({ p, steps, step, draft, go }: { p: Props; steps: string[]; step: string; draft: PayoutDraft | null; go?: (s: string) => void }) {
  return (
    <nav aria-label="Steps" className="mb-4">
      <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {steps.map((s, i) => {
          const here = s === step;
          const done = s === 'select_product' ? !!draft : !!sectionOf(draft, s)?.saved;
          const text = (
            <>
              <span aria-hidden="true">{done ? '✓ ' : i + 1 + '. '}</span>
              {STEP_LABELS[s]}
              {done ? <span className="sr-only"> (done)</span> : null}
            </>
          );
          return (
            <li className={here ? 'font-semibold' : ''}>
              {!here && draft && s !== 'select_product' && reachable(draft, s) ? (
                <a href={stepHref(p, draft.draft_id, s)} className="text-blue-800 underline"
                  onClick={go ? (e) => { e.preventDefault(); go(s); } : undefined}>{text}</a>
              ) : (
                <span aria-current={here ? 'step' : undefined}>{text}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** "There is a problem": each message links to its field. */
function ErrorSummary({ list, H }: { list: [string, string][]; H: 'h2' | 'h3' }) {
  if (list.length === 0) return null;
  return (
    // autofocus: a page the server sent back with errors starts there (without JavaScript).
    <div id={fid('errors')} className="mb-4 rounded border-2 border-red-700 p-4" role="alert" aria-labelledby={fid('errors-title')} tabIndex={-1} autoFocus>
      <H id={fid('errors-title')} className="font-semibold text-red-800">There is a problem</H>
      <ul className="mt-2 list-disc pl-5">
        {list.map(([id, msg]) => (
          <li><a href={'#' + fid(id)} className="text-red-800 underline">{msg}</a></li>
        ))}
      </ul>
    </div>
  );
}

type Change = (name: string, value: string) => void;

function Select(p: { id: string; name: string; value: string; err?: string; disabled?: boolean; placeholder?: string; options: { value: string; label: string }[]; onChange?: Change }) {
  return (
    <select id={fid(p.id)} name={p.name} disabled={p.disabled} className={ctl(p.err)} {...aria(fid(p.id), p.err)}
      onChange={p.onChange ? (e) => p.onChange!(p.name, (e.currentTarget as HTMLSelectElement).value) : undefined}>
      <option value="" selected={!p.value}>{p.placeholder ?? 'Select'}</option>
      {p.options.map((o) => (
        <option value={o.value} selected={o.value === p.value}>{o.label}</option>
      ))}
    </select>
  );
}

/** One field of a step, drawn by its ui_field. */
function Field({ f, typed, err, lists, currency, onChange }: { f: DraftField; typed: Values; err?: string; lists: Lists; currency: string; onChange?: Change }) {
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
      ? lists.countries.map((c) => ({ value: c.iso, label: c.name }))
      : f.ui_field === 'purpose_code' && f.rules.external_code
        ? lists.purposeCodes.map((c) => ({ value: c.code, label: c.code + ' · ' + c.name }))
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

/** The product step's three cascading selects (spec 001 §4, §5). */
function ProductFields({ levels, errors, onChange }: { levels: Level[]; errors: Record<string, string>; onChange?: (i: 0 | 1 | 2, v: string) => void }) {
  return (
    <>
      {levels.map((l, i) => {
        const key = PRODUCT_KEYS[i];
        const usable = i === 0 || !!levels[i - 1].value;
        return (
          <div className="mb-4">
            <label htmlFor={fid(key)} className="block font-medium">{PRODUCT_LABELS[i]}</label>
            <Err id={fid(key)} msg={errors[key]} />
            <Select id={key} name={key} value={l.value} err={errors[key]} disabled={l.locked || !usable} options={l.options}
              onChange={onChange ? (_, v) => onChange(i as 0 | 1 | 2, v) : undefined} />
            {/* A locked select sends nothing; what it shows still counts. */}
            {l.locked ? <input type="hidden" name={key} value={l.value} /> : null}
          </div>
        );
      })}
    </>
  );
}

/** The summary panel beside the form: what the draft holds so far. */
function SummaryPanel({ draft, choiceText, H }: { draft: PayoutDraft | null; choiceText: string[]; H: 'h2' | 'h3' }) {
  return (
    <aside aria-labelledby={fid('panel-title')} className="rounded border border-gray-300 bg-gray-50 p-4 text-sm lg:w-72 lg:shrink-0 lg:self-start">
      <H id={fid('panel-title')} className="mb-2 font-semibold">Payout summary</H>
      <dl className="space-y-2">
        {PRODUCT_LABELS.map((l, i) =>
          choiceText[i] ? (
            <div>
              <dt className="text-gray-700">{l}</dt>
              <dd className="break-words">{choiceText[i]}</dd>
            </div>
          ) : null,
        )}
        {(draft?.sections ?? []).filter((s) => s.name !== 'product' && s.saved).map((s) => (
          <div>
            <dt className="text-gray-700">{STEP_LABELS[s.name] ?? s.label}</dt>
            <dd className="break-words">{s.fields.filter((f) => f.value).map((f) => f.label + ': ' + (f.display || f.value)).join(' · ') || '—'}</dd>
          </div>
        ))}
      </dl>
    </aside>
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

export const isApproval = (p: Pick<Props, 'approvalFlow'>, r: DraftPublished) => r.state === 'waiting_review' && p.approvalFlow;

/**
 * The recent receivers picker of the Receiver step (receivers:read): its own
 * form, which without JavaScript posts the choice to the server; the
 * receiver's values then fill the receiver sections through the draft's checks.
 */
function ReceiverPicker({ p, draft, list, err, onUse }: { p: Props; draft: PayoutDraft; list: Receiver[]; err?: string; onUse?: (e: Event) => void }) {
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

/** Save receiver (receivers:manage): the draft's receiver kept for later payouts. */
function SaveReceiver({ p, draftId, back, onSave }: { p: Props; draftId: string; back: string; onSave?: (e: Event) => void }) {
  return (
    <form method="post" action={p.base + '/' + encodeURIComponent(draftId) + '/save_receiver'} onSubmit={onSave} className="mt-4">
      <input type="hidden" name="_csrf" value={p.csrf} />
      <input type="hidden" name="return_to" value={back} />
      <button type="submit" className={btn2}>Save receiver</button>
    </form>
  );
}

/** What the picker lists: the name, and the first account the receiver has. */
export function receiverLabel(r: Receiver, accountKeys: string[]): string {
  const account = accountKeys.map((k) => r.creditor_details.find((d) => d.key === k)?.value).find(Boolean);
  return account ? r.full_name + ' · ' + account : r.full_name;
}

type More = typeof import('./lib/wizardMore');

// ── The island ────────────────────────────────────────────────────────────

export default function PayoutWizard(p: Props) {
  const js = useHydrated();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(p.draft);
  const [step, setStep] = useState(p.step);
  const [choice, setChoice] = useState(p.choice);
  // What was typed, per step, so Back and Next keep it.
  const [typedBy, setTypedBy] = useState<Record<string, Values>>(p.typed ? { [p.step]: p.typed } : {});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [server, setServer] = useState(p.errors);
  const [alert, setAlert] = useState(p.alert);
  const [summary, setSummary] = useState(p.summary);
  const [problems, setProblems] = useState(p.problems);
  const [result, setResult] = useState(p.result);
  const [same, setSame] = useState(p.samePerson);
  const [lists, setLists] = useState<Lists>({ countries: p.countries, purposeCodes: p.purposeCodes });
  const [receivers, setReceivers] = useState(p.receivers);
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  const [status, setStatus] = useState('');
  const [note, setNote] = useState('');
  // The part loaded on demand (lib/wizardMore): the API calls and the dialog.
  const [more, setMore] = useState<More | null>(null);
  const loading = useRef<Promise<More> | null>(null);
  const load = () => (loading.current ??= import('./lib/wizardMore').then((m) => (setMore(() => m), m)));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const steps = stepsOf(draft);
  const section = sectionOf(draft, step);
  const fields = section?.fields ?? [];
  const typed = typedBy[step] ?? typedOf(fields);
  const levels = productLevels(p.families, choice);
  const decimals = p.decimals;

  // Live checks once hydrated; shown for fields the user changed, the server's otherwise.
  const local = !js ? {} : step === 'select_product' ? checkProduct(levels) : checkStep(fields, typed, lists, decimals, new Date());
  const shown: Record<string, string> = { ...server };
  for (const k of Object.keys(touched)) {
    if (local[k]) shown[k] = local[k];
    else if (touched[k]) delete shown[k];
  }
  const valid = Object.keys(local).length === 0 && (step !== 'ultimate_debtor' || !sectionOf(draft, 'creditor') || same !== '');
  const picking = p.canPick && step === 'creditor' && !!draft && !!receivers?.length;
  const errorList: [string, string][] =
    step === 'select_product'
      ? PRODUCT_KEYS.filter((k) => shown[k]).map((k) => [k, shown[k]])
      : (picking && shown.receiver_id ? [['receiver_id', shown.receiver_id] as [string, string]] : []).concat(
          fields.filter((f) => shown[f.name]).map((f) => [f.name, shown[f.name]]),
        );

  const pushStep = (draftId: string | undefined, s: string, replace = false) =>
    history[replace ? 'replaceState' : 'pushState'](null, '', stepHref(p, draftId, s));
  const ctx = (): Ctx => ({
    p, step, draft, fields, typed, lists, levels, same, decimals, go, pushStep, moved, setDraft, setStep, setTypedBy, setTouched,
    setServer, setAlert, setSummary, setProblems, setResult, setStatus, setOpen, setLists, setReceivers,
  });

  // Dialog mode opens at once when the address asked for a step.
  useEffect(() => {
    if (p.mode === 'dialog' && p.open) load().then(() => setOpen(true));
  }, []);

  // The lists a step's selects need, the summary, the recent receivers: read when the props did not bring them.
  useEffect(() => {
    if (!js || !draft) return;
    const need = (ui: string, ext?: boolean) => fields.some((f) => f.ui_field === ui && (!ext || f.rules.external_code));
    if ((need('country') && !lists.countries.length) || (need('purpose_code', true) && !lists.purposeCodes.length)) {
      load().then((m) => m.loadLists(ctx()));
    }
    if (step === 'summary' && summary?.draft_id !== draft.draft_id) load().then((m) => m.loadSummary(ctx(), draft));
    if (step === 'creditor' && p.canPick && !receivers) load().then((m) => m.loadReceivers(ctx(), draft));
  }, [js, step, draft?.draft_id]);

  // A new step takes focus to its heading, or to the problems when there are some.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (document.getElementById(fid('errors')) ?? headingRef.current)?.focus();
  });

  // Back and forward in the browser's history move between steps.
  useEffect(() => {
    if (!js) return;
    const onPop = () => {
      const u = new URL(location.href);
      const s = p.mode === 'dialog' ? u.searchParams.get('createManualPayout') : u.pathname.split('/').pop();
      if (p.mode === 'dialog') setOpen(!!s);
      if (s && (s === 'select_product' ? !draft : reachable(draft, s))) go(s, false);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  });

  function go(s: string, push = true) {
    setStep(s);
    setTouched({});
    setServer({});
    setAlert('');
    setProblems([]);
    setNote('');
    moved.current = true;
    if (push && js) pushStep(draft?.draft_id, s);
  }

  const change: Change = (name, raw) => {
    const f = fields.find((x) => name === x.name || name.startsWith(x.name + '-'));
    let v = raw;
    if (f?.ui_field === 'amount') v = formatTyping(raw, decimals);
    else if (f?.ui_field === 'iban') v = formatIban(raw);
    setTypedBy({ ...typedBy, [step]: { ...typed, [name]: v } });
    if (f) setTouched({ ...touched, [f.name]: true });
  };

  // Runs one of the loaded part's calls, one at a time.
  const act = (e: Event | null, run: (m: More, c: Ctx) => Promise<void>, ok = true) => {
    e?.preventDefault();
    if (!ok || busy) return;
    setBusy(true);
    setAlert('');
    load()
      .then((m) => run(m, ctx()))
      .finally(() => setBusy(false));
  };
  const next = (e: Event) => act(e, (m, c) => m.submit(c), valid);
  const back = (e: Event) => {
    e.preventDefault();
    go(stepBeside(steps, step, -1));
  };
  const use = (e: Event) => {
    const id = ((e.currentTarget as HTMLFormElement).elements.namedItem('receiver_id') as HTMLSelectElement).value;
    const r = receivers?.find((x) => x.id === id);
    if (!r) {
      e.preventDefault();
      setServer({ ...server, receiver_id: MSG_PICK_REQUIRED });
      moved.current = true;
      return;
    }
    act(e, (m, c) => m.pickReceiver({ ...c, setStatus: setNote }, r));
  };
  const save = (e: Event) => act(e, (m, c) => m.saveReceiver({ ...c, setStatus: setNote }));
  // The first focus or press inside the island fetches the rest, so Next does not wait for it.
  const warm = js ? () => void load() : undefined;

  // The page has its h1; in the dialog the dialog's title is the h2.
  const H = p.mode === 'page' ? 'h2' : 'h3';
  const choiceText = levels.map((l) => l.options.find((o) => o.value === l.value)?.label ?? '');
  const stepForm = (
    <div className="flex flex-col gap-6 lg:flex-row" onFocusIn={warm} onPointerDown={warm}>
      <div className="min-w-0 flex-1">
        <StepList p={p} steps={steps} step={step} draft={draft} go={js ? go : undefined} />
        {alert ? <p role="alert" className={alertCls}>{alert}</p> : null}
        <H id={fid('step-title')} ref={headingRef} tabIndex={-1} className="mb-3 text-lg font-semibold">{STEP_LABELS[step]}</H>
        <ErrorSummary list={errorList} H={H} />
        {picking ? <ReceiverPicker p={p} draft={draft!} list={receivers!} err={shown.receiver_id} onUse={js ? use : undefined} /> : null}
        <form method="post" action={formAction(p, draft, step)} noValidate onSubmit={js ? next : undefined}>
          <input type="hidden" name="_csrf" value={p.csrf} />
          {step === 'select_product' ? (
            draft ? (
              <p className="mb-4">The payout's product is chosen. To use another one, close this payout and start again.</p>
            ) : (
              <>
                <ProductFields levels={levels} errors={shown}
                  onChange={js ? (i, v) => { setChoice(choose(choice, i, v)); setTouched({ ...touched, [PRODUCT_KEYS[i]]: true }); } : undefined} />
                <input type="hidden" name="shown_family" value={levels[0].value} />
                <input type="hidden" name="shown_product" value={levels[1].value} />
              </>
            )
          ) : step === 'summary' ? (
            <SummaryStep s={summary} problems={problems} />
          ) : (
            <>
              {fields.map((f) => (
                <Field f={f} typed={typed} err={shown[f.name]} lists={lists} currency={draft?.currency_code ?? ''} onChange={js ? change : undefined} />
              ))}
              {step === 'ultimate_debtor' && sectionOf(draft, 'creditor') ? (
                <fieldset className="mb-4">
                  <legend className="font-medium">{SAME_PERSON}</legend>
                  <div className="mt-1 flex gap-6">
                    {['yes', 'no'].map((v) => (
                      <label className="flex items-center gap-2">
                        <input type="radio" name="same_person" value={v} checked={same === v}
                          onChange={js ? () => setSame(v) : undefined} />
                        {v === 'yes' ? 'Yes' : 'No'}
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : null}
            </>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {step !== 'select_product' ? (
              <button type="submit" name="intent" value="back" className={btn2} onClick={js ? back : undefined}>Back</button>
            ) : null}
            <button type="submit" name="intent" value="next" className={btn} disabled={js && (!valid || busy || (step === 'select_product' && !!draft))}>
              {step === 'summary' ? 'Create payout' : 'Next'}
            </button>
            {p.mode === 'page' && draft ? (
              <a href={formAction(p, draft, 'delete')} className="text-blue-800 underline"
                onClick={js ? (e) => { e.preventDefault(); load().then(() => setClosing(true)); } : undefined}>Close</a>
            ) : null}
          </div>
        </form>
        {step === 'summary' && p.canSave && draft ? <SaveReceiver p={p} draftId={draft.draft_id} back={step} onSave={js ? save : undefined} /> : null}
        <p role="status" className="mt-3 empty:hidden">{note}</p>
      </div>
      <SummaryPanel draft={draft} choiceText={choiceText} H={H} />
    </div>
  );

  const M = more?.Modal;
  const approval = !!result && isApproval(p, result);
  const done = result && M ? (
    <M id={fid('result')} title={approval ? APPROVAL_TITLE : SUCCESS_TITLE} width={600} open={!!result}
      onClose={() => location.assign(p.payouts)}>
      <ResultView r={result} approval={approval} />
      <a href={p.payouts} className={btn + ' mt-4 inline-block'}>Done</a>
    </M>
  ) : null;
  // Closing deletes the draft: the form posts to the server, which says 'Draft has been deleted'.
  const confirm = M ? (
    <M id={fid('close')} title="Close" width={440} open={closing} onClose={() => setClosing(false)} closeLabel="">
      <form method="post" action={draft ? formAction(p, draft, 'delete') : p.base}>
        <input type="hidden" name="_csrf" value={p.csrf} />
        <p className="mb-4">{MSG_CLOSE}</p>
        <div className="flex gap-3">
          <button type="submit" className={btn}>Yes</button>
          <button type="button" className={btn2} onClick={() => setClosing(false)}>No</button>
        </div>
      </form>
    </M>
  ) : null;

  if (p.mode === 'page' && p.result) {
    // The done page: what publishing made, in place of the steps.
    const a = isApproval(p, p.result);
    return (
      <>
        <div role="status">
          <H className="mb-4 text-xl font-semibold">{a ? APPROVAL_TITLE : SUCCESS_TITLE}</H>
          <ResultView r={p.result} approval={a} />
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <a href={p.payouts} className={btn}>Back to payouts</a>
          <a href={p.base} className="text-blue-800 underline">Create another payout</a>
        </div>
        {p.canSave ? <SaveReceiver p={p} draftId={p.result.draft_id} back="done" /> : null}
      </>
    );
  }
  if (p.mode === 'page') {
    return (
      <>
        {stepForm}
        {confirm}
        {done}
      </>
    );
  }
  if (!js) {
    return <a href={draft ? stepHref({ ...p, mode: 'page' }, draft.draft_id, step) : p.base} className={'inline-block ' + btn}>{TITLE}</a>;
  }
  const openAt = (e: Event) => {
    e.preventDefault();
    load().then(() => {
      setOpen(true);
      pushStep(draft?.draft_id, step);
    });
  };
  return (
    <>
      <button type="button" aria-haspopup="dialog" className={btn} onClick={openAt} onPointerEnter={warm}>{TITLE}</button>
      <p role="status" className="sr-only">{status}</p>
      {M ? (
        <M id={fid('dialog')} title={TITLE} width={1000} open={open && !result && !closing} escapeCloses={false}
          onClose={() => (draft ? setClosing(true) : (setOpen(false), history.pushState(null, '', p.payouts)))}>
          <p className="-mt-3 mb-4 text-gray-700">{SUBTITLE}</p>
          {stepForm}
        </M>
      ) : null}
      {confirm}
      {done}
    </>
  );
}
