package auth

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/server/api"
	"portal/session"
)

// Changing how one signs in (adding an authenticator or a phone) from a
// fully authenticated session needs the password again (docs/security.md:
// re-authentication before changing MFA). A confirmation holds for
// reauthWindow; during login (scope login) the password was just given.
const (
	reauthWindow   = 5 * time.Minute
	valReauthAt    = "reauth_at"
	msgReauthWrong = "Incorrect password."
)

// ReauthProps are the props of templates/pages/auth/Reauth.tsx.
type ReauthProps struct {
	Sandbox bool              `json:"sandbox"`
	CSRF    string            `json:"csrf"`
	Email   string            `json:"email"`
	Next    string            `json:"next"`
	Errors  map[string]string `json:"errors"`
	Base    string            `json:"base,omitempty"`
}

// recentlyAuthenticated reports whether the session's password was
// confirmed (confirmPassword) within reauthWindow: the one notion of
// "recent" for the pages (requireRecentAuth) and the API (apiSetup).
func (s area) recentlyAuthenticated(sess *session.Session) bool {
	at, err := strconv.ParseInt(sess.Values[valReauthAt], 10, 64)
	return err == nil && s.Sessions.Now().Sub(time.Unix(at, 0)) < reauthWindow
}

// errReauthCounter marks a failure of the attempt counter, which refuses
// the check (fail closed): the API answers it 503.
var errReauthCounter = errors.New("reauth: attempt counter unavailable")

// reauthResult is the outcome of confirmPassword.
type reauthResult struct {
	OK         bool          // the password was right; the session is marked
	Limited    bool          // refused by the account limit, unchecked
	RetryAfter time.Duration // when Limited
}

// confirmPassword checks the signed-in user's password again and, when it
// is right, marks the session as recently authenticated (saved). Attempts
// count on the same per-account limit as logging in: re-authentication must
// not be a way to guess the password without limits.
func (s area) confirmPassword(ctx context.Context, sess *session.Session, email, password string) (reauthResult, error) {
	key := loginAccountKey(email)
	res, err := s.Limiter.Hit(ctx, key, loginAccountLimit, loginWindow)
	if err != nil {
		return reauthResult{}, fmt.Errorf("%w: %w", errReauthCounter, err)
	}
	if !res.Allowed {
		return reauthResult{Limited: true, RetryAfter: res.RetryAfter}, nil
	}
	if _, err := s.Provider.Authenticate(ctx, email, password); err != nil {
		if errors.Is(err, provider.ErrInvalidCredentials) || provider.ErrorCode(err) == provider.EUNAUTHORIZED {
			return reauthResult{}, nil
		}
		return reauthResult{}, err
	}
	_ = s.Limiter.Reset(ctx, key)
	setValue(sess, valReauthAt, strconv.FormatInt(s.Sessions.Now().Unix(), 10))
	return reauthResult{OK: true}, s.Sessions.Save(ctx, sess)
}

// requireRecentAuth wraps a handler that changes sign-in methods.
func (s area) requireRecentAuth(h fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error {
		sess := server.Req(c).Session
		if sess.Scope != session.ScopeDashboard || s.recentlyAuthenticated(sess) {
			return h(c)
		}
		next := c.Path()
		if c.Method() != fiber.MethodGet {
			// A form posted after the window closed starts again from its
			// page: the setup page, whose forms are the ones behind this.
			next = setupBase(c)
		}
		return server.Redirect(c, "/reauth?next="+next)
	}
}

func (s area) reauthGet(c fiber.Ctx) error {
	return s.reauthPage(c, nil, "", fiber.StatusOK)
}

func (s area) reauthPage(c fiber.Ctx, errs map[string]string, base string, status int) error {
	rq := server.Req(c)
	if errs == nil {
		errs = map[string]string{}
	}
	next, ok := server.SafeRedirect(c.Query("next", c.FormValue("next")))
	if !ok {
		next = "/"
	}
	return s.Render(c, server.View{Status: status, Title: "Confirm it's you", Page: pageReauth.With(ReauthProps{
		Sandbox: s.Config.Sandbox(), CSRF: rq.CSRF(), Email: rq.User.Email, Next: next, Errors: errs, Base: base})})
}

