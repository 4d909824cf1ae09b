/** @jsxRuntime automatic @jsxImportSource preact */
// Passkeys: "Add a passkey" in My Profile (mode register) and "Use your passkey" at
// /mfa-verify (mode verify). The ceremony is navigator.credentials, so nothing here works
// without JavaScript: the server's markup, and the render that hydrates it, say so, and
// the controls appear once hydrated in a browser with WebAuthn. The server checks
// everything (origin, challenge, signature, counter); this only carries the JSON.
import { useRef, useState } from 'preact/hooks';
import { useHydrated } from './lib/hydrated';
import { creationOptions, credentialJSON, post, refusal, requestOptions, supported } from './lib/passkey';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['Passkey'];

const FAILED = 'Something went wrong. Try again.';

// go follows the server's redirect. To this very page (My Profile, #passkeys) only the
// fragment would change and nothing would load, so the page is loaded again.
function go(to: string) {
  const u = new URL(to, window.location.href);
  if (u.pathname + u.search !== window.location.pathname + window.location.search) {
    window.location.assign(u.href);
    return;
  }
  window.location.hash = u.hash;
  window.location.reload();
}

export default function Passkey({ mode, csrf, optionsUrl, finishUrl }: Props) {
  const ready = useHydrated() && supported();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const register = mode === 'register';

  if (!ready) {
    return (
      <p className="rounded border-l-4 border-gray-600 bg-gray-50 p-3">
        {register
          ? 'Adding a passkey needs JavaScript, which is off or not supported in this browser.'
          : 'A passkey needs JavaScript, which is off or not supported in this browser. Choose another method below.'}
      </p>
    );
  }

  // answer shows a reply that is not a success; true when it was one (the page moves on).
  const answer = (status: number, data: Record<string, any>): boolean => {
    if ((status === 200 || status === 403) && data.redirect) {
      go(data.redirect); // 403: the password again first
      return true;
    }
    if (status === 401 && data.status === 'login_expired') {
      go('/login?expired=1'); // the 10 minutes of a login's MFA step ran out
      return true;
    }
    const fieldError = data.errors?.name;
    if (fieldError) {
      setNameError(fieldError);
      nameRef.current?.focus();
    } else {
      setError(data.error || FAILED);
    }
    setNote(data.note || '');
    return false;
  };

  const run = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    setNameError('');
    setNote('');
    try {
      const body = register ? { name } : {};
      const opts = await post(optionsUrl, csrf, body);
      if (opts.status !== 200 || !opts.data.publicKey) {
        answer(opts.status, opts.data);
        return;
      }
      let cred: PublicKeyCredential;
      try {
        const c = register
          ? await navigator.credentials.create(creationOptions(opts.data))
          : await navigator.credentials.get(requestOptions(opts.data));
        if (!c) throw new Error('no credential');
        cred = c as PublicKeyCredential;
      } catch (err) {
        setError(refusal(err, mode === 'register' ? 'register' : 'verify'));
        return;
      }
      const json = credentialJSON(cred);
      const done = await post(finishUrl, csrf, register ? { name, credential: json } : json);
      if (answer(done.status, done.data)) return;
    } catch {
      setError(FAILED);
    } finally {
      setBusy(false);
    }
  };

  const described = nameError ? 'passkey-name-error passkey-name-hint' : 'passkey-name-hint';
  return (
    <form onSubmit={run} noValidate className="space-y-3">
      {register ? (
        <div>
          <label htmlFor="passkey-name" className="block font-medium">Passkey name</label>
          <p id="passkey-name-hint" className="text-sm text-gray-700">So you can tell your passkeys apart, for example "Work laptop". At most 64 characters.</p>
          {nameError ? <p id="passkey-name-error" className="font-medium text-red-800">{nameError}</p> : null}
          <input id="passkey-name" name="name" type="text" maxLength={64} autoComplete="off" value={name} ref={nameRef}
            aria-invalid={nameError ? 'true' : undefined} aria-describedby={described}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            className="mt-1 w-full max-w-sm rounded border border-gray-600 px-2 py-1" />
        </div>
      ) : null}
      <div role="alert" className={error ? 'rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900' : ''}>{error}</div>
      {note ? <p className="text-sm">{note}</p> : null}
      <p role="status" className="sr-only">{busy ? 'Follow the instructions of your browser.' : ''}</p>
      <button type="submit" aria-disabled={busy ? 'true' : undefined}
        className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">
        {register ? 'Add a passkey' : 'Use your passkey'}
      </button>
    </form>
  );
}
