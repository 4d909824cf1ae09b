package server

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/session"
	"portal/token"
)

// API authentication. Logging in creates a server-side session of kind API,
// and that session is the refresh token: its id goes to the client only in
// the HttpOnly, SameSite=Strict cookie portal_refresh (Path=/api). Access
// tokens are short-lived JWTs naming the session by its handle (sid), which
// is no credential: presented as a cookie it opens nothing, so a leaked
// 15-minute token cannot become a browser session. Every call checks that
// the session still lives, so logout, timeouts, disabling the user and "end
// all sessions" revoke tokens at once. API sessions never serve as page
// sessions, nor page sessions as refresh tokens (session.Kind).

const (
	// apiRefreshCookie holds the refresh session's id.
	apiRefreshCookie = "portal_refresh"
	// apiRefreshCookiePath keeps the cookie off page requests.
	apiRefreshCookiePath = "/api"
	// apiCSRFHeader carries the CSRF token on cookie-authenticated calls.
	apiCSRFHeader = "X-CSRF-Token"
)

// Refresh limits: a client refreshes about once per token lifetime and once
// after a 401, so these leave plenty of room while stopping cookie guessing
// and refresh loops.
const (
	refreshSessionLimit = 30
	refreshIPLimit      = 300
	refreshWindow       = 15 * time.Minute
)

// apiSelfCSRF tells the CSRF middleware to let through the API operations
// that settle CSRF themselves, which are exactly those that are not
// APIBearer:
//   - APIPublic operations (log in, forgotten password, reset, invitation)
//     need no prior session and read only application/json bodies
//     (DecodeJSON), which a cross-site form cannot send and a cross-site
//     fetch cannot send without a CORS preflight the portal never grants;
//   - APIRefresh (token refresh) checks X-CSRF-Token against the refresh
//     session, which the middleware does not load.
//
// Only the exact method and lower-case path of such an operation match, so
// any other spelling that Fiber routes to the same handler still meets the
// middleware (fails closed). TestAPIPublicJSONOnly holds every one of them
// to the JSON-only rule.
func (s *Server) apiSelfCSRF(c fiber.Ctx) bool {
	return unsafeMethod(c.Method()) && s.selfCSRF[c.Method()+" "+c.Path()]
}

func (s *Server) apiSelfCSRFOps() map[string]bool {
	out := map[string]bool{}
	for _, op := range s.apiOps {
		if op.Auth == APIBearer || !unsafeMethod(op.Method) {
			continue
		}
		if strings.ContainsAny(op.Path, "{}") {
			panic("api: operation " + op.ID + " settles CSRF itself, so its path must be exact")
		}
		for _, base := range APIBases {
			out[op.Method+" "+base+op.Path] = true
		}
	}
	return out
}

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

func (s *Server) tokenReply(u provider.User, sess *session.Session) tokenReply {
	tok, _ := s.Tokens.Issue(u.ID, sess.Handle(), sess.Scope)
	return tokenReply{AccessToken: tok, TokenType: "Bearer", ExpiresIn: int(s.Tokens.TTL / time.Second),
		Scope: sess.Scope, CSRFToken: MaskedCSRF(sess)}
}

func (s *Server) setRefreshCookie(c fiber.Ctx, id string) {
	c.Cookie(&fiber.Cookie{Name: apiRefreshCookie, Value: id, Path: apiRefreshCookiePath, HTTPOnly: true,
		Secure: s.Config.TLS, SameSite: fiber.CookieSameSiteStrictMode, SessionOnly: true})
}

func (s *Server) clearRefreshCookie(c fiber.Ctx) {
	c.Cookie(&fiber.Cookie{Name: apiRefreshCookie, Value: "", Path: apiRefreshCookiePath, HTTPOnly: true,
		Secure: s.Config.TLS, SameSite: fiber.CookieSameSiteStrictMode, MaxAge: -1})
}

func apiUnauthorized(code, title string) *APIProblem {
	return &APIProblem{Status: fiber.StatusUnauthorized, Code: code, Title: title}
}

