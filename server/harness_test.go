package server_test

import (
	"net/url"
	"os"
	"sync"
	"testing"

	"portal/server"
	"portal/server/accounts"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/collections"
	"portal/server/dashboard"
	"portal/server/funding"
	"portal/server/passwords"
	"portal/server/payouts"
	"portal/server/rangepicker"
	"portal/server/search"
	"portal/server/servertest"
)

// The core's tests that go through the areas (log in, render pages, read
// the whole API document and the route tables) are of this external test
// package, which can import the areas and the area packages' harness,
// servertest; the tests of unexported internals that need no area stay in
// package server and start no server.

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// coreAreas are the areas these tests mount: auth and passwords to log in
// and for the API's token operations, the dashboard, accounts, funding and
// search for pages behind a login, the range picker of their top bar.
// The tests of the whole portal are package portal's.
var coreAreas = []server.AreaFunc{auth.New, passwords.New, dashboard.New, funding.New, accounts.New, rangepicker.New, search.New, payouts.New, collections.New}

// newHarness is servertest's harness of coreAreas, its dependencies changed
// by edits first.
func newHarness(t testing.TB, edits ...func(*server.Deps)) *servertest.Harness {
	t.Helper()
	return servertest.NewWith(t, servertest.Edits(edits...), coreAreas...)
}

// portalServer is a server of coreAreas without its services, for the tests
// that read its tables.
var portalServer = sync.OnceValue(func() *server.Server { return server.New(server.Deps{}, coreAreas...) })

func apiOperations() []api.Op { return portalServer().APIOperations() }
func openAPI() *api.Document  { return portalServer().OpenAPI() }

var base, _ = url.Parse("http://portal.test")
