/** @jsxRuntime automatic @jsxImportSource preact */
// The transfer dialog's form (spec 000 §2 "Transfer dialog", width 440; §5 "Transfer",
// "Amount input"), with the dialog frame: the TransferDialog island loads this module on
// the first click of its Transfer button (lib/lazy withModal), so the island's first load
// is the button alone. The source account first, then the destination (never the source),
// then the amount, formatted as it is typed; the exchange rate is asked of the JSON API
// when the currencies differ. Submit is enabled when the four fields are filled and the FX
// information is there; the server checks everything again. The transfer is posted to the
// API with the idempotency key the page was rendered with, so a retry books once. The form
// stays mounted while the dialog is closed, so what was typed is there when it opens again.
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient } from './apiClient';
import { loadApi, type LazyApi } from './lazy';
import { Modal } from './Modal';
import { MSG_TOO_BIG, formatTyping, groupDigits, parseAmount } from './amount';
import { convert, formatRate } from './fx';
import type { FXHint, IslandProps, TransferAccount } from '../../templates/generated/props';
import { describedBy, fieldWith } from '../../ui/field';

export type Props = IslandProps['TransferDialog'] & {
  open: boolean;
  /** The dialog was closed (Escape, Cancel). */
  onClose: () => void;
};

export const MSG_OK = 'Transfer successful';
export const MSG_FAILED = 'Transfer failed';
export const FX_NOT_SUPPORTED = 'FX Rate not supported.';
export const FX_UNAVAILABLE = 'Exchange rate is not available for this transaction.';
/** The quote could not be fetched at all (spec 000 §8). */
export const FX_FAILED = 'Unable to show FX information';

/** After a transfer the page reloads to show the new balances and entries. */
export const RELOAD_DELAY_MS = 1200;
export const page = { reload: () => window.location.reload() };

type FX = { state: 'none' } | { state: 'loading' } | { state: 'ok'; rate: string } | { state: 'error'; text: string };
// One object, so the effect's first run (the form mounts as the dialog opens) changes no
// state and renders nothing again: a render then rewrites a live region's empty text
// and a screen reader would announce an empty "polite" message as the dialog opens.
const NO_FX: FX = { state: 'none' };

const ID = 'transfer';
const label = (a: TransferAccount) => a.name + ' (' + a.currency + ') · ' + a.number;

// Which field a server error belongs to (spec: debit_amount on the amount,
// credit_account_number on the from account, else the form).
const pointerField: Record<string, string> = {
  '/debit_amount': 'amount',
  '/amount': 'amount',
  '/credit_account_number': 'from',
  '/from_account_number': 'from',
  '/to_account_number': 'to',
  '/end_to_end_id': 'e2e',
};

export function hintText(from: TransferAccount, to: TransferAccount, rate: string, plain: string | null): FXHint {
  const out: FXHint = {
    rate: '1 ' + from.currency + ' = ' + formatRate(rate) + ' ' + to.currency,
  };
  if (plain) {
    out.converted =
      groupDigits(plain) + ' ' + from.currency + ' converts to ' + groupDigits(convert(plain, from.decimals, rate, to.decimals)) + ' ' + to.currency;
  }
  return out;
}

const Field = fieldWith(h);

const inputClass = (error?: string) =>
  'mt-1 block w-full rounded border bg-white px-3 py-2 disabled:bg-gray-100 disabled:text-gray-700 ' + (error ? 'border-red-700' : 'border-gray-500');

