package server

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"
	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/ratelimit"
	"portal/reference"
	"portal/session"
	"portal/ssr"
	"portal/testenv"
	"portal/token"
)

// The harness runs the real server: SQLite store seeded with the demo data,
// sessions and rate limits in a real redis-server, pages rendered by goja
// from the built bundle (assets/dist; `make assets` builds it).

var (
	assetsOnce sync.Once
	testAssets *Assets
	testRender *ssr.Renderer
	assetsErr  error
)

func loadTestAssets(t testing.TB) (*Assets, *ssr.Renderer) {
	t.Helper()
	assetsOnce.Do(func() {
		dist := os.DirFS(filepath.Join("..", "assets", "dist"))
		if _, err := fs.Stat(dist, "manifest.json"); err != nil {
			assetsErr = err
			return
		}
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

// Tests do not wait for the login slow-down; TestLoginSlowDown checks it.
func init() { loginSlowDown = func(int) time.Duration { return 0 } }

type harness struct {
	t       testing.TB
	srv     *Server
	store   *reference.Store
	rdb     *redis.Client
	manager *session.Manager
	http    *httptest.Server
	// dbPath is the test's own copy of the seeded SQLite file.
	dbPath string
}

// Seeding (with its ledger history) is the slow part of a harness, most of
// all under -race, so the demo store is seeded once per test binary and each
// test gets its own copy of the file.
var (
	testStoreOptions = reference.Options{Argon2Params: reference.Argon2Params{Memory: 1024, Time: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}}
	templateOnce     sync.Once
	templateDir      string
	templateErr      error
)

func seededTemplate(t testing.TB) string {
	t.Helper()
	templateOnce.Do(func() {
		if templateDir, templateErr = os.MkdirTemp("", "portal-seed-"); templateErr != nil {
			return
		}
		ctx := context.Background()
		st, err := reference.Open(ctx, filepath.Join(templateDir, "portal.db"), testStoreOptions)
		if err != nil {
			templateErr = err
			return
		}
		if _, err := st.Seed(ctx, reference.SeedOptions{}); err != nil {
			templateErr = err
		}
		// Closing the last connection checkpoints the WAL into the file.
		if err := st.Close(); err != nil && templateErr == nil {
			templateErr = err
		}
	})
	if templateErr != nil {
		t.Fatalf("seeding the template store: %v", templateErr)
	}
	return filepath.Join(templateDir, "portal.db")
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o600)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if templateDir != "" {
		os.RemoveAll(templateDir)
	}
	os.Exit(code)
}

type harnessOpt func(*Deps)

func newHarness(t testing.TB, opts ...harnessOpt) *harness {
	t.Helper()
	as, r := loadTestAssets(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portal.db")
	if err := copyFile(seededTemplate(t), path); err != nil {
		t.Fatal(err)
	}
	store, err := reference.Open(ctx, path, testStoreOptions)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	opt, err := redis.ParseURL(testenv.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	t.Cleanup(func() { rdb.Close() })
	prefix := testenv.KeyPrefix(t)
	mgr := session.NewManager(session.NewRedisStore(rdb, prefix+"sess:"), session.Config{})
	signer, _ := token.NewSigner([]byte(strings.Repeat("s", 32)), 15*time.Minute)
	d := Deps{
		// App().Test's connection is not loopback (0.0.0.0), so the tests
		// that read codes from the outbox need it shared;
		// TestOutboxLoopbackOnly checks the default.
		Config:   Config{Env: "sandbox", SessionsBackend: "redis", OutboxShared: true},
		Provider: store, Sessions: mgr, Limiter: ratelimit.NewRedis(rdb, prefix+"rl:"),
		Renderer: r, Assets: as, Tokens: signer, Redis: rdb,
		Logger: slog.New(replyGuard{t}),
	}
	d.Auth, _ = any(store).(provider.Auth)
	d.Ledger, _ = any(store).(provider.Ledger)
	d.Funding, _ = any(store).(provider.Funding)
	d.Crypto, _ = any(store).(provider.Crypto)
	d.Stats, _ = any(store).(provider.Stats)
	d.Statements, _ = any(store).(provider.Statements)
	t.Cleanup(store.StartStatementWorker(ctx, reference.StatementWorkerOptions{Logger: d.Logger, Poll: 100 * time.Millisecond}))
	for _, o := range opts {
		o(&d)
	}
	h := &harness{t: t, srv: New(d, portalAreas...), store: store, rdb: rdb, manager: mgr, dbPath: path}
	return h
}

// client is a browser-like client: a cookie jar, no automatic redirects.
type client struct {
	h   *harness
	jar *cookiejar.Jar
}

func (h *harness) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{h: h, jar: jar}
}

var base, _ = url.Parse("http://portal.test")

func (c *client) do(method, path string, form url.Values, hdr ...string) *http.Response {
	c.h.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	r := httptest.NewRequest(method, "http://portal.test"+path, body)
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	for _, ck := range c.jar.Cookies(base) {
		r.AddCookie(ck)
	}
	res, err := c.h.srv.App().Test(r, fiberTestConfig())
	if err != nil {
		c.h.t.Fatalf("%s %s: %v", method, path, err)
	}
	if cs := res.Cookies(); len(cs) > 0 {
		c.jar.SetCookies(base, cs)
	}
	return res
}

func (c *client) get(path string) *http.Response { return c.do("GET", path, nil) }

// page GETs path and parses the HTML.
func (c *client) page(path string) (*http.Response, *html.Node) {
	c.h.t.Helper()
	res := c.get(path)
	return res, parse(c.h.t, res)
}

func parse(t testing.TB, res *http.Response) *html.Node {
	t.Helper()
	defer res.Body.Close()
	doc, err := html.Parse(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// csrf fetches the CSRF token a form on path carries.
func (c *client) csrf(path string) string {
	c.h.t.Helper()
	_, doc := c.page(path)
	in := find(doc, func(n *html.Node) bool { return n.Data == "input" && attr(n, "name") == "_csrf" })
	if in == nil {
		c.h.t.Fatalf("no _csrf field on %s", path)
	}
	return attr(in, "value")
}

// login logs in through the form and returns the landing response.
func (c *client) login(email string) *http.Response {
	c.h.t.Helper()
	tok := c.csrf("/login")
	res := c.do("POST", "/login", url.Values{"_csrf": {tok}, "email": {email}, "password": {reference.DemoPassword}})
	if res.StatusCode != http.StatusSeeOther {
		c.h.t.Fatalf("login %s: status %d", email, res.StatusCode)
	}
	return res
}

// Queries of parsed HTML by structure (package htmlq), under short names.
var (
	find    = htmlq.Find
	findAll = htmlq.FindAll
	attr    = htmlq.Attr
	hasAttr = htmlq.HasAttr
	text    = htmlq.VisibleText
	byTag   = htmlq.ByTag
	byID    = htmlq.ByID
)

func fiberTestConfig() fiber.TestConfig {
	return fiber.TestConfig{Timeout: 15 * time.Second, FailOnTimeout: true}
}

// The demo organisations, by the names the tests use.
const (
	orgNordic   = reference.DemoOrg1ID
	orgAtlantic = reference.DemoOrg2ID
)

// portalAreas are the areas of package portal, which this package's tests
// cannot import (it imports this package).
var portalAreas = []AreaFunc{AuthArea, PasswordsArea, AccountsArea, FundingArea, DashboardArea, DateRangeArea,
	StatementsArea, SearchArea, Unbuilt}

// portalServer is a server of every area without its services, for the
// tests that read its tables.
var portalServer = sync.OnceValue(func() *Server { return New(Deps{}, portalAreas...) })

func apiOperations() []APIOp { return portalServer().APIOperations() }
func openAPI() *openAPIDoc   { return portalServer().OpenAPI() }
