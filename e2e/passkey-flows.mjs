// Passkeys: registered in My Profile with Chromium's virtual authenticator (over CDP), then
// used as the second factor after the password; and without JavaScript, the verify screen
// says a passkey needs it and the other methods stay.
//
// A browser accepts no IP address as a passkey's relying party, so these flows reach the
// portal at http://localhost:<port> (the sandbox's relying party when it listens on a
// loopback address; README, PORTAL_PUBLIC_URL). The demo user is the authenticator-app one;
// each flow removes the passkey it added, so the other flows find the user as seeded.
import assert from 'node:assert/strict';

import { PASSWORD, NORDIC, expectH1, fitsColumn, orgURL, submitLogin, logOut } from './flows.mjs';
import { test } from './lib/runner.mjs';
import { enterCode } from './lib/totp.mjs';
import { scaleDefaults } from './lib/time.mjs';

const USER = 'mfa-totp@demo.example';
const TOTP_SECRET = 'OBXXE5DBNQWWIZLNN4WXI33UOAWWWZLZ';
const NEEDS_JS = 'A passkey needs JavaScript, which is off or not supported in this browser. Choose another method below.';

const local = (base) => base.replace('://127.0.0.1:', '://localhost:');
const profile = (base) => `${local(base)}/org/${NORDIC}/settings/profile`;

/** A virtual platform authenticator (user verification on) for the page's target. */
async function virtualAuthenticator(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** The returning user's cookie answer, on the localhost origin too. */
async function answeredBanner(context, base) {
  await context.addCookies([{ name: 'cookie_consent', value: 'rejected', url: local(base) }]);
}

/** Password, then the authenticator code: the login that can reach My Profile. */
async function loginWithCode(page, base) {
  await page.goto(local(base) + '/login');
  await submitLogin(page, USER);
  await page.waitForURL(/\/mfa-verify$/);
  await page.goto(local(base) + '/mfa-verify?method=authenticator');
  await enterCode(page, TOTP_SECRET, orgURL(NORDIC));
}

async function reauth(page, base) {
  await page.goto(profile(base) + '#passkeys');
  await page.getByRole('link', { name: 'Confirm your password to add, rename or remove passkeys', exact: true }).click();
  await expectH1(page, "Confirm it's you");
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await Promise.all([page.waitForURL(/\/settings\/profile/), page.getByRole('button', { name: 'Confirm', exact: true }).click()]);
}

/** Registers a passkey named name in My Profile (needs JavaScript and an authenticator). */
async function registerPasskey(page, base, name) {
  await reauth(page, base);
  await page.locator('[data-island="Passkey"][data-ready]').waitFor();
  await page.getByLabel('Passkey name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add a passkey', exact: true }).click();
  await page.getByRole('heading', { level: 3, name, exact: true }).waitFor();
  await page.getByText('Passkey added. Your other sessions have been ended.').waitFor();
}

/** Removes every passkey of the user's through the profile's forms (they work without JavaScript). */
async function removePasskeys(page, base) {
  await page.goto(profile(base));
  if ((await page.getByRole('link', { name: 'Confirm your password to add, rename or remove passkeys' }).count()) > 0) await reauth(page, base);
  const section = page.locator('#passkeys');
  for (;;) {
    const remove = section.getByRole('button', { name: /^Remove / });
    if ((await remove.count()) === 0) break;
    await Promise.all([page.waitForURL(/\/settings\/profile/), remove.first().click()]);
    await page.getByText('Passkey removed').waitFor();
  }
  assert.equal(await section.getByText('You have no passkeys.').count(), 1);
}

test('passkey: registered in My Profile, then the second factor after the password', async (t) => {
  const { page, context, base } = t;
  await answeredBanner(context, base);
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
  await loginWithCode(page, base);
  t.cleanup(() => removePasskeys(page, base).catch(() => {}));

  // Before the password is confirmed: the list and a link, no island.
  await page.goto(profile(base));
  await page.getByRole('heading', { level: 2, name: 'Passkeys', exact: true }).waitFor();
  assert.equal(await page.locator('[data-island="Passkey"]').count(), 0);
  await registerPasskey(page, base, 'Virtual key');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.equal(credentials.length, 1, 'the authenticator holds the new credential');
  await t.audit('profile: a passkey registered');
  await page.setViewportSize({ width: 320, height: 900 });
  await fitsColumn(page, 'profile with a passkey at 320 px', 320);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Log out, log in with the password, verify with the passkey.
  await logOut(t);
  await page.goto(local(base) + '/login');
  await submitLogin(page, USER);
  await page.waitForURL(/\/mfa-verify$/);
  await page.getByRole('link', { name: /^Passkey/ }).click();
  await expectH1(page, 'Verify with a passkey');
  await page.locator('[data-island="Passkey"][data-ready]').waitFor();
  await t.audit('mfa-verify: passkey');
  await page.setViewportSize({ width: 320, height: 900 });
  await fitsColumn(page, 'passkey verify at 320 px', 320);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Use your passkey', exact: true }).click();
  await page.waitForURL(orgURL(NORDIC));
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.ok(after.credentials[0].signCount >= 1, 'the assertion was signed');
  await page.goto(profile(base));
  await page.locator('#passkeys').getByText(/last used/).waitFor();
  await removePasskeys(page, base);
}, { modes: [true], timeout: 90_000, weight: 2 });

test('passkey without JavaScript: the verify screen says it needs JavaScript, the other methods stay', async (t) => {
  const { page, context, base } = t;
  await answeredBanner(context, base);
  // The passkey is registered in a browser with JavaScript (the ceremony needs it).
  const helper = scaleDefaults(await context.browser().newContext({ javaScriptEnabled: true }));
  t.cleanup(() => helper.close());
  await answeredBanner(helper, base);
  const hp = await helper.newPage();
  await virtualAuthenticator(helper, hp);
  await loginWithCode(hp, base);
  await registerPasskey(hp, base, 'Phone');

  await page.goto(local(base) + '/login');
  await submitLogin(page, USER);
  await page.waitForURL(/\/mfa-verify$/);
  await page.getByRole('link', { name: /^Passkey/ }).click();
  await expectH1(page, 'Verify with a passkey');
  const main = page.getByRole('main');
  await main.getByText(NEEDS_JS, { exact: true }).waitFor();
  assert.equal(await main.getByRole('button', { name: /passkey/i }).count(), 0, 'no button that cannot work');
  await t.audit('mfa-verify: passkey without JavaScript');
  await page.setViewportSize({ width: 320, height: 900 });
  await fitsColumn(page, 'passkey verify without JavaScript at 320 px', 320);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Another method, from the same screen.
  await main.getByRole('link', { name: 'Authentication app (recommended)', exact: true }).click();
  await expectH1(page, 'Enter your authentication code');
  await enterCode(page, TOTP_SECRET, orgURL(NORDIC));

  // My Profile says adding one needs JavaScript; removing is a form.
  await page.goto(profile(base));
  if ((await page.getByRole('link', { name: 'Confirm your password to add, rename or remove passkeys' }).count()) > 0) await reauth(page, base);
  await page.locator('#passkeys').getByText('Adding a passkey needs JavaScript, which is off or not supported in this browser.').waitFor();
  await t.audit('profile: passkeys without JavaScript');
  await removePasskeys(page, base);
}, { modes: [false], timeout: 90_000, weight: 2 });
