import { Shell } from '../../components/Shell';
import { CSRF, SelectField, Button } from '../../components/Form';
import type { PageProps } from '../../generated/props';

type Props = PageProps['CryptoFunding'];

// Crypto funding (spec 000 §2): the partner's widgets in frames, for one
// account with a crypto wallet at a time. The form posts: it mints the
// partner's token (server/funding/crypto.go), which a GET never does.
export default function CryptoFunding(p: Props) {
  return (
    <Shell shell={p.shell}>
      <h1 className="mb-6 text-2xl font-semibold">Crypto funding</h1>
      <form method="post" action={'/org/' + p.shell.org.id + '/crypto_funding'} className="mb-4 max-w-md">
        <CSRF token={p.shell.csrf} />
        <SelectField id="account" label="Account" options={p.accounts} value={p.account} placeholder="Select account" />
        <Button kind="secondary">Show crypto funding</Button>
      </form>
      {p.message ? <p className="mb-4">{p.message}</p> : null}
      <div className="grid gap-6 xl:grid-cols-2">
        {p.frames.map((f) => (
          <section aria-labelledby={f.id + '-title'}>
            <h2 id={f.id + '-title'} className="mb-2 text-lg font-semibold">{f.heading}</h2>
            <iframe id={f.id} title={f.title} src={f.src} className="h-96 w-full rounded border border-gray-300" />
          </section>
        ))}
      </div>
    </Shell>
  );
}
