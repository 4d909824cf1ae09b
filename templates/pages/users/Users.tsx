import { Shell } from '../../components/Shell';
import { CSRF, ErrorSummary, SelectField, TextField } from '../../components/Form';
import { Tone } from '../../components/Messages';
import { ListPager } from '../../components/ListPage';
import { DataTable } from '../../components/Table';
import type { PageProps, UserForm, UserPanel, UserView } from '../../generated/props';

// User management (spec 001 §2): the users of the organisation (Email/Name, Role), 20 a page
// by cursors with the total, "Add New User" with users:manage, and a side panel that shows a
// user or, with users:manage, edits them (a link toggles between the two). Every form posts
// with the CSRF token and comes back with its errors beside the fields; Go decides which
// roles are offered and how each is named.

type Props = PageProps['Users'];

const FIELDS = [
  { id: 'first_name', label: 'First name' },
  { id: 'last_name', label: 'Last name' },
  { id: 'email', label: 'Email' },
  { id: 'role', label: 'Role' },
];

function View({ u, edit }: { u: UserView; edit: string }) {
  return (
    <>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-gray-700">First name</dt>
        <dd className="break-words">{u.firstName}</dd>
        <dt className="text-gray-700">Last name</dt>
        <dd className="break-words">{u.lastName}</dd>
        <dt className="text-gray-700">Email</dt>
        <dd className="break-all">{u.email}</dd>
        <dt className="text-gray-700">Role</dt>
        <dd>
          {u.role}
          {u.roleNote ? <span className="block text-gray-700">{u.roleNote}</span> : null}
        </dd>
        <dt className="text-gray-700">Created</dt>
        <dd>{u.created}</dd>
        {u.status ? (
          <>
            <dt className="text-gray-700">Status</dt>
            <dd>{u.status}</dd>
          </>
        ) : null}
      </dl>
      {edit ? (
        <a href={edit} className="inline-block rounded border border-gray-600 px-4 py-2">Edit<span className="sr-only"> user</span></a>
      ) : null}
    </>
  );
}

function Form({ f }: { f: UserForm }) {
  return (
    <form method="post" action={f.action} noValidate>
      <ErrorSummary errors={f.errors} fields={FIELDS} />
      {f.base ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{f.base}</p> : null}
      <CSRF token={f.csrf} />
      {f.namesEdit ? (
        <>
          <TextField id="first_name" label="First name" value={f.firstName} error={f.errors.first_name} autoComplete="off" required />
          <TextField id="last_name" label="Last name" value={f.lastName} error={f.errors.last_name} autoComplete="off" required />
        </>
      ) : (
        <div className="mb-4">
          <p id="names-label" className="font-medium">Name</p>
          <p aria-labelledby="names-label" className="break-words">{f.firstName} {f.lastName}</p>
          <p className="text-sm text-gray-700">{f.namesHint}</p>
        </div>
      )}
      {f.emailEdit ? (
        <TextField id="email" label="Email" type="email" value={f.email} error={f.errors.email} autoComplete="off" spellcheck={false} required />
      ) : (
        <div className="mb-4">
          <p id="email-label" className="font-medium">Email</p>
          <p aria-labelledby="email-label" className="break-all">{f.email}</p>
          <p className="text-sm text-gray-700">The email cannot be changed here.</p>
        </div>
      )}
      <SelectField id="role" label="Role" options={f.roles} value={f.role} error={f.errors.role} hint={f.roleHint || undefined}
        disabled={f.roleLocked} required placeholder={f.role ? undefined : 'Select a role'} />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">{f.submit}</button>
        <a href={f.cancel} className="text-blue-800 underline">Cancel</a>
      </div>
    </form>
  );
}

function Panel({ p }: { p: UserPanel }) {
  return (
    <aside id="user-panel" tabIndex={-1} aria-labelledby="user-panel-title"
      className="order-first w-full rounded border-2 border-blue-800 bg-white p-4 xl:order-last xl:w-1/4 xl:min-w-80 xl:shrink-0 xl:self-start">
      <div className="mb-3 flex items-start justify-between gap-3">
        <h2 id="user-panel-title" className="break-words text-lg font-semibold">{p.title}</h2>
        <a href={p.close} className="shrink-0 text-blue-800 underline">Close<span className="sr-only"> panel</span></a>
      </div>
      {p.error ? <p role="alert" className={'rounded border-l-4 p-3 ' + Tone('error')}>{p.error}</p> : null}
      {p.user ? <View u={p.user} edit={p.edit} /> : null}
      {p.form ? <Form f={p.form} /> : null}
    </aside>
  );
}

export default function Users(p: Props) {
  return (
    <Shell shell={p.shell}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-semibold">User management</h1>
        {p.add ? <a href={p.add} className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Add New User</a> : null}
      </div>
      <div className="flex flex-col gap-6 xl:flex-row">
        {p.panel ? <Panel p={p.panel} /> : null}
        <div className="min-w-0 flex-1">
          {p.failure ? (
            <p role="alert" className={'rounded border-l-4 p-3 ' + Tone('error')}>{p.failure}</p>
          ) : (
            <>
              <p className="mb-2 text-sm text-gray-700">{p.total === 1 ? '1 user' : p.total + ' users'} · 20 per page, by email</p>
              <DataTable captionId="users-caption" caption="Users" columns={['Email/Name', 'Role']} bodyId="users-rows">
                {p.rows.map((r) => (
                  <tr id={'user-' + r.id} className={'border-b border-gray-200 ' + (r.open ? 'bg-blue-50' : '')}>
                    <td className="p-2">
                      <a href={r.href} className="break-all text-blue-800 underline" aria-current={r.open ? 'true' : undefined}>{r.email}</a>
                      <span className="block">{r.name}</span>
                      {r.status ? <span className="block text-gray-700">{r.status}</span> : null}
                    </td>
                    <td className="p-2">{r.role}</td>
                  </tr>
                ))}
              </DataTable>
              <ListPager rows="users-rows" noun="users" total={p.total} shown={p.rows.length} prev={p.prev} next={p.next} />
            </>
          )}
        </div>
      </div>
    </Shell>
  );
}
