package server

import (
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"testing"

	"golang.org/x/net/html"
)

func TestParseTrustedProxies(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		err  bool
	}{
		{"", nil, false},
		{"10.0.0.5", []string{"10.0.0.5/32"}, false},
		{"10.0.0.5, 192.168.1.7/24 2001:db8::1", []string{"10.0.0.5/32", "192.168.1.0/24", "2001:db8::1/128"}, false},
		{"::ffff:10.0.0.5", []string{"10.0.0.5/32"}, false},
		{"10.0.0.300", nil, true},
		{"proxy.internal", nil, true},
		{"fe80::1%eth0", nil, true},
	}
	for _, tc := range cases {
		got, err := ParseTrustedProxies(tc.in)
		if tc.err {
			if err == nil {
				t.Errorf("%q: want an error, got %v", tc.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		var s []string
		for _, p := range got {
			s = append(s, p.String())
		}
		if !slices.Equal(s, tc.want) {
			t.Errorf("%q: %v, want %v", tc.in, s, tc.want)
		}
	}
}

func TestForwardedClient(t *testing.T) {
	proxies, _ := ParseTrustedProxies("10.0.0.0/8, 2001:db8::/32")
	s := &Server{Deps: Deps{Config: Config{TrustedProxies: proxies}}}
	a := netip.MustParseAddr
	cases := []struct {
		name string
		peer string
		xff  []string
		want string
	}{
		{"untrusted peer: its header is ignored", "203.0.113.9", []string{"198.51.100.1"}, "203.0.113.9"},
		{"trusted peer without a header", "10.0.0.2", nil, "10.0.0.2"},
		{"trusted peer names the client", "10.0.0.2", []string{"198.51.100.1"}, "198.51.100.1"},
		{"entries the client wrote are not believed", "10.0.0.2", []string{"1.1.1.1, 8.8.8.8, 198.51.100.1"}, "198.51.100.1"},
		{"a chain of trusted proxies", "10.0.0.2", []string{"198.51.100.1, 10.1.2.3, 10.9.9.9"}, "198.51.100.1"},
		{"several header lines in order", "10.0.0.2", []string{"6.6.6.6, 198.51.100.1", "10.1.2.3"}, "198.51.100.1"},
		{"garbage to the left of the client", "10.0.0.2", []string{"<script>, 198.51.100.1"}, "198.51.100.1"},
		{"garbage from a trusted hop: the last hop known", "10.0.0.2", []string{"198.51.100.1, unknown"}, "10.0.0.2"},
		{"an empty entry", "10.0.0.2", []string{"198.51.100.1,"}, "10.0.0.2"},
		{"with ports", "10.0.0.2", []string{"[2001:db9::7]:4711, 10.1.2.3:80"}, "2001:db9::7"},
		{"IPv6 proxy", "2001:db8::1", []string{"198.51.100.1"}, "198.51.100.1"},
		{"IPv4-mapped client", "10.0.0.2", []string{"::ffff:198.51.100.1"}, "198.51.100.1"},
		{"only trusted hops: the leftmost", "10.0.0.2", []string{"10.5.5.5, 10.6.6.6"}, "10.5.5.5"},
	}
	for _, tc := range cases {
		if got := forwardedClient(a(tc.peer), tc.xff, s.trustedProxy); got.String() != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// loginAttempt posts the login form once through n, with hdr, and returns
// the status: 401 for a counted wrong password, 429 once the address's
// limit is spent.
func loginAttempt(t *testing.T, n *netClient, email string, hdr ...string) int {
	t.Helper()
	_, doc := n.Page("/login")
	in := find(doc, func(x *html.Node) bool { return x.Data == "input" && attr(x, "name") == "_csrf" })
	if in == nil {
		t.Fatal("no _csrf on /login")
	}
	return n.Do("POST", "/login", url.Values{"_csrf": {attr(in, "value")}, "email": {email}, "password": {"Wrong-passw0rd!"}}, hdr...).StatusCode
}

// The per-address login limit counts the client a trusted proxy names in
// X-Forwarded-For, and the socket's peer otherwise: a header from anyone
// else is ignored, so it cannot spread attempts over made-up addresses.
func TestLoginLimitClientAddress(t *testing.T) {
	const limit = 2
	proxies, _ := ParseTrustedProxies("127.0.0.1")
	trusting := newHarness(t, func(d *Deps) { d.Config.LoginIPLimit, d.Config.TrustedProxies = limit, proxies })
	port := strconv.Itoa(trusting.serve(t, "0.0.0.0:0").Port)
	viaProxy := newNetClient(t, "http://"+net.JoinHostPort("127.0.0.1", port))

	plain := newHarness(t, func(d *Deps) { d.Config.LoginIPLimit = limit })
	direct := newNetClient(t, "http://"+net.JoinHostPort("127.0.0.1", strconv.Itoa(plain.serve(t, "127.0.0.1:0").Port)))

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
