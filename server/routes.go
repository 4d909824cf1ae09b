package server

import (
	"errors"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/session"
)

// Access says which sessions may open a route.
type Access int

const (
	// Public routes are open to everyone.
	Public Access = iota
	// GuestOnly routes send a fully authenticated user to "/" (spec 000 §2:
	// /login, /logout, password and invitation pages).
	GuestOnly
	// LoginOrDashboard routes need scope login or dashboard (the MFA pages).
	LoginOrDashboard
	// Dashboard routes need a fully authenticated session.
	Dashboard
)

// Perms is a route's permission list, for an area that names its lists once
// (read, manage …) and gives them to several routes.
func Perms(ps ...access.Permission) []access.Permission { return ps }

// Route is one entry of the route table, from which the router, the guards
// and the sidebar are all built.
type Route struct {
	Name   string
	Method string
	Path   string // Fiber pattern; organisation routes start with /org/:org
	Access Access
	// Perms must all be held (permission guard → organisation root).
	Perms []access.Permission
	// Gate is a configuration, feature-flag or batches guard (→ organisation
	// root when it says no); GateName documents it.
	Gate     func(*OrgContext) bool
	GateName string
	// Handler is nil for a screen a later issue builds: the guards still
	// run, then the visitor sees the not-found page.
	Handler fiber.Handler
	// Off says the service the handler needs is not configured (Area.Off
	// sets it on all of an area's routes): the screen is built, but the
	// guards run and then the visitor sees the not-found page, so the
	// handler may take its services as given.
	Off bool
	Nav *NavEntry
	// BodyLimit raises the request body limit of this route above
	// defaultBodyLimit (limits.go), e.g. batchUploadBodyLimit for the batch
	// upload; 0 keeps the default, which is what forms and JSON need.
	BodyLimit int
	// Expired answers a post of this form whose CSRF token does not match,
	// most often a form left open past the session's end; nil is the "Form
	// expired" page (FormExpired). Only an exact path (no parameter) may
	// have one: the CSRF check runs before routing and the guards.
	Expired fiber.Handler
	// FormLabels names the fields of this POST route's form for the saved
	// form page (a form posted after the session ended, savedform.go):
	// field → label, "" to carry a field without showing it. Fields not
	// listed are shown by their name in words, except hidden helpers
	// (notListed, and names starting with "_").
	FormLabels map[string]string
}

// Org reports whether the route lives under an organisation.
func (r *Route) Org() bool { return strings.HasPrefix(r.Path, "/org/:org") }

// OrgContext is what an organisation route knows about where it is.
type OrgContext struct {
	Org         provider.Organisation
	Role        string
	Perms       access.Set
	Config      provider.Configuration
	Products    provider.ContractedProducts
	Flags       provider.FeatureFlags
	Accounts    []provider.Account
	Alerts      []provider.Alert
	Memberships []provider.Membership
	// AccountsErr is set when only the account list failed: the pages carry
	// on without accounts, and the account pages say so (spec 000 §8) in
	// the words of MsgAccountsDown.
	AccountsErr error
}

// MsgAccountsDown is the spec's text (000 §8) wherever accounts would show
// while AccountsErr is set.
const MsgAccountsDown = "Accounts information is temporarily unavailable."

// MsgSharedAccount is the spec's sentence (000 §2 "Dashboard") for an account the
// organisation does not own but that is shared with it: wherever such an account would show
// more than its name, number, currency and balance (docs/areas/accounts.md).
const MsgSharedAccount = "Please reach out to account owner for account information"

// Shared reports whether number is an account shared with the organisation, not owned by it:
// its movements, transfers and statements are refused (403).
func (o *OrgContext) Shared(number string) bool {
	for _, a := range o.Accounts {
		if a.AccountNumber == number {
			return !a.Owner
		}
	}
	return false
}

// Can reports whether the role grants every permission.
func (o *OrgContext) Can(ps ...access.Permission) bool {
	for _, p := range ps {
		if !o.Perms.Has(p) {
			return false
		}
	}
	return true
}