func (s area) reauthPost(c fiber.Ctx) error {
	rq := server.Req(c)
	password := c.FormValue("password")
	if password == "" {
		return s.reauthPage(c, map[string]string{"password": MsgPasswordRequired}, "", fiber.StatusUnprocessableEntity)
	}
	res, err := s.confirmPassword(c.Context(), rq.Session, rq.User.Email, password)
	switch {
	case err != nil:
		return err
	case res.Limited:
		return s.reauthPage(c, nil, server.TooMany(c, "attempts", res.RetryAfter), fiber.StatusTooManyRequests)
	case !res.OK:
		return s.reauthPage(c, map[string]string{"password": msgReauthWrong}, "", fiber.StatusUnauthorized)
	}
	next, ok := server.SafeRedirect(c.FormValue("next"))
	if !ok {
		next = "/"
	}
	return server.Redirect(c, next)
}

// apiReauthRequest is the body of reauthenticate.
type apiReauthRequest struct {
	_        struct{} `description:"The user's password."`
	Password string   `json:"password" required:"true" description:"The current password."`
}

// apiReauthReply says how long the confirmation holds.
type apiReauthReply struct {
	_         struct{} `description:"The password is confirmed."`
	ExpiresIn int      `json:"expires_in" description:"Seconds for which the setup calls are open at scope dashboard."`
}

// apiReauthenticate is /reauth for the API: the password again, after
// which the MFA setup calls are open at scope dashboard for reauthWindow.
func (s area) apiReauthenticate(c fiber.Ctx, a *api.Caller) error {
	var in apiReauthRequest
	if prob := api.DecodeJSON(c, &in); prob != nil {
		return api.Errors(c, prob.Status, *prob)
	}
	if in.Password == "" {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("password", MsgPasswordRequired))
	}
	res, err := s.confirmPassword(c.Context(), a.Session, a.User.Email, in.Password)
	switch {
	case errors.Is(err, errReauthCounter):
		return s.APIUnavailable(c, err)
	case err != nil:
		return err
	case res.Limited:
		return api.Error(c, fiber.StatusTooManyRequests, api.CodeTooMany, server.TooMany(c, "requests", res.RetryAfter))
	case !res.OK:
		p := api.Field("password", msgReauthWrong)
		p.Code = api.CodeBadCredentials
		return api.Errors(c, fiber.StatusUnprocessableEntity, p)
	}
	s.Logger.Info("api reauthenticated", "request_id", server.Req(c).ID, "user_id", a.User.ID, "session", a.Session.Handle())
	return api.Send(c, fiber.StatusOK, apiReauthReply{ExpiresIn: int(reauthWindow / time.Second)})
}

// RecentlyAuthenticated reports whether the session's password was
// confirmed within the re-authentication window, for another area's change
// that needs it (the profile's e-mail change).
func RecentlyAuthenticated(srv *server.Server, sess *session.Session) bool {
	return area{srv}.recentlyAuthenticated(sess)
}

// ConfirmPassword checks the signed-in user's password again for another
// area's form, as /reauth does (counted on the account's login limit; the
// session is marked recently authenticated when right): wrong is "" with
// ok false, refused is the "too many" text (Retry-After set).
func ConfirmPassword(srv *server.Server, c fiber.Ctx, password string) (ok bool, refused string, err error) {
	rq := server.Req(c)
	res, err := area{srv}.confirmPassword(c.Context(), rq.Session, rq.User.Email, password)
	switch {
	case err != nil:
		return false, "", err
	case res.Limited:
		return false, server.TooMany(c, "attempts", res.RetryAfter), nil
	}
	return res.OK, "", nil
}

// MsgReauthWrong is the answer to a wrong password given again.
const MsgReauthWrong = msgReauthWrong
