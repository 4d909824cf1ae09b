package server

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
)

// New-password rules (spec 000 §5, 001 §5). The cases live once, in
// testdata/password-rules.json, which this checker and the PasswordStrength
// island's (islands/lib/password.ts) both run; this one is the authority.
//
//   - minLength: at least 8 characters, counted as Unicode code points;
//   - mixedCase: at least one upper-case (Lu) and one lower-case (Ll) letter;
//   - numberAndSymbol: at least one number (N) and one symbol, a symbol
//     being anything that is neither a letter nor a number (punctuation,
//     symbols, emoji, spaces: a passphrase with spaces qualifies).
//
// Strength is by rules met: 1 Weak, 2 Average, 3 Strong (0 met is Weak as
// well; an empty password has no strength). Valid means all three rules and
// at most passwordMaxBytes of UTF-8, what the store hashes; anything from 8
// characters to well past the 64 of SECURITY.md is accepted.

const passwordMaxBytes = 1024

// Messages of the new-password form. "Password is not valid" and "Passwords
// must match" are the spec's; the required texts follow the login form's.
const (
	msgPasswordInvalid      = "Password is not valid"
	msgPasswordsMustMatch   = "Passwords must match"
	msgConfirmationRequired = "Password confirmation is required"
	msgSomethingWentWrong   = "Something went wrong"
)

const (
	fieldPassword             = "password"
	fieldPasswordConfirmation = "password_confirmation"

	strengthWeak       = "Weak"
	strengthAverage    = "Average"
	strengthStrong     = "Strong"
	passwordRulesCount = 3

	// passwordDoneKey is the session value marking a completed token form.
	passwordDoneKey = "password_done"
	// tokenMaxLength bounds what is looked up as a token.
	tokenMaxLength = 256
)

// PasswordRules says which rules a password meets.
type PasswordRules struct {
	MinLength       bool `json:"minLength"`
	MixedCase       bool `json:"mixedCase"`
	NumberAndSymbol bool `json:"numberAndSymbol"`
}

// Met counts the rules met.
func (r PasswordRules) Met() int {
	n := 0
	for _, ok := range []bool{r.MinLength, r.MixedCase, r.NumberAndSymbol} {
		if ok {
			n++
		}
	}
	return n
}

// checkPassword applies the three rules.
func checkPassword(pw string) PasswordRules {
	var upper, lower, number, symbol bool
	for _, r := range pw {
		switch {
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsLower(r):
			lower = true
		}
		switch {
		case unicode.IsNumber(r):
			number = true
		case !unicode.IsLetter(r):
			symbol = true
		}
	}
	return PasswordRules{
		MinLength:       utf8.RuneCountInString(pw) >= provider.PasswordMinLength,
		MixedCase:       upper && lower,
		NumberAndSymbol: number && symbol,
	}
}

// passwordStrength is the meter's label: "" for an empty password, else
// Weak, Average or Strong by rules met.
func passwordStrength(pw string) string {
	if pw == "" {
		return ""
	}
	switch checkPassword(pw).Met() {
	case passwordRulesCount:
		return strengthStrong
	case passwordRulesCount - 1:
		return strengthAverage
	}
	return strengthWeak
}

// passwordValid is the spec's strength check: every rule, and not too long
// to store.
func passwordValid(pw string) bool {
	return checkPassword(pw).Met() == passwordRulesCount && len(pw) <= passwordMaxBytes
}

// validateNewPassword checks a new password and its confirmation; the keys
// are the form's field names. Passwords are taken exactly as typed (no
// trimming): the confirmation must equal the password byte for byte.
func validateNewPassword(pw, confirm string) map[string]string {
	errs := map[string]string{}
	switch {
	case pw == "":
		errs[fieldPassword] = msgPasswordRequired
	case !passwordValid(pw):
		errs[fieldPassword] = msgPasswordInvalid
	}
	switch {
	case confirm == "":
		errs[fieldPasswordConfirmation] = msgConfirmationRequired
	case confirm != pw:
		errs[fieldPasswordConfirmation] = msgPasswordsMustMatch
	}
	return errs
}

