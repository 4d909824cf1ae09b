// Browser flows of the authentication screens (issue 3): MFA verification by
// authenticator, SMS and push, MFA setup, forgot/reset password, invitation,
// and an expired session. Registered after flows.mjs (run.mjs imports both);
// each runs with JavaScript and without unless its name says "once".
//
// Budgets these flows share with the rest of the run (redis starts empty):
// - logins from 127.0.0.1: 50 per 15 minutes for the whole run. These flows
//   make 18 (authenticator 4, SMS 2, push 2, setup 2, reset 3 with one
//   refused old password, invitation 1, expired session 4), flows.mjs 26;
//   run.mjs prints the count the portal kept.
// - push requests: 3 per user per 5 minutes. The JS run sends 2 (one denied,
//   one approved by the island's polling), the no-JS run 1 ("Check again").
// - authenticator codes: each 30 s step is accepted once per user
//   (lib/totp.mjs hands out steps the server has not seen).
// - data: the setup (mfa-new) and the invitation (invited) change their user
//   for good, so each happens once per run, in the no-JS run (the JS run
//   only looks at the invitation form). The password reset uses a user no
//   other flow logs in as and sets a new password in each mode.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { redisCommand, sessionKeys } from './lib/servers.mjs';
import { enterCode, freshCode } from './lib/totp.mjs';
import { NORDIC, PASSWORD, assertDashboard, expectH1, logOut, orgURL, pathOf, submitLogin } from './flows.mjs';
import { scaled } from './lib/time.mjs';

const NORDIC_NAME = 'Nordic Trading ApS';
// reference/seed.go
const TOTP_SECRET = 'OBXXE5DBNQWWIZLNN4WXI33UOAWWWZLZ';
const SMS_PHONE = '+45 20 12 34 56';
const INVITATION = '/invitations/accept/PvRbf0sAt4FXpfXInEn6DPoN0ryfDbzb4EXgsH1u5YQ';
const TOTP_REPLAYED = 'This code has already been used. Please wait for the next code.';
const DASHBOARD = /\/org\/[^/]+$/;

// Addresses compared without spaces or case: "+45 20 12 34 56" is the outbox's "+45 20123456".
const sameAddress = (a, b) => a.replace(/\s/g, '').toLowerCase() === b.replace(/\s/g, '').toLowerCase();

/** The password step of a login, from /login; waits for where it leads. */
async function passwordStep(t, email, landing, password = PASSWORD) {
  await t.page.goto('/login');
  await submitLogin(t.page, email, password);
  try {
    await t.page.waitForURL(landing);
  } catch {
    const said = await t.page.getByRole('alert').allInnerTexts().catch(() => []);
    throw new Error(`login as ${email} did not reach ${landing} (at ${t.page.url()}${said.length ? ', page says: ' + said.join(' / ') : ''})`);
  }
}

/** Clicks a submit button and returns the response of the POST it sends. */
export async function submit(page, name) {
  const [resp] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.request().isNavigationRequest()),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  await page.waitForLoadState('load');
  return resp;
}

/** The error summary (role=alert, "There is a problem") and its links. */
export async function errorSummary(page) {
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
  await summary.waitFor();
  return summary.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent.trim(), a.getAttribute('href')]));
}

/** A field's error as shown under it and tied to it (aria-invalid, aria-describedby). */
export async function fieldError(page, id) {
  const input = page.locator(`#${id}`);
  assert.equal(await input.getAttribute('aria-invalid'), 'true', `#${id} is aria-invalid`);
  const described = ((await input.getAttribute('aria-describedby')) || '').split(' ');
  assert.ok(described.includes(`${id}-error`), `#${id} is described by #${id}-error`);
  return (await page.locator(`#${id}-error`).innerText()).replace(/^Error:\s*/, '').trim();
}

// ── The sandbox outbox, read in a second page of the same browser ────────

/** Opens /sandbox/outbox in a new page of the test's context (checked once per mode). */
export async function openOutbox(t) {
  const p = await t.context.newPage();
  await p.goto('/sandbox/outbox');
  await expectH1(p, 'Sandbox outbox');
  await t.monitor.audit(p, 'sandbox outbox');
  return p;
}

/** The messages on an outbox page, newest first. */
export function listMessages(p) {
  return p.locator('li[data-kind]').evaluateAll((lis) => lis.map((li) => ({
    kind: li.getAttribute('data-kind'),
    to: li.querySelector('h3')?.textContent.replace(/^.*? to /, '').trim() ?? '',
    text: li.textContent,
    link: li.querySelector('a[href]')?.getAttribute('href') ?? null,
  })));
}

