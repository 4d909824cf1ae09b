import type { ComponentChildren } from 'preact';
import { SelectField, type Option } from './Form';
import { Pager } from './Pager';

// The body of an export list page (exported statements, exported payouts; spec 000 §2):
// the account filter (a GET form), the list's error, the count, the table, and the cursor
// links. The count and the links name the exports: one (one of them) and many.
export function ExportList(p: {
  action: string;
  filterLabel: string;
  accounts: Option[];
  account: string;
  error: string;
  total: number;
  one: string;
  many: string;
  prev?: string;
  next?: string;
  children?: ComponentChildren;
}) {
  return (
    <>
      <form method="get" action={p.action} className="mb-4 flex max-w-xl items-end gap-3" aria-label={p.filterLabel}>
        <div className="flex-1">
          <SelectField id="account" label="Account" options={p.accounts} value={p.account} placeholder="All accounts" />
        </div>
        <div className="mb-4">
          <button type="submit" className="rounded border border-gray-600 px-4 py-2">Filter</button>
        </div>
      </form>
      {p.error ? <p role="alert" className="mb-4 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{p.error}</p> : null}
      <p className="mb-2 text-sm text-gray-700">{p.total === 1 ? '1 ' + p.one : p.total + ' ' + p.many}</p>
      {p.children}
      <Pager label="Pages" prev={p.prev} next={p.next} prevText={'Newer ' + p.many} nextText={'Older ' + p.many} />
    </>
  );
}