// Token pages (reset and invitation links) carry a secret in their path:
// no Referer may take it to another site, not even the origin.
func tokenPage(c fiber.Ctx) {
	c.Set("Referrer-Policy", "no-referrer")
}

// plausibleToken refuses what cannot be a token before it reaches the
// store: empty, overlong, or outside the URL-safe alphabet.
func plausibleToken(t string) bool {
	if t == "" || len(t) > tokenMaxLength {
		return false
	}
	for i := 0; i < len(t); i++ {
		b := t[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b == '_' || b == '.' || b == '~') {
			return false
		}
	}
	return true
}

// doneMarker names a token whose form this browser completed, so the
// success page after the redirect (?sent, ?created) is shown only to the
// browser that made the change; any other visit to the spent link gets the
// expired answer. The session keeps a digest, never the token.
func doneMarker(kind, token string) string {
	sum := sha256.Sum256([]byte("portal password done\x00" + kind + "\x00" + token))
	return hex.EncodeToString(sum[:16])
}

func (s *Server) markDone(c fiber.Ctx, kind, token string) error {
	sess, err := s.EnsureSession(c)
	if err != nil {
		return err
	}
	if sess.Values == nil {
		sess.Values = map[string]string{}
	}
	sess.Values[passwordDoneKey] = doneMarker(kind, token)
	return s.Sessions.Save(c.Context(), sess)
}

func (s *Server) isDone(c fiber.Ctx, kind, token string) bool {
	sess := Req(c).Session
	return sess != nil && sess.Values[passwordDoneKey] != "" && sess.Values[passwordDoneKey] == doneMarker(kind, token)
}

// endSessions ends every session of a user whose password was just set
// (SECURITY.md: a password change ends sessions on the server). The
// password is already changed, so a failure cannot be undone by failing
// the request: it is retried once and logged loudly. The visitor's own
// session goes too when it was that user's (a login waiting for MFA); it
// is replaced by an anonymous one.
func (s *Server) endSessions(c fiber.Ctx, userID string) {
	ctx := c.Context()
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		if _, err = s.Sessions.DestroyUser(ctx, userID, nil); err == nil {
			break
		}
	}
	if err != nil {
		s.Logger.Error("password set: ending the user's sessions failed", "request_id", Req(c).ID, "user_id", userID, "err", err)
	}
	if rq := Req(c); rq.Session != nil && rq.Session.UserID == userID {
		rq.Session = nil
		s.clearSessionCookie(c)
	}
}

// authUnavailable: the provider offers no Auth (yet); these screens then
// answer not found, as Deps.Auth says.
func (s *Server) authUnavailable() bool { return s.Auth == nil }

// lifetime says a token lifetime in words for the pages ("60 minutes",
// "7 days").
func lifetime(d time.Duration) string {
	switch {
	case d >= 48*time.Hour && d%(24*time.Hour) == 0:
		return fmt.Sprintf("%d days", int(d/(24*time.Hour)))
	case d >= 2*time.Hour && d%time.Hour == 0:
		return fmt.Sprintf("%d hours", int(d/time.Hour))
	}
	m := int(d.Round(time.Minute) / time.Minute)
	return fmt.Sprintf("%d minute%s", m, plural(m))
}

// newPasswordError maps a provider error from setting a password to the
// form: EINVALID is the password field's (server text); another explained
// error is the form's; anything else is "Something went wrong".
func newPasswordError(err error) (errs map[string]string, base string) {
	switch code := provider.ErrorCode(err); code {
	case provider.EINVALID:
		msg := provider.ErrorMessage(err)
		if msg == "" {
			msg = msgPasswordInvalid
		}
		return map[string]string{fieldPassword: msg}, ""
	case provider.EINTERNAL:
		return nil, msgSomethingWentWrong
	default:
		if msg := provider.ErrorMessage(err); msg != "" {
			return nil, msg
		}
		return nil, msgSomethingWentWrong
	}
}
