/** @jsxRuntime automatic @jsxImportSource preact */
// The withdrawal dialog's steps (spec 001 §2 "Withdrawal dialog", width 440; §5
// "Withdrawal form"; §8), with the dialog frame: the WithdrawalDialog island loads this
// module on the first click of its "Withdraw funds" button (lib/lazy withModal), so the
// island's first load is the button alone.
//   form    account, then a withdrawal account linked to it, the amount in the
//           account's currency (EUR before one is chosen), the end-to-end id;
//           the request button is disabled while the form is invalid;
//   review  what the server checked and stored (createWithdrawalReview): the
//           amount, the converted amount and the rate, the beneficiary;
//           Confirm is disabled when there is no exchange rate;
//   confirm createWithdrawal with the review's id and its values, so what is
//           booked is what was shown, once however often it is sent;
//   result  the reference, or the error list ('Validation Error' field by
//           field, else 'Something went wrong') with Back.
// The steps stay mounted while the dialog is closed, so what was typed is there when it
// opens again; each opening starts at the form, a fresh one after a result.
import { h } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { fieldWith } from '../../ui/field';
import { Modal } from './Modal';
import type { ApiClient } from './apiClient';
import { loadApi, type LazyApi } from './lazy';
import { groupDigits } from './amount';
import { formatRate } from './fx';
import { FIELD_LABEL, POINTER_FIELD, formErrors, parseWithdrawalAmount, type FormValues } from './withdrawal';
import type { IslandProps } from '../../templates/generated/props';

export type Props = IslandProps['WithdrawalDialog'] & {
  open: boolean;
  /** The dialog was closed (Escape, Cancel, Close). */
  onClose: () => void;
  /** Set at each render to what the island calls before it opens the dialog again. */
  starts: { current?: () => void };
};

export const TITLE = 'Withdraw funds';
export const MSG_VALIDATION = 'Validation Error';
export const MSG_WRONG = 'Something went wrong';
export const MSG_NO_RATE = 'Exchange rate is not available';
export const MSG_RESULT = ' will be sent for processing after review.';
export const MSG_NO_LINKS = 'No withdrawal account is linked to this account.';
export const page = { reload: () => window.location.reload() };

type Creditor = {
  id: string;
  label: string;
  bank_name: string;
  bank_clearing_system_id: string;
  iban: string;
  account_number: string;
  local_instrument: string;
  currency: string;
  party_identification: { name: string };
};

export type Review = {
  id: string;
  debtor_account_number: string;
  amount: string;
  currency_code: string;
  converted_amount: string;
  converted_currency: string;
  exchange_rate: string;
  rate_available: boolean;
  end_to_end_id: string;
  creditor_account: Creditor;
};

type Problem = { field: string; message: string };
type Step = 'form' | 'review' | 'result' | 'error';

const ID = 'withdrawal';
/** The form's controls by field, in the form's order. */
const FIELD_ID: Record<string, string> = {
  account: ID + '-account',
  withdrawal_account: ID + '-withdrawal',
  amount: ID + '-amount',
  end_to_end_id: ID + '-e2e',
};
const EMPTY: FormValues = { account: '', withdrawal_account: '', amount: '', end_to_end_id: '' };

/** The beneficiary's lines, in the order the review page and the details show them. */
export function beneficiaryLines(c: Creditor): [string, string][] {
  const lines: [string, string][] = [
    ['Withdrawal account', c.label],
    ['Account holder', c.party_identification?.name ?? ''],
    ['Bank', c.bank_name],
    ['IBAN', c.iban],
    ['Account number', c.account_number],
    ['Bank clearing code', c.bank_clearing_system_id],
    ['Transfer type', c.local_instrument],
    ['Currency', c.currency],
  ];
  return lines.filter(([, v]) => !!v);
}

const money = (amount: string, code: string) => groupDigits(amount) + ' ' + code;