const msgKey = (m) => m.kind + '|' + m.to + '|' + m.text;

/** What the outbox holds now (to tell a new message from older ones). */
export async function outboxSnapshot(t) {
  const p = await openOutbox(t);
  try {
    return new Set((await listMessages(p)).map(msgKey));
  } finally {
    await p.close();
  }
}

/**
 * The newest message of a kind to an address that was not in `before`,
 * read from the outbox page as a tester would (reloads for a few seconds).
 */
export async function newMessage(t, { kind, to, before }) {
  const p = await openOutbox(t);
  try {
    const deadline = Date.now() + scaled(5000);
    for (;;) {
      const msgs = await listMessages(p);
      const m = msgs.find((x) => x.kind === kind && sameAddress(x.to, to) && !before.has(msgKey(x)));
      if (m) return m;
      if (Date.now() > deadline) throw new Error(`no new ${kind} to ${to} in the outbox; newest: ${JSON.stringify(msgs.slice(0, 3))}`);
      await p.waitForTimeout(300); // unscaled-ok: the interval between outbox reloads; the deadline above is the budget
      await p.goto('/sandbox/outbox');
    }
  } finally {
    await p.close();
  }
}

/** The 7-digit code of an SMS. */
export function smsCode(m) {
  const code = m.text.match(/\bis (\d{7})\b/)?.[1];
  assert.ok(code, `a 7-digit code in the SMS: ${m.text}`);
  return code;
}

/** Approves or denies the user's pending push request on the outbox page, as the phone would. */
async function decidePush(t, email, decision) {
  const p = await openOutbox(t);
  try {
    const item = p.getByRole('listitem').filter({ hasText: `Log in as ${email}` });
    assert.equal(await item.count(), 1, `one push request waiting for ${email}`);
    await item.getByRole('button', { name: decision === 'approve' ? 'Approve' : 'Deny', exact: true }).click();
    await p.getByText(decision === 'approve' ? 'Request approved.' : 'Request denied.', { exact: true }).waitFor();
  } finally {
    await p.close();
  }
}

// ── MFA verification ─────────────────────────────────────────────────────

/** From the choice cards (the user's methods) to one method's screen. */
async function chooseMethod(t, card, method, heading) {
  const { page } = t;
  await expectH1(page, 'Two-factor authentication');
  await page.getByRole('link', { name: new RegExp('^' + card) }).click();
  await page.waitForURL(new RegExp(`/mfa-verify\\?method=${method}$`));
  await expectH1(page, heading);
}