// OwnedAccounts are the accounts the organisation owns (sidebar, selectors).
func (o *OrgContext) OwnedAccounts() []provider.Account {
	var out []provider.Account
	for _, a := range o.Accounts {
		if a.Owner {
			out = append(out, a)
		}
	}
	return out
}

// Gates of the spec (000 §6, 001 §2 and §6).

// BatchesGate is the batches area's guard: the batches page flag and batches_enabled above 0.
func BatchesGate(o *OrgContext) bool {
	return o.Flags.On(provider.FlagBatchesPage) && o.Config.BatchesEnabled > 0
}

// DraftApprovalGate is the payout draft approval flow (spec 001 §6), the same rule the
// provider applies when publishing (provider.DraftApprovalOn).
func DraftApprovalGate(o *OrgContext) bool { return provider.DraftApprovalOn(o.Config, o.Flags) }

// ApprovalFlowOn says whether some approval flow is on (spec 001 §6): the
// batches page with batch approval required, or payout draft approval.
// Reviewer roles are offered only then.
func ApprovalFlowOn(o *OrgContext) bool {
	return BatchesGate(o) && o.Config.BatchNumberOfApprovers > 0 || DraftApprovalGate(o)
}

// TestCasesGate names TestCasesOn as a route's gate.
const TestCasesGate = "sandbox + flag sandbox_test_cases or canary_ui"

// TestCasesOn says whether the sandbox test cases of payouts and collection orders are
// offered (spec 001 §1, §4): only in the sandbox, and there with the sandbox test-case flag
// or the canary UI flag.
func (s *Server) TestCasesOn(o *OrgContext) bool {
	return s.Config.Sandbox() && (o.Flags.On(provider.FlagSandboxTestCases) || o.Flags.On(provider.FlagCanaryUI))
}

// allowed applies a route's permission and gate to an organisation context;
// the guard and the sidebar both ask it, so they cannot disagree.
func (r *Route) allowed(o *OrgContext) bool {
	if o == nil {
		return len(r.Perms) == 0 && r.Gate == nil
	}
	return o.Can(r.Perms...) && (r.Gate == nil || r.Gate(o))
}

func Redirect(c fiber.Ctx, to string) error {
	return c.Redirect().Status(fiber.StatusSeeOther).To(to)
}

// LoginMFAExpired is where an MFA step whose login expired goes; the login
// page says "Your token was expired, please login again" there.
const LoginMFAExpired = "/login?mfaExpired"

// MsgMFAConfigFailed is spec 000 §8's text for a failing MFA configuration
// check.
const MsgMFAConfigFailed = "Failed fetch MFA configuration"

// LoginURL sends a visitor to log in and come back where they were.
func LoginURL(c fiber.Ctx, expired bool) string {
	q := url.Values{}
	// Path and query only: the request line may hold an absolute URI.
	target := string(c.Request().URI().RequestURI())
	if c.Method() == fiber.MethodGet && target != "/" {
		q.Set("redirect_url", target)
	}
	if expired {
		q.Set("expired", "1")
	}
	if len(q) == 0 {
		return "/login"
	}
	return "/login?" + q.Encode()
}

