/** @jsxRuntime automatic @jsxImportSource preact */
// Organisation switcher. The server's markup is a working form (select and
// submit), so switching works without JavaScript.
type Org = { id: string; name: string; current?: boolean };
export type Props = {
  orgs: Org[];
  current: { id: string; name: string };
  csrf: string;
  user: { name: string; email: string };
  role: string;
};

export default function OrgSwitcher({ orgs, current, csrf, user, role }: Props) {
  return (
    <div className="flex items-center gap-3">
      <form method="post" action="/organisations/switch" className="flex items-center gap-2">
        <input type="hidden" name="_csrf" value={csrf} />
        <label htmlFor="organisation_id" className="text-sm">Organisation</label>
        <select id="organisation_id" name="organisation_id" className="rounded border border-gray-500 px-2 py-1.5">
          {orgs.map((o) => (
            <option value={o.id} selected={o.id === current.id}>{o.name}</option>
          ))}
        </select>
        <button type="submit" className="rounded border border-gray-600 px-3 py-1.5">Switch</button>
      </form>
      <span className="text-sm text-gray-700">{user.name} · {role}</span>
      <a href="/docs" className="text-sm underline">API Reference</a>
      <form method="post" action="/logout">
        <input type="hidden" name="_csrf" value={csrf} />
        <button type="submit" className="text-sm underline">Log out</button>
      </form>
    </div>
  );
}
