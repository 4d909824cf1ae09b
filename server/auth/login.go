package auth

import (
	"context"
	"errors"
	"net/mail"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/ratelimit"
	"portal/server"
	"portal/session"
)

// Login limits: per account (whatever e-mail is typed, so the limit reveals
// nothing about which accounts exist) and per client address.
const (
	loginAccountLimit   = 10
	defaultLoginIPLimit = 50
	loginWindow         = 15 * time.Minute
)

// Messages of the login form. "Must be a valid email" is the spec's; the
// required-field texts are ours (the spec names the rule, not the words).
const (
	msgEmailRequired    = "Email is required"
	MsgEmailInvalid     = "Must be a valid email"
	MsgPasswordRequired = "Password is required"
	msgBadCredentials   = "Incorrect email or password."
	msgExpiredLogin     = "Your login expired"
	msgExpiredLoginMore = "Please log in again."
	msgMFAExpired       = "Your token was expired, please login again" // spec 000 §8
	msgMissingScope     = "Your session does not give access to that page. Please log in again."
)

type loginForm struct {
	Email    string
	Errors   map[string]string
	Base     string
	Redirect string
}

// EmailFormProps are the props shared by the auth pages whose form asks for
// an e-mail address (login, forgot password).
type EmailFormProps struct {
	Sandbox bool              `json:"sandbox"`
	CSRF    string            `json:"csrf"`
	Email   string            `json:"email"`
	Errors  map[string]string `json:"errors"`
	Base    string            `json:"base,omitempty"`
	Notice  *Notice           `json:"notice,omitempty"`
}

// EmailForm gives an anonymous visitor a session (for the form's CSRF
// token) and fills the shared props; Errors is never null.
func EmailForm(s *server.Server, c fiber.Ctx, email string, errs map[string]string, base string) (EmailFormProps, error) {
	_, err := s.EnsureSession(c)
	if err != nil {
		return EmailFormProps{}, err
	}
	if errs == nil {
		errs = map[string]string{}
	}
	return EmailFormProps{Sandbox: s.Config.Sandbox(), CSRF: server.Req(c).CSRF(), Email: email, Errors: errs, Base: base}, nil
}

// LoginProps are the props of templates/pages/auth/Login.tsx.
type LoginProps struct {
	EmailFormProps
	RedirectURL string `json:"redirectUrl,omitempty"`
	FromDocs    bool   `json:"fromDocs,omitempty"`
}

// Notice is a titled message at the top of an auth page.
type Notice struct {
	Kind  string `json:"kind"`
	Title string `json:"title"`
	Text  string `json:"text,omitempty"`
}

func (s area) loginGet(c fiber.Ctx) error {
	return s.loginPage(c, loginForm{Redirect: c.Query("redirect_url")}, fiber.StatusOK)
}

// loginExpired answers a login form left open past the idle timeout: the
// form again with what was typed, rather than a dead end.
func (s area) loginExpired(c fiber.Ctx) error {
	return s.loginPage(c, loginForm{Email: c.FormValue("email"), Base: "The form expired. Please submit it again."}, fiber.StatusForbidden)
}

func (s area) loginPage(c fiber.Ctx, f loginForm, status int) error {
	ef, err := EmailForm(s.Server, c, f.Email, f.Errors, f.Base)
	if err != nil {
		return err
	}
	p := LoginProps{EmailFormProps: ef, FromDocs: server.QueryFlag(c, "fromDocs")}
	if t, ok := server.SafeRedirect(f.Redirect); ok {
		p.RedirectURL = t
	} else if p.FromDocs {
		// The login carries the way back to the API Reference through MFA
		// like any redirect target.
		p.RedirectURL = "/docs"
	}
	switch {
	case server.QueryFlag(c, "mfaExpired"):
		p.Notice = &Notice{Kind: "warning", Title: msgMFAExpired}
	case server.QueryFlag(c, "expired") || server.Req(c).SessionExpired:
		p.Notice = &Notice{Kind: "warning", Title: msgExpiredLogin, Text: msgExpiredLoginMore}
	case c.Query("redirect_code") == "MissingScope":
		p.Notice = &Notice{Kind: "warning", Title: msgMissingScope}
	case server.QueryFlag(c, "user_logout"):
		p.Notice = &Notice{Kind: "info", Title: "You have been logged out."}
	case server.QueryFlag(c, "fromDocs"):
		p.Notice = &Notice{Kind: "info", Title: "Log in to continue to the API Reference."}
	}
	return s.Render(c, server.View{Status: status, Title: "Log in", Page: pageLogin.With(p)})
}

