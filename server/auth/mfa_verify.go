package auth

import (
	"net/url"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/session"
)

// MFA methods of the spec (000 §9), the values of /mfa-verify?method=.
const (
	methodAuthenticator = "authenticator"
	methodSMS           = "sms"
	methodAuthy         = "authy"
	// methodVerified is the page's state for a session that already passed.
	methodVerified = "verified"
)

// MfaVerifyProps are the props of templates/pages/auth/MfaVerify.tsx.
type MfaVerifyProps struct {
	Sandbox bool   `json:"sandbox"`
	CSRF    string `json:"csrf"`
	// Method is "" for the choice cards, else the chosen method, or
	// "verified" for a session that already passed (nothing to do here).
	Method string `json:"method"`
	// Methods are the second factors the user has, the cards offered.
	Methods []string `json:"methods"`
	// Action is where the code form posts (/mfa-verify/totp, /totp-validate,
	// /mfa-verify/sms).
	Action string `json:"action,omitempty"`
	// SMSSent: a login code was sent; show the code form.
	SMSSent  bool                `json:"smsSent,omitempty"`
	Approval *ApprovalProps      `json:"approval,omitempty"`
	Errors   map[string]string   `json:"errors"`
	Base     string              `json:"base,omitempty"`
	Note     string              `json:"note,omitempty"`
	Flashes  []server.ShellFlash `json:"flashes"`
	Outbox   string              `json:"outbox,omitempty"`
	// Passkey is the passkey island's props when Method is "passkey"; Methods are then
	// the user's other methods, offered beside it.
	Passkey *PasskeyIslandProps `json:"passkey,omitempty"`
}

// ApprovalProps are the props of islands/ApprovalPoll.tsx.
type ApprovalProps struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	CSRF   string `json:"csrf"`
	// StatusURL answers {"status": ...} (GET, session cookie).
	StatusURL string `json:"statusUrl"`
	// CheckURL is the "Check again" form's action: it continues when
	// approved, else shows the status.
	CheckURL string `json:"checkUrl"`
	Interval int    `json:"interval"`
}

func (s area) verifyPage(c fiber.Ctx, p MfaVerifyProps, status int) error {
	rq := server.Req(c)
	p.Sandbox, p.CSRF, p.Outbox = s.Config.Sandbox(), rq.CSRF(), s.outboxLink(c)
	if p.Errors == nil {
		p.Errors = map[string]string{}
	}
	if p.Methods == nil {
		p.Methods = []string{}
	}
	fl, err := s.PopFlashes(c)
	if err != nil {
		return err
	}
	p.Flashes = fl
	title := "Two-factor authentication"
	switch p.Method {
	case methodAuthenticator:
		title = "Enter your authentication code"
	case methodSMS:
		title = "Verify with SMS"
	case methodAuthy:
		title = "Approve with Authy"
	case methodPasskey:
		title = "Verify with a passkey"
	case methodVerified:
		title = "You are already verified"
	}
	if len(p.Errors) > 0 || p.Base != "" {
		title = "Error: " + title
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pageMfaVerify.With(p)})
}

// verified reports whether the session is already fully authenticated: the
// verify screens then have nothing to do and send the user home.
func verified(c fiber.Ctx) bool { return server.Req(c).Session.Scope == session.ScopeDashboard }

// unverifiedOnly wraps the verify screens' steps: a verified session is sent
// home.
func unverifiedOnly(h fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error {
		if verified(c) {
			return server.Redirect(c, "/")
		}
		return h(c)
	}
}

// methods are the second factors the user has, in the cards' order.
func (s area) methods(c fiber.Ctx) ([]string, error) {
	u := server.Req(c).User
	out := []string{}
	if totpActive(u) {
		out = append(out, methodAuthenticator)
	}
	push, err := s.Auth.PushDevice(c.Context(), u.ID)
	if err != nil {
		return nil, err
	}
	if push {
		out = append(out, methodAuthy)
	}
	if phoneActive(u) {
		out = append(out, methodSMS)
	}
	pk, err := s.hasPasskey(c)
	if err != nil {
		return nil, err
	}
	if pk {
		out = append(out, methodPasskey)
	}
	return out, nil
}

