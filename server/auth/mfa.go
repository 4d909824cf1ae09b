package auth

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/session"
)

// Rules of the MFA screens (spec 000 §4, §5, §8, §9; docs/security.md,
// "Authentication").
const (
	// loginScopeTTL: a session that passed the password step has this long
	// to finish MFA, counted from the password step (login rotates the
	// session, so CreatedAt is that moment). Older: "Your login expired".
	loginScopeTTL = 10 * time.Minute

	// Wrong codes per account: the 5th wrong code within 15 minutes locks
	// MFA for that account for 15 minutes from that code; from the 3rd
	// wrong code each answer is slowed down (mfaSlowDown).
	mfaMaxAttempts = 5
	mfaWindow      = 15 * time.Minute
	mfaLockout     = 15 * time.Minute
	// SMS sends (login codes and phone confirmations) per account.
	smsSendLimit  = 5
	smsSendWindow = 15 * time.Minute
	// Push approval requests per account (push bombing).
	pushLimit  = 3
	pushWindow = 5 * time.Minute

	// approvalPollMs is the spec's approval polling interval (000 §9).
	approvalPollMs = 2000
)

// Texts of the spec (000 §5, §8; "Unknow" is verbatim) and ours.
const (
	msgCodeRequired   = "Please input your code"
	msgTOTPFailed     = "TOTP validation failed. Please try again."
	msgMFARegistered  = "This user already has an MFA registered"
	msgUnknownError   = "Unknow error"
	msgSMSSent        = "SMS has been sent"
	msgTOTPFormat     = "Enter the 6 digits your authenticator app shows."
	msgSMSCodeInvalid = "The code is not valid. Check the latest SMS or send a new code."
)

func msgSMSCodeShort() string {
	return fmt.Sprintf("The code has at least %d characters.", provider.SMSCodeLength)
}

// tooManyCodes is what a locked MFA check had too many of.
const tooManyCodes = "attempts"

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Session values of the MFA screens; all are dropped when MFA completes.
// The password step starts a new, empty session, so each of them belongs to
// the login that set it.
const (
	valConfirmed = "mfa_confirmed" // "phone,totp": factors this login confirmed (setupOpen)
	valPhone     = "mfa_phone"     // "dk|12345678": phone awaiting its confirmation code
	valSMS       = "mfa_sms"       // "1": a login code was sent for this login
	valApproval  = "mfa_approval"  // id of this login's push approval
	valPasskey   = "mfa_passkey"   // this login's passkey challenge (the ceremony's state)
)

var mfaValues = []string{valConfirmed, valPhone, valSMS, valApproval, valPasskey}

// mfaSlowDown is how long the answer to the n-th wrong code in a window
// waits: nothing for the first two, then 1 s, 2 s (then the lock).
// A variable so tests need not wait.
var mfaSlowDown = func(n int) time.Duration {
	if n < 3 {
		return 0
	}
	return time.Duration(n-2) * time.Second
}

// mfaOnly wraps every MFA handler: the screens need the provider's Auth
// (absent: not found), and a login-scope session older than loginScopeTTL
// is ended and sent back to log in.
func (s area) mfaOnly(h fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error {
		if s.Auth == nil {
			return s.NotFound(c)
		}
		sess := server.Req(c).Session
		if sess.Scope == session.ScopeLogin && s.Sessions.Now().Sub(sess.CreatedAt) > loginScopeTTL {
			s.Logger.Info("mfa login expired", "request_id", server.Req(c).ID, "user_id", sess.UserID)
			if err := s.Sessions.Destroy(c.Context(), sess); err != nil {
				return err
			}
			server.Req(c).Session = nil
			s.ClearSessionCookie(c)
			if strings.Contains(c.Get(fiber.HeaderAccept), "application/json") {
				c.Set(fiber.HeaderCacheControl, "no-store")
				return c.Status(fiber.StatusUnauthorized).JSON(fiber.Map{"status": "login_expired"})
			}
			return server.Redirect(c, "/login?expired=1")
		}
		return h(c)
	}
}

// loginID binds SMS codes and push approvals to this login attempt: the
// session's non-secret handle, stable until MFA completes (then rotated).
func loginID(c fiber.Ctx) string { return server.Req(c).Session.Handle() }

// completeMFA turns the login into a fully authenticated session: a new id
// (the old one stops working), scope dashboard, redirect_url kept, then on
// to the organisation picker.
func (s area) completeMFA(c fiber.Ctx, how string) error {
	if err := s.finishMFA(c, how); err != nil {
		return err
	}
	return server.Redirect(c, "/login_transition")
}

