/** @jsxRuntime automatic @jsxImportSource preact */
// New password and its confirmation, with the rules, the strength meter and
// the submit button (spec 000 §5, 001 §5): used by the reset password and
// the invitation pages, inside their <form>.
//
// The server's markup, and the first client render that hydrates it, is the
// working form without JavaScript: both fields, the rule list with each rule
// "not met" and an empty meter, the server's field errors, and an enabled
// submit (the server checks every rule and answers in the spec's words).
// Once hydrated, an effect turns on the live parts: the rules and the meter
// (1 Weak, 2 Average, 3 Strong by rules met) follow the typing, the strength
// and the match state are announced through polite live regions (text and
// shape, never colour alone), a check mark shows when the password is valid
// and the confirmation matches, and the submit is disabled until both fields
// are filled ("Submit enabled only when both fields are filled"). A button
// disabled in the server's HTML would never enable without JavaScript, so
// only the island disables it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { MESSAGES, RULES, checkPassword, passwordValid, rulesMet, strength, type FieldErrors } from './lib/password';

export type Props = {
  errors: FieldErrors;
  /** The submit button's text. */
  submit: string;
};

export const PASSWORD_LABEL = 'New password';
export const CONFIRM_LABEL = 'Confirm new password';

const meterTone = ['', 'bg-red-700', 'bg-amber-600', 'bg-green-700'];

export default function PasswordStrength({ errors, submit }: Props) {
  const js = useHydrated();
  const [pw, setPw] = useState('');
  const [confirm, setConfirm] = useState('');
  // A field the user has changed no longer shows the server's error for it.
  const [edited, setEdited] = useState({ password: false, password_confirmation: false });
  const [left, setLeft] = useState(false); // focus has left the confirmation once
  const pwRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  // Enhanced once hydrated (useHydrated): what was typed (or autofilled)
  // before the script ran counts.
  useEffect(() => {
    const p = pwRef.current!.value;
    const c = confirmRef.current!.value;
    setPw(p);
    setConfirm(c);
    setEdited({ password: p !== '', password_confirmation: c !== '' });
  }, []);

  const rules = checkPassword(pw);
  const met = rulesMet(rules);
  const label = strength(pw);
  const matches = confirm !== '' && confirm === pw;
  const mismatch = confirm !== '' && confirm !== pw && (left || [...confirm].length >= [...pw].length);
  const valid = passwordValid(pw);
  const pwError = edited.password ? '' : errors.password || '';
  const confirmError = edited.password_confirmation ? '' : errors.password_confirmation || '';
  // The live mismatch message is the server's words; it is not repeated
  // while the server's own error for the field still shows.
  const matchText = matches && valid ? 'Passwords match' : mismatch && !confirmError ? MESSAGES.mustMatch : '';

  const field = 'mt-1 block w-full rounded border px-3 py-2 ';
  return (
    <>
      <div className="mb-4">
        <label htmlFor="password" className="block font-medium">{PASSWORD_LABEL}</label>
        {pwError ? (
          <p id="password-error" className="text-sm font-medium text-red-800"><span className="sr-only">Error: </span>{pwError}</p>
        ) : null}
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          ref={pwRef}
          aria-invalid={pwError ? 'true' : undefined}
          aria-describedby={'password-rules' + (pwError ? ' password-error' : '')}
          className={field + (pwError ? 'border-red-700' : 'border-gray-500')}
          onInput={(e) => {
            setPw(e.currentTarget.value);
            setEdited((x) => ({ ...x, password: true }));
          }}
        />
        <div id="password-rules" className="mt-2 text-sm">
          <p>Your password needs:</p>
          <ul className="mt-1 space-y-0.5">
            {RULES.map((r) => (
              <li className={'flex gap-2 ' + (rules[r.id] ? 'text-green-800' : 'text-gray-800')}>
                <span aria-hidden="true" className="w-4 shrink-0 text-center">{rules[r.id] ? '✓' : '○'}</span>
                <span>
                  {r.label}
                  <span className="sr-only">{rules[r.id] ? ' (met)' : ' (not met)'}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-2 flex items-center gap-3">
          <span aria-hidden="true" className="flex gap-1">
            {[1, 2, 3].map((i) => (
              <span className={'h-2 w-10 rounded ' + (label && i <= Math.max(met, 1) ? meterTone[Math.max(met, 1)] : 'bg-gray-300')} />
            ))}
          </span>
          <p id="password-strength" role="status" className="text-sm font-medium">
            {label ? 'Password strength: ' + label : ''}
          </p>
        </div>
      </div>
      <div className="mb-4">
        <label htmlFor="password_confirmation" className="block font-medium">{CONFIRM_LABEL}</label>
        {confirmError ? (
          <p id="password_confirmation-error" className="text-sm font-medium text-red-800">
            <span className="sr-only">Error: </span>{confirmError}
          </p>
        ) : null}
        <input
          id="password_confirmation"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          ref={confirmRef}
          aria-invalid={confirmError ? 'true' : undefined}
          aria-describedby={(confirmError ? 'password_confirmation-error ' : '') + 'password-match'}
          className={field + (confirmError ? 'border-red-700' : 'border-gray-500')}
          onInput={(e) => {
            setConfirm(e.currentTarget.value);
            setEdited((x) => ({ ...x, password_confirmation: true }));
          }}
          onBlur={() => setLeft(true)}
        />
        <p id="password-match" role="status" className={'mt-1 text-sm font-medium ' + (matchText === MESSAGES.mustMatch ? 'text-red-800' : 'text-green-800')}>
          {matchText ? <span aria-hidden="true">{matchText === MESSAGES.mustMatch ? '✗ ' : '✓ '}</span> : null}
          {matchText}
        </p>
      </div>
      <button
        type="submit"
        disabled={js && (pw === '' || confirm === '')}
        className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-gray-500"
      >
        {submit}
      </button>
    </>
  );
}