// apiAuthenticate finds the caller of an APIBearer operation: a bearer
// token when the request has an Authorization header, else the browser's
// session cookie (islands). The caller needs one of scopes. A problem is the
// answer to send; an error is internal.
func (s *Server) apiAuthenticate(c fiber.Ctx, op *APIOp) (*APICaller, *APIProblem, error) {
	ctx := c.Context()
	scopes := op.Scopes
	if h := c.Get(fiber.HeaderAuthorization); h != "" {
		return s.apiBearerCaller(c, h, scopes)
	}
	rq := Req(c)
	sess := rq.Session
	if sess == nil || sess.UserID == "" {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="portal"`)
		if rq.SessionExpired {
			return nil, apiExpired(), nil
		}
		return nil, apiUnauthorized(apiCodeUnauthenticated, "Authentication required"), nil
	}
	// The CSRF middleware checks this already; checking again here keeps a
	// cookie-authenticated change safe should that check ever be bypassed.
	if (unsafeMethod(c.Method()) || op.CookieCSRF) && !csrfValid(sess, c.Get(apiCSRFHeader)) {
		return nil, &APIProblem{Status: fiber.StatusForbidden, Code: apiCodeInvalidCSRF, Title: "Missing or invalid CSRF token"}, nil
	}
	u, prob, err := s.apiUser(ctx, sess)
	if prob != nil || err != nil {
		if prob != nil {
			rq.Session = nil
			s.ClearSessionCookie(c)
		}
		return nil, prob, err
	}
	if !apiScopeAllowed(scopes, sess.Scope, nil) {
		return nil, apiMissingScope(scopes), nil
	}
	return &APICaller{User: u, Session: sess}, nil, nil
}

func (s *Server) apiBearerCaller(c fiber.Ctx, h string, scopes []string) (*APICaller, *APIProblem, error) {
	ctx := c.Context()
	invalid := func() (*APICaller, *APIProblem, error) {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="portal", error="invalid_token"`)
		return nil, apiUnauthorized(apiCodeInvalidToken, "Invalid access token"), nil
	}
	expired := func() (*APICaller, *APIProblem, error) {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="portal", error="invalid_token", error_description="expired"`)
		return nil, apiExpired(), nil
	}
	scheme, raw, ok := strings.Cut(strings.TrimSpace(h), " ")
	raw = strings.TrimSpace(raw)
	if !ok || !strings.EqualFold(scheme, "Bearer") || raw == "" {
		return invalid()
	}
	claims, err := s.Tokens.Verify(raw)
	switch {
	case errors.Is(err, token.ErrExpired):
		return expired()
	case err != nil:
		return invalid()
	}
	sess, err := s.Sessions.LoadByHandle(ctx, claims.Session)
	if errors.Is(err, session.ErrNotFound) {
		return expired() // logged out, timed out or ended elsewhere
	}
	if err != nil {
		return nil, nil, err
	}
	if sess.Kind != session.KindAPI || sess.UserID == "" || sess.UserID != claims.Subject {
		return invalid()
	}
	u, prob, err := s.apiUser(ctx, sess)
	if prob != nil || err != nil {
		return nil, prob, err
	}
	if !apiScopeAllowed(scopes, sess.Scope, &claims) {
		return nil, apiMissingScope(scopes), nil
	}
	// An API call is activity: it keeps the session (and so the refresh
	// token) alive under the idle timeout, as a page view does.
	if err := s.Sessions.Touch(ctx, sess); errors.Is(err, session.ErrNotFound) {
		return expired()
	} else if err != nil {
		return nil, nil, err
	}
	return &APICaller{User: u, Session: sess, Claims: &claims}, nil, nil
}

// apiUser loads the session's user; a user who is gone or disabled loses
// the session at once.
func (s *Server) apiUser(ctx context.Context, sess *session.Session) (provider.User, *APIProblem, error) {
	u, err := s.Provider.UserByID(ctx, sess.UserID)
	if provider.ErrorCode(err) == provider.ENOTFOUND || (err == nil && u.Disabled) {
		if err := s.Sessions.Destroy(ctx, sess); err != nil {
			return provider.User{}, nil, err
		}
		return provider.User{}, apiExpired(), nil
	}
	if err != nil {
		return provider.User{}, nil, err
	}
	return u, nil, nil
}

// apiScopeAllowed: the session must hold one of the scopes, and so must the
// token when there is one. Requiring both means a token minted before a
// scope change cannot outrank its session, nor the session its token.
func apiScopeAllowed(scopes []string, sessScope string, claims *token.Claims) bool {
	for _, sc := range scopes {
		if sessScope == sc && (claims == nil || claims.HasScope(sc)) {
			return true
		}
	}
	return false
}

func apiMissingScope(scopes []string) *APIProblem {
	return &APIProblem{Status: fiber.StatusForbidden, Code: apiCodeMissingScope, Title: "Missing scope",
		Detail: "This call needs scope " + strings.Join(scopes, " or ") + "."}
}

// loginRequest is the body of POST /authentication/token.
type loginRequest struct {
	_        struct{} `description:"Credentials."`
	Email    string   `json:"email" description:"The user's e-mail address; required and valid." format:"email" example:"observer@demo.example"`
	Password string   `json:"password" description:"The user's password; required." format:"password"`
}

// apiLogin: the login form's rules and limits, answered in JSON.
func (s *Server) apiLogin(c fiber.Ctx, _ *APICaller) error {
	var in loginRequest
	if prob := DecodeJSON(c, &in); prob != nil {
		return APIErrors(c, prob.Status, *prob)
	}
	email := strings.TrimSpace(in.Email)
	if errs := validateLogin(email, in.Password); len(errs) > 0 {
		var ps []APIProblem
		for _, f := range []string{"email", "password"} {
			if m, ok := errs[f]; ok {
				ps = append(ps, APIProblem{Status: fiber.StatusUnprocessableEntity, Code: APICodeInvalid, Title: m,
					Source: &APISource{Pointer: "/" + f}})
			}
		}
		return APIErrors(c, fiber.StatusUnprocessableEntity, ps...)
	}
	ctx := c.Context()
	refused, err := s.CountLimits(c, tooManyLogins, s.loginLimits(c, email)...)
	if err != nil {
		s.Logger.Error("login limiter", "request_id", Req(c).ID, "err", err)
		return APIError(c, fiber.StatusServiceUnavailable, APICodeUnavailable, "Logging in is not possible right now. Please try again later.")
	}
	if refused != "" {
		return APIError(c, fiber.StatusTooManyRequests, APICodeTooMany, refused)
	}
	u, err := s.Provider.Authenticate(ctx, email, in.Password)
	if errors.Is(err, provider.ErrInvalidCredentials) || provider.ErrorCode(err) == provider.EUNAUTHORIZED {
		s.loginFailed(c, email)
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="portal"`)
		return APIError(c, fiber.StatusUnauthorized, apiCodeBadCredentials, msgBadCredentials)
	}
	if err != nil {
		return err
	}
	s.loginSucceeded(c, email)
	sess, err := s.Sessions.NewOfKind(ctx, session.KindAPI)
	if err != nil {
		return err
	}
	sess.UserID = u.ID
	// No side door around MFA (SECURITY.md): only a user who skips MFA is
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
	s.setRefreshCookie(c, sess.ID)
	s.Logger.Info("api login", "request_id", Req(c).ID, "user_id", u.ID, "scope", sess.Scope, "session", sess.Handle())
	return APISend(c, fiber.StatusOK, s.tokenReply(u, sess))
}