// finishMFA is completeMFA without the redirect, for a step answered in JSON (the passkey's
// island navigates itself).
func (s area) finishMFA(c fiber.Ctx, how string) error {
	ctx := c.Context()
	sess, err := s.Rotate(c)
	if err != nil {
		return err
	}
	sess.Scope = session.ScopeDashboard
	for _, k := range mfaValues {
		delete(sess.Values, k)
	}
	if err := s.Sessions.Save(ctx, sess); err != nil {
		return err
	}
	if err := s.Limiter.Reset(ctx, mfaAttemptsKey(sess.UserID)); err != nil {
		s.Logger.Warn("mfa limiter reset failed", "request_id", server.Req(c).ID, "err", err)
	}
	s.Logger.Info("mfa completed", "request_id", server.Req(c).ID, "user_id", sess.UserID, "method", how)
	return nil
}

func mfaAttemptsKey(userID string) string { return "mfa:user:" + userID }

// attempt is one counted check of an MFA code.
type attempt struct {
	s      area
	key    string
	count  int
	userID string
}

// mfaAttempt counts a code check against the account before it is made.
// locked is non-empty (the message) when the account is locked; the caller
// answers 429 without checking the code.
func (s area) mfaAttempt(c fiber.Ctx, userID string) (a attempt, locked string, err error) {
	key := mfaAttemptsKey(userID)
	res, err := s.Limiter.Hit(c.Context(), key, mfaMaxAttempts, mfaWindow)
	if err != nil {
		return a, "", err // fail closed
	}
	if !res.Allowed {
		return a, server.TooMany(c, tooManyCodes, res.RetryAfter), nil
	}
	return attempt{s: s, key: key, count: res.Count, userID: userID}, "", nil
}

// succeeded forgets the account's wrong codes.
func (a attempt) succeeded(ctx context.Context) {
	_ = a.s.Limiter.Reset(ctx, a.key)
}

// failed records a wrong code: the 5th locks the account for mfaLockout
// from now; earlier ones from the 3rd on are slowed down. It returns the
// lock message, or a note on the attempts left ("" while there are plenty).
func (a attempt) failed(c fiber.Ctx) (locked, note string, err error) {
	ctx := c.Context()
	if a.count >= mfaMaxAttempts {
		// Block, not Reset and Hits again: between those, codes sent in
		// parallel would find the counter empty and be checked.
		if err := a.s.Limiter.Block(ctx, a.key, mfaLockout); err != nil {
			return "", "", err
		}
		a.s.Logger.Warn("mfa locked", "request_id", server.Req(c).ID, "key", a.key)
		a.s.audit(c, provider.AuditEvent{Kind: provider.AuditLockout, AboutUser: a.userID,
			Changes: []provider.AuditChange{{Field: "locked", After: "two-factor checks for 15 minutes"}}})
		return server.TooMany(c, tooManyCodes, mfaLockout), "", nil
	}
	if d := mfaSlowDown(a.count); d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
		}
	}
	if left := mfaMaxAttempts - a.count; left <= 2 {
		note = fmt.Sprintf("%d attempt%s left. After %d wrong codes, two-factor sign-in is locked for %d minutes.",
			left, plural(left), mfaMaxAttempts, int(mfaLockout/time.Minute))
	}
	return "", note, nil
}

// The limits of SMS sends (login codes and phone confirmations) and of
// push requests, per account; the screens and the API count on the same
// keys.
func smsLimit(userID string) server.RateLimit {
	return server.RateLimit{Key: "mfa:sms:" + userID, Limit: smsSendLimit, Window: smsSendWindow}
}
func pushLimitOf(userID string) server.RateLimit {
	return server.RateLimit{Key: "mfa:push:" + userID, Limit: pushLimit, Window: pushWindow}
}

// tooManySends is what a refused SMS or push request had too many of.
const tooManySends = "requests"

// registrationError maps a provider error of MFA registration to the
// spec's texts (000 §8): an existing MFA, the provider's own message for
// invalid input, else "Unknow error" (logged: it may be internal).
func (s area) registrationError(c fiber.Ctx, err error) string {
	switch provider.ErrorCode(err) {
	case provider.ECONFLICT:
		return msgMFARegistered
	case provider.EINVALID:
		if m := provider.ErrorMessage(err); m != "" {
			return m
		}
	}
	s.Logger.Error("mfa registration failed", "request_id", server.Req(c).ID, "err", err)
	return msgUnknownError
}

// totpCode normalises an authenticator code: spaces and dashes are
// allowed ("123 456", as the code is often shown); ok means six digits.
func totpCode(raw string) (string, bool) {
	code := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\u00a0' {
			return -1
		}
		return r
	}, raw)
	if len(code) != 6 {
		return code, false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return code, false
		}
	}
	return code, true
}

// smsCode normalises an SMS code: surrounding and inner spaces dropped.
func smsCode(raw string) string {
	return strings.Join(strings.Fields(raw), "")
}

func setValue(sess *session.Session, k, v string) {
	if sess.Values == nil {
		sess.Values = map[string]string{}
	}
	sess.Values[k] = v
}
