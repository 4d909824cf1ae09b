package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/daterange"
	"portal/provider"
	"portal/ratelimit"
	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/portal"
	"portal/session"
	"portal/ssr"
	"portal/token"
)

var update = flag.Bool("update", false, "rewrite testdata/bench/dashboard.json from the real server")

// DashboardFixture is the props file cmd/renderbench measures the dashboard
// with (Makefile, bench).
const DashboardFixture = "../../../testdata/bench/dashboard.json"

// The dashboard is captured for this demo user, who is Admin in Nordic
// Trading ApS and also belongs to Atlantic Freight Ltd: the full sidebar of
// the Admin role plus an organisation switcher with two organisations.
// (admin@demo.example has the same role and sidebar but one organisation.)
const (
	fixtureUser = "multi@demo.example"
	fixtureOrg  = demo.Org1ID
	// fixtureCSRF replaces the response's random (masked) CSRF token (same
	// length and alphabet), so regenerating the file gives the same bytes.
	fixtureCSRF = "bench-fixture-masked-csrf-token-0123456789abcdefghijklmnopqrstuvwxyz-ABCDEFGHIJKLMNOPQ"
)

// TestDashboardFixture checks testdata/bench/dashboard.json against the
// props the real dashboard handler gives today, so the benchmark's page
// cannot drift from the portal's. Regenerate it:
//
//	go test ./cmd/renderbench/bench -run TestDashboardFixture -update
func TestDashboardFixture(t *testing.T) {
	got := capturedDashboardProps(t)
	if *update {
		b, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(DashboardFixture), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(DashboardFixture, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", DashboardFixture)
		return
	}
	want := dashboardFixture(t)
	gb, _ := json.Marshal(got)
	if !bytes.Equal(gb, want) {
		t.Fatalf("%s is not what the dashboard handler renders today; regenerate it with\n\tgo test ./cmd/renderbench/bench -run TestDashboardFixture -update\nhandler: %s\nfile:    %s",
			DashboardFixture, gb, want)
	}
}

// dashboardFixture is testdata/bench/dashboard.json, compact, as the
// handler's json.Marshal writes props.
func dashboardFixture(tb testing.TB) []byte {
	return readFixture(tb, DashboardFixture, "TestDashboardFixture")
}

// readFixture is a props file, compact; test is the test that writes it.
func readFixture(tb testing.TB, file, test string) []byte {
	tb.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		tb.Fatalf("%v (generate it: go test ./cmd/renderbench/bench -run %s -update)", err, test)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// twinVariant is a change to a page's fixture props that takes a branch the
// fixture does not.
type twinVariant[P any] struct {
	name   string
	change func(p *P)
}

// checkVariants renders page in goja and its twin with each variant of the
// fixture's props and compares the two.
func checkVariants[P any](t *testing.T, page string, fixture []byte, variants []twinVariant[P]) {
	r, _ := renderer(t)
	for _, tt := range variants {
		t.Run(tt.name, func(t *testing.T) {
			var p P
			if err := json.Unmarshal(fixture, &p); err != nil {
				t.Fatal(err)
			}
			tt.change(&p)
			props, err := json.Marshal(p)
			if err != nil {
				t.Fatal(err)
			}
			res, err := r.Render(context.Background(), page, props)
			if err != nil {
				t.Fatal(err)
			}
			out, err := executeTwin(Twins[page], props)
			if err != nil {
				t.Fatal(err)
			}
			if err := SameDOM(res.HTML, out); err != nil {
				t.Errorf("%v\ngoja: %s\ntwin: %s", err, res.HTML, out)
			}
		})
	}
}

// capturedDashboardProps is the dashboard's props as its handler gives them
// today (capturePage), with the values that move with the clock or the
// session fixed.
func capturedDashboardProps(t *testing.T) DashboardView {
	t.Helper()
	var p DashboardView
	decodeStrict(t, capturePage(t, "Dashboard", nil, func(d *server.Deps, store *reference.Store) {
		d.Ledger, d.Stats = store, fixtureStats{}
	}, "/org/"+fixtureOrg), &p)
	fixShell(t, &p.Shell)
	if p.Crypto != nil {
		p.Crypto.CSRF = fixtureCSRF
	}
	return p
}

func decodeStrict(t *testing.T, raw []byte, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatal(err)
	}
}

// fixShell puts fixed values where a response has random ones (CSRF tokens)
// or the clock's (the picker's days).
func fixShell(t *testing.T, sh *ShellView) {
	t.Helper()
	if len(sh.CSRF) != len(fixtureCSRF) {
		t.Errorf("session CSRF tokens are %d characters now, fixtureCSRF %d: update fixtureCSRF", len(sh.CSRF), len(fixtureCSRF))
	}
	sh.CSRF = fixtureCSRF
	// The idle warning's times move with the clock; it renders no markup of its own
	// beyond its island, which the twins leave out.
	sh.Session = nil
	d := &sh.DateRange
	d.CSRF, d.Today, d.MaxYear = fixtureCSRF, "2026-11-22", 2027
	if d.Type != daterange.Custom {
		d.From, d.To = "24-10-2026", "22-11-2026"
	}
}

// capturePage runs the real server (seeded reference store, its clock now
// when given, in-memory sessions and limits, the real bundle, the providers
// deps adds), logs in as fixtureUser through the login form, sends the
// requests (GET path, or "POST path?form" with the session's CSRF token
// added), and returns the props the handler of the last one passed to page.
// The renderer is the real bundle with __portal_render wrapped, so page alone
// answers with its props.
func capturePage(t *testing.T, page string, now func() time.Time, deps func(*server.Deps, *reference.Store), requests ...string) []byte {
	t.Helper()
	ctx := context.Background()
	opts := reference.Options{Now: now, Argon2Params: reference.Argon2Params{Memory: 1024, Time: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}}
	store, err := reference.Open(ctx, filepath.Join(t.TempDir(), "portal.db"), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := demo.Seed(ctx, store, demo.Options{}); err != nil {
		t.Fatal(err)
	}
	src, _ := bundleSource(t)
	r, err := ssr.New(src+captureProps(page), ssr.Config{Size: 1})
	if err != nil {
		t.Fatal(err)
	}
	signer, err := token.NewSigner([]byte(strings.Repeat("f", 32)), 15*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	d := server.Deps{
		Config:   server.Config{Env: "sandbox", SessionsBackend: "memory"},
		Provider: store, Sessions: session.NewManager(session.NewMemoryStore(), session.Config{}),
		Limiter: ratelimit.NewMemory(), Renderer: r, Assets: &server.Assets{}, Tokens: signer,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	deps(&d, store)
	srv := portal.New(d)
	b := &browser{t: t, app: srv.App()}
	b.jar, _ = cookiejar.New(nil)

	csrf := func(page []byte) string {
		m := regexp.MustCompile(`name="_csrf" value="([^"]+)"`).FindSubmatch(page)
		if m == nil {
			t.Fatalf("no _csrf on the page:\n%s", page)
		}
		return string(m[1])
	}
	_, login := b.do("GET", "/login", nil)
	if res, body := b.do("POST", "/login", url.Values{"_csrf": {csrf(login)}, "email": {fixtureUser}, "password": {demo.Password}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("login: status %d\n%s", res.StatusCode, body)
	}
	var body []byte
	for _, req := range requests {
		path, post := strings.CutPrefix(req, "POST ")
		if !post {
			var res *http.Response
			if res, body = b.do("GET", path, nil); res.StatusCode != http.StatusOK {
				t.Fatalf("%s: status %d\n%s", path, res.StatusCode, body)
			}
			continue
		}
		path, query, _ := strings.Cut(path, "?")
		form, _ := url.ParseQuery(query)
		_, here := b.do("GET", "/org/"+fixtureOrg+"/date_range", nil)
		form.Set("_csrf", csrf(here))
		if res, out := b.do("POST", path, form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("POST %s: status %d\n%s", path, res.StatusCode, out)
		}
	}
	i, j := bytes.Index(body, []byte(propsStart)), bytes.LastIndex(body, []byte(propsEnd))
	if i < 0 || j < i {
		t.Fatalf("no captured props of %s in:\n%s", page, body)
	}
	return body[i+len(propsStart) : j]
}

// fixtureStats are fixed statistics: the demo data's are spread around the
// clock, so their 30-day counts change with the day the fixture is taken.
type fixtureStats struct{}

func (fixtureStats) PayoutStateCategoryCounts(context.Context, string, time.Time, time.Time) (provider.StateCategoryCounts, error) {
	out := provider.StateCategoryCounts{}
	for i, c := range provider.PayoutStateCategories() {
		n := []int{11, 16, 5, 12, 10, 7, 79, 6, 4}[i]
		out.Categories = append(out.Categories, provider.Count{Code: c.Code, Name: c.Name, Count: n})
		out.Total += n
	}
	for i := range out.Categories {
		out.Categories[i].Percentage = provider.Percent(out.Categories[i].Count, out.Total)
	}
	return out, nil
}

func (fixtureStats) PayoutReasonCodeReport(context.Context, string, time.Time, time.Time) ([]provider.ReasonCodeGroup, error) {
	item := func(code string, n, of int) provider.Count {
		return provider.Count{Code: code, Name: provider.ReasonName(code), Count: n, Percentage: provider.Percent(n, of)}
	}
	var out []provider.ReasonCodeGroup
	for _, c := range provider.PayoutStateCategories() {
		g := provider.ReasonCodeGroup{State: provider.Count{Code: c.Code, Name: c.Name}, Items: []provider.Count{}}
		switch c.Code {
		case provider.PayoutReturned:
			g.State.Count = 11
			g.Items = []provider.Count{item(provider.ReasonInvalidCreditorAccount, 6, 11), item(provider.ReasonInvalidCreditor, 3, 11), item(provider.ReasonRequestedByCustomer, 2, 11)}
		case provider.PayoutRejected:
			g.State.Count = 16
			g.Items = []provider.Count{item(provider.ReasonInvalidCreditorAccount, 7, 16), item(provider.ReasonInvalidCreditor, 4, 16),
				item(provider.ReasonMissingCapability, 3, 16), item(provider.ReasonInvalidGeneralData, 2, 16)}
		case provider.PayoutActionRequired:
			g.State.Count = 5
			g.Items = []provider.Count{item(provider.ReasonInsufficientFunds, 5, 5)}
		case provider.StatusCancelled:
			g.State.Count = 6
			g.Items = []provider.Count{item(provider.ReasonRequestedByCustomer, 6, 6)}
		}
		g.State.Percentage = provider.Percent(g.State.Count, 146)
		out = append(out, g)
	}
	return out, nil
}

func (fixtureStats) CollectionOrderStatusCounts(context.Context, string, time.Time, time.Time) (provider.StatusCounts, error) {
	out := provider.StatusCounts{}
	for _, c := range []struct {
		code string
		n    int
	}{{"pending", 8}, {"received", 5}, {"completed", 31}, {"cancelled", 6}, {"refunded", 3}} {
		out.Statuses = append(out.Statuses, provider.Count{Code: c.code, Name: provider.CollectionStatusName(c.code), Count: c.n})
		out.Total += c.n
	}
	for i := range out.Statuses {
		out.Statuses[i].Percentage = provider.Percent(out.Statuses[i].Count, out.Total)
	}
	return out, nil
}

const propsStart, propsEnd = "\x02props:", ":props\x03"

// captureProps wraps the bundle's entry point: page renders as its props
// JSON between markers, every other page as usual.
func captureProps(page string) string {
	return fmt.Sprintf(`
;(() => {
  const render = globalThis.__portal_render;
  globalThis.__portal_render = (page, props) =>
    page === %q ? __portal_raw(%q + JSON.stringify(props) + %q) : render(page, props);
})();
`, page, propsStart, propsEnd)
}

// browser is a cookie-keeping client of the Fiber app, without redirects.
type browser struct {
	t   *testing.T
	app *fiber.App
	jar *cookiejar.Jar
}

var portalURL, _ = url.Parse("http://portal.test")

func (b *browser) do(method, path string, form url.Values) (*http.Response, []byte) {
	b.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	r := httptest.NewRequest(method, portalURL.String()+path, body)
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for _, c := range b.jar.Cookies(portalURL) {
		r.AddCookie(c)
	}
	res, err := b.app.Test(r, fiber.TestConfig{Timeout: 15 * time.Second, FailOnTimeout: true})
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b.jar.SetCookies(portalURL, res.Cookies())
	out, err := io.ReadAll(res.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return res, out
}
