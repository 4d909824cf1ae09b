// User management and the profile (spec 001 §2 "User management and profile", §5, §6, §8),
// each flow with JavaScript and without: add a user, accept the invitation from the outbox
// and log in as them (through MFA set-up, as every new user); edit a user's role (and see
// one's own role locked, a retired role shown as unavailable); edit one's own profile (the
// e-mail change needs the password) and ask for a reset e-mail; end another session, which
// is logged out on its next request. Each mode works on demo members the other leaves alone.
import assert from 'node:assert/strict';

import { test } from './lib/runner.mjs';
import { freshCode } from './lib/totp.mjs';
import { ATLANTIC, NORDIC, PASSWORD, expectH1, logOut, login, orgURL, submitLogin } from './flows.mjs';
import { errorSummary, fieldError, listMessages, newMessage, openOutbox, outboxSnapshot, smsCode, submit } from './auth-flows.mjs';
import { scaleDefaults } from './lib/time.mjs';

const USERS = `/org/${NORDIC}/users`;
const PROFILE = `/org/${NORDIC}/settings/profile`;
const STAFF = (first, last) => `${first}.${last}@nordic-trading.example`;

async function flashes(page) {
  return (await page.locator('main [aria-live="polite"] p').allInnerTexts()).map((s) => s.trim());
}

const panel = (page) => page.locator('#user-panel');

/** The link of the invitation e-mailed to email, as the sandbox outbox shows it. */
async function invitationLink(t, email) {
  const outbox = await openOutbox(t);
  const mail = (await listMessages(outbox)).find((m) => m.kind === 'E-mail' && m.to === email);
  await outbox.close();
  assert.ok(mail?.link?.startsWith('/invitations/accept/'), `an invitation to ${email} in the outbox`);
  return mail.link;
}

/** Fills the rest of the Add New User form, sends it, and sees the invitation as typed. */
async function addUser(page, { first, last, email, role }) {
  await page.getByLabel('First name', { exact: true }).fill(first);
  await page.getByLabel('Last name', { exact: true }).fill(last);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  await panel(page).getByRole('heading', { level: 2, name: `${first} ${last}` }).waitFor();
  assert.ok((await flashes(page)).includes('Profile created'));
  await panel(page).getByText('Invitation pending').waitFor();
}

test('Users: add a user, accept the invitation from the outbox, log in as them', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'User management' }).click();
  await expectH1(page, 'User management');
  await page.getByRole('table', { name: 'Users' }).waitFor();
  await t.audit('users');
  await page.getByRole('link', { name: 'Add New User', exact: true }).click();
  await panel(page).getByRole('heading', { level: 2, name: 'Add New User' }).waitFor();
  // Nordic Trading has approval flows: the reviewer roles are offered.
  const roles = await page.locator('#role option').allInnerTexts();
  assert.deepEqual(roles, ['Select a role', 'Observer', 'Finance', 'Operations member', 'Operations member / Approver', 'Admin', 'Admin / Approver']);
  await t.audit('add user');

  const bad = await submit(page, 'Add user');
  assert.equal(bad.status(), 422);
  assert.deepEqual(await errorSummary(page), [
    ['Please enter first name', '#first_name'], ['Please enter last name', '#last_name'],
    ['Please enter email', '#email'], ['Please select a role', '#role'],
  ]);
  await page.getByLabel('Email', { exact: true }).fill('not an email');
  await page.getByLabel('First name', { exact: true }).fill('Rosalind');
  await submit(page, 'Add user');
  assert.equal(await fieldError(page, 'email'), 'Please enter valid email');
  assert.equal(await page.getByLabel('First name', { exact: true }).inputValue(), 'Rosalind', 'what was typed stays');
  await t.audit('add user with errors');

  const email = `rosalind.${t.js ? 'js' : 'nojs'}.${Date.now()}@example.org`;
  await addUser(page, { first: 'Rosalind', last: 'Franklin', email, role: 'Finance' });
  await t.audit('user created');

  // The invitation, as the outbox shows it.
  const link = await invitationLink(t, email);
  await logOut(t);
  await page.goto(link);
  await expectH1(page, 'Create your password');
  const password = 'Rosalind-Passw0rd!';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create password', exact: true }).click();
  await expectH1(page, 'New password created');

  // Log in as them: a new user sets up MFA first (authenticator, then phone), then lands.
  await page.goto('/login');
  await submitLogin(page, email, password);
  await page.waitForURL(/\/mfa-setup$/);
  const secret = (await page.locator('#totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Code from the app', { exact: true }).fill((await freshCode(secret, { page })).code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByText('The authenticator app is set up.').first().waitFor();
  const before = await outboxSnapshot(t);
  const phone = t.js ? '20 11 22 33' : '20 44 55 66';
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Request SMS', exact: true }).click();
  await page.getByText('SMS has been sent').waitFor();
  const sms = await newMessage(t, { kind: 'SMS', to: '+45 ' + phone, before });
  await page.getByLabel('Code from the SMS', { exact: true }).fill(smsCode(sms));
  await page.getByRole('button', { name: 'Enable MFA', exact: true }).click();
  await page.waitForURL(orgURL(NORDIC));
  await expectH1(page, 'Dashboard');
  // Finance: no user management for them.
  assert.equal(await page.getByRole('link', { name: 'User management' }).count(), 0);
}, { timeout: 90_000 });

