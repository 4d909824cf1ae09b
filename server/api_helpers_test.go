package server_test

import (
	"sync"
	"testing"
	"time"

	"portal/server"
	"portal/server/servertest"
)

// withTokenClock makes the signer read c.
func withTokenClock(c *servertest.Clock) func(*server.Deps) {
	return func(d *server.Deps) {
		c.Set(time.Now())
		d.Tokens.Now = c.Now
	}
}

// portalDoc is the served document of coreAreas.
var portalDoc = sync.OnceValue(func() servertest.Document {
	d, err := servertest.ParseDocument(portalServer().OpenAPIJSON())
	if err != nil {
		panic(err)
	}
	return d
})

// checkReply checks a success reply against the documented response.
func checkReply(t testing.TB, method, path string, r servertest.Reply) {
	t.Helper()
	portalDoc().CheckReply(t, method, path, r)
}
