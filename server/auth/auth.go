// Package auth is the auth area (spec 000 §2, §4, §5, §7, §8): logging in
// and out, the landing after it (the organisation picker, its splash, the
// organisation switch), multi-factor authentication (verify and set up),
// re-authentication, the sandbox outbox, and their JSON API operations:
// tokens (log in, refresh, log out), the customer reads (who the user is,
// their organisations and what each allows) and MFA.
//
// What every area needs of a session stays in the core: the guards, the
// session cookie, EnsureSession, the CSRF check and the API's caller
// authentication. This package is what makes a session logged in.
package auth

import (
	"github.com/gofiber/fiber/v3"

	"portal/server"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the auth area for s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	routes := []*server.Route{
		{Name: "root", Method: "GET", Path: "/", Access: server.Public, Handler: s.root},
		{Name: "login", Method: "GET", Path: "/login", Access: server.GuestOnly, Handler: s.loginGet},
		{Name: "login.submit", Method: "POST", Path: "/login", Access: server.GuestOnly, Handler: s.loginPost, Expired: s.loginExpired},
		{Name: "logout", Method: "GET", Path: "/logout", Access: server.GuestOnly, Handler: s.loggedOut},
		{Name: "logout.submit", Method: "POST", Path: "/logout", Access: server.Public, Handler: s.logout},
		{Name: "login.transition", Method: "GET", Path: "/login_transition", Access: server.Dashboard, Handler: s.loginTransition},
		{Name: "no_organisation", Method: "GET", Path: "/no-organisation", Access: server.Dashboard, Handler: s.noOrganisation},
		{Name: "organisations.switch", Method: "POST", Path: "/organisations/switch", Access: server.Dashboard, Handler: s.switchOrganisation},
		{Name: "org.login_transition", Method: "GET", Path: "/org/:org/login_transition", Access: server.Dashboard, Handler: s.orgLoginTransition},
	}
	ops := append(s.apiTokenOperations(), s.apiCustomerOperations()...)
	return server.Area{Name: "auth", Routes: append(routes, s.authRoutes()...), API: append(ops, s.apiMFAOperations()...)}
}

// authRoutes are the multi-factor authentication screens and actions
// (spec 000 §2 "Routes open to scope login or dashboard"), and the sandbox
// outbox where a tester reads what was "sent".
//
// Every MFA route is LoginOrDashboard; the handlers add what the guard does
// not know: a login-scope session lives at most loginScopeTTL, the verify
// screens send a fully authenticated user home, and the setup screens are
// open at login scope only while every factor the user has was confirmed by
// this login (setupOpen; otherwise they would be a side door around
// /mfa-verify).
func (s area) authRoutes() []*server.Route {
	v := s.mfaOnly
	step := func(h fiber.Handler) fiber.Handler { return v(unverifiedOnly(h)) }
	// Setup from a fully authenticated session needs the password again.
	setup := func(h fiber.Handler) fiber.Handler { return v(s.requireRecentAuth(s.setupOnly(h))) }
	return []*server.Route{
		// Verification (spec 000 §2, §4; method = authenticator | sms | authy).
		{Name: "mfa.verify", Method: "GET", Path: "/mfa-verify", Access: server.LoginOrDashboard, Handler: v(s.mfaVerifyGet)},
		{Name: "mfa.verify.totp", Method: "POST", Path: "/mfa-verify/totp", Access: server.LoginOrDashboard, Handler: step(s.mfaVerifyTOTP)},
		{Name: "mfa.verify.sms.send", Method: "POST", Path: "/mfa-verify/sms/send", Access: server.LoginOrDashboard, Handler: step(s.mfaSendSMS)},
		{Name: "mfa.verify.sms", Method: "POST", Path: "/mfa-verify/sms", Access: server.LoginOrDashboard, Handler: step(s.mfaVerifySMS)},
		{Name: "mfa.verify.authy", Method: "POST", Path: "/mfa-verify/authy", Access: server.LoginOrDashboard, Handler: step(s.mfaRequestApproval)},
		{Name: "mfa.verify.authy.check", Method: "POST", Path: "/mfa-verify/authy/check", Access: server.LoginOrDashboard, Handler: step(s.mfaCheckApproval)},
		// JSON for the ApprovalPoll island: {"status": "pending" | "approved" | "denied" | "expired"}.
		// It only reads: the island finishes the login by posting the check form.
		{Name: "mfa.verify.approval", Method: "GET", Path: "/mfa-verify/approval", Access: server.LoginOrDashboard, Handler: v(s.mfaApprovalStatus)},
		// JSON for the Passkey island: the ceremony's options, then the browser's answer.
		{Name: "mfa.verify.passkey.options", Method: "POST", Path: "/mfa-verify/passkey/options", Access: server.LoginOrDashboard, Handler: v(s.mfaPasskeyOptions)},
		{Name: "mfa.verify.passkey", Method: "POST", Path: "/mfa-verify/passkey", Access: server.LoginOrDashboard, Handler: v(s.mfaPasskeyFinish)},
		{Name: "mfa.totp", Method: "GET", Path: "/totp-validate", Access: server.LoginOrDashboard, Handler: step(s.totpValidateGet)},
		{Name: "mfa.totp.submit", Method: "POST", Path: "/totp-validate", Access: server.LoginOrDashboard, Handler: step(s.mfaVerifyTOTP)},

		// Setup (spec 000 §2 "MFA setup screens"): /mfa-setup after a first
		// login, /new-mfa-setup from the shell's banner. Same screen and
		// actions under both prefixes; each returns to its own page.
		{Name: "mfa.setup", Method: "GET", Path: "/mfa-setup", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupGet)},
		{Name: "mfa.setup.totp.start", Method: "POST", Path: "/mfa-setup/totp/start", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupStartTOTP)},
		{Name: "mfa.setup.totp", Method: "POST", Path: "/mfa-setup/totp", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupTOTP)},
		{Name: "mfa.setup.phone", Method: "POST", Path: "/mfa-setup/phone", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupPhone)},
		{Name: "mfa.setup.phone.confirm", Method: "POST", Path: "/mfa-setup/phone/confirm", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupConfirmPhone)},
		{Name: "mfa.new", Method: "GET", Path: "/new-mfa-setup", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupGet)},
		{Name: "mfa.new.totp.start", Method: "POST", Path: "/new-mfa-setup/totp/start", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupStartTOTP)},
		{Name: "mfa.new.totp", Method: "POST", Path: "/new-mfa-setup/totp", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupTOTP)},
		{Name: "mfa.new.phone", Method: "POST", Path: "/new-mfa-setup/phone", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupPhone)},
		{Name: "mfa.new.phone.confirm", Method: "POST", Path: "/new-mfa-setup/phone/confirm", Access: server.LoginOrDashboard, Handler: setup(s.mfaSetupConfirmPhone)},

		{Name: "reauth", Method: "GET", Path: "/reauth", Access: server.Dashboard, Handler: s.reauthGet},
		{Name: "reauth.submit", Method: "POST", Path: "/reauth", Access: server.Dashboard, Handler: s.reauthPost},

		// Sandbox test tool: not found in production.
		{Name: "sandbox.outbox", Method: "GET", Path: "/sandbox/outbox", Access: server.Public, Handler: s.outboxGet},
		{Name: "sandbox.outbox.decide", Method: "POST", Path: "/sandbox/outbox/approvals/:id", Access: server.Public, Handler: s.outboxDecide},
	}
}
