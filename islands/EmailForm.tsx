/** @jsxRuntime automatic @jsxImportSource preact */
// The e-mail field and submit button of the forgot password form (spec 000
// §5: "email required and valid ('Must be a valid email'); submit disabled
// until valid"), inside the page's <form>.
//
// The server's markup, and the first client render that hydrates it, is a
// working form without JavaScript: a labelled field, the server's error and
// an enabled submit (the server checks the address and answers in the same
// words). Once hydrated, an effect disables the submit until the address is
// valid, and the field's error follows the typing once focus has left the
// field (or the server showed one), announced through a polite live region.
// A button disabled in the server's HTML would never enable without
// JavaScript, so only the island disables it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { emailError } from './lib/email';

export type Props = {
  email: string;
  /** The server's error for the field, if any. */
  error?: string;
  label: string;
  submit: string;
};

export default function EmailForm({ email, error, label, submit }: Props) {
  const js = useHydrated();
  const [value, setValue] = useState(email);
  const [left, setLeft] = useState(false); // focus has left the field once
  const input = useRef<HTMLInputElement>(null);

  // Enhanced once hydrated (useHydrated): what was typed before the script
  // ran counts.
  useEffect(() => {
    setValue(input.current!.value);
  }, []);

  const edited = js && value !== email;
  const own = emailError(value);
  // The server's error stays until the address changes; from then on (or
  // once focus has left the field) the island's own check speaks.
  const shown = !edited ? error || (js && left ? own : '') : left || error ? own : '';

  return (
    <>
      <div className="mb-4">
        <label htmlFor="email" className="block font-medium">{label}</label>
        <div aria-live="polite">
          {shown ? (
            <p id="email-error" className="text-sm font-medium text-red-800"><span className="sr-only">Error: </span>{shown}</p>
          ) : null}
        </div>
        <input
          id="email"
          name="email"
          type="email"
          // The server's value first (hydration keeps what was typed); then
          // controlled, so a re-render never puts the old value back.
          value={js ? value : email}
          ref={input}
          autoComplete="email"
          required
          aria-invalid={shown ? 'true' : undefined}
          aria-describedby={shown ? 'email-error' : undefined}
          className={'mt-1 block w-full rounded border px-3 py-2 ' + (shown ? 'border-red-700' : 'border-gray-500')}
          onInput={(e) => setValue(e.currentTarget.value)}
          onBlur={() => setLeft(true)}
        />
      </div>
      <button
        type="submit"
        disabled={js && own !== ''}
        className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-gray-500"
      >
        {submit}
      </button>
    </>
  );
}
