package server

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server/api"
	"portal/session"
)

// Request is what the middleware learns about a request, for handlers.
type Request struct {
	ID    string
	Nonce string
	// Session is nil for a visitor without one; see ensureSession.
	Session *session.Session
	// SessionExpired is set when the browser sent a session cookie whose
	// session has ended (idle or absolute timeout, logout elsewhere).
	SessionExpired bool
	User           *provider.User
	Org            *OrgContext
	// Caller is the API operation's authenticated caller, for the audit log.
	Caller *api.Caller
	// csrf is the response's one mask of the CSRF token csrfOf (see CSRF).
	csrf, csrfOf string
}

const localsKey = "portal.request"

func Req(c fiber.Ctx) *Request {
	r, _ := c.Locals(localsKey).(*Request)
	if r == nil {
		r = &Request{}
		c.Locals(localsKey, r)
	}
	return r
}

func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the OS random source failing is not recoverable
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// requestContext gives each request an id and a CSP nonce, and turns a
// panic into the generic error page with the request id logged.
func (s *Server) requestContext(c fiber.Ctx) (err error) {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	r := &Request{ID: hex.EncodeToString(b), Nonce: randomToken(16)}
	c.Locals(localsKey, r)
	c.SetContext(provider.WithAuditActor(c.Context(), func() provider.AuditActor { return s.auditActor(c) }))
	c.Set("X-Request-ID", r.ID)
	defer func() {
		if p := recover(); p != nil {
			s.Logger.Error("panic", "request_id", r.ID, "path", c.Path(), "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			if strings.HasPrefix(c.Path(), "/api/") {
				err = api.Error(c, fiber.StatusInternalServerError, api.CodeInternal, api.MsgInternal)
				return
			}
			err = s.errorPage(c, fiber.StatusInternalServerError, "")
		}
	}()
	return c.Next()
}

// securityHeaders sets the headers of docs/security.md on every response,
// error pages included: a strict CSP whose nonce is fresh per response.
func (s *Server) securityHeaders(c fiber.Ctx) error {
	r := Req(c)
	c.Set("Content-Security-Policy", contentSecurityPolicy(r.Nonce, "'none'", "'none'"))
	c.Set("X-Content-Type-Options", "nosniff")
	c.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	if tokenPathPage(c.Path()) {
		// Token pages: the token must never leave in a Referer, error answers included.
		c.Set("Referrer-Policy", "no-referrer")
	}
	c.Set("X-Frame-Options", "DENY")
	c.Set("Cross-Origin-Opener-Policy", "same-origin")
	c.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
	if s.Config.TLS {
		c.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
	}
	return c.Next()
}

// SetFramePolicy replaces the response's frame rules (securityHeaders
// forbids frames both ways): frameSrc is what the page may frame,
// frameAncestors who may frame it, as CSP sources.
func SetFramePolicy(c fiber.Ctx, frameSrc, frameAncestors string) {
	c.Set("Content-Security-Policy", contentSecurityPolicy(Req(c).Nonce, frameSrc, frameAncestors))
}

// contentSecurityPolicy is the portal's CSP. frameSrc is what frames may load
// ('none' except on the crypto funding page, which frames the partner's
// widget); frameAncestors who may frame the response ('none' except for the
// sandbox partner widget, which the portal itself frames).
func contentSecurityPolicy(nonce, frameSrc, frameAncestors string) string {
	return "default-src 'self'; script-src 'nonce-" + nonce + "' 'strict-dynamic'; " +
		"style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src " + frameSrc + "; object-src 'none'; " +
		"base-uri 'none'; frame-ancestors " + frameAncestors + "; form-action 'self'"
}

// cookieName carries the __Host- prefix on TLS, where the browser then
// enforces Secure, Path=/ and no Domain; plain HTTP (local development)
// cannot use the prefix.
func (s *Server) cookieName() string {
	if s.Config.TLS {
		return "__Host-portal_session"
	}
	return "portal_session"
}

func (s *Server) SetSessionCookie(c fiber.Ctx, id string) {
	c.Cookie(&fiber.Cookie{Name: s.cookieName(), Value: id, Path: "/", HTTPOnly: true,
		Secure: s.Config.TLS, SameSite: fiber.CookieSameSiteLaxMode, SessionOnly: true})
}