// validateLogin applies the spec's login rules: email valid and required,
// password required.
func validateLogin(email, password string) map[string]string {
	errs := map[string]string{}
	if msg := ValidateEmail(email); msg != "" {
		errs["email"] = msg
	}
	if password == "" {
		errs["password"] = MsgPasswordRequired
	}
	return errs
}

// ValidateEmail is the e-mail rule of the login and forgot password forms
// (spec 000 §5: required and valid): the field's message, "" when valid.
// testdata/email-rules.json holds its cases.
func ValidateEmail(email string) string {
	switch {
	case strings.TrimSpace(email) == "":
		return msgEmailRequired
	case !validEmail(email):
		return MsgEmailInvalid
	}
	return ""
}

// ValidEmail is the portal's one e-mail format check (the login, forgot
// password, user and profile forms).
func ValidEmail(s string) bool { return validEmail(s) }

func validEmail(s string) bool {
	s = strings.TrimSpace(s)
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndex(s, "@"):], ".")
}

func (s area) loginPost(c fiber.Ctx) error {
	email := strings.TrimSpace(c.FormValue("email"))
	password := c.FormValue("password")
	f := loginForm{Email: email, Redirect: c.FormValue("redirect_url")}
	if errs := validateLogin(email, password); len(errs) > 0 {
		f.Errors = errs
		return s.loginPage(c, f, fiber.StatusUnprocessableEntity)
	}
	ctx := c.Context()
	refused, err := s.CountLimits(c, tooManyLogins, s.loginLimits(c, email)...)
	if err != nil {
		return err // fail closed: no login when the limiter cannot count
	}
	if refused != "" {
		s.auditRefusedLogin(c, email)
		f.Base = refused
		return s.loginPage(c, f, fiber.StatusTooManyRequests)
	}
	u, err := s.Provider.Authenticate(ctx, email, password)
	if errors.Is(err, provider.ErrInvalidCredentials) || provider.ErrorCode(err) == provider.EUNAUTHORIZED {
		s.loginFailed(c, email)
		f.Base = msgBadCredentials
		return s.loginPage(c, f, fiber.StatusUnauthorized)
	}
	if err != nil {
		return err
	}
	s.loginSucceeded(c, email)
	sess, err := s.newLoginSession(c)
	if err != nil {
		return err
	}
	sess.UserID = u.ID
	sess.Values = map[string]string{}
	if t, ok := server.SafeRedirect(f.Redirect); ok {
		sess.Values["redirect_url"] = t
	}
	// The spec's MFA configuration check decides where the login goes on.
	next := "/login_transition"
	switch {
	case u.SkipMFA:
		sess.Scope = session.ScopeDashboard
	case hasSecondFactor(&u):
		sess.Scope, next = session.ScopeLogin, "/mfa-verify"
	default:
		sess.Scope, next = session.ScopeLogin, "/mfa-setup"
		s.startAuthenticator(c, u.ID)
	}
	if err := s.Sessions.Save(ctx, sess); err != nil {
		return err
	}
	s.auditLogin(c, u, sess)
	s.Logger.Info("login", "request_id", server.Req(c).ID, "user_id", u.ID, "scope", sess.Scope)
	return server.Redirect(c, next)
}

// newLoginSession ends the browser's session, if any, and starts an empty
// one with a new id. Nothing of an earlier visit or login carries over: not
// another user's MFA progress, nor a setup page opened before (a session
// still waiting for MFA may post the login form again).
func (s area) newLoginSession(c fiber.Ctx) (*session.Session, error) {
	rq := server.Req(c)
	if rq.Session != nil {
		if err := s.Sessions.Destroy(c.Context(), rq.Session); err != nil {
			return nil, err
		}
		rq.Session = nil
	}
	sess, err := s.Sessions.New(c.Context())
	if err != nil {
		return nil, err
	}
	sess.UserAgent = server.UserAgent(c)
	s.SetSessionCookie(c, sess.ID)
	rq.Session = sess
	return sess, nil
}

