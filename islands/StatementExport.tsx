/** @jsxRuntime automatic @jsxImportSource preact */
// "Download statement" (spec 000 §2, §4, §5): date range, account (owned only), kind and
// "Download CSV report"; states form, loading, done ("the report is e-mailed"); the modal
// closes 1 second after.
//
// The dates are the spec's masked DD-MM-YYYY text inputs (lib/daterange's mask and parser,
// the top bar picker's). They are named "Statement from"/"Statement to": the top bar's own
// "From"/"To" sit on the same page. Once hydrated, the island masks them as the user types
// and, the range being one that cannot be cleared, puts back the last usable date when a
// field is emptied; the server refuses an empty one all the same.
//
// mode "page": the server's markup is the whole request as a page, a plain form that POSTs
// to the server (which answers with the done page, or the form with its errors): the flow
// without JavaScript, and where the account page's "Export to CSV" link lands.
// mode "opener": the server's markup is a link to that page. Once hydrated, an effect takes
// over its click and opens the same form in the one dialog (lib/Modal, 336 wide), which
// sends the request to the JSON API and then shows the list with the new statement.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { Modal } from './lib/Modal';
import { display, maskDateAt } from './lib/daterange';
import { MSG, apiBody, errorsOf, usableDay, validate, type Errors, type Values } from './lib/statements';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['StatementExport'];

/** The modal closes this long after the request is accepted (spec 000 §4). */
export const CLOSE_AFTER_MS = 1000;

type DateField = 'from' | 'to';
const DATE_LABELS: Record<DateField, string> = { from: 'Statement from', to: 'Statement to' };

const FIELDS: { id: keyof Values; label: string }[] = [
  { id: 'from', label: DATE_LABELS.from },
  { id: 'to', label: DATE_LABELS.to },
  { id: 'account', label: 'Account' },
  { id: 'kind', label: 'Report type' },
];

const fid = (f: string) => 'statement-' + f;

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={fid(id) + '-error'} className="text-sm font-medium text-red-800">
      <span className="sr-only">Error: </span>
      {error}
    </p>
  );
}

function Done({ listUrl }: { listUrl: string }) {
  return (
    <div role="status" className="rounded border-l-4 border-green-700 bg-green-50 p-3 text-green-900">
      <p className="font-medium">Your statement is being generated.</p>
      <p>The report will be e-mailed to you when it is ready.</p>
      <p className="mt-2"><a href={listUrl} className="text-blue-800 underline">Back to exported statements</a></p>
    </div>
  );
}

type FormProps = Props & {
  values: Values;
  errors: Errors;
  loading: boolean;
  onChange?: (v: Values) => void;
  onDate?: (field: DateField, input: HTMLInputElement) => void;
  onSubmit?: (e: Event) => void;
};

