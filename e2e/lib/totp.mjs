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
// remembers the last step it spent per secret, so each flow asks for a code
// that is new to the server: the current step, or the next one (still within
// the skew) when the current one is spent; past that it waits.
const spent = new Map();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A code the server has not accepted yet for this secret, marked as spent.
 * Returns { code, step, waited } (waited: ms spent waiting for a step).
 */
export async function freshCode(secret, { skew = 1 } = {}) {
  const key = secret.toUpperCase().replace(/\s/g, '');
  const t0 = Date.now();
  for (;;) {
    const now = stepAt();
    const step = Math.max(now, (spent.get(key) ?? -Infinity) + 1);
    // A code of step `now` or `now + 1` stays accepted for 30 s at least.
    if (step <= now + skew) {
      spent.set(key, step);
      return { code: totp(key, step), step, waited: Date.now() - t0 };
    }
    await sleep(Math.max(100, (now + 1) * STEP_SECONDS * 1000 - Date.now() + 50)); // unscaled-ok: until the next TOTP step, wall-clock time
  }
}

/** Remembers a step as spent (a code the server accepted by other means). */
export function markSpent(secret, step) {
  const key = secret.toUpperCase().replace(/\s/g, '');
  spent.set(key, Math.max(step, spent.get(key) ?? -Infinity));
}