// loginSlowDown is how long the answer to the n-th wrong password for an
// account within loginWindow waits: nothing for the first three, then 1 s,
// 2 s, and 3 s from the sixth on, until the account limit locks logins.
func loginDelay(n int) time.Duration {
	if n <= 3 {
		return 0
	}
	return time.Duration(min(n-3, 3)) * time.Second
}

// loginSlowDown is loginDelay, as a variable so tests need not wait.
var loginSlowDown = loginDelay

// loginFailed counts a wrong password for whatever e-mail was typed (so the
// slow-down reveals nothing about which accounts exist) and slows the answer.
func (s area) loginFailed(c fiber.Ctx, email string) {
	s.audit(c, provider.AuditEvent{Kind: provider.AuditLoginFailed, AboutEmail: email})
	res, err := s.Limiter.Hit(c.Context(), "login:fail:"+strings.ToLower(email), 1<<20, loginWindow)
	if err != nil {
		return // the account limit still holds; the slow-down is extra
	}
	if d := loginSlowDown(res.Count); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-c.Context().Done():
		}
	}
}

// loginSucceeded forgets an account's failed attempts.
func (s area) loginSucceeded(c fiber.Ctx, email string) {
	_ = UnlockLogin(c.Context(), s.Limiter, email)
	_ = s.Limiter.Reset(c.Context(), "login:fail:"+strings.ToLower(email))
}

// tooManyLogins is what a refused login had too many of.
const tooManyLogins = "login attempts"

// loginAccountKey counts the logins of the account an e-mail names
// (whatever e-mail is typed, so the limit reveals nothing about which
// accounts exist); re-authentication counts there too.
func loginAccountKey(email string) string { return "login:acct:" + strings.ToLower(email) }

// loginLimits are what one login counts against: the client's address and
// the account.
func (s area) loginLimits(c fiber.Ctx, email string) []server.RateLimit {
	return []server.RateLimit{
		{Key: "login:ip:" + s.ClientIP(c), Limit: s.loginIPLimit(), Window: loginWindow},
		{Key: loginAccountKey(email), Limit: loginAccountLimit, Window: loginWindow},
	}
}

// UnlockLogin lifts the per-account login limit of the account an e-mail
// names: a password set with a reset link works at once.
func UnlockLogin(ctx context.Context, l ratelimit.Limiter, email string) error {
	return l.Reset(ctx, loginAccountKey(email))
}

// loginIPLimit is the per-address limit: configurable, because many users
// behind one office NAT (or a test suite) share an address.
func (s area) loginIPLimit() int {
	if s.Config.LoginIPLimit > 0 {
		return s.Config.LoginIPLimit
	}
	return defaultLoginIPLimit
}

// root: "/" goes to login when logged out, else to the default
// organisation, else the first.
func (s area) root(c fiber.Ctx) error {
	sess := server.Req(c).Session
	if sess == nil || sess.UserID == "" || sess.Scope != session.ScopeDashboard {
		return server.Redirect(c, server.LoginURL(c, server.Req(c).SessionExpired))
	}
	ms, err := s.Provider.Memberships(c.Context(), sess.UserID)
	if err != nil {
		return s.organisationsFailed(c, err)
	}
	id := pickOrganisation(ms, "")
	if id == "" {
		return server.Redirect(c, "/no-organisation")
	}
	return server.Redirect(c, server.OrgHome(id))
}

// organisationsFailed: the organisations lookup after login failed, which
// the spec answers like having none (/no-organisation); the log keeps why.
func (s area) organisationsFailed(c fiber.Ctx, err error) error {
	s.Logger.Error("organisations lookup", "request_id", server.Req(c).ID, "err", err)
	return server.Redirect(c, "/no-organisation")
}

// pickOrganisation: the redirect target's organisation if the user belongs
// to it, else the default, else the first.
func pickOrganisation(ms []provider.Membership, want string) string {
	if len(ms) == 0 {
		return ""
	}
	for _, m := range ms {
		if want != "" && m.Organisation.ID == want {
			return want
		}
	}
	for _, m := range ms {
		if m.Default {
			return m.Organisation.ID
		}
	}
	return ms[0].Organisation.ID
}

