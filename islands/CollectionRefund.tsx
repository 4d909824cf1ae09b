/** @jsxRuntime automatic @jsxImportSource preact */
// The refund page's form (spec 001 §5 "Refund"): the page without JavaScript, and the same
// form checking as the user types once hydrated. The details panel's dialog shows it too.
import { RefundFields } from './lib/refund';
import type { IslandProps } from '../templates/generated/props';

export type Props = IslandProps['CollectionRefund'];

export default function CollectionRefund(p: Props) {
  return <RefundFields f={p} idPrefix="refund" />;
}