test('Users: invite someone who already has a login; they join only by logging in and accepting', async (t) => {
  const { page } = t;
  // A Nordic member, invited by Atlantic's admin: each mode its own.
  const email = t.js ? STAFF('gustav', 'petersen') : STAFF('julie', 'jensen');
  await login(t, 'atlantic-admin@demo.example');
  await page.goto(`/org/${ATLANTIC}/users/new`);
  await panel(page).getByRole('heading', { level: 2, name: 'Add New User' }).waitFor();
  // The same answer as for a new address: the invitation as typed, nothing of the person.
  await addUser(page, { first: 'Typed', last: 'Byadmin', email, role: 'Observer' });
  await t.audit('invited a login');

  const link = await invitationLink(t, email);
  await logOut(t);
  await page.goto(link);
  await expectH1(page, 'Accept the invitation');
  assert.equal(await page.getByLabel('New password', { exact: true }).count(), 0, 'no password is chosen for a login');
  await t.audit('invitation to a login');
  await page.getByRole('link', { name: 'Log in to accept', exact: true }).click();
  await page.waitForURL(/\/login\?/);
  await submitLogin(page, email);
  await page.waitForURL(/\/invitations\/join\//);
  await expectH1(page, 'Join Atlantic Freight Ltd');
  await t.audit('join page');
  await page.getByRole('button', { name: 'Accept invitation', exact: true }).click();
  await page.waitForURL(orgURL(ATLANTIC));
  assert.ok((await flashes(page)).includes('You joined Atlantic Freight Ltd.'));
}, { timeout: 90_000 });

test('Users: edit a user\'s role; one\'s own is locked; a retired role is unavailable', async (t) => {
  const { page } = t;
  await login(t, 'admin@demo.example');
  // Each mode its own member (both observers in the demo data).
  const email = t.js ? STAFF('anna', 'jensen') : STAFF('bo', 'hansen');
  const target = t.js ? 'Finance' : 'Operations member / Approver';
  await page.goto(USERS);
  await page.getByRole('link', { name: email, exact: true }).click();
  await panel(page).getByRole('link', { name: 'Edit user' }).click();
  await panel(page).getByRole('heading', { level: 2, name: /^Edit / }).waitFor();
  assert.equal(await page.getByLabel('Role', { exact: true }).isDisabled(), false);
  await page.getByText('The email cannot be changed here.').waitFor();
  await t.audit('edit user');
  await page.getByLabel('Role', { exact: true }).selectOption({ label: target });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await panel(page).getByRole('link', { name: 'Edit user' }).waitFor();
  assert.ok((await flashes(page)).includes('Profile updated'));
  const row = page.locator('tr', { has: page.getByRole('link', { name: email, exact: true }) });
  assert.equal((await row.locator('td').nth(1).innerText()).trim(), target);
  await t.audit('user updated');

  // One's own role cannot be changed.
  await page.getByRole('link', { name: 'admin@demo.example', exact: true }).click();
  await panel(page).getByRole('link', { name: 'Edit user' }).click();
  assert.equal(await page.getByLabel('Role', { exact: true }).isDisabled(), true);
  await panel(page).getByText('You cannot change your own role.').waitFor();

  // A role no longer assignable (the demo's "accountant").
  await page.goto(USERS);
  const legacy = page.locator('tr', { hasText: 'Current Role (Unavailable)' }).first();
  await legacy.getByRole('link').first().click();
  await panel(page).getByText('This user currently has a role that is no longer assignable.').waitFor();
  await panel(page).getByRole('link', { name: 'Edit user' }).click();
  const selected = await page.locator('#role option:checked').innerText();
  assert.equal(selected.trim(), 'Current Role (Unavailable)');
  await t.audit('edit user with a retired role');
}, { timeout: 90_000 });

test('Profile: edit own names and email (the password first), ask for a reset email', async (t) => {
  const { page } = t;
  // Each mode its own member: the e-mail changes for good.
  const email = t.js ? STAFF('cecilie', 'pedersen') : STAFF('dan', 'christensen');
  await login(t, email);
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'My Profile' }).click();
  await expectH1(page, 'My Profile');
  const details = page.locator('section[aria-labelledby="details-title"]');
  await details.getByText(email, { exact: true }).waitFor();
  await t.audit('profile');

  await page.getByRole('link', { name: 'Edit personal details' }).click();
  await page.getByLabel('Last name', { exact: true }).fill('');
  await submit(page, 'Save');
  assert.equal(await fieldError(page, 'last_name'), 'Please enter last name');
  await t.audit('profile with errors');
  await page.getByLabel('Last name', { exact: true }).fill('Pedersen-Holm');
  const newEmail = email.replace('@', '.new@');
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  await submit(page, 'Save');
  assert.equal(await fieldError(page, 'password'), 'Enter your current password to change your email.');
  assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), newEmail);
  await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await details.getByText(newEmail, { exact: true }).waitFor();
  assert.ok((await flashes(page)).includes('Profile updated'));
  await details.getByText('Pedersen-Holm', { exact: true }).waitFor();

  const before = await outboxSnapshot(t);
  await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
  await page.getByText('Reset password email has been sent').waitFor();
  const mail = await newMessage(t, { kind: 'E-mail', to: newEmail, before });
  assert.ok(mail.link.startsWith('/passwords/reset/'));
  await t.audit('reset password email sent');
}, { timeout: 90_000 });