export function TransferForm(p: Props) {
  const [from, setFrom] = useState(p.from);
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [e2e, setE2e] = useState('');
  const [fx, setFx] = useState<FX>(NO_FX);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  // Made on first use; its module comes with the dialog's first request (lib/lazy).
  const clientRef = useRef<ApiClient | null>(null);
  // The reload after a transfer, dropped if the form goes first (the island unmounted).
  const reloading = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(reloading.current), []);
  const client = (api: LazyApi) => (clientRef.current ??= api.createApiClient({ base: '/api/v2', csrfToken: p.csrf }));

  const src = p.accounts.find((a) => a.number === from);
  const dst = p.accounts.find((a) => a.number === to);
  const dec = src ? src.decimals : 2;

  useEffect(() => {
    if (!src || !dst || src.currency === dst.currency) {
      setFx(NO_FX);
      return;
    }
    const ctl = new AbortController();
    setFx({ state: 'loading' });
    let api: LazyApi | undefined;
    loadApi()
      .then((m) => {
        api = m;
        return client(m).get<{ data: { exchange_rate: string } }>('/fx/organisations/' + encodeURIComponent(p.orgId) + '/exchange_rate', {
          query: { pay_currency: src.currency, buy_currency: dst.currency },
          signal: ctl.signal,
        });
      })
      .then((r) =>
        // A reply without a rate quotes nothing for this pair.
        setFx(r.data?.exchange_rate ? { state: 'ok', rate: r.data.exchange_rate } : { state: 'error', text: FX_UNAVAILABLE }),
      )
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setFx({ state: 'error', text: api && e instanceof api.ApiError && e.status === 404 ? FX_NOT_SUPPORTED : FX_FAILED });
      });
    return () => ctl.abort();
  }, [src?.currency, dst?.currency]);

  const parsed = parseAmount(amount, dec);
  const tooBig = !parsed.ok && parsed.error === MSG_TOO_BIG;
  const amountError = errors.amount || (tooBig ? MSG_TOO_BIG : '');
  const fxReady = !!src && !!dst && (src.currency === dst.currency || fx.state === 'ok');
  const canSubmit = !!from && !!to && amount !== '' && e2e.trim() !== '' && fxReady && !tooBig && !busy;
  const hint = src && dst && fx.state === 'ok' ? hintText(src, dst, fx.rate, parsed.ok ? parsed.plain : null) : null;

  const clearError = (k: string) => {
    if (errors[k]) {
      const next = { ...errors };
      delete next[k];
      setErrors(next);
    }
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!canSubmit) return;
    if (!parsed.ok) {
      setErrors({ ...errors, amount: parsed.error });
      return;
    }
    setBusy(true);
    setStatus('');
    setFormError('');
    setErrors({});
    let api: LazyApi | undefined;
    try {
      api = await loadApi();
      await client(api).post(
        '/virtual_bank/organisations/' + encodeURIComponent(p.orgId) + '/inter_account_movements',
        { from_account_number: from, to_account_number: to, amount: parsed.plain, end_to_end_id: e2e.trim() },
        { headers: { 'Idempotency-Key': p.idempotencyKey } },
      );
      setStatus(MSG_OK);
      reloading.current = setTimeout(() => page.reload(), RELOAD_DELAY_MS);
    } catch (err) {
      const next: Record<string, string> = {};
      let base = '';
      if (api && err instanceof api.ApiError && err.problems.length > 0 && err.status < 500) {
        for (const pr of err.problems) {
          const f = pr.source?.pointer ? pointerField[pr.source.pointer] : undefined;
          if (f) next[f] = pr.title;
          else base = pr.title;
        }
      }
      setErrors(next);
      setFormError(base);
      setStatus(MSG_FAILED);
      setBusy(false);
    }
  };

  const close = () => {
    p.onClose();
    setStatus('');
  };

  return (
    <Modal id={ID + '-dialog'} title="Transfer" width={440} open={p.open} onClose={close}>
      <form onSubmit={submit} noValidate>
        <p role="status" className={'mb-3 font-medium ' + (status === MSG_OK ? 'text-green-900' : 'text-red-800')}>{status}</p>
        {formError ? <p role="alert" className="mb-3 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{formError}</p> : null}
        <Field id={ID + '-from'} label="From account" error={errors.from}>
          <select
            id={ID + '-from'}
            name="from_account_number"
            className={inputClass(errors.from)}
            aria-invalid={errors.from ? 'true' : undefined}
            aria-describedby={describedBy(ID + '-from', undefined, errors.from)}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLSelectElement).value;
              setFrom(v);
              if (v === to) setTo('');
              const a = p.accounts.find((x) => x.number === v);
              setAmount((cur) => formatTyping(cur, a ? a.decimals : 2));
              clearError('from');
            }}
          >
            <option value="" selected={!from}>Select account</option>
            {p.accounts.map((a) => (
              <option value={a.number} selected={a.number === from}>{label(a)}</option>
            ))}
          </select>
        </Field>
        <Field id={ID + '-to'} label="To account" error={errors.to}>
          <select
            id={ID + '-to'}
            name="to_account_number"
            disabled={!from}
            className={inputClass(errors.to)}
            aria-invalid={errors.to ? 'true' : undefined}
            aria-describedby={describedBy(ID + '-to', undefined, errors.to)}
            onChange={(e) => {
              setTo((e.currentTarget as HTMLSelectElement).value);
              clearError('to');
            }}
          >
            <option value="" selected={!to}>Select account</option>
            {p.accounts
              .filter((a) => a.number !== from)
              .map((a) => (
                <option value={a.number} selected={a.number === to}>{label(a)}</option>
              ))}
          </select>
        </Field>
        <Field id={ID + '-amount'} label={src ? 'Amount (' + src.currency + ')' : 'Amount'} error={amountError}>
          <input
            id={ID + '-amount'}
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="000,000,000.00"
            disabled={!to}
            value={amount}
            className={inputClass(amountError)}
            aria-invalid={amountError ? 'true' : undefined}
            aria-describedby={describedBy(ID + '-amount', undefined, amountError)}
            onInput={(e) => {
              const el = e.currentTarget as HTMLInputElement;
              const v = formatTyping(el.value, dec);
              el.value = v;
              setAmount(v);
              clearError('amount');
            }}
          />
        </Field>
        <Field id={ID + '-e2e'} label="End-to-end ID" error={errors.e2e}>
          <input
            id={ID + '-e2e'}
            name="end_to_end_id"
            type="text"
            autoComplete="off"
            maxLength={140}
            value={e2e}
            className={inputClass(errors.e2e)}
            aria-invalid={errors.e2e ? 'true' : undefined}
            aria-describedby={describedBy(ID + '-e2e', undefined, errors.e2e)}
            onInput={(e) => {
              setE2e((e.currentTarget as HTMLInputElement).value);
              clearError('e2e');
            }}
          />
        </Field>
        <div aria-live="polite" className="mb-4 text-sm">
          {fx.state === 'loading' ? <p>Loading the exchange rate…</p> : null}
          {fx.state === 'error' ? <p className="rounded border-l-4 border-amber-700 bg-amber-50 p-3 text-amber-900">{fx.text}</p> : null}
          {hint ? (
            <p className="rounded border-l-4 border-blue-700 bg-blue-50 p-3 text-blue-900">
              Currency conversion: {hint.rate}
              {hint.converted ? <span className="block">{hint.converted}</span> : null}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          <button
            type="submit"
            disabled={!canSubmit}
            className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-gray-500"
          >
            {busy ? 'Transferring…' : 'Transfer'}
          </button>
          <button type="button" onClick={close} className="rounded border border-gray-600 px-4 py-2">Cancel</button>
        </div>
      </form>
    </Modal>
  );
}
