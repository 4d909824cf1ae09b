package auth

import (
	"errors"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/server/api"
	"portal/session"
)

// apiRefreshCookiePath keeps the refresh cookie off page requests.
const apiRefreshCookiePath = "/api"

// Refresh limits: a client refreshes about once per token lifetime and once
// after a 401, so these leave plenty of room while stopping cookie guessing
// and refresh loops.
const (
	refreshSessionLimit = 30
	refreshIPLimit      = 300
	refreshWindow       = 15 * time.Minute
)

// tokenReply is the body of a successful login or refresh. When MFA
// completes for a caller authenticated by the page session cookie, only
// scope and csrf_token are set: that caller keeps using its cookie.
// The access token's fields are required in the document because a login
// or refresh always sets them; an MFA reply embeds tokenReply by pointer,
// which makes them all optional there.
type tokenReply struct {
	_           struct{} `name:"Token" description:"An access token and what it allows."`
	AccessToken string   `json:"access_token,omitempty" required:"true" description:"JWT (HS256) to send as Authorization: Bearer. It names the server session, so it stops working when that session ends."`
	TokenType   string   `json:"token_type,omitempty" required:"true" description:"Always Bearer." enum:"Bearer"`
	ExpiresIn   int      `json:"expires_in,omitempty" required:"true" description:"Seconds until the access token expires; refresh about 30 seconds before." example:"900"`
	Scope       string   `json:"scope" description:"Space-separated scopes: login (password accepted, MFA pending) or dashboard (fully authenticated)." example:"dashboard"`
	CSRFToken   string   `json:"csrf_token" description:"Send as X-CSRF-Token when refreshing (and, for a cookie caller, with every change)."`
}

func (s area) tokenReply(u provider.User, sess *session.Session) tokenReply {
	tok, _ := s.Tokens.Issue(u.ID, sess.Handle(), sess.Scope)
	return tokenReply{AccessToken: tok, TokenType: "Bearer", ExpiresIn: int(s.Tokens.TTL / time.Second),
		Scope: sess.Scope, CSRFToken: server.MaskedCSRF(sess)}
}

func (s area) setRefreshCookie(c fiber.Ctx, id string) {
	c.Cookie(&fiber.Cookie{Name: api.RefreshCookie, Value: id, Path: apiRefreshCookiePath, HTTPOnly: true,
		Secure: s.Config.TLS, SameSite: fiber.CookieSameSiteStrictMode, SessionOnly: true})
}

func (s area) clearRefreshCookie(c fiber.Ctx) {
	c.Cookie(&fiber.Cookie{Name: api.RefreshCookie, Value: "", Path: apiRefreshCookiePath, HTTPOnly: true,
		Secure: s.Config.TLS, SameSite: fiber.CookieSameSiteStrictMode, MaxAge: -1})
}

// loginRequest is the body of POST /authentication/token.
type loginRequest struct {
	_        struct{} `description:"Credentials."`
	Email    string   `json:"email" required:"true" description:"The user's e-mail address; required and valid." format:"email" example:"observer@demo.example"`
	Password string   `json:"password" required:"true" description:"The user's password; required." format:"password"`
}

