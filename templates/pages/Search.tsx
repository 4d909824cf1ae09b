import { Shell, type ShellProps } from '../components/Shell';

type Props = { shell: ShellProps; query: string; groups: { title: string; count: number }[] };

export default function Search({ shell, query, groups }: Props) {
  const hits = groups.some((g) => g.count > 0);
  return (
    <Shell shell={shell}>
      <h1 className="mb-2 text-2xl font-semibold">Search results</h1>
      <p className="mb-6 text-gray-700">for “{query}”</p>
      {hits ? null : (
        <section aria-labelledby="no-result" className="rounded border border-gray-300 p-6">
          <h2 id="no-result" className="mb-2 text-lg font-semibold">No search result</h2>
          <p>We could not find any results matching the applied search criteria. Please adjust your search criteria and try again.</p>
        </section>
      )}
      <h2 className="mb-2 mt-6 font-semibold">Searched</h2>
      <ul className="list-disc pl-6">
        {groups.map((g) => (
          <li>{g.title}: {g.count} found</li>
        ))}
      </ul>
    </Shell>
  );
}
