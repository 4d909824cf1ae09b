// Authenticator codes for the flows: RFC 6238 TOTP (HMAC-SHA1, 6 digits,
// 30 s steps) over an RFC 4648 base32 secret, as any authenticator app
// computes them; no package, only node:crypto.
import crypto from 'node:crypto';

export const STEP_SECONDS = 30;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 to bytes; spaces, dashes and padding are ignored, case too. */
export function base32Decode(text) {
  const s = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out = [];
  for (const c of s) {
    const v = ALPHABET.indexOf(c);
    if (v < 0) throw new Error(`base32: "${c}" is not in the alphabet`);
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** The time step of a moment (ms since the epoch). */
export const stepAt = (ms = Date.now()) => Math.floor(ms / 1000 / STEP_SECONDS);

/** The 6-digit code of a secret for a time step (RFC 4226 dynamic truncation). */
export function totp(secret, step) {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(step));
  const h = crypto.createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const o = h[h.length - 1] & 0x0f;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

// The portal accepts each step once per user (a step at or below the last
// accepted one is a replay) and one step of clock skew either way. The run
// remembers the last step it spent per secret and portal, so each flow asks for a code
// that is new to that portal: the current step, or the next one (still within
// the skew) when the current one is spent; past that it waits. Shards run side by side
// against portals of their own, each with the same demo users: a step spent on one is
// still new to the others, so they do not wait for each other.
const spent = new Map();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The portal a page is on, by its port (a flow may reach it as localhost or 127.0.0.1).
const normal = (secret) => secret.toUpperCase().replace(/\s/g, '');
const spentKey = (secret, page) => `${page ? new URL(page.url()).port : ''}|${normal(secret)}`;

/**
 * A code the server has not accepted yet for this secret (on the portal of page, when given:
 * pass the page the code is typed into), marked as spent.
 * Returns { code, step, waited } (waited: ms spent waiting for a step).
 */
export async function freshCode(secret, { skew = 1, page } = {}) {
  const key = spentKey(secret, page);
  const t0 = Date.now();
  for (;;) {
    const now = stepAt();
    const step = Math.max(now, (spent.get(key) ?? -Infinity) + 1);
    // A code of step `now` or `now + 1` stays accepted for 30 s at least.
    if (step <= now + skew) {
      spent.set(key, step);
      return { code: totp(normal(secret), step), step, waited: Date.now() - t0 };
    }
    await sleep(Math.max(100, (now + 1) * STEP_SECONDS * 1000 - Date.now() + 50)); // unscaled-ok: until the next TOTP step, wall-clock time
  }
}

/** Remembers a step as spent (a code the server accepted by other means). */
export function markSpent(secret, step, page) {
  const key = spentKey(secret, page);
  spent.set(key, Math.max(step, spent.get(key) ?? -Infinity));
}

// What the portal says when it refuses an authenticator code (reference/auth.go).
const REFUSED = /TOTP validation failed\. Please try again\.|This code has already been used\. Please wait for the next code\./;

/**
 * Types a fresh code of secret into the verify form and submits it, until the page reaches landing.
 * A code can be refused for its time step (it expired while a loaded machine typed it): a user then
 * types the next code, and so does this, once. Returns { attempts }; throws with the page's words when
 * it neither lands nor says the code was refused.
 */
export async function enterCode(page, secret, landing, { label = 'Authentication code', button = 'Verify' } = {}) {
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel(label, { exact: true }).fill((await freshCode(secret, { page })).code);
    await page.getByRole('button', { name: button, exact: true }).click();
    const outcome = await Promise.race([
      page.waitForURL(landing).then(() => 'landed', () => null),
      page.getByText(REFUSED).first().waitFor().then(() => 'refused', () => null),
    ]);
    if (outcome === 'landed') return { attempts: attempt };
    const said = outcome === 'refused' ? await page.getByText(REFUSED).first().innerText() : 'neither the landing page nor a refusal';
    if (outcome !== 'refused' || attempt === 2) throw new Error(`code ${attempt} of ${secret.slice(0, 4)}…: ${said} (at ${page.url()})`);
  }
}
