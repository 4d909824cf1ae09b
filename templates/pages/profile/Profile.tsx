import { Shell } from '../../components/Shell';
import { CSRF, ErrorSummary, TextField } from '../../components/Form';
import { Tone } from '../../components/Messages';
import { DataTable } from '../../components/Table';
import { Island } from '../../components/Island';
import type { PageProps, PasskeysProps, ProfileForm, SessionView } from '../../generated/props';

// My Profile (spec 001 §2): the user's names and email, shown or edited (Edit toggles to the
// form; changing the email needs the current password), the created date, a disabled
// password row whose Reset Password mails a reset link, and the active sessions, any other
// of which (or all others) can be ended. Every action is a form posted with the CSRF token.

type Props = PageProps['Profile'];

const FIELDS = [
  { id: 'first_name', label: 'First name' },
  { id: 'last_name', label: 'Last name' },
  { id: 'email', label: 'Email' },
  { id: 'password', label: 'Current password' },
];

const primary = 'rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900';
const secondary = 'rounded border border-gray-600 px-4 py-2';

function Edit({ f, csrf }: { f: ProfileForm; csrf: string }) {
  return (
    <form id="profile-form" method="post" action={f.action} noValidate aria-labelledby="details-title">
      <ErrorSummary errors={f.errors} fields={FIELDS} />
      {f.base ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{f.base}</p> : null}
      <CSRF token={csrf} />
      <TextField id="first_name" label="First name" value={f.firstName} error={f.errors.first_name} autoComplete="given-name" required />
      <TextField id="last_name" label="Last name" value={f.lastName} error={f.errors.last_name} autoComplete="family-name" required />
      <TextField id="email" label="Email" type="email" value={f.email} error={f.errors.email} autoComplete="email" spellcheck={false} required />
      <TextField id="password" label="Current password" type="password" error={f.errors.password} autoComplete="current-password"
        hint="Needed only when you change your email." />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={primary}>Save</button>
        <a href={f.cancel} className="text-blue-800 underline">Cancel</a>
      </div>
    </form>
  );
}