func (s *Server) ClearSessionCookie(c fiber.Ctx) {
	c.Cookie(&fiber.Cookie{Name: s.cookieName(), Value: "", Path: "/", HTTPOnly: true,
		Secure: s.Config.TLS, SameSite: fiber.CookieSameSiteLaxMode, MaxAge: -1})
}

// loadSession finds the browser's session, if any, and keeps it alive.
func (s *Server) loadSession(c fiber.Ctx) error {
	if strings.HasPrefix(c.Path(), "/api/") && c.Get(fiber.HeaderAuthorization) != "" {
		return c.Next() // bearer requests carry no session cookie state
	}
	r := Req(c)
	id := c.Cookies(s.cookieName())
	if id == "" {
		return c.Next()
	}
	sess, err := s.Sessions.Load(c.Context(), id)
	if err == nil && sess.Kind != session.KindPage {
		// An API client's refresh session is no browser session: its id in
		// this cookie opens nothing, exactly like an unknown id.
		sess, err = nil, session.ErrNotFound
	}
	switch {
	case errors.Is(err, session.ErrNotFound):
		r.SessionExpired = true
		s.ClearSessionCookie(c)
	case err != nil:
		return err
	default:
		r.Session = sess
		if err := s.Sessions.Touch(c.Context(), sess); err != nil {
			return err
		}
		s.noteFormOwner(c, sess)
	}
	return c.Next()
}

// EnsureSession gives an anonymous visitor a session, so forms they are
// shown (login) carry a CSRF token bound to it.
func (s *Server) EnsureSession(c fiber.Ctx) (*session.Session, error) {
	r := Req(c)
	if r.Session != nil {
		return r.Session, nil
	}
	sess, err := s.Sessions.New(c.Context())
	if err != nil {
		return nil, err
	}
	if err := s.Sessions.Save(c.Context(), sess); err != nil {
		return nil, err
	}
	s.SetSessionCookie(c, sess.ID)
	r.Session = sess
	return sess, nil
}

// Rotate gives the session a new id and CSRF token at a privilege change
// (login, MFA completion); the old id stops working.
func (s *Server) Rotate(c fiber.Ctx) (*session.Session, error) {
	r := Req(c)
	if r.Session == nil {
		if _, err := s.EnsureSession(c); err != nil {
			return nil, err
		}
	}
	sess, err := s.Sessions.Rotate(c.Context(), r.Session)
	if err != nil {
		return nil, err
	}
	s.SetSessionCookie(c, sess.ID)
	r.Session = sess
	return sess, nil
}

// checkCSRF refuses a state-changing request without the session's token
// (form field _csrf or header X-CSRF-Token). Bearer-token API calls carry
// no ambient credential and are exempt; cookie-authenticated API calls are
// not.
func (s *Server) checkCSRF(c fiber.Ctx) error {
	if !api.UnsafeMethod(c.Method()) {
		return c.Next()
	}
	if strings.HasPrefix(c.Path(), "/api/") && c.Get(fiber.HeaderAuthorization) != "" {
		return c.Next()
	}
	if Req(c).Session == nil && s.apiBearerWrite(c) {
		// No session cookie, so no ambient credential for another site to
		// ride on: the operation's authentication answers 401, which tells
		// the client to log in, where invalid_csrf would not.
		return c.Next()
	}
	if s.apiSelfCSRF(c) {
		// API log in needs no prior session (it creates one, JSON only);
		// token refresh checks X-CSRF-Token against the refresh session.
		return c.Next()
	}
	r := Req(c)
	tok := c.Get("X-CSRF-Token")
	if tok == "" {
		tok = c.FormValue("_csrf")
	}
	if CSRFValid(r.Session, tok) {
		if err := s.forgetUsedForm(c); err != nil {
			return err
		}
		return c.Next()
	}
	s.Logger.Warn("csrf rejected", "request_id", r.ID, "path", c.Path(), "had_session", r.Session != nil)
	if strings.HasPrefix(c.Path(), "/api/") {
		return api.Error(c, fiber.StatusForbidden, api.CodeInvalidCSRF, api.MsgInvalidCSRF)
	}
	if kept, err := s.keepExpiredForm(c); kept || err != nil {
		return err
	}
	if h := s.expired[c.Path()]; h != nil {
		return h(c)
	}
	return s.FormExpired(c)
}
