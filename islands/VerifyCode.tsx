/** @jsxRuntime automatic @jsxImportSource preact */
// The MFA code field and its Verify button. The server's markup is a plain
// field and an enabled button: without JavaScript the server checks the
// code and says what is wrong. In the browser the spec's rule applies:
// Verify (or setup's "Enable MFA") is enabled only once the code has at least 7 characters, and an
// authenticator code is shown as "123 456" (6 digits make 7 characters).
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { describedBy, fieldWith } from '../ui/field';
import { useHydrated } from './lib/hydrated';
import { formatCode, MIN_CODE_LENGTH } from './lib/code';

const Field = fieldWith(h);

export type Props = {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  numeric?: boolean;
  /** The button's words: "Verify" unless said ("Enable MFA" on setup). */
  button?: string;
  /** Field and button off whatever is typed (no SMS requested yet). */
  off?: boolean;
};

export default function VerifyCode({ id, label, hint, error, numeric, button, off }: Props) {
  const enhanced = useHydrated();
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // A code typed before the script ran (a slow connection) counts: without this the
  // hydrated button would stay off with the whole code in the field.
  useEffect(() => {
    const el = input.current;
    if (!el || !el.value) return;
    const v = numeric ? formatCode(el.value) : el.value;
    if (v !== el.value) el.value = v;
    setValue(v);
  }, []);
  const onInput = (e: Event) => {
    const el = e.currentTarget as HTMLInputElement;
    const v = numeric ? formatCode(el.value) : el.value;
    if (v !== el.value) el.value = v;
    setValue(v);
  };
  const tooShort = value.trim().length < MIN_CODE_LENGTH;
  return (
    <>
      <Field id={id} label={label} hint={hint} error={error}>
        <input
          id={id}
          name={id}
          type="text"
          inputMode={numeric ? 'numeric' : undefined}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellcheck={false}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onInput={onInput}
          ref={input}
          disabled={off}
          className={'mt-1 block w-56 rounded border px-3 py-2 font-mono text-lg tracking-widest ' + (error ? 'border-red-700' : 'border-gray-500')}
        />
      </Field>
      <button
        type="submit"
        disabled={off || (enhanced && tooShort)}
        className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {button ?? 'Verify'}
      </button>
    </>
  );
}