function RequestForm(p: FormProps) {
  const { values: v, errors: e } = p;
  const set = (k: keyof Values) => (ev: Event) => p.onChange?.({ ...v, [k]: (ev.currentTarget as HTMLInputElement).value });
  const listed = FIELDS.filter((f) => e[f.id]);
  const described = (k: string) => (e[k] ? fid(k) + '-error' : undefined);
  const input = 'mt-1 block w-full rounded border px-3 py-2 ';
  return (
    <form method="post" action={p.action} onSubmit={p.onSubmit} noValidate={p.onSubmit ? true : undefined}>
      <input type="hidden" name="_csrf" value={p.csrf} />
      {e.form ? (
        <p role="alert" className="mb-4 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{e.form}</p>
      ) : null}
      {listed.length > 0 ? (
        <div className="mb-4 rounded border-2 border-red-700 p-4" role="alert" aria-labelledby="statement-errors-title">
          <h2 id="statement-errors-title" className="font-semibold text-red-800">There is a problem</h2>
          <ul className="mt-2 list-disc pl-5">
            {listed.map((f) => (
              <li key={f.id}><a href={'#' + fid(f.id)} className="text-red-800 underline">{e[f.id]}</a></li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset className="mb-4">
        <legend className="font-medium">Statement period</legend>
        <p id="statement-dates-hint" className="text-sm text-gray-700">DD-MM-YYYY, up to today ({display(p.max)}).</p>
        {(['from', 'to'] as const).map((k) => (
          <div className="mt-2" key={k}>
            <label htmlFor={fid(k)} className="block">{DATE_LABELS[k]}</label>
            <FieldError id={k} error={e[k]} />
            <input
              id={fid(k)}
              name={k}
              type="text"
              inputMode="numeric"
              placeholder="DD-MM-YYYY"
              maxLength={10}
              autoComplete="off"
              value={v[k]}
              required
              aria-invalid={e[k] ? 'true' : undefined}
              aria-describedby={['statement-dates-hint', described(k)].filter(Boolean).join(' ')}
              className={input + (e[k] ? 'border-red-700' : 'border-gray-500')}
              onInput={(ev) => p.onDate?.(k, ev.currentTarget as HTMLInputElement)}
            />
          </div>
        ))}
      </fieldset>
      <div className="mb-4">
        <label htmlFor={fid('account')} className="block font-medium">Account</label>
        <FieldError id="account" error={e.account} />
        <select
          id={fid('account')}
          name="account"
          required
          aria-invalid={e.account ? 'true' : undefined}
          aria-describedby={described('account')}
          className={input + 'bg-white ' + (e.account ? 'border-red-700' : 'border-gray-500')}
          onChange={set('account')}
        >
          <option value="" selected={!v.account}>Select an account</option>
          {p.accounts.map((a) => (
            <option key={a.value} value={a.value} selected={a.value === v.account}>{a.label}</option>
          ))}
        </select>
      </div>
      <div className="mb-4">
        <label htmlFor={fid('kind')} className="block font-medium">Report type</label>
        <FieldError id="kind" error={e.kind} />
        <select
          id={fid('kind')}
          name="kind"
          required
          aria-invalid={e.kind ? 'true' : undefined}
          aria-describedby={described('kind')}
          className={input + 'bg-white ' + (e.kind ? 'border-red-700' : 'border-gray-500')}
          onChange={set('kind')}
        >
          {p.kinds.map((k) => (
            <option key={k.value} value={k.value} selected={k.value === v.kind}>{k.label}</option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        aria-disabled={p.loading ? 'true' : undefined}
        className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900"
      >
        Download CSV report
      </button>
      {p.loading ? <p role="status" className="mt-3">Requesting your statement…</p> : null}
    </form>
  );
}

type Phase = 'form' | 'loading' | 'done';

/** The dates to put back when a field is emptied: the ones shown, where usable. */
const usable = (v: Values, max: string) => ({ from: usableDay(v.from, max) ? v.from : '', to: usableDay(v.to, max) ? v.to : '' });

export default function StatementExport(props: Props) {
  const js = useHydrated();
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [values, setValues] = useState<Values>(props.values);
  const [errors, setErrors] = useState<Errors>(props.errors);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const lastUsable = useRef(usable(props.values, props.max));

  useEffect(() => () => clearTimeout(timer.current), []);

  const onDate = (k: DateField, el: HTMLInputElement) => {
    const typed = maskDateAt(el.value, el.selectionStart ?? el.value.length);
    let { value, caret } = typed;
    if (value === '' && lastUsable.current[k]) {
      value = lastUsable.current[k];
      caret = value.length;
    } else if (usableDay(value, props.max)) {
      lastUsable.current[k] = value;
    }
    // Set on the element too: a keystroke the mask drops leaves the state as it was, and
    // an unchanged state would not re-render the input.
    if (el.value !== value) {
      el.value = value;
      el.setSelectionRange(caret, caret);
    }
    setValues((v) => ({ ...v, [k]: value }));
  };

  if (props.mode === 'page') {
    // Still a plain form posted to the server: the island only masks its dates.
    return props.done ? <Done listUrl={props.listUrl} /> : <RequestForm {...props} values={values} loading={false} onChange={setValues} onDate={onDate} />;
  }

  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
    setPhase('form');
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (phase === 'loading') return;
    const errs = validate(values, props.max, props.accounts.map((a) => a.value), props.kinds.map((k) => k.value));
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setPhase('loading');
    try {
      const res = await fetch(props.apiUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': props.csrf },
        body: JSON.stringify(apiBody(values, props.max)),
      });
      if (!res.ok) {
        setErrors(errorsOf(await res.json().catch(() => null)));
        setPhase('form');
        return;
      }
      setPhase('done');
      timer.current = setTimeout(() => {
        setOpen(false);
        // The list, first page, shows the new statement and follows its progress.
        window.location.assign(props.listUrl);
      }, CLOSE_AFTER_MS);
    } catch {
      setErrors({ form: MSG.create });
      setPhase('form');
    }
  };

  return (
    <>
      <a
        href={props.openerUrl}
        className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900"
        onClick={(e) => {
          if (!js) return;
          e.preventDefault();
          setValues(props.values);
          lastUsable.current = usable(props.values, props.max);
          setErrors({});
          setPhase('form');
          setOpen(true);
        }}
      >
        Download statement
      </a>
      {js ? (
        <Modal id="statement-export" title="Download statement" width={336} open={open} onClose={close}>
          {phase === 'done' ? (
            <Done listUrl={props.listUrl} />
          ) : (
            <RequestForm {...props} values={values} errors={errors} loading={phase === 'loading'} onChange={setValues} onDate={onDate} onSubmit={submit} />
          )}
        </Modal>
      ) : null}
    </>
  );
}
