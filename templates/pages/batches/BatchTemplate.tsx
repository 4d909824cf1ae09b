import { Shell } from '../../components/Shell';
import { SelectField } from '../../components/Form';
import { Tone } from '../../components/Messages';
import type { PageProps } from '../../generated/props';

// "Create batch template" (spec 001 §2) as a page: Format (CSV, fixed), Transfer type,
// Corridor and Data required in a GET form that comes back narrowed (a single option is
// chosen for the user); "Download CSV template" shows once all three are chosen.

type Props = PageProps['BatchTemplate'];

export default function BatchTemplate(p: Props) {
  return (
    <Shell shell={p.shell}>
      <div className="max-w-xl">
        <h1 className="mb-4 text-2xl font-semibold">Create batch template</h1>
        {p.failure ? <p role="alert" className={'mb-4 rounded border-l-4 p-3 ' + Tone('error')}>{p.failure}</p> : null}
        <form method="get" action={p.action}>
          <SelectField id="format" label="Format" options={[{ value: 'csv', label: 'CSV' }]} value="csv" disabled />
          <SelectField id="type" label="Transfer type" options={p.types} value={p.type} placeholder="Select transfer type" />
          <SelectField id="product" label="Corridor" options={p.products} value={p.product} placeholder="Select corridor"
            hint={p.type ? undefined : 'Choose a transfer type first.'} />
          <SelectField id="schema" label="Data required" options={p.schemas} value={p.schema} placeholder="Select data"
            hint={p.product ? undefined : 'Choose a corridor first.'} />
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className="rounded border border-gray-600 px-4 py-2">Show options</button>
            {p.download ? (
              <a href={p.download} download={p.filename} className="inline-block rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">
                Download CSV template
              </a>
            ) : (
              <span aria-disabled="true" className="rounded bg-gray-300 px-4 py-2 font-medium text-gray-700">Download CSV template</span>
            )}
            <a href={p.close} className="text-blue-800 underline">Close window</a>
          </div>
        </form>
        {p.columns.length > 0 ? (
          <section aria-labelledby="columns-title" className="mt-6">
            <h2 id="columns-title" className="font-semibold">Columns of this template</h2>
            <p className="break-words text-sm"><code>{p.columns.join(', ')}</code></p>
          </section>
        ) : null}
      </div>
    </Shell>
  );
}