// orgOfPath returns the organisation id of an /org/{id}/... path.
func orgOfPath(p string) string {
	rest, ok := strings.CutPrefix(p, "/org/")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// switchOrganisation is the organisation dropdown's action: save the choice
// as default and go there. The switch happens even when saving the default
// fails; the user is told with the spec's warning.
func (s area) switchOrganisation(c fiber.Ctx) error {
	rq := server.Req(c)
	id := c.FormValue("organisation_id")
	if _, err := s.Provider.Membership(c.Context(), rq.User.ID, id); err != nil {
		if provider.ErrorCode(err) == provider.ENOTFOUND {
			return server.Redirect(c, "/no-organisation")
		}
		return err
	}
	if err := s.Provider.SetDefaultOrganisation(c.Context(), rq.User.ID, id); err != nil {
		s.Logger.Warn("set default organisation", "request_id", rq.ID, "err", err)
		if err := s.Flash(c, session.FlashWarning, "Unable to set default organisation"); err != nil {
			return err
		}
	}
	return server.Redirect(c, server.OrgHome(id))
}

// loginTransition is the redirect screen after login: it picks the
// organisation and moves on to its login_transition splash.
func (s area) loginTransition(c fiber.Ctx) error {
	rq := server.Req(c)
	ms, err := s.Provider.Memberships(c.Context(), rq.User.ID)
	if err != nil {
		return s.organisationsFailed(c, err)
	}
	target := rq.Session.Values["redirect_url"]
	id := pickOrganisation(ms, orgOfPath(target))
	if id == "" {
		// A login of no organisation yet may be on its way to accept an invitation.
		if t, ok := server.SafeRedirect(target); ok && strings.HasPrefix(t, "/invitations/join/") {
			delete(rq.Session.Values, "redirect_url")
			if err := s.Sessions.Save(c.Context(), rq.Session); err != nil {
				return err
			}
			return server.Redirect(c, t)
		}
		return server.Redirect(c, "/no-organisation")
	}
	return server.Redirect(c, s.Path("org.login_transition", id))
}

// TransitionProps are the props of templates/pages/auth/LoginTransition.tsx.
type TransitionProps struct {
	Next string `json:"next"`
}

// orgLoginTransition shows the "Logging in" splash, then moves on (a meta
// refresh, so it works without JavaScript) to the page the user asked for.
func (s area) orgLoginTransition(c fiber.Ctx) error {
	rq := server.Req(c)
	next := server.OrgHome(rq.Org.Org.ID)
	if t, ok := server.SafeRedirect(rq.Session.Values["redirect_url"]); ok && orgOfPath(t) == rq.Org.Org.ID {
		next = t
	} else if ok && orgOfPath(t) == "" && t != "/" && !strings.HasPrefix(t, "/login") {
		next = t
	}
	if _, had := rq.Session.Values["redirect_url"]; had {
		delete(rq.Session.Values, "redirect_url")
		if err := s.Sessions.Save(c.Context(), rq.Session); err != nil {
			return err
		}
	}
	return s.Render(c, server.View{Title: "Logging in", Page: pageLoginTransition.With(TransitionProps{Next: next}), Refresh: next})
}

func (s area) noOrganisation(c fiber.Ctx) error {
	return s.Render(c, server.View{Title: "No organisation",
		Page: pageNoOrganisation.With(server.PlainProps{Sandbox: s.Config.Sandbox(), CSRF: server.Req(c).CSRF()})})
}

// logout ends the session on the server, then shows the logged-out page.
func (s area) logout(c fiber.Ctx) error {
	rq := server.Req(c)
	if rq.Session != nil {
		if err := s.Sessions.Destroy(c.Context(), rq.Session); err != nil {
			return err
		}
		s.auditSessionEnded(c, rq.Session, "logged out")
		rq.Session = nil
	}
	s.ClearSessionCookie(c)
	if c.FormValue("next") == "login" {
		return server.Redirect(c, "/login")
	}
	return server.Redirect(c, "/logout")
}

func (s area) loggedOut(c fiber.Ctx) error {
	return s.Render(c, server.View{Title: "Logged out", Page: pageLoggedOut.With(server.PlainProps{Sandbox: s.Config.Sandbox()})})
}
