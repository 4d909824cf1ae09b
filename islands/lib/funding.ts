// Account funding (spec 000 §2 "Account funding dialog", §3 "Funding
// instruction"): which fields of an instruction to show, and the two API
// calls of the dialog. The server's page lists the same rows
// (server/funding/funding.go fundingRows; shared vectors in
// testdata/funding-rows.json).

export type Beneficiary = {
  full_name?: string;
  iban?: string;
  bank_name?: string;
  bank_address?: string;
  account_number?: string;
  sort_code?: string;
  swift_code?: string;
  crypto_network?: string;
  wallet_address?: string;
};

export type Instruction = {
  uuid: string;
  virtual_account_number: string;
  currency_iso: string;
  changed: boolean;
  funding_reference: string;
  beneficiary: Beneficiary;
};

export type Row = { term: string; value: string };

export const MSG_SELECT = 'Select account to see the funding instructions.';
export const MSG_LOADING = 'Loading account funding information data';
export const MSG_UNAVAILABLE = 'Funding information not available for this account.';
export const MSG_CHANGED = 'The funding instructions of this account have changed. Please use the new details below from now on.';
export const MSG_ACCEPTED = 'Thank you: the new funding instructions are noted.';

/** The fields that apply, in the order a payer needs them. */
export function fundingRows(f: Instruction): Row[] {
  const b = f.beneficiary || {};
  const all: [string, string | undefined][] = [
    ['Funding reference', f.funding_reference],
    ['Beneficiary name', b.full_name],
    ['IBAN', b.iban],
    ['Account number', b.account_number],
    ['Sort code', b.sort_code],
    ['SWIFT', b.swift_code],
    ['Bank name', b.bank_name],
    ['Bank address', b.bank_address],
    ['Crypto network', b.crypto_network],
    ['Wallet address', b.wallet_address],
  ];
  return all.filter(([, v]) => (v || '').trim() !== '').map(([term, value]) => ({ term, value: value as string }));
}

/** What the API answered, or why not. */
export type Result<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

async function call<T>(doFetch: Fetch, url: string, init: RequestInit): Promise<Result<T>> {
  let res: Response;
  try {
    res = await doFetch(url, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...(init.headers || {}) } });
  } catch {
    return { ok: false, status: 0, message: MSG_UNAVAILABLE };
  }
  const body = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data: (body as { data: T }).data };
  const title = (body as { errors?: { title?: string }[] } | null)?.errors?.[0]?.title;
  return { ok: false, status: res.status, message: title || MSG_UNAVAILABLE };
}

const base = (orgId: string) => '/api/v1/collection/organisations/' + encodeURIComponent(orgId) + '/funding_instructions';

/** The organisation's instructions by virtual account number. */
export function loadInstructions(orgId: string, doFetch: Fetch = fetch): Promise<Result<Record<string, Instruction>>> {
  return call(doFetch, base(orgId), { method: 'GET' });
}

/** "I got it!": acknowledges the configuration the user saw. */
export function acceptChanges(orgId: string, account: string, uuid: string, csrf: string, doFetch: Fetch = fetch): Promise<Result<Instruction>> {
  return call(doFetch, base(orgId) + '/' + encodeURIComponent(account) + '/accept_changes', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
    body: JSON.stringify({ configuration_uuid: uuid }),
  });
}
