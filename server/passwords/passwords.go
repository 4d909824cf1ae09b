// Package passwords is the passwords area (spec 000 §2, §5, §7, §8; 001 §2,
// §5, §8): the forgotten password form, the two pages a mailed link opens
// (a password reset and an invitation, one piece serving both: tokens.go),
// the expired invitation page, and their JSON API operations. Every screen
// is GuestOnly (a fully authenticated user is sent to "/") but the join page
// (join.go), where a logged-in person accepts an invitation to their address.
//
// Setting a password ends every session of the user and never logs in: the
// user logs in next, through MFA. Without the provider's Auth every screen
// and operation answers not found.
package passwords

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/passwordrule"
	"portal/provider"
	"portal/server"
	"portal/server/auth"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the passwords area for s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	reset, invitation := s.resetPage(), s.invitationPage()
	return server.Area{Name: "passwords", Routes: []*server.Route{
		{Name: "passwords.forgot", Method: "GET", Path: "/passwords/forgot", Access: server.GuestOnly, Off: s.Auth == nil, Handler: s.forgotGet},
		{Name: "passwords.forgot.submit", Method: "POST", Path: "/passwords/forgot", Access: server.GuestOnly, Off: s.Auth == nil, Handler: s.forgotPost},
		{Name: "passwords.reset", Method: "GET", Path: "/passwords/reset/:token", Access: server.GuestOnly, Handler: s.tokenGet(reset)},
		{Name: "passwords.reset.submit", Method: "POST", Path: "/passwords/reset/:token", Access: server.GuestOnly, Handler: s.tokenPost(reset)},
		{Name: "invitations.accept", Method: "GET", Path: "/invitations/accept/:token", Access: server.Public, Handler: s.toJoinWhenLoggedIn(s.tokenGet(invitation))},
		{Name: "invitations.accept.submit", Method: "POST", Path: "/invitations/accept/:token", Access: server.GuestOnly, Handler: s.tokenPost(invitation)},
		{Name: "invitations.expired", Method: "GET", Path: "/invitations/expired", Access: server.GuestOnly, Handler: s.invitationExpired},
		{Name: "invitations.join", Method: "GET", Path: "/invitations/join/:token", Access: server.Dashboard, Handler: s.linkPage(s.joinGet)},
		{Name: "invitations.join.submit", Method: "POST", Path: "/invitations/join/:token", Access: server.Dashboard, Handler: s.linkPage(s.joinPost)},
	}, API: s.apiOperations(reset, invitation)}
}

// Messages of the new-password form. "Password is not valid" and "Passwords
// must match" are the spec's; the required texts follow the login form's.
const (
	msgPasswordInvalid      = "Password is not valid"
	msgPasswordsMustMatch   = "Passwords must match"
	msgConfirmationRequired = "Password confirmation is required"
	msgSomethingWentWrong   = "Something went wrong"
	msgLinkExpired          = "Your link expired"
)

const (
	fieldPassword             = "password"
	fieldPasswordConfirmation = "password_confirmation"

	// passwordDoneKey is the session value marking a completed token form.
	passwordDoneKey = "password_done"
	// tokenMaxLength bounds what is looked up as a token.
	tokenMaxLength = 256
)

// validateNewPassword checks a new password (the password rule) and its
// confirmation; the keys are the form's field names. Passwords are taken
// exactly as typed (no trimming): the confirmation must equal the password
// byte for byte.
func validateNewPassword(pw, confirm string) map[string]string {
	errs := map[string]string{}
	switch {
	case pw == "":
		errs[fieldPassword] = auth.MsgPasswordRequired
	case !passwordrule.Valid(pw):
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

func (s area) markDone(c fiber.Ctx, kind, token string) error {
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

func (s area) isDone(c fiber.Ctx, kind, token string) bool {
	sess := server.Req(c).Session
	return sess != nil && sess.Values[passwordDoneKey] != "" && sess.Values[passwordDoneKey] == doneMarker(kind, token)
}

// passwordSet follows a password set with a link, on a page or through the
// API (docs/security.md: a password change ends sessions on the server): every
// session of the user ends, and then what the link's kind adds (a reset
// lifts the login lock-out). The password is already changed, so a failure
// to end the sessions cannot be undone by failing the request: it is
// retried once and logged loudly. The visitor's own session goes too when it
// was that user's (a login waiting for MFA); the next page gives an
// anonymous one.
func (s area) passwordSet(c fiber.Ctx, u provider.User, after func(fiber.Ctx, provider.User)) {
	ctx := c.Context()
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		if _, err = s.Sessions.DestroyUser(ctx, u.ID, nil); err == nil {
			break
		}
	}
	if err != nil {
		s.Logger.Error("password set: ending the user's sessions failed", "request_id", server.Req(c).ID, "user_id", u.ID, "err", err)
	}
	if rq := server.Req(c); rq.Session != nil && rq.Session.UserID == u.ID {
		rq.Session = nil
		s.ClearSessionCookie(c)
	}
	if after != nil {
		after(c, u)
	}
}

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
	if m == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
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