// apiLogout ends the caller's session: the token's session (and so the
// refresh token), or the browser's session when its cookie authenticated.
func (s *Server) apiLogout(c fiber.Ctx, a *APICaller) error {
	if err := s.Sessions.Destroy(c.Context(), a.Session); err != nil {
		return err
	}
	if a.viaCookie() {
		Req(c).Session = nil
		s.ClearSessionCookie(c)
	}
	s.clearRefreshCookie(c)
	s.Logger.Info("api logout", "request_id", Req(c).ID, "user_id", a.User.ID, "session", a.Session.Handle())
	return c.SendStatus(fiber.StatusNoContent)
}

// APIRefresh issues a new access token for the refresh cookie's session.
// The cookie is SameSite=Strict and the X-CSRF-Token header must match the
// session's token (returned as csrf_token at login), so another site can
// neither ride the cookie nor read a token.
func (s *Server) APIRefresh(c fiber.Ctx, _ *APICaller) error {
	ctx := c.Context()
	id := c.Cookies(apiRefreshCookie)
	lims := []RateLimit{{Key: "api:refresh:ip:" + s.ClientIP(c), Limit: refreshIPLimit, Window: refreshWindow}}
	if id != "" {
		lims = append(lims, RateLimit{Key: "api:refresh:sess:" + session.HandleOf(id), Limit: refreshSessionLimit, Window: refreshWindow})
	}
	refused, err := s.CountLimits(c, "token refreshes", lims...)
	if err != nil {
		s.Logger.Error("refresh limiter", "request_id", Req(c).ID, "err", err)
		return APIError(c, fiber.StatusServiceUnavailable, APICodeUnavailable, "Refreshing is not possible right now. Please try again later.")
	}
	if refused != "" {
		return APIError(c, fiber.StatusTooManyRequests, APICodeTooMany, refused)
	}
	expired := func() error {
		s.clearRefreshCookie(c)
		return APIErrors(c, fiber.StatusUnauthorized, *apiExpired())
	}
	if id == "" {
		return expired()
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
	if !csrfValid(sess, c.Get(apiCSRFHeader)) {
		s.Logger.Warn("csrf rejected", "request_id", Req(c).ID, "path", c.Path(), "had_session", true)
		return APIError(c, fiber.StatusForbidden, apiCodeInvalidCSRF, "Missing or invalid CSRF token")
	}
	u, prob, err := s.apiUser(ctx, sess)
	if err != nil {
		return err
	}
	if prob != nil {
		s.clearRefreshCookie(c)
		return APIErrors(c, prob.Status, *prob)
	}
	if err := s.Sessions.Touch(ctx, sess); errors.Is(err, session.ErrNotFound) {
		return expired()
	} else if err != nil {
		return err
	}
	return APISend(c, fiber.StatusOK, s.tokenReply(u, sess))
}
