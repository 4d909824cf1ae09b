// The WebAuthn ceremony's plumbing for islands/Passkey.tsx: the server's options (JSON,
// binary fields base64url) to what navigator.credentials takes, the browser's credential
// back to JSON, and the words for the browser's refusals.

export function fromB64url(s: string): ArrayBuffer {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out.buffer;
}

export function toB64url(buf: ArrayBuffer | ArrayBufferView): string {
  const u = buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  let s = '';
  for (let i = 0; i < u.length; i++) s += String.fromCharCode(u[i]);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

type Desc = { id: string; type: string; transports?: string[] };
type Json = Record<string, any>;

const descs = (l?: Desc[]) => (l ?? []).map((d) => ({ ...d, id: fromB64url(d.id) }));

/** creationOptions is {publicKey} of the server's options for credentials.create. */
export function creationOptions(o: Json): CredentialCreationOptions {
  const pk = o.publicKey;
  return {
    publicKey: {
      ...pk,
      challenge: fromB64url(pk.challenge),
      user: { ...pk.user, id: fromB64url(pk.user.id) },
      excludeCredentials: descs(pk.excludeCredentials),
    },
  };
}

/** requestOptions is {publicKey} of the server's options for credentials.get. */
export function requestOptions(o: Json): CredentialRequestOptions {
  const pk = o.publicKey;
  return { publicKey: { ...pk, challenge: fromB64url(pk.challenge), allowCredentials: descs(pk.allowCredentials) } };
}

/** credentialJSON is the PublicKeyCredential as the server reads it. */
export function credentialJSON(c: PublicKeyCredential): Json {
  const r = c.response as AuthenticatorAttestationResponse & AuthenticatorAssertionResponse;
  const response: Json = { clientDataJSON: toB64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64url(r.attestationObject);
    if (r.getTransports) response.transports = r.getTransports();
  } else {
    response.authenticatorData = toB64url(r.authenticatorData);
    response.signature = toB64url(r.signature);
    if (r.userHandle) response.userHandle = toB64url(r.userHandle);
  }
  return { id: c.id, rawId: toB64url(c.rawId), type: c.type, response, clientExtensionResults: c.getClientExtensionResults?.() ?? {} };
}

/** refusal is what to say when the browser's ceremony ends without a credential. */
export function refusal(err: unknown, mode: 'register' | 'verify'): string {
  const name = (err as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out. Try again.';
  if (name === 'InvalidStateError' && mode === 'register') return 'This device already holds a passkey for your login.';
  return 'Your browser could not use a passkey here. Try again, or use another method.';
}

/** supported: the browser has WebAuthn. */
export const supported = () => typeof window !== 'undefined' && !!window.PublicKeyCredential && !!navigator.credentials;

/** post sends body as JSON with the page's CSRF token; the reply's JSON, whatever its status. */
export async function post(url: string, csrf: string, body: unknown, f: typeof fetch = fetch): Promise<{ status: number; data: Json }> {
  const res = await f(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrf },
    body: JSON.stringify(body),
  });
  let data: Json = {};
  try {
    data = await res.json();
  } catch {
    data = {};
  }
  return { status: res.status, data };
}
