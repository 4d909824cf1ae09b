package server

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/session"
)

// Changing how one signs in (adding an authenticator or a phone) from a
// fully authenticated session needs the password again (SECURITY.md:
// re-authentication before changing MFA). A confirmation holds for
// reauthWindow; during login (scope login) the password was just given.
const (
	reauthWindow = 5 * time.Minute
	valReauthAt  = "reauth_at"
)

// ReauthProps are the props of templates/pages/Reauth.tsx.
type ReauthProps struct {
	Sandbox bool              `json:"sandbox"`
	CSRF    string            `json:"csrf"`
	Email   string            `json:"email"`
	Next    string            `json:"next"`
	Errors  map[string]string `json:"errors"`
	Base    string            `json:"base,omitempty"`
}

func (s *Server) recentlyAuthenticated(sess *session.Session) bool {
	at, err := strconv.ParseInt(sess.Values[valReauthAt], 10, 64)
	return err == nil && time.Since(time.Unix(at, 0)) < reauthWindow
}

// requireRecentAuth wraps a handler that changes sign-in methods.
func (s *Server) requireRecentAuth(h fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error {
		sess := req(c).Session
		if sess.Scope != session.ScopeDashboard || s.recentlyAuthenticated(sess) {
			return h(c)
		}
		next := c.Path()
		if c.Method() != fiber.MethodGet {
			// A form posted after the window closed starts again from its
			// page: the setup page, whose forms are the ones behind this.
			next = setupBase(c)
		}
		return redirect(c, "/reauth?next="+next)
	}
}

func (s *Server) reauthGet(c fiber.Ctx) error {
	return s.reauthPage(c, nil, "", fiber.StatusOK)
}

func (s *Server) reauthPage(c fiber.Ctx, errs map[string]string, base string, status int) error {
	rq := req(c)
	if errs == nil {
		errs = map[string]string{}
	}
	next, ok := safeRedirect(c.Query("next", c.FormValue("next")))
	if !ok {
		next = "/"
	}
	return s.render(c, view{Status: status, Page: "Reauth", Title: "Confirm it's you", Props: ReauthProps{
		Sandbox: s.Config.Sandbox(), CSRF: rq.Session.CSRF, Email: rq.User.Email, Next: next, Errors: errs, Base: base}})
}

func (s *Server) reauthPost(c fiber.Ctx) error {
	rq := req(c)
	password := c.FormValue("password")
	if password == "" {
		return s.reauthPage(c, map[string]string{"password": msgPasswordRequired}, "", fiber.StatusUnprocessableEntity)
	}
	// The same per-account limit as login: re-authentication must not be a
	// way to guess the password without limits.
	key := "login:acct:" + strings.ToLower(rq.User.Email)
	res, err := s.Limiter.Hit(c.Context(), key, loginAccountLimit, loginWindow)
	if err != nil {
		return err
	}
	if !res.Allowed {
		return s.reauthPage(c, nil, "Too many attempts. Please try again later.", fiber.StatusTooManyRequests)
	}
	if _, err := s.Provider.Authenticate(c.Context(), rq.User.Email, password); err != nil {
		if errors.Is(err, provider.ErrInvalidCredentials) || provider.ErrorCode(err) == provider.EUNAUTHORIZED {
			return s.reauthPage(c, map[string]string{"password": "Incorrect password."}, "", fiber.StatusUnauthorized)
		}
		return err
	}
	_ = s.Limiter.Reset(c.Context(), key)
	if rq.Session.Values == nil {
		rq.Session.Values = map[string]string{}
	}
	rq.Session.Values[valReauthAt] = strconv.FormatInt(time.Now().Unix(), 10)
	if err := s.Sessions.Save(c.Context(), rq.Session); err != nil {
		return err
	}
	next, ok := safeRedirect(c.FormValue("next"))
	if !ok {
		next = "/"
	}
	return redirect(c, next)
}
