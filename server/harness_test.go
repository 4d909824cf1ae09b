package server

import (
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"testing"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"
	"golang.org/x/net/html"

	"portal/reference"
	"portal/server/internal/testkit"
	"portal/session"
	"portal/ssr"
)

// The harness runs the real server: SQLite store seeded with the demo data,
// sessions and rate limits in a real redis-server, pages rendered by goja
// from the built bundle (assets/dist; `make assets` builds it). Its parts
// are testkit's, which servertest (the area packages' harness) shares; this
// package's tests cannot import servertest, which imports this package.

var (
	assetsOnce sync.Once
	testAssets *Assets
	testRender *ssr.Renderer
	assetsErr  error
)

func loadTestAssets(t testing.TB) (*Assets, *ssr.Renderer) {
	t.Helper()
	dist := testkit.Dist(t)
	assetsOnce.Do(func() {
		testAssets, assetsErr = LoadAssets(dist)
		if assetsErr == nil {
			testRender, assetsErr = ssr.New(testAssets.Server, ssr.Config{})
		}
	})
	if assetsErr != nil {
		t.Fatalf("built assets missing (run `make assets`): %v", assetsErr)
	}
	return testAssets, testRender
}

type harness struct {
	*testkit.Env
	t       testing.TB
	srv     *Server
	store   *reference.Store
	rdb     *redis.Client
	manager *session.Manager
	// dbPath is the test's own copy of the seeded SQLite file.
	dbPath string
}

func TestMain(m *testing.M) { testkit.Main(m) }

type harnessOpt func(*Deps)

func newHarness(t testing.TB, opts ...harnessOpt) *harness {
	t.Helper()
	as, r := loadTestAssets(t)
	logger := slog.New(testkit.FailOn(t, APIMsgUndocumented))
	env := testkit.NewEnv(t, logger)
	d := Deps{
		// App().Test's connection is not loopback (0.0.0.0), so the tests
		// that read codes from the outbox need it shared;
		// TestOutboxLoopbackOnly checks the default.
		Config:   Config{Env: "sandbox", SessionsBackend: "redis", OutboxShared: true},
		Provider: env.Store, Sessions: env.Sessions, Limiter: env.Limiter,
		Renderer: r, Assets: as, Tokens: env.Tokens, Redis: env.Redis,
		Logger: logger,
	}
	d.Offered(env.Store)
	for _, o := range opts {
		o(&d)
	}
	return &harness{Env: env, t: t, srv: New(d, portalAreas()...), store: env.Store, rdb: env.Redis,
		manager: env.Sessions, dbPath: env.DBPath}
}

// client is testkit's browser-like client, with the harness at hand for
// this package's own helpers.
type client struct {
	*testkit.Client
	h *harness
}

func (h *harness) client() *client { return &client{testkit.NewClient(h.t, h.srv.App()), h} }

// sessionCSRF is the token of the browser's session, for pages that show
// no form.
func (c *client) sessionCSRF() string {
	c.h.t.Helper()
	s, err := c.h.manager.Load(c.h.t.Context(), c.SessionID())
	if err != nil {
		c.h.t.Fatal(err)
	}
	return s.CSRF
}

func parse(t testing.TB, res *http.Response) *html.Node { return testkit.Parse(t, res) }

func fiberTestConfig() fiber.TestConfig { return testkit.FiberTestConfig() }

// MovedAreas are the areas of package portal that live in packages of
// their own and that this package's tests still mount, to log in and for
// the whole API document: this package's tests cannot import them (each
// imports this package), so areas_test.go, of package server_test, which
// can, fills them in before any test runs.
var MovedAreas []AreaFunc

// portalAreas are the areas of package portal this package's tests mount.
// The tests of the whole portal are portal's.
func portalAreas() []AreaFunc { return slices.Clone(MovedAreas) }

// portalServer is a server of every area without its services, for the
// tests that read its tables.
var portalServer = sync.OnceValue(func() *Server { return New(Deps{}, portalAreas()...) })

func apiOperations() []APIOp { return portalServer().APIOperations() }
func openAPI() *openAPIDoc   { return portalServer().OpenAPI() }

var base, _ = url.Parse("http://portal.test")
