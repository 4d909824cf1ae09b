package auth_test

import (
	"net"
	"net/url"
	"strconv"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server"
)

// loginAttempt posts the login form once through n, with hdr, and returns
// the status: 401 for a counted wrong password, 429 once the address's
// limit is spent.
func loginAttempt(t *testing.T, n *netClient, email string, hdr ...string) int {
	t.Helper()
	_, doc := n.Page("/login")
	in := htmlq.Find(doc, func(x *html.Node) bool { return x.Data == "input" && htmlq.Attr(x, "name") == "_csrf" })
	if in == nil {
		t.Fatal("no _csrf on /login")
	}
	return n.Do("POST", "/login", url.Values{"_csrf": {htmlq.Attr(in, "value")}, "email": {email}, "password": {"Wrong-passw0rd!"}}, hdr...).StatusCode
}

// The per-address login limit counts the client a trusted proxy names in
// X-Forwarded-For, and the socket's peer otherwise: a header from anyone
// else is ignored, so it cannot spread attempts over made-up addresses.
func TestLoginLimitClientAddress(t *testing.T) {
	const limit = 2
	proxies, _ := server.ParseTrustedProxies("127.0.0.1")
	trusting := newHarness(t, func(d *server.Deps) { d.Config.LoginIPLimit, d.Config.TrustedProxies = limit, proxies })
	port := strconv.Itoa(serve(t, trusting, "0.0.0.0:0").Port)
	viaProxy := newNetClient(t, "http://"+net.JoinHostPort("127.0.0.1", port))

	plain := newHarness(t, func(d *server.Deps) { d.Config.LoginIPLimit = limit })
	direct := newNetClient(t, "http://"+net.JoinHostPort("127.0.0.1", strconv.Itoa(serve(t, plain, "127.0.0.1:0").Port)))

	email := func(i int) string { return "nobody" + strconv.Itoa(i) + "@demo.example" } // no account limit in play
	type attempt struct {
		c    *netClient
		xff  string
		want int
	}
	run := func(t *testing.T, as []attempt) {
		for i, a := range as {
			var hdr []string
			if a.xff != "" {
				hdr = []string{"X-Forwarded-For", a.xff}
			}
			if got := loginAttempt(t, a.c, email(i), hdr...); got != a.want {
				t.Fatalf("attempt %d (X-Forwarded-For %q): %d, want %d", i+1, a.xff, got, a.want)
			}
		}
	}

	t.Run("trusted proxy: the forwarded client is counted", func(t *testing.T) {
		run(t, []attempt{
			{viaProxy, "203.0.113.1", 401}, {viaProxy, "203.0.113.1", 401}, {viaProxy, "203.0.113.1", 429},
			{viaProxy, "203.0.113.2", 401}, // another client behind the same proxy
		})
		// The API's log in counts the same address.
		body := `{"email":"` + email(99) + `","password":"Wrong-passw0rd!"}`
		if res := viaProxy.doBody("POST", "/api/v1/authentication/token", "application/json", body, "X-Forwarded-For", "203.0.113.1"); res.StatusCode != 429 {
			t.Fatalf("API log in from the limited client: %d, want 429", res.StatusCode)
		}
		if res := viaProxy.doBody("POST", "/api/v1/authentication/token", "application/json", body, "X-Forwarded-For", "203.0.113.2"); res.StatusCode != 401 {
			t.Fatalf("API log in from another client: %d, want 401", res.StatusCode)
		}
	})
	t.Run("through the proxy, entries the client wrote are ignored", func(t *testing.T) {
		run(t, []attempt{
			{viaProxy, "198.51.100.1, 203.0.113.3", 401}, {viaProxy, "198.51.100.2, 203.0.113.3", 401},
			{viaProxy, "198.51.100.3, 203.0.113.3", 429},
		})
	})
	t.Run("no trusted proxy configured: the socket address, whatever the header says", func(t *testing.T) {
		run(t, []attempt{{direct, "203.0.113.4", 401}, {direct, "203.0.113.5", 401}, {direct, "203.0.113.6", 429}})
	})
	if ip := nonLoopbackIPv4(); ip != nil {
		t.Run("a peer that is not the trusted proxy: its header is ignored", func(t *testing.T) {
			other := newNetClient(t, "http://"+net.JoinHostPort(ip.String(), port))
			run(t, []attempt{{other, "203.0.113.7", 401}, {other, "203.0.113.8", 401}, {other, "203.0.113.9", 429}})
		})
	}
}
