// Package server is the portal's HTTP layer: Fiber, the middleware chain,
// the route table with its guards, the page handlers and form actions, and
// the JSON API.
package server

import (
	"context"
	"log/slog"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"

	"portal/provider"
	"portal/ratelimit"
	"portal/savedform"
	"portal/server/api"
	"portal/session"
	"portal/ssr"
	"portal/token"
)

// Config is what the server needs to know about its environment.
type Config struct {
	// Env is "sandbox" (banner, demo data, the outbox) or "production".
	// Anything but "sandbox", the empty string included, is production: the
	// sandbox hands out every user's codes and links, so it must be asked
	// for, never fallen into.
	Env string
	// TLS says the portal is reached over HTTPS: cookies get Secure and the
	// __Host- prefix, and HSTS is sent.
	TLS bool
	// SupportURL is where "Contact support" points.
	SupportURL string
	// SessionsBackend names where sessions live ("redis" or "memory"), for
	// /healthz.
	SessionsBackend string
	// LoginIPLimit is how many logins one address may try per 15 minutes
	// (default 50).
	LoginIPLimit int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names the
	// client for the per-address limits (see ClientIP); empty: the socket's
	// peer is the client.
	TrustedProxies []netip.Prefix
	// OutboxShared serves the sandbox outbox to every client, for a shared
	// demo. Without it the outbox answers only on loopback connections: it
	// lists every user's codes, reset links and push requests.
	OutboxShared bool
	// CryptoWidgetURL is the crypto partner's widget base (…/wallets, …/history); empty means
	// the sandbox's own partner widget on this portal.
	CryptoWidgetURL string
	// PublicURL is the origin users reach the portal at ("https://portal.example.com"):
	// the passkeys' relying party (its host is the RP ID, the origin is what the browser
	// must report). Empty: passkeys are not offered.
	PublicURL string
}

// Sandbox reports whether the sandbox banner and sandbox helpers are on.
func (c Config) Sandbox() bool { return c.Env == "sandbox" }

// OutboxServing says where the sandbox outbox answers, for the start-up log.
func (c Config) OutboxServing() string {
	switch {
	case !c.Sandbox():
		return "nowhere (production)"
	case c.OutboxShared:
		return "to every client (shared demo)"
	default:
		return "to loopback connections only"
	}
}

// Deps are the server's collaborators.
type Deps struct {
	Config   Config
	Provider provider.Provider
	// Auth finishes logins (MFA) and manages passwords; nil until the
	// provider offers it, and the screens that need it answer not found.
	Auth provider.Auth
	// Ledger and Funding serve the account-side screens; nil like Auth
	// when the provider does not offer them.
	Ledger   provider.Ledger
	Funding  provider.Funding
	Crypto   provider.Crypto // the crypto partner's widget tokens; nil like Auth
	Sessions *session.Manager
	Limiter  ratelimit.Limiter
	Renderer *ssr.Renderer
	Assets   *Assets
	Tokens   *token.Signer
	// Redis is nil when sessions are kept in process.
	Redis  redis.UniversalClient
	Logger *slog.Logger

	// Stats serves the dashboard's statistics; nil like Ledger.
	Stats provider.Stats
	// Statements serves the statement exports; nil like Auth.
	Statements provider.Statements
	// Payouts serves the payout requests, PayoutReports their CSV exports; nil like Auth.
	Payouts       provider.Payouts
	PayoutReports provider.PayoutReports
	// Users serves user management and the profile; nil like Auth.
	Users provider.Users
	// Receivers serves the saved receivers; nil like Auth.
	Receivers provider.Receivers
	// PayoutDrafts serves manual payouts: the catalogue and the drafts; nil like Auth.
	PayoutDrafts provider.PayoutDrafts
	// Collections serves the collection orders and their payments; nil like Auth.
	Collections provider.Collections
	// Withdrawals serves the withdrawal accounts and requests; nil like Auth.
	Withdrawals provider.Withdrawals
	// Batches serves the payout batches; nil like Auth.
	Batches provider.Batches
	// Passkeys keeps the users' passkeys; nil like Auth (passkeys are then not offered).
	Passkeys provider.Passkeys
	// Audit is the audit log (server/audit.go); nil like Auth.
	Audit provider.Audit
	// SavedForms keeps page forms posted after their session ended
	// (savedform.go); nil: in Redis when Redis is set, else in process.
	SavedForms savedform.Store
}

// Offered sets the optional providers of d (Auth through Audit) to what p
// offers: each one p implements, nil for the others. The portal, its test
// harness and cmd/httpbench wire a store this way.
func (d *Deps) Offered(p any) {
	d.Auth, _ = p.(provider.Auth)
	d.Ledger, _ = p.(provider.Ledger)
	d.Funding, _ = p.(provider.Funding)
	d.Crypto, _ = p.(provider.Crypto)
	d.Stats, _ = p.(provider.Stats)
	d.Statements, _ = p.(provider.Statements)
	d.Payouts, _ = p.(provider.Payouts)
	d.PayoutReports, _ = p.(provider.PayoutReports)
	d.Users, _ = p.(provider.Users)
	d.Receivers, _ = p.(provider.Receivers)
	d.PayoutDrafts, _ = p.(provider.PayoutDrafts)
	d.Collections, _ = p.(provider.Collections)
	d.Withdrawals, _ = p.(provider.Withdrawals)
	d.Batches, _ = p.(provider.Batches)
	d.Passkeys, _ = p.(provider.Passkeys)
	d.Audit, _ = p.(provider.Audit)
}