func (s area) mfaVerifyGet(c fiber.Ctx) error {
	if verified(c) {
		// Said, not a silent trip home: the user asked for this page.
		return s.verifyPage(c, MfaVerifyProps{Method: methodVerified}, fiber.StatusOK)
	}
	have, err := s.methods(c)
	if err != nil {
		return err
	}
	m := c.Query("method")
	if !slices.Contains(have, m) {
		// A method the user does not have is not offered: the cards of those they do.
		return s.verifyPage(c, MfaVerifyProps{Methods: have}, fiber.StatusOK)
	}
	switch m {
	case methodAuthenticator:
		return s.verifyPage(c, MfaVerifyProps{Method: m, Action: "/mfa-verify/totp"}, fiber.StatusOK)
	case methodSMS:
		return s.verifyPage(c, MfaVerifyProps{Method: m, Action: "/mfa-verify/sms",
			SMSSent: server.Req(c).Session.Values[valSMS] == "1"}, fiber.StatusOK)
	case methodAuthy:
		return s.authyPage(c, "", fiber.StatusOK)
	case methodPasskey:
		return s.passkeyPage(c, have)
	}
	return s.verifyPage(c, MfaVerifyProps{Methods: have}, fiber.StatusOK)
}

// totpValidateGet is /totp-validate: the authenticator code form.
func (s area) totpValidateGet(c fiber.Ctx) error {
	return s.verifyPage(c, MfaVerifyProps{Method: methodAuthenticator, Action: "/totp-validate"}, fiber.StatusOK)
}

// mfaVerifyTOTP checks an authenticator code (from /mfa-verify or
// /totp-validate; errors come back on the same form).
func (s area) mfaVerifyTOTP(c fiber.Ctx) error {
	p := MfaVerifyProps{Method: methodAuthenticator, Action: "/mfa-verify/totp"}
	if c.Path() == "/totp-validate" {
		p.Action = "/totp-validate"
	}
	raw := c.FormValue("code")
	code, ok := totpCode(raw)
	switch {
	case strings.TrimSpace(raw) == "":
		p.Errors = map[string]string{"code": msgCodeRequired}
		return s.verifyPage(c, p, fiber.StatusUnprocessableEntity)
	case !ok:
		p.Errors = map[string]string{"code": msgTOTPFormat}
		return s.verifyPage(c, p, fiber.StatusUnprocessableEntity)
	}
	return s.checkCode(c, p, methodAuthenticator, msgTOTPFailed, func() error {
		return s.Auth.VerifyTOTP(c.Context(), server.Req(c).Session.UserID, code)
	})
}

// smsError is the text shown when a code cannot be sent (spec 000 §8:
// "SMS has been sent" or the error text).
func (s area) smsError(c fiber.Ctx, err error) string {
	if code := provider.ErrorCode(err); code != provider.EINTERNAL {
		if m := provider.ErrorMessage(err); m != "" {
			return m
		}
	}
	s.Logger.Error("sms failed", "request_id", server.Req(c).ID, "err", err)
	return msgUnknownError
}

// mfaSendSMS sends a login code bound to this login.
func (s area) mfaSendSMS(c fiber.Ctx) error {
	sess := server.Req(c).Session
	p := MfaVerifyProps{Method: methodSMS, Action: "/mfa-verify/sms", SMSSent: sess.Values[valSMS] == "1"}
	msg, err := s.CountLimits(c, tooManySends, smsLimit(sess.UserID))
	if err != nil {
		return err
	}
	if msg != "" {
		p.Base = msg
		return s.verifyPage(c, p, fiber.StatusTooManyRequests)
	}
	if err := s.Auth.SendLoginSMS(c.Context(), sess.UserID, loginID(c)); err != nil {
		p.Base = s.smsError(c, err)
		return s.verifyPage(c, p, fiber.StatusUnprocessableEntity)
	}
	setValue(sess, valSMS, "1")
	session.AddFlash(sess, session.FlashSuccess, msgSMSSent)
	if err := s.Sessions.Save(c.Context(), sess); err != nil {
		return err
	}
	return server.Redirect(c, "/mfa-verify?method=sms")
}

// mfaVerifySMS checks and spends a login code.
func (s area) mfaVerifySMS(c fiber.Ctx) error {
	sess := server.Req(c).Session
	p := MfaVerifyProps{Method: methodSMS, Action: "/mfa-verify/sms", SMSSent: true}
	code := smsCode(c.FormValue("code"))
	switch {
	case code == "":
		p.Errors = map[string]string{"code": msgCodeRequired}
		return s.verifyPage(c, p, fiber.StatusUnprocessableEntity)
	case len(code) < provider.SMSCodeLength:
		p.Errors = map[string]string{"code": msgSMSCodeShort()}
		return s.verifyPage(c, p, fiber.StatusUnprocessableEntity)
	}
	return s.checkCode(c, p, methodSMS, msgSMSCodeInvalid, func() error {
		return s.Auth.VerifyLoginSMS(c.Context(), sess.UserID, loginID(c), code)
	})
}

