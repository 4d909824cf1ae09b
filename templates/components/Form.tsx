// Accessible form parts in the GOV.UK pattern: visible labels, errors tied to
// fields with aria-describedby, and an error summary linking to each field.
import type { ComponentChildren } from 'preact';
import { describedBy, fieldWith } from '../../ui/field';
import { h } from './factory';

export function CSRF({ token }: { token: string }) {
  return <input type="hidden" name="_csrf" value={token} />;
}

export type Field = { id: string; label: string };

export function ErrorSummary({ errors, fields }: { errors: Record<string, string>; fields: Field[] }) {
  const list = fields.filter((f) => errors[f.id]);
  if (list.length === 0) return null;
  return (
    <div className="mb-4 rounded border-2 border-red-700 p-4" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} autoFocus>
      <h2 id="error-summary-title" className="font-semibold text-red-800">There is a problem</h2>
      <ul className="mt-2 list-disc pl-5">
        {list.map((f) => (
          <li><a href={'#' + f.id} className="text-red-800 underline">{errors[f.id]}</a></li>
        ))}
      </ul>
    </div>
  );
}

type InputProps = {
  id: string;
  label: string;
  type?: string;
  value?: string;
  error?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  // For code and similar inputs.
  inputMode?: string;
  autoCapitalize?: 'off' | 'none' | 'on' | 'sentences' | 'words' | 'characters';
  spellcheck?: boolean;
  disabled?: boolean;
  inputClass?: string;
};

// Field: the label, hint and error of a field around its control (ui/field.ts, which the
// islands share); the control points at them with describedBy.
export const Field = fieldWith(h);

// TextField: a labelled input whose hint and error are tied to it with
// aria-describedby, and which says it is invalid.
export function TextField(p: InputProps) {
  const { id, label, error, hint } = p;
  const described = describedBy(id, hint, error);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={id}
        type={p.type || 'text'}
        value={p.value}
        inputMode={p.inputMode}
        autoComplete={p.autoComplete}
        autoCapitalize={p.autoCapitalize}
        spellcheck={p.spellcheck}
        required={p.required}
        disabled={p.disabled}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described}
        className={(p.inputClass || 'mt-1 block w-full rounded border px-3 py-2') + ' ' + (error ? 'border-red-700' : 'border-gray-500')}
      />
    </Field>
  );
}

export function Button({ children, kind }: { children?: ComponentChildren; kind?: 'secondary' | 'link' }) {
  const cls =
    kind === 'link'
      ? 'text-blue-800 underline'
      : kind === 'secondary'
        ? 'rounded border border-gray-600 px-4 py-2'
        : 'rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900';
  return <button type="submit" className={cls}>{children}</button>;
}

export type Option = { value: string; label: string; disabled?: boolean };

// SelectField: a labelled select with hint and error tied to it. The chosen
// option is marked `selected` (the SSR runtime does not take <select value>).
export function SelectField(p: {
  id: string;
  name?: string;
  label: string;
  options: Option[];
  value?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  /** First, empty option ("Select…"), for a choice that has no default. */
  placeholder?: string;
}) {
  const { id, label, error, hint } = p;
  const described = describedBy(id, hint, error);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        name={p.name || id}
        required={p.required}
        disabled={p.disabled}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described}
        className={'mt-1 block w-full rounded border bg-white px-3 py-2 ' + (error ? 'border-red-700' : 'border-gray-500')}
      >
        {p.placeholder !== undefined ? <option value="" selected={!p.value}>{p.placeholder}</option> : null}
        {p.options.map((o) => (
          <option value={o.value} selected={o.value === p.value} disabled={o.disabled}>{o.label}</option>
        ))}
      </select>
    </Field>
  );
}