// guarded wraps a route's handler in its guards, in the spec's order:
// session, organisation, permission, configuration / feature flag.
func (s *Server) guarded(r *Route) fiber.Handler {
	return func(c fiber.Ctx) error {
		rq := Req(c)
		sess := rq.Session
		scope := ""
		if sess != nil && sess.UserID != "" {
			scope = sess.Scope
		}
		switch r.Access {
		case GuestOnly:
			if scope == session.ScopeDashboard {
				return Redirect(c, "/")
			}
		case LoginOrDashboard:
			if scope == "" && rq.SessionExpired {
				// An MFA step whose login expired (spec 000 §8).
				return Redirect(c, LoginMFAExpired)
			}
			if scope == "" {
				return Redirect(c, LoginURL(c, false))
			}
			if scope != session.ScopeLogin && scope != session.ScopeDashboard {
				return Redirect(c, "/")
			}
		case Dashboard:
			if scope == "" {
				return Redirect(c, LoginURL(c, rq.SessionExpired))
			}
			if scope != session.ScopeDashboard {
				return Redirect(c, "/login?redirect_code=MissingScope")
			}
		}
		if scope != "" && r.Access != GuestOnly {
			ok, err := s.loadUser(c)
			if err != nil && scope == session.ScopeLogin {
				// The user record is the MFA configuration the steps check.
				s.Logger.Error("mfa configuration", "request_id", rq.ID, "err", err)
				return s.errorPage(c, fiber.StatusServiceUnavailable, MsgMFAConfigFailed)
			}
			if err != nil {
				return err
			}
			if !ok {
				return Redirect(c, "/login")
			}
		}
		if r.Org() {
			org, err := s.enterOrg(c, c.Params("org"))
			if err != nil {
				return err
			}
			if org == nil {
				return Redirect(c, "/no-organisation")
			}
			if !r.allowed(org) {
				return Redirect(c, OrgHome(org.Org.ID))
			}
		}
		if r.Handler == nil || r.Off {
			return s.NotFound(c)
		}
		return r.Handler(c)
	}
}

// loadUser fetches the session's user; a user who has gone or was disabled
// loses the session at once.
func (s *Server) loadUser(c fiber.Ctx) (bool, error) {
	rq := Req(c)
	u, err := s.Provider.UserByID(c.Context(), rq.Session.UserID)
	if provider.ErrorCode(err) == provider.ENOTFOUND || (err == nil && u.Disabled) {
		_ = s.Sessions.Destroy(c.Context(), rq.Session)
		rq.Session = nil
		s.ClearSessionCookie(c)
		return false, nil
	}
	if err != nil {
		return false, err
	}
	rq.User = &u
	return true, nil
}

// enterOrg loads the organisation context after checking membership (the
// cross-organisation check). It stores the current organisation and role in
// the session, as the spec asks. nil means: not this user's organisation.
func (s *Server) enterOrg(c fiber.Ctx, orgID string) (*OrgContext, error) {
	rq := Req(c)
	ctx := c.Context()
	m, err := s.Provider.Membership(ctx, rq.User.ID, orgID)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return nil, nil
	}
	// Spec 000 §2: entering an organisation whose loading fails goes to
	// /no-organisation, like an unknown one; the log keeps the cause.
	failed := func(what string, err error) (*OrgContext, error) {
		s.Logger.Error("enter organisation", "request_id", rq.ID, "organisation_id", orgID, "loading", what, "err", err)
		return nil, nil
	}
	if err != nil {
		return failed("membership", err)
	}
	o := &OrgContext{Org: m.Organisation, Role: access.Normalize(m.Role), Perms: access.For(m.Role)}
	if o.Config, err = s.Provider.Configuration(ctx, orgID); err != nil {
		return failed("configuration", err)
	}
	if o.Products, err = s.Provider.ContractedProducts(ctx, orgID); err != nil {
		return failed("contracted products", err)
	}
	if o.Flags, err = s.Provider.FeatureFlags(ctx, orgID); err != nil {
		return failed("feature flags", err)
	}
	if o.Accounts, err = s.Provider.Accounts(ctx, orgID); err != nil {
		s.Logger.Error("accounts list", "request_id", rq.ID, "organisation_id", orgID, "err", err)
		o.Accounts, o.AccountsErr = nil, err
	}
	if o.Alerts, err = s.Provider.Alerts(ctx, orgID); err != nil {
		return failed("alerts", err)
	}
	if o.Memberships, err = s.Provider.Memberships(ctx, rq.User.ID); err != nil {
		return failed("memberships", err)
	}
	rq.Org = o
	if rq.Session.OrgID != orgID || rq.Session.Role != o.Role {
		rq.Session.OrgID, rq.Session.Role = orgID, o.Role
		if err := s.Sessions.Save(ctx, rq.Session); err != nil && !errors.Is(err, session.ErrNotFound) {
			return nil, err
		}
	}
	return o, nil
}