test('Profile: end another session; it is logged out on its next request', async (t) => {
  const { page, browser } = t;
  const email = t.js ? STAFF('emil', 'rasmussen') : STAFF('frida', 'joergensen');
  await login(t, email);
  // The same user in another browser.
  const other = scaleDefaults(await browser.newContext({ javaScriptEnabled: t.js, baseURL: t.base, locale: 'en-GB' }));
  t.cleanup(() => other.close());
  const op = await other.newPage();
  await op.goto('/login');
  await submitLogin(op, email);
  await op.waitForURL(orgURL(NORDIC));

  await page.goto(PROFILE);
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await sessions.waitFor();
  assert.equal(await page.getByRole('button', { name: /^End session on / }).count(), 1, 'one other session to end');
  await page.getByText('This session').waitFor();
  await t.audit('profile sessions');
  await page.getByRole('button', { name: /^End session on / }).click();
  await page.getByText('The session has been ended.').waitFor();
  assert.equal(await page.getByRole('button', { name: /^End session on / }).count(), 0);

  // The other browser is logged out on its next request.
  await op.goto(PROFILE);
  await op.waitForURL(/\/login\?/);
  await expectH1(op, 'Log in');
  // This one carries on.
  await page.goto(PROFILE);
  await expectH1(page, 'My Profile');
}, { timeout: 90_000 });
