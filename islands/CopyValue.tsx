/** @jsxRuntime automatic @jsxImportSource preact */
// One copyable value on a server-rendered details panel; panels that are
// islands themselves use lib/copy's CopyValue directly instead of nesting.
// Every copy value of a page is hydrated by this one small script.
import { CopyValue as Value } from './lib/copy';

export type Props = { label: string; value: string };

export default function CopyValue({ label, value }: Props) {
  return <Value label={label} value={value} />;
}
