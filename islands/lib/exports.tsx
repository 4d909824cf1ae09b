/** @jsxRuntime automatic @jsxImportSource preact */
// What every export request island shares (statements, payout reports; the lists' parts
// are in ./exportList): the request dialog's phases (form → loading → done, closing a second later), the masked
// period fields, and the form's error parts. The server's rules stay the authority.
import type { ComponentChildren, VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient } from './apiClient';
import { loadApi, type LazyApi } from './lazy';
import { display, maskDateAt, parseDisplay } from './daterange';
import { Modal } from './Modal';

/** A form's words for its period fields (server/exports.PeriodWords). */
export type PeriodWords = { from: string; to: string; fromAfter: string; toAfter: string; order: string };

/** The period typed as two DD-MM-YYYY fields, as the server reads it (exports.CheckPeriod):
 *  neither empty nor after max (today, YYYY-MM-DD), from not after to. Errors go into e by
 *  field; the days (YYYY-MM-DD) come back when both are usable. */
export function checkPeriod(v: { from: string; to: string }, max: string, w: PeriodWords, e: Record<string, string>): { from: string; to: string } | null {
  const read = (field: 'from' | 'to', empty: string, after: string): string | null => {
    const typed = v[field];
    if (typed.trim() === '') {
      e[field] = empty;
      return null;
    }
    const p = parseDisplay(typed, max);
    if (p.error !== undefined) {
      e[field] = p.error;
      return null;
    }
    if (p.date > max) {
      e[field] = after.replace('%s', display(max));
      return null;
    }
    return p.date;
  };
  const from = read('from', w.from, w.fromAfter);
  const to = read('to', w.to, w.toAfter);
  if (from && to && from > to) {
    e.from = w.order;
    return null;
  }
  return from && to ? { from, to } : null;
}

/** The modal closes this long after a request is accepted (spec 000 §4). */
export const CLOSE_AFTER_MS = 1000;

export type Errors = Record<string, string>;
export type Phase = 'form' | 'loading' | 'done';

/** The request dialog's state: open, phase, errors; submit checks the form, posts body to
 *  apiUrl (the page's cookie and CSRF token) and, once accepted, shows the done state and
 *  goes to the list CLOSE_AFTER_MS later. */
export function useExportDialog<V>(p: {
  apiUrl: string;
  listUrl: string;
  csrf: string;
  initialErrors: Errors;
  check: (v: V) => Errors;
  body: (v: V) => unknown;
  errorsOf: (reply: unknown) => Errors;
  failed: string;
}) {
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [errors, setErrors] = useState<Errors>(p.initialErrors);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const client = useRef<ApiClient>();

  /** Opens the dialog on a fresh form; keep: with the errors the server gave. */
  const show = (keep = false) => {
    if (!keep) setErrors({});
    setPhase('form');
    setOpen(true);
  };
  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
    setPhase('form');
  };
  const submit = async (values: V) => {
    if (phase === 'loading') return;
    const errs = p.check(values);
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setPhase('loading');
    // The client's module comes with the first request (lib/lazy), not with the island.
    let api: LazyApi | undefined;
    try {
      api = await loadApi();
      client.current ??= api.createApiClient({ base: '', csrfToken: p.csrf });
      await client.current.post(p.apiUrl, p.body(values));
      setPhase('done');
      timer.current = setTimeout(() => {
        setOpen(false);
        // The list, first page, shows the new export and follows its progress.
        window.location.assign(p.listUrl);
      }, CLOSE_AFTER_MS);
    } catch (err) {
      // The server's answer with its field errors; a network failure (after the client's
      // one retry), an expired login or a module that did not come, the form's own message.
      setErrors(api && err instanceof api.ApiError && err.status > 0 && err.status !== 401 ? p.errorsOf(err.data) : { form: p.failed });
      setPhase('form');
    }
  };
  return { open, phase, errors, show, close, submit };
}

