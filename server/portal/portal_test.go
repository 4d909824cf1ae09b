package portal

import (
	"net/url"
	"os"
	"testing"

	"github.com/gofiber/fiber/v3"

	"portal/server"
	"portal/server/api"
	"portal/server/servertest"
)

// The tests of the whole portal: what spans every area (the sidebar, the
// guards of every route, the walks of everything mounted) runs here, on the
// areas this package lists.

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

func newHarness(t *testing.T) *servertest.Harness { return servertest.New(t, Areas...) }

const (
	// sessionCookie is the page session's cookie without TLS (the harness's).
	sessionCookie = "portal_session"
)

var base, _ = url.Parse("http://portal.test")

func unsafeMethod(m string) bool {
	return m != fiber.MethodGet && m != fiber.MethodHead && m != fiber.MethodOptions
}

// settlesCSRF are the public JSON operations that settle CSRF themselves
// (log in, refresh, forgot, reset, accept), by method and path under a base.
var settlesCSRF = func() map[string]bool {
	out := map[string]bool{}
	for _, op := range New(server.Deps{}).APIOperations() {
		if op.Auth != api.Bearer && unsafeMethod(op.Method) {
			out[op.Method+" "+op.Path] = true
		}
	}
	return out
}()
