package server

import (
	"context"
	"errors"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server/api"
	"portal/session"
	"portal/token"
)

// API authentication: who calls an api.Bearer operation. Logging in (the
// auth area) creates a server-side session of kind API, and that session is
// the refresh token: its id goes to the client only in
// the HttpOnly, SameSite=Strict cookie portal_refresh (Path=/api). Access
// tokens are short-lived JWTs naming the session by its handle (sid), which
// is no credential: presented as a cookie it opens nothing, so a leaked
// 15-minute token cannot become a browser session. Every call checks that
// the session still lives, so logout, timeouts, disabling the user and "end
// all sessions" revoke tokens at once. API sessions never serve as page
// sessions, nor page sessions as refresh tokens (session.Kind).

// apiSelfCSRF tells the CSRF middleware to let through the API operations
// that settle CSRF themselves, which are exactly those that are not
// api.Bearer:
//   - api.Public operations (log in, forgotten password, reset, invitation)
//     need no prior session and read only application/json bodies
//     (api.DecodeJSON), which a cross-site form cannot send and a cross-site
//     fetch cannot send without a CORS preflight the portal never grants;
//   - api.Refresh (token refresh) checks X-CSRF-Token against the refresh
//     session, which the middleware does not load.
//
// Only the exact method and lower-case path of such an operation match, so
// any other spelling that Fiber routes to the same handler still meets the
// middleware (fails closed). TestAPIPublicJSONOnly holds every one of them
// to the JSON-only rule.
func (s *Server) apiSelfCSRF(c fiber.Ctx) bool {
	return api.UnsafeMethod(c.Method()) && s.selfCSRF[c.Method()+" "+c.Path()]
}

// apiBearerWrite reports whether the request goes to a change that needs
// credentials (api.Bearer), in any spelling Fiber routes to it.
func (s *Server) apiBearerWrite(c fiber.Ctx) bool {
	if !strings.HasPrefix(c.Path(), "/api/") {
		return false
	}
	for _, op := range s.apiOps {
		if op.Auth != api.Bearer || op.Method != c.Method() {
			continue
		}
		for _, base := range api.Bases {
			if apiPathMatch(c.Path(), base, op.Path) {
				return true
			}
		}
	}
	return false
}

func (s *Server) apiSelfCSRFOps() map[string]bool {
	out := map[string]bool{}
	for _, op := range s.apiOps {
		if op.Auth == api.Bearer || !api.UnsafeMethod(op.Method) {
			continue
		}
		if strings.ContainsAny(op.Path, "{}") {
			panic("api: operation " + op.ID + " settles CSRF itself, so its path must be exact")
		}
		for _, base := range api.Bases {
			out[op.Method+" "+base+op.Path] = true
		}
	}
	return out
}

func apiUnauthorized(code, title string) *api.Problem {
	return &api.Problem{Status: fiber.StatusUnauthorized, Code: code, Title: title}
}

// apiAuthenticate finds the caller of an api.Bearer operation: a bearer
// token when the request has an Authorization header, else the browser's
// session cookie (islands). The caller needs one of scopes. A problem is the
// answer to send; an error is internal.
func (s *Server) apiAuthenticate(c fiber.Ctx, op *api.Op) (*api.Caller, *api.Problem, error) {
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
			return nil, api.Expired(), nil
		}
		return nil, apiUnauthorized(api.CodeUnauthenticated, "Authentication required"), nil
	}
	// The CSRF middleware checks this already; checking again here keeps a
	// cookie-authenticated change safe should that check ever be bypassed.
	if (api.UnsafeMethod(c.Method()) || op.CookieCSRF) && !CSRFValid(sess, c.Get(api.CSRFHeader)) {
		return nil, &api.Problem{Status: fiber.StatusForbidden, Code: api.CodeInvalidCSRF, Title: api.MsgInvalidCSRF}, nil
	}
	u, prob, err := s.APIUser(ctx, sess)
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
	return &api.Caller{User: u, Session: sess}, nil, nil
}

func (s *Server) apiBearerCaller(c fiber.Ctx, h string, scopes []string) (*api.Caller, *api.Problem, error) {
	ctx := c.Context()
	invalid := func() (*api.Caller, *api.Problem, error) {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="portal", error="invalid_token"`)
		return nil, apiUnauthorized(api.CodeInvalidToken, "Invalid access token"), nil
	}
	expired := func() (*api.Caller, *api.Problem, error) {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="portal", error="invalid_token", error_description="expired"`)
		return nil, api.Expired(), nil
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
	u, prob, err := s.APIUser(ctx, sess)
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
	return &api.Caller{User: u, Session: sess, Claims: &claims}, nil, nil
}

// APIUser loads the session's user; a user who is gone or disabled loses
// the session at once.
func (s *Server) APIUser(ctx context.Context, sess *session.Session) (provider.User, *api.Problem, error) {
	u, err := s.Provider.UserByID(ctx, sess.UserID)
	if provider.ErrorCode(err) == provider.ENOTFOUND || (err == nil && u.Disabled) {
		if err := s.Sessions.Destroy(ctx, sess); err != nil {
			return provider.User{}, nil, err
		}
		return provider.User{}, api.Expired(), nil
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

func apiMissingScope(scopes []string) *api.Problem {
	return &api.Problem{Status: fiber.StatusForbidden, Code: api.CodeMissingScope, Title: "Missing scope",
		Detail: "This call needs scope " + strings.Join(scopes, " or ") + "."}
}