/** The create body for a review's values (or the form's, for the review itself). */
export function body(v: { account: string; withdrawal: string; amount: string; currency: string; e2e: string }, reviewId?: string) {
  return {
    end_to_end_id: v.e2e,
    amount: v.amount,
    currency_code: v.currency,
    creditor_account: { id: v.withdrawal },
    debtor_account: { scheme_name: 'VirtualAccount', id: v.account },
    ...(reviewId ? { review_id: reviewId } : {}),
  };
}

function problemsOf(e: unknown, mod?: LazyApi): Problem[] {
  if (!mod || !(e instanceof mod.ApiError) || e.status !== 422) return [];
  return e.problems.map((p) => ({ field: FIELD_LABEL[POINTER_FIELD[p.source?.pointer ?? ''] ?? ''] ?? '', message: p.title }));
}

const inputClass = (error?: string) =>
  'mt-1 block w-full rounded border bg-white px-3 py-2 disabled:bg-gray-100 ' + (error ? 'border-red-700' : 'border-gray-500');

const Field = fieldWith(h);

export function WithdrawalForm(p: Props) {
  const { open } = p;
  const [step, setStep] = useState<Step>('form');
  const [v, setV] = useState<FormValues>({ ...EMPTY, account: p.account });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [server, setServer] = useState<Record<string, string>>({});
  const [review, setReview] = useState<Review | null>(null);
  const [reference, setReference] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const refused = useRef(false);
  const clientRef = useRef<ApiClient | null>(null);
  // The client's module comes with the first request (lib/lazy), not with the island.
  const client = (mod: LazyApi) => (clientRef.current ??= mod.createApiClient({ base: '/api/v2', csrfToken: p.csrf }));
  const api = '/withdrawals/organisations/' + encodeURIComponent(p.orgId);

  // Each step starts at its heading, so a screen reader says where it is.
  useLayoutEffect(() => {
    if (open && step !== 'form') heading.current?.focus();
  }, [step]);
  // A review the server refuses field by field: focus goes to the first of those fields, so
  // a screen reader says the error there (nothing else in the dialog changes).
  useLayoutEffect(() => {
    if (!refused.current) return;
    refused.current = false;
    const first = Object.keys(FIELD_ID).find((k) => server[k]);
    if (first) document.getElementById(FIELD_ID[first])?.focus();
  }, [server]);

  const debtor = p.accounts.find((a) => a.number === v.account);
  const currency = debtor ? debtor.currency : p.currency;
  const dec = debtor ? debtor.decimals : 2;
  const options = debtor ? p.options.filter((o) => debtor.withdrawals.includes(o.id)) : [];
  const errors = formErrors(v, dec);
  const shown = (k: string) => server[k] || (touched[k] ? errors[k] : '');
  const valid = Object.keys(errors).length === 0;

  const set = (k: keyof FormValues, value: string) => {
    setV((cur) => ({ ...cur, [k]: value, ...(k === 'account' ? { withdrawal_account: '' } : {}) }));
    setTouched((t) => ({ ...t, [k]: true }));
    setServer((s) => {
      const next = { ...s };
      delete next[k];
      return next;
    });
  };
  const touch = (k: string) => () => setTouched((t) => ({ ...t, [k]: true }));

  const requestReview = async (e: Event) => {
    e.preventDefault();
    if (!valid || busy) return;
    const amount = parseWithdrawalAmount(v.amount, dec);
    if (!amount.ok) return;
    setBusy(true);
    let mod: LazyApi | undefined;
    try {
      mod = await loadApi();
      const r = await client(mod).post<{ data: Review }>(
        api + '/withdrawal_reviews',
        body({ account: v.account, withdrawal: v.withdrawal_account, amount: amount.plain, currency, e2e: v.end_to_end_id.trim() }),
      );
      setReview(r.data);
      setStep('review');
    } catch (err) {
      const next: Record<string, string> = {};
      for (const pr of mod && err instanceof mod.ApiError && err.status === 422 ? err.problems : []) {
        const f = POINTER_FIELD[pr.source?.pointer ?? ''];
        if (f && !next[f]) next[f] = pr.title;
      }
      if (Object.keys(next).length === 0) {
        setProblems([]);
        setDetail('');
        setStep('error');
      }
      refused.current = true;
      setServer(next);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!review || !review.rate_available || busy) return;
    setBusy(true);
    let mod: LazyApi | undefined;
    try {
      mod = await loadApi();
      const r = await client(mod).post<{ data: { reference: string } }>(
        api + '/withdrawals',
        body(
          {
            account: review.debtor_account_number,
            withdrawal: review.creditor_account.id,
            amount: review.amount,
            currency: review.currency_code,
            e2e: review.end_to_end_id,
          },
          review.id,
        ),
      );
      setReference(r.data.reference);
      setStep('result');
    } catch (err) {
      setProblems(problemsOf(err, mod));
      setDetail(mod && err instanceof mod.ApiError && err.status === 409 ? err.problems[0]?.title ?? '' : '');
      setStep('error');
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    p.onClose();
    // The new withdrawal's row and the lower balance are the page's to show.
    if (step === 'result') page.reload();
  };
  // The island calls this before it opens the dialog again.
  p.starts.current = () => {
    if (step === 'result') {
      setV({ ...EMPTY, account: p.account });
      setTouched({});
      setReview(null);
    }
    setStep('form');
  };

  const account = (n: string) => p.accounts.find((a) => a.number === n)?.label ?? n;
  const stepTitle = { form: '', review: 'Review withdrawal', result: 'Withdrawal requested', error: problems.length ? MSG_VALIDATION : MSG_WRONG }[step];

  return (
    <Modal id={ID + '-dialog'} title={TITLE} width={440} open={open} onClose={close}>
      {step !== 'form' ? (
        // A new element for each step: focusing the one that is already focused says nothing.
        <h3 key={step} ref={heading} tabIndex={-1} className="mb-3 text-base font-semibold">{stepTitle}</h3>
      ) : null}
      {step === 'form' ? (
        <form onSubmit={requestReview} noValidate>
          <Field id={ID + '-account'} label="Account" error={shown('account')}>
            <select id={ID + '-account'} name="account" className={inputClass(shown('account'))}
              aria-invalid={shown('account') ? 'true' : undefined}
              aria-describedby={shown('account') ? ID + '-account-error' : undefined}
              onChange={(e) => set('account', (e.currentTarget as HTMLSelectElement).value)} onBlur={touch('account')}>
              <option value="" selected={!v.account}>Select account</option>
              {p.accounts.map((a) => (
                <option value={a.number} selected={a.number === v.account}>{a.label}</option>
              ))}
            </select>
          </Field>
          <Field id={ID + '-withdrawal'} label="Withdrawal account" hint={debtor && options.length === 0 ? MSG_NO_LINKS : undefined}
            error={shown('withdrawal_account')}>
            <select id={ID + '-withdrawal'} name="withdrawal_account" className={inputClass(shown('withdrawal_account'))}
              aria-invalid={shown('withdrawal_account') ? 'true' : undefined}
              aria-describedby={shown('withdrawal_account') ? ID + '-withdrawal-error' : undefined}
              onChange={(e) => set('withdrawal_account', (e.currentTarget as HTMLSelectElement).value)}
              onBlur={touch('withdrawal_account')}>
              <option value="" selected={!v.withdrawal_account}>Select withdrawal account</option>
              {options.map((o) => (
                <option value={o.id} selected={o.id === v.withdrawal_account}>{o.label}</option>
              ))}
            </select>
          </Field>
          <Field id={ID + '-amount'} label={'Amount (' + currency + ')'} error={shown('amount')}>
            <input id={ID + '-amount'} name="amount" type="text" inputMode="decimal" autoComplete="off" value={v.amount}
              placeholder="1,000.00" className={inputClass(shown('amount'))}
              aria-invalid={shown('amount') ? 'true' : undefined}
              aria-describedby={shown('amount') ? ID + '-amount-error' : undefined}
              onInput={(e) => set('amount', (e.currentTarget as HTMLInputElement).value)} onBlur={touch('amount')} />
          </Field>
          <Field id={ID + '-e2e'} label="End-to-end ID" error={shown('end_to_end_id')}>
            <input id={ID + '-e2e'} name="end_to_end_id" type="text" autoComplete="off" maxLength={35} value={v.end_to_end_id}
              className={inputClass(shown('end_to_end_id'))}
              aria-invalid={shown('end_to_end_id') ? 'true' : undefined}
              aria-describedby={shown('end_to_end_id') ? ID + '-e2e-error' : undefined}
              onInput={(e) => set('end_to_end_id', (e.currentTarget as HTMLInputElement).value)} onBlur={touch('end_to_end_id')} />
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={!valid || busy}
              className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-gray-500">
              {busy ? 'Checking…' : 'Request withdrawal'}
            </button>
            <button type="button" onClick={close} className="rounded border border-gray-600 px-4 py-2">Cancel</button>
          </div>
        </form>
      ) : null}
      {step === 'review' && review ? (
        <div>
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium">From account</dt><dd className="break-all">{account(review.debtor_account_number)}</dd>
            <dt className="font-medium">Amount</dt><dd>{money(review.amount, review.currency_code)}</dd>
            {review.rate_available && review.converted_currency !== review.currency_code ? (
              <>
                <dt className="font-medium">Converted amount</dt><dd>{money(review.converted_amount, review.converted_currency)}</dd>
                <dt className="font-medium">Exchange rate</dt>
                <dd>{'1 ' + review.currency_code + ' = ' + formatRate(review.exchange_rate) + ' ' + review.converted_currency}</dd>
              </>
            ) : null}
            <dt className="font-medium">End-to-end ID</dt><dd className="break-all">{review.end_to_end_id}</dd>
          </dl>
          <h4 className="mb-1 font-semibold">Beneficiary</h4>
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {beneficiaryLines(review.creditor_account).map(([k, val]) => (
              <>
                <dt className="font-medium">{k}</dt><dd className="break-all">{val}</dd>
              </>
            ))}
          </dl>
          {!review.rate_available ? (
            <p role="alert" className="mb-4 rounded border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{MSG_NO_RATE}</p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" onClick={confirm} disabled={!review.rate_available || busy}
              className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:cursor-not-allowed disabled:bg-gray-500">
              {busy ? 'Confirming…' : 'Confirm withdrawal'}
            </button>
            <button type="button" onClick={() => setStep('form')} className="rounded border border-gray-600 px-4 py-2">Back</button>
          </div>
        </div>
      ) : null}
      {/* In the dialog from its first step: a live region is announced when it changes, not when it appears. */}
      <div role="status">
        {step === 'result' ? (
          <p className="mb-4">
            Your withdrawal request <strong>{reference}</strong>{MSG_RESULT}
          </p>
        ) : null}
      </div>
      {step === 'result' ? (
        <div>
          <button type="button" onClick={close} className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">Close</button>
        </div>
      ) : null}
      {step === 'error' ? (
        <div role="alert">
          {problems.length ? (
            <ul className="mb-4 list-disc pl-5">
              {problems.map((pr) => (
                <li>{pr.field ? <strong>{pr.field}: </strong> : null}{pr.message}</li>
              ))}
            </ul>
          ) : detail ? (
            <p className="mb-4">{detail}</p>
          ) : null}
          <button type="button" onClick={() => setStep('form')}
            className="rounded border border-gray-600 px-4 py-2">Back</button>
        </div>
      ) : null}
    </Modal>
  );
}
