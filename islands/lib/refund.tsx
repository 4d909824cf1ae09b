/** @jsxRuntime automatic @jsxImportSource preact */
// The refund form of a collection order (spec 001 §5 "Refund"): a full refund (the order's
// amount) or a partial one (an amount, placeholder 1,000.00, a number, positive, not above the
// order's total). The server's rule is provider.RefundAmount; both follow
// testdata/collections/refund-amount.json. Without JavaScript the server checks and the form
// comes back with the message; hydrated, the message shows as the user types and the submit
// button is disabled while a partial amount is invalid.
import { useState } from 'preact/hooks';
import { useHydrated } from './hydrated';
import { decimalsMessage, groupDigits, MSG_FORMAT, MSG_POSITIVE, MSG_REQUIRED, MSG_TOO_BIG, parseAmount } from './amount';
import type { RefundForm } from '../../templates/generated/props';

export const MSG_REFUND_REQUIRED = 'Amount is required';
export const MSG_REFUND_NUMBER = 'Amount must be a number';
export const MSG_REFUND_POSITIVE = 'Amount must be positive';

/** aboveTotal is the spec's message: 'Amount cannot exceed the total ({total} {currency})'. */
export function aboveTotal(total: string, currency: string): string {
  return `Amount cannot exceed the total (${groupDigits(total)} ${currency})`;
}

/** minor is a plain amount ("12.5") in minor units of dec decimals. */
function minor(plain: string, dec: number): bigint {
  const [whole, frac = ''] = plain.split('.');
  return BigInt(whole + frac.padEnd(dec, '0').slice(0, dec));
}

/** refundError is the message for a typed partial refund of an order of total, '' when good. */
export function refundError(typed: string, total: string, currency: string, dec: number): string {
  const s = typed.trim();
  if (s.startsWith('-') && parseAmount(s.slice(1), dec).ok) return MSG_REFUND_POSITIVE;
  const p = parseAmount(s, dec);
  if (!p.ok) {
    switch (p.error) {
      case MSG_REQUIRED:
        return MSG_REFUND_REQUIRED;
      case MSG_POSITIVE:
        return MSG_REFUND_POSITIVE;
      case MSG_FORMAT:
        return MSG_REFUND_NUMBER;
      case MSG_TOO_BIG:
        return aboveTotal(total, currency);
    }
    return p.error === decimalsMessage(dec) ? p.error : MSG_REFUND_NUMBER;
  }
  return minor(p.plain, dec) > minor(total, dec) ? aboveTotal(total, currency) : '';
}

const radio = 'h-4 w-4 accent-blue-800';

/** RefundFields is the form, posted to f.action with the CSRF token and idempotency key. */
export function RefundFields({ f, idPrefix, onBack, backLabel }: { f: RefundForm; idPrefix: string; onBack?: () => void; backLabel?: string }) {
  const js = useHydrated();
  const [kind, setKind] = useState(f.kind || 'partial');
  const [typed, setTyped] = useState(f.typed);
  const [touched, setTouched] = useState(false);
  const live = kind === 'partial' ? refundError(typed, f.amount, f.currency, f.decimals) : '';
  // Before the user edits, the server's message (if any) stands; then the live one.
  const error = kind !== 'partial' ? '' : js && touched ? live : f.error;
  const amountId = idPrefix + '-amount';
  const described = error ? amountId + '-error' : amountId + '-hint';
  return (
    <form method="post" action={f.action} noValidate>
      {f.general ? (
        <div role="alert" className="mb-4 rounded border-l-4 border-red-700 bg-red-50 p-3">
          <p className="font-semibold">{f.generalTitle}</p>
          <p>{f.general}</p>
        </div>
      ) : null}
      {f.error && !touched && kind === 'partial' ? (
        // Focused on load, as the other forms' summaries are: an alert already there when the page
        // loads is not announced.
        <div role="alert" aria-labelledby={idPrefix + '-error-summary-title'} tabIndex={-1} autoFocus
          className="mb-4 rounded border-2 border-red-700 p-3">
          <h2 id={idPrefix + '-error-summary-title'} className="font-semibold text-red-800">There is a problem</h2>
          <a href={'#' + amountId} className="text-red-800 underline">{f.error}</a>
        </div>
      ) : null}
      <input type="hidden" name="_csrf" value={f.csrf} />
      <input type="hidden" name="return_to" value={f.returnTo} />
      <input type="hidden" name="idempotency_key" value={f.idempotencyKey} />
      <fieldset className="mb-4">
        <legend className="mb-2 font-medium">Refund type</legend>
        <div className="mb-2 flex items-center gap-2">
          <input type="radio" id={idPrefix + '-full'} name="refund_type" value="full" className={radio} checked={kind === 'full'}
            onChange={() => setKind('full')} />
          <label htmlFor={idPrefix + '-full'}>Full refund ({f.total})</label>
        </div>
        <div className="flex items-center gap-2">
          <input type="radio" id={idPrefix + '-partial'} name="refund_type" value="partial" className={radio} checked={kind === 'partial'}
            onChange={() => setKind('partial')} />
          <label htmlFor={idPrefix + '-partial'}>Partial refund</label>
        </div>
      </fieldset>
      <div className="mb-4">
        <label htmlFor={amountId} className="block font-medium">Amount ({f.currency})</label>
        <p id={amountId + '-hint'} className="text-sm text-gray-700">For a partial refund: up to {f.total}</p>
        {/* Always there: a live region is announced when its content changes, not when it appears. */}
        <div aria-live="polite">
          {error ? (
            <p id={amountId + '-error'} className="text-sm font-medium text-red-800"><span className="sr-only">Error: </span>{error}</p>
          ) : null}
        </div>
        <input id={amountId} name="amount" type="text" inputMode="decimal" placeholder="1,000.00" value={typed}
          aria-invalid={error ? 'true' : undefined} aria-describedby={described}
          className="mt-1 block w-full rounded border border-gray-500 px-3 py-2"
          onInput={(e) => {
            setTyped((e.currentTarget as HTMLInputElement).value);
            setTouched(true);
          }} />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {onBack ? (
          <button type="button" className="rounded border border-gray-600 bg-white px-3 py-1.5 text-sm" onClick={onBack}>{backLabel}</button>
        ) : null}
        <button type="submit" disabled={js && live !== ''} className="rounded bg-blue-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-900 disabled:bg-gray-500">
          Refund
        </button>
      </div>
    </form>
  );
}
