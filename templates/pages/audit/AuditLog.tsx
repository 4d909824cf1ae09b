import { Shell } from '../../components/Shell';
import { ErrorSummary, SelectField, TextField } from '../../components/Form';
import { FilterForm, Listing, counted } from '../../components/ListPage';
import type { AuditFiltersView, AuditRow, PageProps } from '../../generated/props';

// Settings › Audit log (docs/areas/audit.md): the filter bar (a GET form: person, kind,
// record; the period is the session's date range), the entries by cursor pages with the
// total, and the CSV export of what the filters select. Go formats and decides; this lays
// it out.

type Props = PageProps['AuditLog'];

const fields = [
  { id: 'person', label: 'Person' },
  { id: 'record', label: 'Record' },
];

function Filters({ f }: { f: AuditFiltersView }) {
  return (
    <FilterForm label="Filter the audit log" action={f.action} clear={f.clear}>
      <ErrorSummary errors={f.errors} fields={fields} />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <TextField id="person" label="Person" hint="Their e-mail address." type="email" value={f.person} error={f.errors.person}
          autoComplete="off" />
        <SelectField id="kind" label="Event" options={f.kinds} value={f.kind} />
        <TextField id="record" label="Record" hint="An id or reference, e.g. of a payout." value={f.record} error={f.errors.record}
          autoComplete="off" />
      </div>
    </FilterForm>
  );
}

function Row({ r }: { r: AuditRow }) {
  return (
    <tr id={'audit-' + r.id} data-status={r.kind} className="border-b border-gray-200 align-top">
      <td className="whitespace-nowrap p-2">{r.date}<span className="block text-xs text-gray-700">{r.time}</span></td>
      <td className="p-2 font-medium">{r.what}</td>
      <td className="break-all p-2">{r.person}{r.role ? <span className="block text-xs text-gray-700">{r.role}</span> : null}</td>
      <td className="break-all p-2">{r.record}</td>
      <td className="break-words p-2">{r.changes}</td>
      <td className="break-all p-2">{r.where}
        <span className="block text-xs text-gray-700">{r.address}{r.session ? ' · session ' + r.session : ''}</span>
      </td>
    </tr>
  );
}

export default function AuditLog(p: Props) {
  return (
    <Shell shell={p.shell}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <a href={p.export} className="rounded border border-blue-800 px-4 py-2 font-medium text-blue-800 underline" download>
          Export to CSV
        </a>
      </div>
      <Filters f={p.filters} />
      <Listing name="audit" total={p.total} noun="audit log entries" failure={p.failure} rows={p.rows} row={(r) => <Row r={r} />} prev={p.prev} next={p.next}
        count={<>{counted(p.total, 'entry', 'entries')} {p.range} · {p.pageSize} per page, newest first</>}
        empty="No entries match these filters in the selected period."
        caption="Audit log"
        columns={['When (UTC)', 'Event', 'Person', 'Record', 'Changes', 'From']} />
    </Shell>
  );
}
