package auth_test

import (
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference/demo"
	"portal/server"
	"portal/server/servertest"
)

// netClient talks to the portal over a real TCP connection, so the server
// sees real local and remote addresses (App().Test's are 0.0.0.0).
type netClient struct {
	t    *testing.T
	base string
	hc   *http.Client
}

func newNetClient(t *testing.T, base string) *netClient {
	jar, _ := cookiejar.New(nil)
	// No proxy from the environment: the server must see this connection.
	return &netClient{t: t, base: base, hc: &http.Client{Jar: jar, Transport: &http.Transport{},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}
func (n *netClient) Do(method, path string, form url.Values, hdr ...string) *http.Response {
	n.t.Helper()
	if form == nil {
		return n.doBody(method, path, "", "", hdr...)
	}
	return n.doBody(method, path, "application/x-www-form-urlencoded", form.Encode(), hdr...)
}
func (n *netClient) doBody(method, path, ctype, body string, hdr ...string) *http.Response {
	n.t.Helper()
	r, err := http.NewRequest(method, n.base+path, strings.NewReader(body))
	if err != nil {
		n.t.Fatal(err)
	}
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := n.hc.Do(r)
	if err != nil {
		n.t.Fatalf("%s %s: %v", method, path, err)
	}
	n.t.Cleanup(func() { res.Body.Close() })
	return res
}
func (n *netClient) Page(path string) (*http.Response, *html.Node) {
	n.t.Helper()
	res := n.Do("GET", path, nil)
	return res, servertest.Parse(n.t, res)
}
func (n *netClient) Login(email string) {
	n.t.Helper()
	_, doc := n.Page("/login")
	in := htmlq.Find(doc, func(x *html.Node) bool { return x.Data == "input" && htmlq.Attr(x, "name") == "_csrf" })
	if in == nil {
		n.t.Fatal("no _csrf on /login")
	}
	res := n.Do("POST", "/login", url.Values{"_csrf": {htmlq.Attr(in, "value")}, "email": {email}, "password": {demo.Password}})
	if res.StatusCode != http.StatusSeeOther {
		n.t.Fatalf("login %s: %d", email, res.StatusCode)
	}
}

// serve runs the harness's app on a real listener at addr.
func serve(t *testing.T, h *servertest.Harness, addr string) *net.TCPAddr {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = h.Srv.App().Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = h.Srv.App().Shutdown() })
	return ln.Addr().(*net.TCPAddr)
}

// nonLoopbackIPv4 is an address of this machine other than loopback, or nil.
func nonLoopbackIPv4() net.IP {
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP
		}
	}
	return nil
}
func outboxLinked(doc *html.Node) bool {
	return htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/sandbox/outbox" }) != nil
}

// viewer is one way of reaching the portal, as a tester would.
type viewer struct {
	Get   func(path string, hdr ...string) *http.Response
	Login func(email string)
	Page  func(path string) *html.Node
}

func netViewer(t *testing.T, base string) viewer {
	n := newNetClient(t, base)
	return viewer{
		Get:   func(p string, hdr ...string) *http.Response { return n.Do("GET", p, nil, hdr...) },
		Login: n.Login,
		Page:  func(p string) *html.Node { _, d := n.Page(p); return d },
	}
}
func inProcessViewer(h *servertest.Harness) viewer {
	c := h.Client()
	return viewer{
		Get:   func(p string, hdr ...string) *http.Response { return c.Do("GET", p, nil, hdr...) },
		Login: func(e string) { c.Login(e) },
		Page:  func(p string) *html.Node { _, d := c.Page(p); return d },
	}
}

// By default the sandbox outbox answers only a tester on the portal's own
// machine: a connection to a loopback address, from one, not forwarded by a
// proxy. Elsewhere it is not found and the MFA pages do not link to it.
func TestOutboxLoopbackOnly(t *testing.T) {
	h := newHarness(t, func(d *server.Deps) { d.Config.OutboxShared = false })
	// Listening on every interface, as in a container or with a careless
	// PORTAL_ADDR: only the localhost connections may see the outbox.
	port := strconv.Itoa(serve(t, h, "0.0.0.0:0").Port)
	loopback := "http://" + net.JoinHostPort("127.0.0.1", port)

	type tcase struct {
		name   string
		viewer func(t *testing.T) viewer
		hdr    []string
		served bool
	}
	via := func(base string) func(t *testing.T) viewer {
		return func(t *testing.T) viewer { return netViewer(t, base) }
	}
	cases := []tcase{
		{"loopback", via(loopback), nil, true},
		{"loopback through a proxy (X-Forwarded-For)", via(loopback), []string{"X-Forwarded-For", "203.0.113.9"}, false},
		{"loopback through a proxy (Forwarded)", via(loopback), []string{"Forwarded", "for=203.0.113.9"}, false},
		{"loopback through a proxy (X-Real-IP)", via(loopback), []string{"X-Real-IP", "203.0.113.9"}, false},
		{"in-process connection (0.0.0.0)", func(*testing.T) viewer { return inProcessViewer(h) }, nil, false},
	}
	if ip := nonLoopbackIPv4(); ip != nil {
		cases = append(cases, tcase{"the machine's network address " + ip.String(),
			via("http://" + net.JoinHostPort(ip.String(), port)), nil, false})
	} else {
		t.Log("no non-loopback address on this machine: that case is skipped")
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.viewer(t)
			want := http.StatusNotFound
			if tc.served {
				want = http.StatusOK
			}
			if res := v.Get("/sandbox/outbox", tc.hdr...); res.StatusCode != want {
				t.Fatalf("GET /sandbox/outbox: %d, want %d", res.StatusCode, want)
			}
			if tc.hdr != nil {
				return
			}
			v.Login("mfa-totp@demo.example")
			if got := outboxLinked(v.Page("/mfa-verify")); got != tc.served {
				t.Errorf("MFA page links the outbox: %v, want %v", got, tc.served)
			}
		})
	}

	// The decision form is behind the same gate: anyone could otherwise
	// approve the push login they started with a stolen password.
	c := h.Client()
	c.Login("mfa-totp@demo.example")
	tok := c.CSRF("/mfa-verify")
	if res := c.Do("POST", "/sandbox/outbox/approvals/x", url.Values{"_csrf": {tok}, "decision": {"approve"}}); res.StatusCode != http.StatusNotFound {
		t.Fatalf("outbox decision from a non-local client: %d", res.StatusCode)
	}
}

// PORTAL_OUTBOX_SHARED opens the outbox to every client, for a shared demo.
func TestOutboxShared(t *testing.T) {
	h := newHarness(t, func(d *server.Deps) { d.Config.OutboxShared = true })
	v := inProcessViewer(h) // not loopback
	if res := v.Get("/sandbox/outbox"); res.StatusCode != http.StatusOK {
		t.Fatalf("shared outbox: %d", res.StatusCode)
	}
	v.Login("mfa-totp@demo.example")
	if !outboxLinked(v.Page("/mfa-verify")) {
		t.Error("shared outbox not linked from the MFA page")
	}
}
