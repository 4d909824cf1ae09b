// Exact amounts for the flows' money checks: BigInt minor units, never floats.
import assert from 'node:assert/strict';

/** An exact decimal as the API writes it ("1234.5", "-0.25") in minor units with `dec` decimals. */
export function minor(s, dec = 2) {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  assert.ok(m, `exact decimal: ${JSON.stringify(s)}`);
  const frac = (m[3] ?? '').padEnd(dec, '0');
  assert.equal(frac.length, dec, `${s} has ${dec} decimals at most`);
  const v = BigInt(m[2] + frac);
  return m[1] ? -v : v;
}

/** An account's balance in minor units with `dec` decimals, as the accounts API of org gives it. */
export async function balance(page, org, account, dec = 2) {
  const res = await page.request.get(`/api/v2/virtual_bank/organisations/${org}/accounts`);
  assert.equal(res.status(), 200, `accounts API: ${res.status()}`);
  const acct = (await res.json()).data.find((a) => a.account_number === account);
  assert.ok(acct, `account ${account}`);
  return minor(acct.balance, dec);
}
