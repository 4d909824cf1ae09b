// Type tests, checked by `make typecheck` (tsc) and never bundled or run.
// Each @ts-expect-error must meet an error on its line: if <Island> or a
// component's props loosened, the directive would be unused and tsc fails.
import { Island } from '../components/Island';
import type { Islands, Pages } from '../generated/components';
import type { IslandProps, PageProps } from '../generated/props';

declare const transfer: IslandProps['TransferDialog'];
declare const copy: IslandProps['CopyText'];

export const islandFixtures = [
  <Island name="TransferDialog" props={transfer} />,
  <Island name="CopyText" props={{ label: 'Wallet address', value: '0xabc', short: '0x…abc' }} />,
  <Island name="VerifyCode" props={{ id: 'code', label: 'Code', numeric: true }} />,
  // @ts-expect-error another island's props
  <Island name="TransferDialog" props={copy} />,
  // @ts-expect-error a prop the island does not take
  <Island name="CopyText" props={{ label: 'Wallet address', value: '0xabc', short: '0x…abc', href: '/' }} />,
  // @ts-expect-error a prop the island needs is missing
  <Island name="CopyText" props={{ label: 'Wallet address', value: '0xabc' }} />,
  // @ts-expect-error a prop of the wrong type (props built in TSX are checked too)
  <Island name="VerifyCode" props={{ id: 'code', label: 'Code', numeric: 'yes' }} />,
  // @ts-expect-error no such island
  <Island name="NoSuchIsland" props={{}} />,
];

// Every page takes the props its handler sends (PageProps, from the Go
// structs), and every island whose props Go builds takes those: a component
// that declared its own, narrower props would be named here.
type Refuses<C, P> = {
  [N in keyof P & keyof C]: C[N] extends (props: infer Q) => unknown ? (P[N] extends Q ? never : N) : N;
}[keyof P & keyof C];
export const pagesTakeTheirGoProps: [Refuses<Pages, PageProps>] extends [never] ? true : Refuses<Pages, PageProps> = true;
export const islandsTakeTheirGoProps: [Refuses<Islands, IslandProps>] extends [never] ? true : Refuses<Islands, IslandProps> = true;