function Sessions({ list, csrf, end, endOthers }: { list: SessionView[]; csrf: string; end: string; endOthers: string }) {
  return (
    <section aria-labelledby="sessions-title" id="sessions" className="mb-8">
      <h2 id="sessions-title" className="mb-1 text-lg font-semibold">Active sessions</h2>
      <p className="mb-2 text-sm text-gray-700">Where you are logged in now. Ending a session logs it out on its next request.</p>
      <DataTable captionId="sessions-caption" caption="Your sessions" hidden
        columns={['Device', 'Signed in (UTC)', 'Last seen (UTC)', { label: <span className="sr-only">Action</span> }]}>
        {list.map((s) => (
          <tr className="border-b border-gray-200">
            <td className="p-2">
              {s.device}
              <span className="block text-gray-700">{s.kind}{s.current ? ' · This session' : ''}</span>
            </td>
            <td className="p-2">{s.signedIn}</td>
            <td className="p-2">{s.lastSeen}</td>
            <td className="p-2">
              {s.current ? null : (
                <form method="post" action={end}>
                  <CSRF token={csrf} />
                  <input type="hidden" name="session" value={s.handle} />
                  <button type="submit" className={secondary}>End<span className="sr-only"> session on {s.device}, last seen {s.lastSeen}</span></button>
                </form>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {endOthers ? (
        <form method="post" action={endOthers} className="mt-4">
          <CSRF token={csrf} />
          <button type="submit" className={secondary}>End all other sessions</button>
        </form>
      ) : null}
    </section>
  );
}

// Passkeys: listed always; adding (the Passkey island), renaming and removing once the
// password was confirmed again (reauth is the link until then).
function Passkeys({ pk, csrf }: { pk: PasskeysProps; csrf: string }) {
  const open = !pk.reauth;
  const failed = pk.list.filter((k) => k.error);
  return (
    <section aria-labelledby="passkeys-title" id="passkeys" className="mb-8">
      <h2 id="passkeys-title" className="mb-1 text-lg font-semibold">Passkeys</h2>
      <p className="mb-3 text-sm text-gray-700">
        A passkey on your device can confirm it is you after your password, instead of a code. It does not replace your password.
      </p>
      <ErrorSummary errors={Object.fromEntries(failed.map((k) => ['passkey-name-' + k.id, k.error]))}
        fields={failed.map((k) => ({ id: 'passkey-name-' + k.id, label: 'New name' }))} />
      {pk.list.length === 0 ? <p className="mb-3">You have no passkeys.</p> : (
        <ul className="mb-4 space-y-4">
          {pk.list.map((k) => (
            <li className="rounded border border-gray-400 p-3">
              <h3 className="break-words font-semibold">{k.name}</h3>
              <p className="text-sm text-gray-700">Added {k.added}{k.lastUsed ? ' · last used ' + k.lastUsed : ' · not used yet'}</p>
              {open ? (
                <div className="mt-2 flex flex-wrap items-end gap-3">
                  <form method="post" action={k.rename} noValidate className="flex flex-wrap items-end gap-2">
                    <CSRF token={csrf} />
                    <div>
                      <label htmlFor={'passkey-name-' + k.id} className="block text-sm font-medium">New name<span className="sr-only"> for {k.name}</span></label>
                      {k.error ? <p id={'passkey-name-' + k.id + '-error'} className="text-sm font-medium text-red-800">{k.error}</p> : null}
                      <input id={'passkey-name-' + k.id} name="name" type="text" value={k.typed} autoComplete="off"
                        aria-invalid={k.error ? 'true' : undefined} aria-describedby={k.error ? 'passkey-name-' + k.id + '-error' : undefined}
                        className={'mt-1 block w-full max-w-xs rounded border px-2 py-1 ' + (k.error ? 'border-red-700' : 'border-gray-500')} />
                    </div>
                    <button type="submit" className={secondary}>Rename<span className="sr-only"> {k.name}</span></button>
                  </form>
                  <form method="post" action={k.remove}>
                    <CSRF token={csrf} />
                    <button type="submit" className={secondary}>Remove<span className="sr-only"> {k.name}</span></button>
                  </form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {pk.register ? (
        <>
          <h3 className="mb-2 font-semibold">Add a passkey</h3>
          <Island name="Passkey" props={pk.register} />
        </>
      ) : (
        <p>
          <a href={pk.reauth} className="text-blue-800 underline">Confirm your password to add, rename or remove passkeys</a>
        </p>
      )}
    </section>
  );
}

export default function Profile(p: Props) {
  const u = p.user;
  return (
    <Shell shell={p.shell}>
      <h1 className="mb-6 text-2xl font-semibold">My Profile</h1>
      <div className="max-w-3xl">
        <section aria-labelledby="details-title" className="mb-8">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="details-title" className="text-lg font-semibold">Personal details</h2>
            {p.edit ? <a href={p.edit} className={secondary}>Edit<span className="sr-only"> personal details</span></a> : null}
          </div>
          {p.form ? (
            <Edit f={p.form} csrf={p.csrf} />
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-gray-700">First name</dt>
              <dd className="break-words">{u.firstName}</dd>
              <dt className="text-gray-700">Last name</dt>
              <dd className="break-words">{u.lastName}</dd>
              <dt className="text-gray-700">Email</dt>
              <dd className="break-all">{u.email}</dd>
            </dl>
          )}
          <p className="mt-3 text-sm text-gray-700">Created {u.created}</p>
        </section>
        <section aria-labelledby="password-title" className="mb-8">
          <h2 id="password-title" className="mb-3 text-lg font-semibold">Password</h2>
          <form method="post" action={p.resetAction} className="flex flex-wrap items-end gap-4">
            <CSRF token={p.csrf} />
            <div>
              <label htmlFor="current-password-row" className="block font-medium">Password</label>
              <input id="current-password-row" type="password" value="••••••••" disabled aria-describedby="password-row-hint"
                className="mt-1 block rounded border border-gray-400 bg-gray-100 px-3 py-2" />
            </div>
            <button type="submit" className={secondary}>Reset Password</button>
            <p id="password-row-hint" className="w-full text-sm text-gray-700">We email you a link to choose a new password.</p>
          </form>
        </section>
        {p.passkeys ? <Passkeys pk={p.passkeys} csrf={p.csrf} /> : null}
        <Sessions list={p.sessions} csrf={p.csrf} end={p.endAction} endOthers={p.endOthers} />
      </div>
    </Shell>
  );
}