// checkCode has the provider check a code (check), counted against the
// account's wrong codes, and answers the same way for every method: a
// locked account gets the lock, unchecked; success completes MFA; a wrong
// code counts towards the lock and is shown on the field in the provider's
// words (a replayed TOTP code is worded apart), else in the method's own
// text.
func (s area) checkCode(c fiber.Ctx, p MfaVerifyProps, method, fallback string, check func() error) error {
	a, locked, err := s.mfaAttempt(c, server.Req(c).Session.UserID)
	if err != nil {
		return err
	}
	if locked != "" {
		p.Base = locked
		return s.verifyPage(c, p, fiber.StatusTooManyRequests)
	}
	err = check()
	if err == nil {
		a.succeeded(c.Context())
		return s.completeMFA(c, method)
	}
	if provider.ErrorCode(err) != provider.EINVALID {
		return err
	}
	locked, note, ferr := a.failed(c)
	if ferr != nil {
		return ferr
	}
	p.Note = note
	if locked != "" {
		p.Base = locked
		return s.verifyPage(c, p, fiber.StatusTooManyRequests)
	}
	msg := provider.ErrorMessage(err)
	if msg == "" {
		msg = fallback
	}
	p.Errors = map[string]string{"code": msg}
	return s.verifyPage(c, p, fiber.StatusUnprocessableEntity)
}

// authyPage shows the push screen: a button to send a request, or the
// status of this login's request with the ApprovalPoll island.
func (s area) authyPage(c fiber.Ctx, base string, status int) error {
	sess := server.Req(c).Session
	p := MfaVerifyProps{Method: methodAuthy, Base: base}
	if id := sess.Values[valApproval]; id != "" {
		a, err := s.Auth.Approval(c.Context(), sess.UserID, loginID(c), id)
		switch {
		case provider.ErrorCode(err) == provider.ENOTFOUND:
			// Gone: the page offers a new request. The stale id stays in the
			// session (this also answers GET, which writes nothing) until
			// that request replaces it.
		case err != nil:
			return err
		default:
			p.Approval = &ApprovalProps{ID: a.ID, Status: a.Status, CSRF: server.Req(c).CSRF(),
				StatusURL: "/mfa-verify/approval?" + url.Values{"id": {a.ID}}.Encode(),
				CheckURL:  "/mfa-verify/authy/check", Interval: approvalPollMs}
		}
	}
	return s.verifyPage(c, p, status)
}

// mfaRequestApproval sends a push request for this login (limited against
// push bombing).
func (s area) mfaRequestApproval(c fiber.Ctx) error {
	sess := server.Req(c).Session
	msg, err := s.CountLimits(c, tooManySends, pushLimitOf(sess.UserID))
	if err != nil {
		return err
	}
	if msg != "" {
		return s.authyPage(c, msg, fiber.StatusTooManyRequests)
	}
	a, err := s.Auth.CreateApproval(c.Context(), sess.UserID, loginID(c))
	if err != nil {
		return s.authyPage(c, s.smsError(c, err), fiber.StatusUnprocessableEntity)
	}
	setValue(sess, valApproval, a.ID)
	if err := s.Sessions.Save(c.Context(), sess); err != nil {
		return err
	}
	return server.Redirect(c, "/mfa-verify?method=authy")
}

// mfaCheckApproval is "Check again" (and what the island submits once the
// request is approved): approved continues, anything else shows the status.
func (s area) mfaCheckApproval(c fiber.Ctx) error {
	sess := server.Req(c).Session
	id := sess.Values[valApproval]
	if id == "" {
		return server.Redirect(c, "/mfa-verify?method=authy")
	}
	a, err := s.Auth.Approval(c.Context(), sess.UserID, loginID(c), id)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return server.Redirect(c, "/mfa-verify?method=authy")
	}
	if err != nil {
		return err
	}
	if a.Status == provider.ApprovalApproved {
		return s.completeMFA(c, methodAuthy)
	}
	return s.authyPage(c, "", fiber.StatusOK)
}

// mfaApprovalStatus answers the island's poll: {"status": ...}; only this
// login's request is found.
func (s area) mfaApprovalStatus(c fiber.Ctx) error {
	sess := server.Req(c).Session
	c.Set(fiber.HeaderCacheControl, "no-store")
	a, err := s.Auth.Approval(c.Context(), sess.UserID, loginID(c), c.Query("id"))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return c.Status(fiber.StatusNotFound).JSON(fiber.Map{"status": "not_found"})
	}
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"status": a.Status})
}
