import { Shell, type ShellProps } from '../components/Shell';

type Props = {
  shell: ShellProps;
  address: string[];
  country: string;
  ownedAccounts: number;
  sharedAccounts: number;
  products: { payouts: number; collections: number };
};

export default function Dashboard({ shell, address, country, ownedAccounts, sharedAccounts, products }: Props) {
  return (
    <Shell shell={shell}>
      <h1 className="mb-6 text-2xl font-semibold">Dashboard</h1>
      <section aria-labelledby="org-title" className="max-w-xl rounded border border-gray-300 p-4">
        <h2 id="org-title" className="mb-2 text-lg font-semibold">{shell.org.name}</h2>
        <address className="not-italic">
          {address.map((l) => (
            <span className="block">{l}</span>
          ))}
          <span className="block">{country}</span>
        </address>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-gray-700">Your role</dt>
          <dd>{shell.role}</dd>
          <dt className="text-gray-700">Accounts</dt>
          <dd>{ownedAccounts} owned, {sharedAccounts} shared</dd>
          <dt className="text-gray-700">Contracted products</dt>
          <dd>{products.payouts} payout, {products.collections} collection</dd>
        </dl>
      </section>
    </Shell>
  );
}