// apiLogin: the login form's rules and limits, answered in JSON.
func (s area) apiLogin(c fiber.Ctx, _ *api.Caller) error {
	var in loginRequest
	if prob := api.DecodeJSON(c, &in); prob != nil {
		return api.Errors(c, prob.Status, *prob)
	}
	email := strings.TrimSpace(in.Email)
	if errs := validateLogin(email, in.Password); len(errs) > 0 {
		var ps []api.Problem
		for _, f := range []string{"email", "password"} {
			if m, ok := errs[f]; ok {
				ps = append(ps, api.Problem{Status: fiber.StatusUnprocessableEntity, Code: api.CodeInvalid, Title: m,
					Source: &api.Source{Pointer: "/" + f}})
			}
		}
		return api.Errors(c, fiber.StatusUnprocessableEntity, ps...)
	}
	ctx := c.Context()
	refused, err := s.CountLimits(c, tooManyLogins, s.loginLimits(c, email)...)
	if err != nil {
		s.Logger.Error("login limiter", "request_id", server.Req(c).ID, "err", err)
		return api.Error(c, fiber.StatusServiceUnavailable, api.CodeUnavailable, "Logging in is not possible right now. Please try again later.")
	}
	if refused != "" {
		s.auditRefusedLogin(c, email)
		return api.Error(c, fiber.StatusTooManyRequests, api.CodeTooMany, refused)
	}
	u, err := s.Provider.Authenticate(ctx, email, in.Password)
	if errors.Is(err, provider.ErrInvalidCredentials) || provider.ErrorCode(err) == provider.EUNAUTHORIZED {
		s.loginFailed(c, email)
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="portal"`)
		return api.Error(c, fiber.StatusUnauthorized, api.CodeBadCredentials, msgBadCredentials)
	}
	if err != nil {
		return err
	}
	s.loginSucceeded(c, email)
	sess, err := s.Sessions.NewOfKind(ctx, session.KindAPI)
	if err != nil {
		return err
	}
	sess.UserID, sess.UserAgent = u.ID, server.UserAgent(c)
	// No side door around MFA (docs/security.md): only a user who skips MFA is
	// fully authenticated by a password.
	sess.Scope = session.ScopeLogin
	switch {
	case u.SkipMFA:
		sess.Scope = session.ScopeDashboard
	case !hasSecondFactor(&u):
		s.startAuthenticator(c, u.ID)
	}
	if err := s.Sessions.Save(ctx, sess); err != nil {
		return err
	}
	s.auditLogin(c, u, sess)
	s.setRefreshCookie(c, sess.ID)
	s.Logger.Info("api login", "request_id", server.Req(c).ID, "user_id", u.ID, "scope", sess.Scope, "session", sess.Handle())
	return api.Send(c, fiber.StatusOK, s.tokenReply(u, sess))
}

// apiLogout ends the caller's session: the token's session (and so the
// refresh token), or the browser's session when its cookie authenticated.
func (s area) apiLogout(c fiber.Ctx, a *api.Caller) error {
	if err := s.Sessions.Destroy(c.Context(), a.Session); err != nil {
		return err
	}
	s.auditSessionEnded(c, a.Session, "logged out")
	if a.ViaCookie() {
		server.Req(c).Session = nil
		s.ClearSessionCookie(c)
	}
	s.clearRefreshCookie(c)
	s.Logger.Info("api logout", "request_id", server.Req(c).ID, "user_id", a.User.ID, "session", a.Session.Handle())
	return c.SendStatus(fiber.StatusNoContent)
}

// apiRefresh issues a new access token for the refresh cookie's session.
// The cookie is SameSite=Strict and the X-CSRF-Token header must match the
// session's token (returned as csrf_token at login), so another site can
// neither ride the cookie nor read a token.
func (s area) apiRefresh(c fiber.Ctx, _ *api.Caller) error {
	ctx := c.Context()
	id := c.Cookies(api.RefreshCookie)
	lims := []server.RateLimit{{Key: "api:refresh:ip:" + s.ClientIP(c), Limit: refreshIPLimit, Window: refreshWindow}}
	if id != "" {
		lims = append(lims, server.RateLimit{Key: "api:refresh:sess:" + session.HandleOf(id), Limit: refreshSessionLimit, Window: refreshWindow})
	} else if ps := server.Req(c).Session; ps != nil {
		lims = append(lims, server.RateLimit{Key: "api:refresh:sess:" + ps.Handle(), Limit: refreshSessionLimit, Window: refreshWindow})
	}
	refused, err := s.CountLimits(c, "token refreshes", lims...)
	if err != nil {
		s.Logger.Error("refresh limiter", "request_id", server.Req(c).ID, "err", err)
		return api.Error(c, fiber.StatusServiceUnavailable, api.CodeUnavailable, "Refreshing is not possible right now. Please try again later.")
	}
	if refused != "" {
		return api.Error(c, fiber.StatusTooManyRequests, api.CodeTooMany, refused)
	}
	expired := func() error {
		s.clearRefreshCookie(c)
		return api.Errors(c, fiber.StatusUnauthorized, *api.Expired())
	}
	if id == "" {
		return s.refreshPageSession(c, expired)
	}
	sess, err := s.Sessions.Load(ctx, id)
	if errors.Is(err, session.ErrNotFound) {
		return expired()
	}
	if err != nil {
		return err
	}
	if sess.Kind != session.KindAPI || sess.UserID == "" {
		return expired()
	}
	u, done, err := s.refreshCheck(c, sess, func() { s.clearRefreshCookie(c) })
	if done {
		return err
	}
	if err := s.Sessions.Touch(ctx, sess); errors.Is(err, session.ErrNotFound) {
		return expired()
	} else if err != nil {
		return err
	}
	return api.Send(c, fiber.StatusOK, s.tokenReply(u, sess))
}

// refreshPageSession is the refresh of a caller without a refresh cookie
// whose page session cookie is live (an island's "Stay logged in", islands/
// IdleWarning.tsx): the same X-CSRF-Token check against that session, which
// then counts as used now. It answers 204: a page session has no access
// token, its cookie is the credential.
func (s area) refreshPageSession(c fiber.Ctx, expired func() error) error {
	sess := server.Req(c).Session
	if sess == nil || sess.Kind != session.KindPage || sess.UserID == "" || sess.Scope != session.ScopeDashboard {
		return expired()
	}
	if _, done, err := s.refreshCheck(c, sess, func() { server.Req(c).Session = nil; s.ClearSessionCookie(c) }); done {
		return err
	}
	ctx := c.Context()
	// Save, not Touch: the warning restarts its countdown from the full idle
	// time, so the session must count from this very moment.
	if err := s.Sessions.Save(ctx, sess); errors.Is(err, session.ErrNotFound) {
		return expired()
	} else if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// refreshCheck is what a refresh checks of the session its cookie names:
// the X-CSRF-Token, then that the user may still be logged in (refused:
// clear forgets the credential). done says it answered already.
func (s area) refreshCheck(c fiber.Ctx, sess *session.Session, clear func()) (u provider.User, done bool, err error) {
	if !server.CSRFValid(sess, c.Get(api.CSRFHeader)) {
		s.Logger.Warn("csrf rejected", "request_id", server.Req(c).ID, "path", c.Path(), "had_session", true)
		return u, true, api.Error(c, fiber.StatusForbidden, api.CodeInvalidCSRF, "Missing or invalid CSRF token")
	}
	u, prob, err := s.APIUser(c.Context(), sess)
	if err != nil {
		return u, true, err
	}
	if prob != nil {
		clear()
		return u, true, api.Errors(c, prob.Status, *prob)
	}
	return u, false, nil
}

func apiTokenReplyDoc(desc string) api.Response {
	return api.OK[tokenReply](fiber.StatusOK, desc)
}

// apiTokenOperations: log in, log out, refresh.
func (s area) apiTokenOperations() []api.Op {
	return []api.Op{
		{
			ID: "createToken", Method: fiber.MethodPost, Path: "/authentication/token", Tag: "Authentication",
			Summary: "Log in",
			Description: "Checks e-mail and password with the login form's rules and limits and starts a server session. " +
				"The session is the refresh token: it is set as the HttpOnly, SameSite=Strict cookie portal_refresh (Path=/api) and never appears in the body. " +
				"The scope is dashboard for a user who skips MFA, else login (MFA still to do). Send the body as application/json.",
			Auth: api.Public, Body: api.Body[loginRequest](),
			Responses: []api.Response{
				apiTokenReplyDoc("Logged in.").With(map[string]api.Header{"Set-Cookie": {Description: "portal_refresh=<session id>; Path=/api; HttpOnly; SameSite=Strict (Secure over HTTPS).", Schema: api.String("")}}),
				api.ErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
				api.ErrorReply(fiber.StatusUnauthorized, "Wrong e-mail or password, or a disabled user (code invalid_credentials; not told apart)."),
				api.ErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Field errors, each with a source pointer (/email, /password)."),
				api.ReplyTooMany("Too many attempts for this account or from this address."),
				api.ErrorReply(fiber.StatusServiceUnavailable, "The attempt counter is unavailable; logging in is refused rather than left uncounted."),
			},
			Handler: s.apiLogin,
		},
		{
			ID: "deleteToken", Method: fiber.MethodDelete, Path: "/authentication/token", Tag: "Authentication",
			Summary:     "Log out",
			Description: "Ends the session behind the credential on the server: the access token, every other token of the session and the refresh cookie stop working at once.",
			Auth:        api.Bearer, Scopes: api.ScopesAny,
			Responses: []api.Response{
				{Status: fiber.StatusNoContent, Description: "Logged out; the refresh cookie is cleared."},
				api.ReplyUnauthorized, api.ReplyForbidden,
			},
			Handler: s.apiLogout,
		},
		{
			ID: "refreshToken", Method: fiber.MethodPost, Path: "/authentication/token/refresh", Tag: "Authentication",
			Summary: "Refresh the access token",
			Description: "Issues a new access token for the session named by the portal_refresh cookie and keeps the session alive. " +
				"The body is empty; X-CSRF-Token must be the csrf_token returned at login. " +
				"Without a refresh cookie, a portal page's own session cookie is kept alive the same way (X-CSRF-Token: the page's token); it has no access token to issue.",
			Auth: api.Refresh,
			Responses: []api.Response{
				apiTokenReplyDoc("A new access token for the same session."),
				{Status: fiber.StatusNoContent, Description: "A page session (no refresh cookie) was kept alive; the page keeps using its session cookie."},
				api.ErrorReply(fiber.StatusUnauthorized, "Code EXPIRED_AUTHENTICATION: no refresh cookie, or its session timed out or was ended. Log in again."),
				api.ErrorReply(fiber.StatusForbidden, "Code invalid_csrf: X-CSRF-Token missing or wrong."),
				api.ReplyTooMany("Too many refreshes."),
			},
			Handler: s.apiRefresh,
		},
	}
}