// Server holds the wired application.
type Server struct {
	Deps
	app    *fiber.App
	routes []*Route
	// named is each route name's page route (GET) or, without one, its first route (Path).
	named map[string]*Route
	// apiOps is the API: every area's operations, mounted under each base
	// and documented in that order.
	apiOps []api.Op
	// selfCSRF holds the public operations that settle CSRF themselves
	// (apiSelfCSRF); openAPI and docsRef are built from apiOps on first use.
	selfCSRF map[string]bool
	// expired are the routes' own answers to a stale form (Route.Expired),
	// by path.
	expired map[string]fiber.Handler
	openAPI func() (*api.Document, []byte)
	docsRef func() *api.Reference
	// shellParts build the layout's places the areas fill (Area.Shell).
	shellParts map[ShellPart]func(fiber.Ctx) any
}

// New builds the Fiber app with the routes and API operations of the areas
// (package portal lists the portal's).
func New(d Deps, areas ...AreaFunc) *Server {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	// No reset or invitation token reaches the log, whichever line names it.
	d.Logger = slog.New(redactingHandler{d.Logger.Handler()})
	if d.Config.SupportURL == "" {
		d.Config.SupportURL = "mailto:support@portal.example"
	}
	if d.SavedForms == nil {
		d.SavedForms = savedform.NewStore(d.Redis)
	}
	s := &Server{Deps: d}
	s.addAreas(areas)
	s.named = map[string]*Route{}
	for _, r := range s.routes {
		if old, ok := s.named[r.Name]; !ok || old.Method != "GET" && r.Method == "GET" {
			s.named[r.Name] = r
		}
	}
	s.selfCSRF = s.apiSelfCSRFOps()
	s.expired = map[string]fiber.Handler{}
	for _, r := range s.routes {
		if r.Expired != nil {
			if strings.ContainsAny(r.Path, ":*+") {
				panic("server: route " + r.Name + " answers an expired form itself, so its path must be exact")
			}
			s.expired[r.Path] = r.Expired
		}
	}
	for _, r := range s.routes {
		if r.Access == LoginOrDashboard && r.Expired == nil && !strings.ContainsAny(r.Path, ":*+") {
			s.expired[r.Path] = s.mfaFormExpired
		}
	}
	s.openAPI = sync.OnceValues(func() (*api.Document, []byte) { return api.Render(s.apiOps) })
	s.docsRef = sync.OnceValue(func() *api.Reference { doc, _ := s.openAPI(); return api.BuildDocs(doc, s.apiOps) })
	s.app = fiber.New(fiber.Config{
		AppName:      "portal",
		ErrorHandler: s.handleError,
		// The server reads no more than the largest route allowance; each
		// route's own limit (64 KiB unless raised) is limitRequest's.
		BodyLimit:    maxBodyLimit(s.routes),
		ReadTimeout:  30 * time.Second,
		WriteTimeout: 60 * time.Second,
		IdleTimeout:  120 * time.Second,
	})
	s.app.Use(s.requestContext)
	s.app.Use(s.securityHeaders)
	if contractCheck != nil {
		// Outside the edge's checks, so their refusals are validated too.
		h, err := contractCheck(s)
		if err != nil {
			panic(err)
		}
		s.app.Use(h)
	}
	s.app.Get("/assets/*", s.serveAsset)
	s.app.Get("/healthz", s.healthz)
	s.app.Use(s.limitRequest)
	s.app.Use(compressResponses())
	s.app.Use(s.loadSession)
	s.app.Use(s.checkCSRF)
	for _, r := range mountOrder(s.routes, func(r *Route) string { return r.Path }) {
		s.app.Add([]string{r.Method}, r.Path, s.guarded(r))
	}
	s.mountAPI()
	// A path no area serves under an organisation still runs the session and
	// membership guards first: a logged-out visitor is sent to log in (and
	// back), and nobody learns which organisation paths exist.
	s.app.All("/org/:org/*", s.guarded(&Route{Name: "org.unknown", Path: "/org/:org/*", Access: Dashboard}))
	s.app.Use(s.NotFound)
	return s
}

// App is the Fiber application (for Listen and for tests).
func (s *Server) App() *fiber.App { return s.app }

// Routes is the route table: every area's routes, in the composition's
// order.
func (s *Server) Routes() []*Route { return s.routes }

// APIOperations are the API's operations, in the composition's order.
func (s *Server) APIOperations() []api.Op { return s.apiOps }

// healthzTimeout bounds each dependency's ping, so /healthz answers within
// a load balancer's usual 1 s timeout even when a dependency hangs.
const healthzTimeout = 300 * time.Millisecond

// healthz pings the store and the sessions at once, each under its own
// timeout, and names the one that is down.
func (s *Server) healthz(c fiber.Ctx) error {
	parent := c.Context()
	ping := func(p func(context.Context) error) <-chan string {
		ch := make(chan string, 1)
		go func() {
			ctx, cancel := context.WithTimeout(parent, healthzTimeout)
			defer cancel()
			if err := p(ctx); err != nil {
				ch <- "unavailable"
				return
			}
			ch <- "ok"
		}()
		return ch
	}
	storeCh, sessionsCh := ping(s.Provider.Ping), ping(s.Sessions.Store().Ping)
	store, sessions := <-storeCh, <-sessionsCh
	code := fiber.StatusOK
	if store != "ok" || sessions != "ok" {
		code = fiber.StatusServiceUnavailable
		c.Set(fiber.HeaderRetryAfter, retryAfterOutage)
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(code).JSON(fiber.Map{
		"status":   map[bool]string{true: "ok", false: "unavailable"}[code == fiber.StatusOK],
		"store":    store,
		"sessions": sessions,
		"backend":  s.Config.SessionsBackend,
	})
}
