/** @jsxRuntime automatic @jsxImportSource preact */
// What every export request island shares (statements, payout reports; the lists' parts
// are in ./exportList): the request dialog's phases (form → loading → done, closing a second later), the masked
// period fields, and the form's error parts. The server's rules stay the authority.
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { withModal } from './withModal';
import { maskDateAt, usableDay } from './dates';

/** The modal closes this long after a request is accepted (spec 000 §4). */
export const CLOSE_AFTER_MS = 1000;

export type Errors = Record<string, string>;
export type Phase = 'form' | 'loading' | 'done';

/** An opening of the request dialog: the nth, with the values it starts from and whether it
 *  keeps the errors the server gave (the page asked for with the dialog open). */
export type Opening<V> = { n: number; keep: boolean; values: V };

/** The island's side of a request dialog whose module (load's: the dialog with its form, its
 *  checks and lib/Modal) comes on the first opening, not with the island: until it came the
 *  server's markup works; if it does not come, the opener's page (href) is the way. open
 *  counts an opening, starting from values(); the dialog module reads it (./exportDialog, useOpenings). */
export function useLazyDialog<M, V>(load: () => Promise<M>, href: string) {
  const [mod, setMod] = useState<M | null>(null);
  const [opening, setOpening] = useState<Opening<V>>();
  // values is read once the module came: what was typed meanwhile is kept.
  const open = (values: () => V, keep = false) =>
    void withModal(setMod, () => setOpening((o) => ({ n: (o?.n ?? 0) + 1, keep, values: values() })), () => window.location.assign(href), load);
  return { mod, opening, open };
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

/** A request form's values with its period masked (useDateMask): a day the user empties
 *  gets the last usable one back, usable being an existing day up to max (today). start
 *  puts the form back to v (an opening of the dialog). */
export function usePeriodForm<V extends { from: string; to: string }>(initial: V, max: string) {
  const period = (v: V) => ({ from: v.from, to: v.to });
  const [values, setValues] = useState<V>(initial);
  const { onDate, reset } = useDateMask<'from' | 'to'>(period(initial), (d) => usableDay(d, max) !== null,
    (k, value) => setValues((v) => ({ ...v, [k]: value })));
  const start = (v: V) => {
    setValues(v);
    reset(period(v));
  };
  return { values, setValues, onDate, start };
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

/** The export's opener: a link to the request's page, whose click opens the dialog
 *  instead once the island is hydrated (the handler exists from then on only). */
export function ExportOpener({ href, label, onOpen, secondary }: {
  href: string; label: string; onOpen: () => void; secondary?: boolean;
}) {
  return (
    <a
      href={href}
      className={secondary ? 'inline-block rounded border border-gray-600 px-4 py-2' : 'inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900'}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
    >
      {label}
    </a>
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
