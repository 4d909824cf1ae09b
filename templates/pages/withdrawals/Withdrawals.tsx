import { Shell } from '../../components/Shell';
import { Island, opener } from '../../components/Island';
import { SelectField, TextField } from '../../components/Form';
import { Tone } from '../../components/Messages';
import { FilterForm, Listing, PanelHeading, RecordCells, WithPanel, counted, rowClass } from '../../components/ListPage';
import { statusTone } from '../../../ui/tones';
import type { PageProps, WithdrawalFiltersView, WithdrawalLine, WithdrawalPanel, WithdrawalRow } from '../../generated/props';

// Withdrawals (spec 001 §2 "Withdrawals"): without withdrawal accounts only the spec's
// message; otherwise the filter bar (a GET form), "Withdraw funds" (the dialog island, a
// link to the form page without JavaScript), the list in the session's date range by
// cursor pages with the total, and the details panel of one withdrawal
// (/withdrawals/{ref}: a quarter of the width on wide screens, above the list on narrow
// ones). Go formats and decides; this lays it out.

type Props = PageProps['Withdrawals'];

function Filters({ f }: { f: WithdrawalFiltersView }) {
  return (
    <FilterForm label="Filter withdrawals" action={f.action} clear={f.clear}>
      <div className="grid gap-x-4 sm:grid-cols-3">
        <SelectField id="account" label="Account" options={f.accounts} value={f.account} />
        <SelectField id="status" label="Status" options={f.statuses} value={f.status} />
        <TextField id="reference" label="Reference" value={f.reference} autoComplete="off" />
      </div>
    </FilterForm>
  );
}

function Row({ r }: { r: WithdrawalRow }) {
  return (
    <tr id={'withdrawal-' + r.reference} data-status={r.status} className={rowClass(r.open)}>
      <RecordCells r={r} what="withdrawal" second={r.endToEndId} />
      <td className="p-2">{r.account}</td>
      <td className="p-2">{r.beneficiary}</td>
      <td className="whitespace-nowrap p-2 text-right tabular-nums">{r.amount}</td>
      <td className="p-2"><span className={statusTone(r.status)}>{r.statusLabel}</span></td>
    </tr>
  );
}

function Lines({ lines }: { lines: WithdrawalLine[] }) {
  return (
    <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {lines.map((l) => (
        <>
          <dt className="text-gray-700">{l.label}</dt>
          <dd className="break-all">
            {l.copy && !l.full ? <Island name="CopyValue" props={{ label: l.label, value: l.value }} /> : l.value}
            {l.full ? (
              <details className="text-xs">
                <summary className="cursor-pointer text-blue-800 underline">Show full {l.label}</summary>
                {l.copy ? <Island name="CopyValue" props={{ label: l.label, value: l.full }} /> : <span className="break-all">{l.full}</span>}
              </details>
            ) : null}
          </dd>
        </>
      ))}
    </dl>
  );
}

/** The details of one withdrawal: this page's panel and the global search's. */
export function WithdrawalDetails({ p, close }: { p: WithdrawalPanel; close: string }) {
  return (
    <>
      <PanelHeading id="withdrawal-panel" close={close} what="withdrawal details">Withdrawal {p.reference}</PanelHeading>
      <p className="mb-3"><span className={statusTone(p.status)}>{p.statusLabel}</span></p>
      {p.rejection ? (
        <div className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>
          <p className="font-medium">{p.rejection}</p>
          <p>{p.reason}</p>
        </div>
      ) : null}
      <Lines lines={p.summary} />
      <h3 className="mb-1 font-semibold">Beneficiary</h3>
      <Lines lines={p.beneficiary} />
      <h3 className="mb-1 font-semibold">History</h3>
      <ol className="text-sm">
        {p.history.map((e) => (
          <li className="mb-1">
            <span className="font-medium">{e.status}</span> <span className="text-gray-700">{e.when}</span>
            {e.reason ? <span className="block">{e.reason}</span> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

export default function Withdrawals(p: Props) {
  if (p.unavailable) {
    return (
      <Shell shell={p.shell}>
        <h1 className="mb-4 text-2xl font-semibold">Withdrawals</h1>
        <p className={'rounded border-l-4 p-3 ' + Tone('info')}>{p.unavailable}</p>
      </Shell>
    );
  }
  return (
    <Shell shell={p.shell}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-semibold">Withdrawals</h1>
        {p.withdraw ? <Island name="WithdrawalDialog" props={p.withdraw} load={opener()} /> : null}
      </div>
      <WithPanel id="withdrawal-panel" panel={p.panel ? <WithdrawalDetails p={p.panel} close={p.closePanel} /> : null} error={p.panelError}
        title="Withdrawal details" close={p.closePanel} what="withdrawal details">
        <Filters f={p.filters} />
        <Listing name="withdrawals" total={p.total} noun="withdrawals" failure={p.failure} rows={p.rows} row={(r) => <Row r={r} />} prev={p.prev} next={p.next}
          count={<>
            {counted(p.total, 'withdrawal', 'withdrawals')} created {p.range} · {p.pageSize} per page, newest first
          </>}
          empty="No withdrawals match these filters in the selected period."
          caption="Withdrawals"
          columns={[
            'Date (UTC)',
            'Reference',
            'Account',
            'Withdrawal account',
            { label: 'Amount', right: true },
            'Status',
          ]} />
      </WithPanel>
    </Shell>
  );
}
