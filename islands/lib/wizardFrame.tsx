/** @jsxRuntime automatic @jsxImportSource preact */
// The manual payout wizard's frame (spec 001 §2 "Create payout page and dialog", §4
// "Manual payout flow", §5, §8): the state, the step list, the product step, the
// summary panel. islands/PayoutWizard is the island, which loads this module when the
// wizard is needed. One component renders every step, both as
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
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './hydrated';
import {
  PRODUCT_KEYS, PRODUCT_LABELS, STEP_LABELS, checkProduct, choose, productLevels,
  reachable, sectionOf, stepBeside, stepsOf, typedOf, type Level, type Lists, type Values,
} from './wizard';
import { Change, Err, Select, alertCls, TITLE, btn, btn2, fid, formAction, pageHref, type Carried, type Props, type Shell } from './wizardParts';
import serverSteps from './wizardSteps.server';
import type { Ctx } from './wizardMore';
import type { PayoutDraft, ProductChoice } from '../../templates/generated/props';

/** What the frame draws with, beyond the island's props: see islands/PayoutWizard. */
export type FrameProps = Props & { carried?: Carried; shell?: Shell };

const SUBTITLE = 'Manually create a payout to a customer';
export const MSG_PICK_REQUIRED = 'Select a receiver';

/** The address of a step: its page, or the Payouts page with the dialog's query. */
export function stepHref(p: Pick<Props, 'mode' | 'base' | 'payouts'>, draftId: string | undefined, step: string): string {
  if (p.mode === 'dialog') {
    return p.payouts + '?createManualPayout=' + step + (draftId ? '&draft=' + encodeURIComponent(draftId) : '');
  }
  return pageHref(p.base, draftId, step);
}

// ── Parts ─────────────────────────────────────────────────────────────────

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

type More = typeof import('./wizardMore');
type Steps = typeof import('./wizardSteps');

// The steps module (lib/wizardSteps), once loaded: one request for every render and island.
// A load that failed (the network dropped) is forgotten, so the next need tries again.
let steps: Steps | null = null;
let stepsLoading: Promise<Steps> | null = null;
export const loadSteps = (): Promise<Steps> =>
  (stepsLoading ??= import('./wizardSteps').then(
    (m) => (steps = m),
    (e: unknown) => {
      stepsLoading = null;
      throw e;
    },
  ));
// On the server the module is there from the start (the server's bundle has it whole).
export const stepsNow = (): Steps | null => steps ?? (__PORTAL_SERVER__ ? (serverSteps as Steps | null) : null);

// ── The frame ─────────────────────────────────────────────────────────────

const CHOICE_KEYS = ['family', 'product', 'schema'] as const;

/** The state the frame starts from: the props, with what was typed into the server's
 *  markup before this module came (the island kept that markup until then). */
function start(p: FrameProps) {
  const typed0 = p.typed ?? typedOf(sectionOf(p.draft, p.step)?.fields ?? []);
  const typed = { ...typed0 };
  const touched: Record<string, boolean> = {};
  let choice: ProductChoice = p.choice;
  const v = p.carried?.values ?? {};
  // The first product level that changed: the ones under it were chosen for the old one.
  const level = PRODUCT_KEYS.findIndex((k, i) => k in v && v[k] !== choice[CHOICE_KEYS[i]]);
  if (level >= 0) {
    choice = choose(choice, level as 0 | 1 | 2, v[PRODUCT_KEYS[level]]);
    touched[PRODUCT_KEYS[level]] = true;
  }
  for (const k of Object.keys(typed0)) {
    if (k in v && v[k] !== typed0[k]) {
      typed[k] = v[k];
      touched[k.replace(/-(dd|mm|yyyy)$/, '')] = true;
    }
  }
  return { choice, typed, touched, same: p.carried?.same || p.samePerson };
}