/** Masks the period's DD-MM-YYYY fields as the user types; a field the user empties gets
 *  its last usable date back (the range cannot be cleared). usable says whether a typed day
 *  may be kept. */
export function useDateMask<K extends string>(initial: Record<K, string>, usable: (typed: string) => boolean,
  set: (k: K, value: string) => void) {
  const keep = (v: Record<K, string>) => {
    const out = {} as Record<K, string>;
    for (const k of Object.keys(v) as K[]) out[k] = usable(v[k]) ? v[k] : '';
    return out;
  };
  const last = useRef(keep(initial));
  const onDate = (k: K, el: HTMLInputElement) => {
    const typed = maskDateAt(el.value, el.selectionStart ?? el.value.length);
    let { value, caret } = typed;
    if (value === '' && last.current[k]) {
      value = last.current[k];
      caret = value.length;
    } else if (usable(value)) {
      last.current[k] = value;
    }
    // Set on the element too: a keystroke the mask drops leaves the state as it was, and
    // an unchanged state would not re-render the input.
    if (el.value !== value) {
      el.value = value;
      el.setSelectionRange(caret, caret);
    }
    set(k, value);
  };
  const reset = (v: Record<K, string>) => {
    last.current = keep(v);
  };
  return { onDate, reset };
}

/** A field's error, tied to it by id. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-800">
      <span className="sr-only">Error: </span>
      {error}
    </p>
  );
}

/** The form's own alert, and the summary of field errors linking to each field. */
export function FormErrors({ prefix, errors, fields }: { prefix: string; errors: Errors; fields: { id: string; label: string }[] }) {
  const listed = fields.filter((f) => errors[f.id]);
  return (
    <>
      {errors.form ? (
        <p role="alert" className="mb-4 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{errors.form}</p>
      ) : null}
      {listed.length > 0 ? (
        <div className="mb-4 rounded border-2 border-red-700 p-4" role="alert" aria-labelledby={prefix + '-errors-title'}>
          <h2 id={prefix + '-errors-title'} className="font-semibold text-red-800">There is a problem</h2>
          <ul className="mt-2 list-disc pl-5">
            {listed.map((f) => (
              <li key={f.id}><a href={'#' + prefix + '-' + f.id} className="text-red-800 underline">{errors[f.id]}</a></li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** The accepted request: what happens next, and the way back to the list. */
export function Done({ title, children, listUrl, back }: { title: string; children?: ComponentChildren; listUrl: string; back: string }) {
  return (
    <div role="status" className="rounded border-l-4 border-green-700 bg-green-50 p-3 text-green-900">
      <p className="font-medium">{title}</p>
      {children}
      <p className="mt-2"><a href={listUrl} className="text-blue-800 underline">{back}</a></p>
    </div>
  );
}

/** The props of an export's request form, around the island's own: the values shown, the
 *  errors, whether it is sending, and the handlers the island gives it once hydrated. */
export type ExportFormProps<P, V> = P & {
  values: V;
  errors: Errors;
  loading: boolean;
  /** Changes the values (an update of the latest, so two events in one render both count). */
  onChange?: (update: (v: V) => V) => void;
  onDate?: (field: 'from' | 'to', input: HTMLInputElement) => void;
  onSubmit?: (e: Event) => void;
};

/** The export's opener: a link to the request's page, whose click, once hydrated
 *  (enhanced), opens the dialog instead. */
export function ExportOpener({ href, label, enhanced, onOpen, secondary }: {
  href: string; label: string; enhanced: boolean; onOpen: () => void; secondary?: boolean;
}) {
  return (
    <a
      href={href}
      className={secondary ? 'inline-block rounded border border-gray-600 px-4 py-2' : 'inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900'}
      onClick={(e) => {
        if (!enhanced) return;
        e.preventDefault();
        onOpen();
      }}
    >
      {label}
    </a>
  );
}

/** The request dialog (336 wide, spec 000 §9 and 001 §9): the form, then what was done. */
export function ExportModal({ id, title, open, phase, onClose, done, form }: {
  id: string; title: string; open: boolean; phase: Phase; onClose: () => void; done: VNode; form: VNode;
}) {
  return (
    <Modal id={id} title={title} width={336} open={open} onClose={onClose}>
      {phase === 'done' ? done : form}
    </Modal>
  );
}

/** A text field's change handler for k: sets values[k] to what was typed or chosen. */
export function fieldSetter<V>(onChange: ExportFormProps<unknown, V>['onChange']) {
  return (k: keyof V) => (ev: Event) => {
    const value = (ev.currentTarget as HTMLInputElement).value;
    onChange?.((cur) => ({ ...cur, [k]: value }));
  };
}

/** The request's period: two masked DD-MM-YYYY fields (ids `${prefix}-from`/`-to`, each
 *  with its error), described by the hint (hintId) that children render with the legend. */
export function PeriodFields({ prefix, labels, hintId, values, errors, onDate, children }: {
  prefix: string; labels: Record<'from' | 'to', string>; hintId: string; values: { from: string; to: string }; errors: Errors;
  onDate?: (field: 'from' | 'to', input: HTMLInputElement) => void; children: ComponentChildren;
}) {
  return (
    <fieldset className="mb-4">
      {children}
      {(['from', 'to'] as const).map((k) => {
        const id = prefix + '-' + k;
        return (
          <div className="mt-2" key={k}>
            <label htmlFor={id} className="block">{labels[k]}</label>
            <FieldError id={id + '-error'} error={errors[k]} />
            <input
              id={id}
              name={k}
              type="text"
              inputMode="numeric"
              placeholder="DD-MM-YYYY"
              maxLength={10}
              autoComplete="off"
              value={values[k]}
              required
              aria-invalid={errors[k] ? 'true' : undefined}
              aria-describedby={[hintId, errors[k] ? id + '-error' : undefined].filter(Boolean).join(' ')}
              className={'mt-1 block w-full rounded border px-3 py-2 ' + (errors[k] ? 'border-red-700' : 'border-gray-500')}
              onInput={(ev) => onDate?.(k, ev.currentTarget as HTMLInputElement)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

/** The form's submit button, and while sending the status line (pending). */
export function SubmitButton({ loading, pending, children }: { loading: boolean; pending: string; children: ComponentChildren }) {
  return (
    <>
      <button
        type="submit"
        aria-disabled={loading ? 'true' : undefined}
        className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900"
      >
        {children}
      </button>
      {loading ? <p role="status" className="mt-3">{pending}</p> : null}
    </>
  );
}

/** A select of a request form (id `${prefix}-${name}`), its hint (when given) and error
 *  under the label; placeholder, when given, is the first choice, the empty value. */
export function ExportSelect({ prefix, name, label, hint, required, error, options, placeholder, selected, onChange }: {
  prefix: string; name: string; label: string; hint?: { id: string; text: string }; required?: boolean; error?: string;
  options: { value: string; label: string }[]; placeholder?: string; selected: string; onChange?: (ev: Event) => void;
}) {
  const id = prefix + '-' + name;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block font-medium">{label}</label>
      {hint ? <p id={hint.id} className="text-sm text-gray-700">{hint.text}</p> : null}
      <FieldError id={id + '-error'} error={error} />
      <select
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={[hint?.id, error ? id + '-error' : undefined].filter(Boolean).join(' ') || undefined}
        className={'mt-1 block w-full rounded border px-3 py-2 bg-white ' + (error ? 'border-red-700' : 'border-gray-500')}
        onChange={onChange}
      >
        {placeholder !== undefined ? <option value="" selected={!selected}>{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} selected={o.value === selected}>{o.label}</option>
        ))}
      </select>
    </div>
  );
}
