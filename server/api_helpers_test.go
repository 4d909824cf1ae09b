package server

import (
	"net/http/cookiejar"
	"sync"
	"testing"
	"time"

	"portal/server/internal/testkit"
)

// apiClient is testkit's API client, with the harness at hand.
type apiClient struct {
	*testkit.APIClient
	h *harness
}

func (h *harness) api() *apiClient { return &apiClient{testkit.NewAPIClient(h.t, h.srv.App()), h} }

// apiReply is a response with its body read and, when JSON, decoded.
type apiReply = testkit.Reply

func (h *harness) exec(query string, args ...any) { h.Env.Exec(query, args...) }

// clock is a settable time source for the token signer.
type clock = testkit.Clock

// withTokenClock makes the signer read c.
func withTokenClock(c *clock) harnessOpt {
	return func(d *Deps) {
		c.Set(time.Now())
		d.Tokens.Now = c.Now
	}
}

// portalDoc is the served document of every area.
var portalDoc = sync.OnceValue(func() testkit.Document {
	_, b := portalServer().openAPI()
	d, err := testkit.ParseDocument(b)
	if err != nil {
		panic(err)
	}
	return d
})

// checkReply checks a success reply against the documented response.
func checkReply(t testing.TB, method, path string, r apiReply) {
	t.Helper()
	portalDoc().CheckReply(t, method, path, r)
}

// apiWithJar is an API client that sends the cookies of jar (a browser's
// page session calling the API).
func (h *harness) apiWithJar(jar *cookiejar.Jar) *apiClient {
	return &apiClient{&testkit.APIClient{T: h.t, App: h.srv.App(), Jar: jar}, h}
}