export default function WizardFrame(p: FrameProps) {
  const js = useHydrated();
  const [init] = useState(() => start(p));
  // The dialog's state is the island's (it draws the opener); the pages have no dialog to open.
  const none = () => {};
  const open = !!p.shell?.open;
  const setOpen = p.shell?.setOpen ?? none;
  const [draft, setDraft] = useState(p.draft);
  const [step, setStep] = useState(p.step);
  const [choice, setChoice] = useState(init.choice);
  // What was typed, per step, so Back and Next keep it.
  const [typedBy, setTypedBy] = useState<Record<string, Values>>({ [p.step]: init.typed });
  const [touched, setTouched] = useState<Record<string, boolean>>(init.touched);
  const [server, setServer] = useState(p.errors);
  const [alert, setAlert] = useState(p.alert);
  const [summary, setSummary] = useState(p.summary);
  const [problems, setProblems] = useState(p.problems);
  const [result, setResult] = useState(p.result);
  const [same, setSame] = useState(init.same);
  const [lists, setLists] = useState<Lists>({ countries: p.countries, purposeCodes: p.purposeCodes });
  const [receivers, setReceivers] = useState(p.receivers);
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  // The dialog's announcements go to the island's live region; the pages show theirs in place.
  const setStatus = p.shell?.setStatus ?? none;
  const [note, setNote] = useState('');
  // The part loaded on demand (lib/wizardMore): the API calls and the dialog.
  const [more, setMore] = useState<More | null>(null);
  // The steps after the product: the island loads them with this module when the draft has
  // them to show, and the first Next (load) before it shows one.
  const [S, setS] = useState<Steps | null>(stepsNow);
  const loading = useRef<Promise<More> | null>(null);
  const load = () =>
    (loading.current ??= Promise.all([import('./wizardMore'), loadSteps()]).then(
      ([m, st]) => (setS(() => st), setMore(() => m), m),
      // Forgotten, so the next press tries again (the network dropped).
      (e: unknown) => {
        loading.current = null;
        throw e;
      },
    ));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const steps = stepsOf(draft);
  const section = sectionOf(draft, step);
  const fields = section?.fields ?? [];
  const typed = typedBy[step] ?? typedOf(fields);
  const levels = productLevels(p.families, choice);
  const decimals = p.decimals;

  // Live checks once hydrated; shown for fields the user changed, the server's otherwise.
  const local = !js ? {} : step === 'select_product' ? checkProduct(levels) : S ? S.checkStep(fields, typed, lists, decimals, new Date()) : {};
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

  // Where the focus was in the server's markup, it is in the frame's.
  useLayoutEffect(() => {
    const id = p.carried?.focus;
    if (id) document.getElementById(id)?.focus();
  }, []);

  // The dialog opens once its parts came: at once when the address asked for a step, on
  // the opener's press otherwise (the island's, which asks through shell.opener).
  const openAt = (push: boolean) =>
    load().then(() => {
      setOpen(true);
      if (push) pushStep(draft?.draft_id, step);
    });
  if (p.shell) p.shell.opener.current = () => void openAt(true);
  useEffect(() => {
    if (p.shell?.want) openAt(p.shell.want === 'press');
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
    if (S && f?.ui_field === 'amount') v = S.formatTyping(raw, decimals);
    else if (S && f?.ui_field === 'iban') v = S.formatIban(raw);
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
    // data-live: the wizard runs (its checks and handlers are on), which the browser tests wait for.
    <div className="flex flex-col gap-6 lg:flex-row" data-live={js ? '' : undefined} onFocusIn={warm} onPointerDown={warm}>
      <div className="min-w-0 flex-1">
        <StepList p={p} steps={steps} step={step} draft={draft} go={js ? go : undefined} />
        {alert ? <p role="alert" className={alertCls}>{alert}</p> : null}
        <H id={fid('step-title')} ref={headingRef} tabIndex={-1} className="mb-3 text-lg font-semibold">{STEP_LABELS[step]}</H>
        <ErrorSummary list={errorList} H={H} />
        {picking && S ? (
          <div id={fid('picker')}><S.ReceiverPicker p={p} draft={draft!} list={receivers!} err={shown.receiver_id} onUse={js ? use : undefined} /></div>
        ) : null}
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
          ) : S ? (
            <div id={fid('body')} key={step}>
              <S.Body step={step} fields={fields} typed={typed} shown={shown} lists={lists} currency={draft?.currency_code ?? ''}
                asksSame={step === 'ultimate_debtor' && !!sectionOf(draft, 'creditor')} same={same} summary={summary} problems={problems}
                onChange={js ? change : undefined} onSame={js ? setSame : undefined} />
            </div>
          ) : null}
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
        {step === 'summary' && p.canSave && draft && S ? (
          <div id={fid('save')}><S.SaveReceiver p={p} draftId={draft.draft_id} back={step} onSave={js ? save : undefined} /></div>
        ) : null}
        <p role="status" className="mt-3 empty:hidden">{note}</p>
      </div>
      <SummaryPanel draft={draft} choiceText={choiceText} H={H} />
    </div>
  );

  const M = more?.Modal;
  // Closing asks first, and publishing shows what it made: dialogs of the loaded parts.
  const dialogs = M && S ? (
    <S.Dialogs p={p} deleteAction={draft ? formAction(p, draft, 'delete') : p.base} closing={closing} keep={() => setClosing(false)} result={result} />
  ) : null;

  if (p.mode === 'page' && p.result) {
    // The done page: what publishing made, in place of the steps; nothing on it runs.
    return S ? <S.DonePage p={p} r={p.result} H={H} /> : null;
  }
  if (p.mode === 'page') {
    return (
      <>
        {stepForm}
        {dialogs}
      </>
    );
  }
  return (
    <>
      {M ? (
        <M id={fid('dialog')} title={TITLE} width={1000} open={open && !result && !closing} escapeCloses={false}
          onClose={() => (draft ? setClosing(true) : (setOpen(false), history.pushState(null, '', p.payouts)))}>
          <p className="-mt-3 mb-4 text-gray-700">{SUBTITLE}</p>
          {stepForm}
        </M>
      ) : null}
      {dialogs}
    </>
  );
}