test('MFA by authenticator app; a replayed code is refused', async (t) => {
  const { page } = t;
  await passwordStep(t, 'mfa-totp@demo.example', /\/mfa-verify$/);
  await expectH1(page, 'Two-factor authentication');
  const cards = await page.getByRole('main').getByRole('listitem').getByRole('link').evaluateAll((as) =>
    as.map((a) => [a.querySelector('span')?.textContent.trim(), a.getAttribute('href')]));
  // Only the methods this user has: an authenticator.
  assert.deepEqual(cards, [
    ['Authentication app (recommended)', '/mfa-verify?method=authenticator'],
  ], 'the choice cards of the methods the user has');
  await t.audit('mfa-verify: choose a method');
  await chooseMethod(t, 'Authentication app', 'authenticator', 'Enter your authentication code');
  await t.audit('mfa-verify: authenticator');

  if (t.js) {
    // With JavaScript, Verify waits for 7 characters (spec 000 §5); the
    // code is shown as "123 456".
    await page.locator('[data-island="VerifyCode"][data-ready]').waitFor();
    const verify = page.getByRole('button', { name: 'Verify', exact: true });
    assert.equal(await verify.isDisabled(), true, 'Verify disabled while the code is empty');
    await page.getByLabel('Authentication code', { exact: true }).fill('12345');
    assert.equal(await verify.isDisabled(), true, 'Verify disabled below 7 characters');
    assert.equal(await page.getByLabel('Authentication code', { exact: true }).inputValue(), '123 45');
  } else {
    // Without JavaScript the server says what is missing.
    const empty = await submit(page, 'Verify');
    assert.equal(empty.status(), 422);
    assert.deepEqual(await errorSummary(page), [['Please input your code', '#code']]);
    assert.equal(await fieldError(page, 'code'), 'Please input your code');
    assert.match(await page.title(), /^Error: Enter your authentication code/, 'the title starts with "Error:"');
    await t.audit('mfa-verify: authenticator with errors');
  }

  // A fresh code, typed "123 456" in one mode: on to the dashboard.
  const { code } = await freshCode(TOTP_SECRET, { page });
  await page.getByLabel('Authentication code', { exact: true }).fill(t.js ? code : `${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL(orgURL(NORDIC));
  await assertDashboard(page, NORDIC, NORDIC_NAME);

  // The same code again, in a new login: refused in the page's words.
  await logOut(t);
  await passwordStep(t, 'mfa-totp@demo.example', /\/mfa-verify$/);
  await page.goto('/mfa-verify?method=authenticator');
  await page.getByLabel('Authentication code', { exact: true }).fill(code);
  const replay = await submit(page, 'Verify');
  assert.equal(replay.status(), 422, 'a replayed code answers 422');
  assert.deepEqual(await errorSummary(page), [[TOTP_REPLAYED, '#code']]);
  assert.equal(await fieldError(page, 'code'), TOTP_REPLAYED);
  assert.match(page.url(), /\/mfa-verify\/totp$/, 'still verifying');
  // Refused means no way in: the organisation is out of reach at this scope.
  await page.goto(`/org/${NORDIC}`);
  await page.waitForURL(/\/login\?redirect_code=MissingScope$/);
  await page.getByRole('status').filter({ hasText: 'Your session does not give access to that page.' }).waitFor();
});

test('MFA by SMS, the code read from the sandbox outbox', async (t) => {
  const { page } = t;
  await passwordStep(t, 'mfa-sms@demo.example', /\/mfa-verify$/);
  await chooseMethod(t, 'SMS', 'sms', 'Verify with SMS');
  await t.audit('mfa-verify: SMS');
  const before = await outboxSnapshot(t);
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  await page.waitForURL(/\/mfa-verify\?method=sms$/);
  await page.getByRole('status').filter({ hasText: 'SMS has been sent' }).waitFor();
  await page.getByRole('link', { name: 'Open the sandbox outbox', exact: true }).waitFor();
  await t.audit('mfa-verify: SMS sent');

  // Too short: with JavaScript Verify stays disabled; without, the server
  // says how long a code is (not counted as a wrong code).
  await page.getByLabel('SMS code', { exact: true }).fill('123');
  if (t.js) {
    assert.equal(await page.getByRole('button', { name: 'Verify', exact: true }).isDisabled(), true, 'Verify disabled below 7 characters');
  } else {
    const short = await submit(page, 'Verify');
    assert.equal(short.status(), 422);
    assert.equal(await fieldError(page, 'code'), 'The code has at least 7 characters.');
    await t.audit('mfa-verify: SMS with errors');
  }

  const sms = await newMessage(t, { kind: 'SMS', to: SMS_PHONE, before });
  await page.getByLabel('SMS code', { exact: true }).fill(smsCode(sms));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL(orgURL(NORDIC));
  await assertDashboard(page, NORDIC, NORDIC_NAME);
});

test('MFA by push (Authy): approved on the outbox; denied stops', async (t) => {
  const { page } = t;
  const email = 'mfa-authy@demo.example';
  await passwordStep(t, email, /\/mfa-verify$/);
  await chooseMethod(t, 'Authy', 'authy', 'Approve with Authy');
  await t.audit('mfa-verify: Authy');
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting for approval.' });
  await page.getByRole('button', { name: 'Send request', exact: true }).click();
  await page.waitForURL(/\/mfa-verify\?method=authy$/);
  await waiting.waitFor();
  await t.audit('mfa-verify: Authy waiting');

  if (!t.js) {
    // Without JavaScript "Check again" asks the server: still waiting...
    await page.getByRole('button', { name: 'Check again', exact: true }).click();
    await page.waitForURL(/\/mfa-verify\/authy\/check$/);
    await waiting.waitFor();
    // ...then approved on the "phone": "Check again" continues.
    await decidePush(t, email, 'approve');
    await page.getByRole('button', { name: 'Check again', exact: true }).click();
    await page.waitForURL(orgURL(NORDIC));
    await assertDashboard(page, NORDIC, NORDIC_NAME);
    return;
  }

  // With JavaScript the island polls. Denied: it says so and stops polling.
  const polls = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/mfa-verify/approval') polls.push(Date.now());
  });
  await decidePush(t, email, 'deny');
  const denied = page.locator('#approval-status');
  await page.getByRole('status').filter({ hasText: 'The request was denied.' }).waitFor({ timeout: scaled(8000) });
  assert.equal(await denied.getAttribute('aria-live'), 'polite', 'the status is a polite live region');
  const pollsAtDenial = polls.length;
  assert.ok(pollsAtDenial >= 1, 'the island polled the status');
  // A window in which no poll may come: longer than the 2 s interval, and longer still on a slow machine.
  await page.waitForTimeout(scaled(2600));
  assert.equal(polls.length, pollsAtDenial, 'no polling after "denied"');
  assert.match(page.url(), /\/mfa-verify\?method=authy$/, 'a denied request does not log in');
  await t.audit('mfa-verify: Authy denied (live region)');
  // The server agrees, and offers a new request.
  await page.getByRole('button', { name: 'Check again', exact: true }).click();
  await page.waitForURL(/\/mfa-verify\/authy\/check$/);
  await page.getByRole('status').filter({ hasText: 'The request was denied.' }).waitFor();
  await t.audit('mfa-verify: Authy denied');
  await page.getByRole('button', { name: 'Send a new request', exact: true }).click();
  await page.waitForURL(/\/mfa-verify\?method=authy$/);
  await waiting.waitFor();
  // Approved: the island moves on by itself (no click here).
  await decidePush(t, email, 'approve');
  await page.waitForURL(orgURL(NORDIC), { timeout: scaled(10_000) });
  await assertDashboard(page, NORDIC, NORDIC_NAME);
}, { timeout: 45_000 });

// ── MFA setup (once: it gives mfa-new its factors for good) ──────────────

test('MFA setup: authenticator and phone (once per run, without JS; changes mfa-new)', async (t) => {
  const { page } = t;
  const email = 'mfa-new@demo.example';
  await passwordStep(t, email, /\/mfa-setup$/);
  await expectH1(page, 'Set up two-factor authentication');
  assert.equal(await page.getByRole('button', { name: 'Enable MFA', exact: true }).isDisabled(), true,
    '"Enable MFA" waits for the SMS request');
  await t.audit('mfa-setup');

  // Authenticator: the key as text (the QR code holds the same), a code from it.
  const secret = (await page.locator('#totp-secret').innerText()).replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{16,}$/, `a base32 key on the page: ${secret}`);
  const { code } = await freshCode(secret, { page });
  await page.getByLabel('Code from the app', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL(/\/mfa-setup$/);
  await page.getByText('The authenticator app is set up.').first().waitFor();
  assert.equal(await page.locator('#totp-secret').count(), 0, 'the key is not shown once set up');
  await t.audit('mfa-setup: authenticator done');

  // Phone: Denmark by default; the code from the outbox.
  const country = page.getByLabel('Country code', { exact: true });
  assert.equal(await country.evaluate((s) => s.options[s.selectedIndex].textContent), 'Denmark (+45)');
  const before = await outboxSnapshot(t);
  await page.getByLabel('Phone number', { exact: true }).fill('20 99 88 77');
  await page.getByRole('button', { name: 'Request SMS', exact: true }).click();
  await page.waitForURL(/\/mfa-setup(#phone-title)?$/);
  await page.getByText('SMS has been sent').waitFor();
  await t.audit('mfa-setup: phone code sent');
  const sms = await newMessage(t, { kind: 'SMS', to: '+45 20 99 88 77', before });
  await page.getByLabel('Code from the SMS', { exact: true }).fill(smsCode(sms));
  await page.getByRole('button', { name: 'Enable MFA', exact: true }).click();
  await page.waitForURL(orgURL(NORDIC));
  await assertDashboard(page, NORDIC, NORDIC_NAME);
  await page.getByText('Two-factor authentication is set up.').waitFor();

  // It stuck: the next login verifies (setup is no side door), with the new key.
  await logOut(t);
  await passwordStep(t, email, /\/mfa-verify$/);
  await page.goto('/mfa-setup');
  await page.waitForURL(/\/mfa-verify$/);
  await page.goto('/mfa-verify?method=authenticator');
  await enterCode(page, secret, orgURL(NORDIC));
  await expectH1(page, 'Dashboard');
}, { modes: [false], timeout: 90_000 });

// ── Forgot and reset password ────────────────────────────────────────────

// No other flow logs in as this user (the drafts flows need the Nordic reviewers' demo
// passwords); each mode sets its own new password.
const RESET_USER = 'atlantic-ops@demo.example';
let resetPassword = PASSWORD;

test('forgot password: e-mailed link, reset, log in; the link works once', async (t) => {
  const { page } = t;
  const oldPassword = resetPassword;
  const newPassword = t.js ? 'Reset-JS-Passw0rd!' : 'Reset-NoJS-Passw0rd!';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?', exact: true }).click();
  await page.waitForURL(/\/passwords\/forgot$/);
  await expectH1(page, 'Forgot password');
  await t.audit('forgot password');
  const email = page.getByLabel('Email', { exact: true });
  const send = page.getByRole('button', { name: 'Send reset link', exact: true });
  if (t.js) {
    // The island keeps the button off until the address is valid.
    await page.locator('[data-island="EmailForm"][data-ready]').waitFor({ state: 'attached' });
    assert.equal(await send.isDisabled(), true, 'submit disabled while empty');
    await email.fill('not-an-email');
    assert.equal(await send.isDisabled(), true, 'submit disabled while invalid');
  } else {
    // Without JavaScript the server checks.
    const resp = await submit(page, 'Send reset link');
    assert.equal(resp.status(), 422);
    assert.deepEqual(await errorSummary(page), [['Email is required', '#email']]);
    assert.equal(await fieldError(page, 'email'), 'Email is required');
    await t.audit('forgot password with errors');
  }
  const before = await outboxSnapshot(t);
  await email.fill(RESET_USER);
  await send.click();
  await page.waitForURL(/\/passwords\/forgot\?sent$/);
  await expectH1(page, 'Check your email');
  await page.getByRole('status').filter({ hasText: 'Reset password email has been sent' }).waitFor();
  await page.getByText(RESET_USER, { exact: true }).waitFor();
  await t.audit('forgot password: check your email');

  const mail = await newMessage(t, { kind: 'E-mail', to: RESET_USER, before });
  assert.ok(mail.text.includes('Reset your password'), `the reset e-mail: ${mail.text}`);
  const link = mail.link;
  assert.match(link || '', /^\/passwords\/reset\/[A-Za-z0-9_-]{20,}$/, 'the e-mail links to the reset page');

  await page.goto(link);
  await expectH1(page, 'Reset password');
  await t.audit('reset password');
  const pw = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  const resetButton = page.getByRole('button', { name: 'Reset password', exact: true });
  if (t.js) {
    await page.locator('[data-island="PasswordStrength"][data-ready]').waitFor({ state: 'attached' });
    assert.equal(await resetButton.isDisabled(), true, 'submit disabled until both fields are filled');
    await pw.fill(newPassword);
    await page.getByRole('status').filter({ hasText: 'Password strength: Strong' }).waitFor();
    await confirm.fill(newPassword);
    await page.getByRole('status').filter({ hasText: 'Passwords match' }).waitFor();
    assert.equal(await resetButton.isDisabled(), false, 'submit enabled');
  } else {
    await pw.fill(newPassword);
    await confirm.fill(newPassword + 'x');
    const resp = await submit(page, 'Reset password');
    assert.equal(resp.status(), 422);
    assert.deepEqual(await errorSummary(page), [['Passwords must match', '#password_confirmation']]);
    assert.equal(await fieldError(page, 'password_confirmation'), 'Passwords must match');
    await t.audit('reset password with errors');
    await pw.fill(newPassword);
    await confirm.fill(newPassword);
  }
  await resetButton.click();
  await page.waitForURL((u) => u.pathname === link && u.search === '?sent');
  await expectH1(page, 'Your password has been reset');
  await page.getByRole('status').filter({ hasText: 'Your new password is saved.' }).waitFor();
  resetPassword = newPassword;
  await t.audit('reset password: done');

  // The link is spent.
  await page.goto(link);
  await page.waitForURL(/\/passwords\/forgot\?expired$/);
  await page.getByRole('status').filter({ hasText: 'Your link expired' }).waitFor();
  await t.audit('forgot password: link expired');

  // The old password no longer works (checked once: logins are counted); the new one does.
  if (!t.js) {
    await page.goto('/login');
    await submitLogin(page, RESET_USER, oldPassword);
    await page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).waitFor();
  }
  await passwordStep(t, RESET_USER, DASHBOARD, newPassword);
  await expectH1(page, 'Dashboard');
});

// ── Invitation (accepted once: the link works once) ─────────────────────

test('invitation: create a password, log in; the link works once (accepted once per run, without JS)', async (t) => {
  const { page } = t;
  const email = 'invited@demo.example';
  const password = 'Invited-Passw0rd!';
  // The seeded invitation e-mail is in the outbox.
  const outbox = await openOutbox(t);
  const invitations = (await listMessages(outbox)).filter((m) => m.kind === 'E-mail' && m.to === email);
  await outbox.close();
  assert.deepEqual(invitations.map((m) => m.link), [INVITATION], 'the outbox holds the demo invitation link');

  await page.goto(INVITATION);
  await expectH1(page, 'Create your password');
  await page.getByText(email, { exact: true }).waitFor();
  await t.audit('invitation');
  const create = page.getByRole('button', { name: 'Create password', exact: true });

  if (t.js) {
    // Only looked at with JavaScript (the no-JS run accepts it): the island
    // keeps the button off until both fields are filled.
    await page.locator('[data-island="PasswordStrength"][data-ready]').waitFor({ state: 'attached' });
    assert.equal(await create.isDisabled(), true, 'submit disabled until both fields are filled');
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password', { exact: true }).fill(password);
    await page.getByRole('status').filter({ hasText: 'Passwords match' }).waitFor();
    assert.equal(await create.isDisabled(), false, 'submit enabled');
    // An unknown token is answered like a spent one.
    await page.goto('/invitations/accept/' + 'A'.repeat(43));
    await page.waitForURL(/\/invitations\/expired$/);
    await expectH1(page, 'Your link expired');
    await t.audit('invitation expired');
    return;
  }

  const empty = await submit(page, 'Create password');
  assert.equal(empty.status(), 422);
  assert.deepEqual(await errorSummary(page), [
    ['Password is required', '#password'],
    ['Password confirmation is required', '#password_confirmation'],
  ]);
  assert.equal(await fieldError(page, 'password'), 'Password is required');
  await t.audit('invitation with errors');
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await create.click();
  await page.waitForURL((u) => u.pathname === INVITATION && u.search === '?created');
  await expectH1(page, 'New password created');
  await t.audit('invitation: password created');

  // The link is spent.
  await page.goto(INVITATION);
  await page.waitForURL(/\/invitations\/expired$/);
  await expectH1(page, 'Your link expired');
  await t.audit('invitation expired');

  // The new password logs in; the invited user sets up MFA next.
  await page.getByRole('link', { name: 'Go to log in', exact: true }).click();
  await page.waitForURL(/\/login$/);
  await submitLogin(page, email, password);
  await page.waitForURL(/\/mfa-setup$/);
  await expectH1(page, 'Set up two-factor authentication');
});

// ── Expired session ──────────────────────────────────────────────────────

test('expired session: log in again, back on the same page', async (t) => {
  const { page } = t;
  await passwordStep(t, 'finance@demo.example', DASHBOARD);
  const target = `/org/${NORDIC}/search?q=ABC-123`;
  await page.goto(target);
  await page.getByRole('heading', { level: 2, name: 'No search result' }).waitFor();

  // Let Redis expire the session as the idle timeout would (its TTL is the idle time).
  const cookie = (await t.context.cookies()).find((c) => c.name === 'portal_session');
  assert.ok(cookie, 'a session cookie');
  const key = await sessionKey(t.redis.port, cookie.value);
  assert.equal(await redisCommand(t.redis.port, 'PEXPIRE', key, 1), 1, 'the session key had a TTL set');
  const expiredBy = Date.now() + scaled(1000);
  while ((await redisCommand(t.redis.port, 'EXISTS', key)) !== 0) {
    assert.ok(Date.now() < expiredBy, 'Redis expired the session key');
    await page.waitForTimeout(20); // unscaled-ok: a poll interval; expiredBy is the budget
  }

  await page.reload();
  await page.waitForURL(/\/login\?/);
  const u = new URL(page.url());
  assert.equal(u.searchParams.get('redirect_url'), target, `redirect_url is the page: ${pathOf(page)}`);
  assert.equal(u.searchParams.get('expired'), '1');
  await expectH1(page, 'Log in');
  await page.getByRole('status').filter({ hasText: 'Your login expired' }).waitFor();
  await t.audit('login after the session expired');
  await submitLogin(page, 'finance@demo.example');
  await page.waitForURL((x) => x.pathname + x.search === target);
  await page.getByRole('heading', { level: 2, name: 'No search result' }).waitFor();
});

/** The Redis key of a session id (the prefix is the portal's business; the key holds the handle). */
async function sessionKey(port, id) {
  const found = await sessionKeys(port, id);
  assert.equal(found.length, 1, `one Redis key for the session: ${JSON.stringify(found)}`);
  return found[0];
}
