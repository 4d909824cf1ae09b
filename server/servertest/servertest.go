// Package servertest is the test harness of the area packages, of the
// whole portal's tests and of the core's tests that go through the areas
// (package server_test in server/): the real server (package server) with the areas a
// test mounts, on a real seeded SQLite store, a real redis-server and the
// real goja renderer of the built bundle (assets/dist; `make assets`).
//
// An area's own tests cannot import package portal (it imports the area),
// so they name what to mount: the area itself and what its pages need,
// auth to log in through the form:
//
//	h := servertest.New(t, auth.New, search.New)
//	c := h.Client()
//	c.Login("admin@demo.example")
//	res, doc := c.Page("/org/" + servertest.OrgNordic + "/search?q=rent")
//
// With no areas named, New mounts DefaultAreas (auth and the range picker).
// The whole portal's tests (package portal) mount portal.Areas.
package servertest

import (
	"log/slog"
	"sync"
	"testing"

	"portal/server"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/internal/testkit"
	"portal/server/rangepicker"
	"portal/ssr"
)

// The harness's parts, under the names area tests use.
type (
	// Client is a browser-like client: a cookie jar, no automatic redirects.
	Client = testkit.Client
	// APIClient is a JSON API client with its own path-aware cookie jar.
	APIClient = testkit.APIClient
	// Reply is an API response with its body read and decoded.
	Reply = testkit.Reply
	// Document is the served OpenAPI document, to check replies against.
	Document = testkit.Document
	// Clock is a settable time source for the token signer.
	Clock = testkit.Clock
)

// The demo organisations.
const (
	OrgNordic   = testkit.OrgNordic
	OrgAtlantic = testkit.OrgAtlantic
)

// Main runs a package's tests and removes the seeded store they copied:
//
//	func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }
func Main(m *testing.M) int { return testkit.Main(m) }

// Obj is a JSON value as an object (nil when it is none), for walking a
// Document.
var Obj = testkit.Obj

// Parse reads and parses an HTML response.
var Parse = testkit.Parse

// ReadVectors decodes testdata/name (vectors shared with the islands' tests).
var ReadVectors = testkit.ReadVectors

// FormVector is one case of an export form's vectors (statements, payout reports): the
// values typed, today (Max), the accounts owned, and the errors the form answers with.
type FormVector[V any] struct {
	Name     string            `json:"name"`
	Values   V                 `json:"values"`
	Max      string            `json:"max"`
	Accounts []string          `json:"accounts"`
	Errors   map[string]string `json:"errors"`
}

// NewClock is a settable clock at the current time.
var NewClock = testkit.NewClock

// ParseDocument reads an OpenAPI document (the server's OpenAPIJSON), to
// check replies against without a harness.
var ParseDocument = testkit.ParseDocument

// CheckExchange checks one API exchange, the request and the reply as read,
// against the server's document, as every call of an APIClient is checked.
var CheckExchange = testkit.CheckExchange

// Harness is one test's server and its parts.
type Harness struct {
	*testkit.Env
	Srv *server.Server
}

var (
	assetsOnce sync.Once
	assets     *server.Assets
	renderer   *ssr.Renderer
	assetsErr  error
)

// New starts a server of the given areas (in the composition's order), or
// of DefaultAreas when none is given.
func New(t testing.TB, areas ...server.AreaFunc) *Harness {
	t.Helper()
	return NewWith(t, nil, areas...)
}

// DefaultAreas are what New and NewWith mount when a test names no area:
// auth, to log in through the form, and the range picker, the part of the
// top bar of every organisation page that the shell renders. A test that
// names its areas gets exactly those, so none is mounted twice.
func DefaultAreas() []server.AreaFunc { return []server.AreaFunc{auth.New, rangepicker.New} }

// builtAssets are the built assets and their renderer, loaded once per test binary:
// loading compresses every file, seconds on a busy machine.
func builtAssets(t testing.TB) (*server.Assets, *ssr.Renderer) {
	t.Helper()
	dist := testkit.Dist(t)
	assetsOnce.Do(func() {
		assets, assetsErr = server.LoadAssets(dist)
		if assetsErr == nil {
			renderer, assetsErr = ssr.New(assets.Server, ssr.Config{})
		}
	})
	if assetsErr != nil {
		t.Fatalf("built assets missing (run `make assets`): %v", assetsErr)
	}
	return assets, renderer
}

// Renderer is the goja renderer of the built bundle, loaded once per test
// binary, for tests that render pages without a server.
func Renderer(t testing.TB) *ssr.Renderer {
	t.Helper()
	_, r := builtAssets(t)
	return r
}

// NewWith is New with the server's dependencies changed by edit first
// (another configuration, a provider that fails).
func NewWith(t testing.TB, edit func(*server.Deps), areas ...server.AreaFunc) *Harness {
	t.Helper()
	assets, renderer := builtAssets(t)
	// A reply its operation does not document fails the test that caused it.
	logger := slog.New(testkit.FailOn(t, api.MsgUndocumented))
	env := testkit.NewEnv(t, logger)
	d := server.Deps{
		// App().Test's connection is not loopback, so reading codes from
		// the outbox needs it shared.
		Config:   server.Config{Env: "sandbox", SessionsBackend: "redis", OutboxShared: true},
		Provider: env.Store, Sessions: env.Sessions, Limiter: env.Limiter,
		Renderer: renderer, Assets: assets, Tokens: env.Tokens, Redis: env.Redis,
		Logger: logger,
	}
	d.Offered(env.Store)
	if edit != nil {
		edit(&d)
	}
	if len(areas) == 0 {
		areas = DefaultAreas()
	}
	return &Harness{Env: env, Srv: server.New(d, areas...)}
}

// Client is a new browser-like client of the server.
func (h *Harness) Client() *Client { return testkit.NewClient(h.T, h.Srv.App()) }

// NewFirstVisitClient and NewAPIClient are clients of an app reporting to
// t (a subtest's, say, where the harness's clients report to the test that
// started it). A first visit is a browser that has made no choice about
// cookies yet, to whom the cookie banner shows.
var (
	NewFirstVisitClient = testkit.NewFirstVisitClient
	NewAPIClient        = testkit.NewAPIClient
)

// API is a new API client without credentials.
func (h *Harness) API() *APIClient { return testkit.NewAPIClient(h.T, h.Srv.App()) }

// Document is the server's OpenAPI document as it serves it.
func (h *Harness) Document() Document {
	h.T.Helper()
	r := h.API().Call("GET", "/api/openapi.json", nil)
	r.Expect(h.T, 200, "")
	return r.JSON
}

// CheckReply checks r, the reply of the operation at method and path (the
// document's path template), against the response its operation documents.
func (h *Harness) CheckReply(t testing.TB, method, path string, r Reply) {
	t.Helper()
	h.Document().CheckReply(t, method, path, r)
}
