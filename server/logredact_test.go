package server

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"portal/reference/demo"

	"portal/server/internal/testkit"
)

func TestRedactTokenPaths(t *testing.T) {
	const tok = "PvRbf0sAt4FXpfXInEn6DPoN0ryfDbzb4EXgsH1u5YQ"
	cases := []struct{ in, want string }{
		{"/passwords/reset/" + tok, "/passwords/reset/[redacted]"},
		{"/invitations/accept/" + tok, "/invitations/accept/[redacted]"},
		// Fiber routes these spellings to the same pages.
		{"/PASSWORDS/Reset/" + tok + "/", "/PASSWORDS/Reset/[redacted]/"},
		{"/Invitations/ACCEPT/" + tok, "/Invitations/ACCEPT/[redacted]"},
		{"/passwords/reset/%50" + tok + "?x=1#f", "/passwords/reset/[redacted]?x=1#f"},
		{`GET "http://portal.test/invitations/accept/` + tok + `": boom, then /passwords/reset/` + tok + `.`,
			`GET "http://portal.test/invitations/accept/[redacted]": boom, then /passwords/reset/[redacted]`},
		{"/passwords/reset/", "/passwords/reset/"},
		{"/passwords/forgot", "/passwords/forgot"},
		{"/org/" + testkit.OrgNordic + "/accounts", "/org/" + testkit.OrgNordic + "/accounts"},
		{"no path at all", "no path at all"},
	}
	for _, tc := range cases {
		if got := redactTokenPaths(tc.in); got != tc.want {
			t.Errorf("redactTokenPaths(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

type pathValuer struct{ p string }

func (v pathValuer) LogValue() slog.Value { return slog.StringValue(v.p) }

// The handler catches the token wherever a log line puts it: message, plain
// and grouped attributes, errors, values resolved late, attributes given
// to With.
func TestRedactingHandler(t *testing.T) {
	const tok = "PvRbf0sAt4FXpfXInEn6DPoN0ryfDbzb4EXgsH1u5YQ"
	p := "/passwords/reset/" + tok
	for name, h := range map[string]func(*bytes.Buffer) slog.Handler{
		"text": func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, nil) },
		"json": func(b *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(b, nil) },
	} {
		var buf bytes.Buffer
		log := slog.New(redactingHandler{h(&buf)})
		log.With("first", p).WithGroup("req").Error("failed at "+p,
			"path", p, "err", errors.New("open "+p+": boom"), "panic", []string{p},
			"valuer", pathValuer{p}, slog.Group("inner", "url", "http://x"+p), "n", 3)
		out := buf.String()
		if strings.Contains(out, tok) {
			t.Errorf("%s: the token reached the log:\n%s", name, out)
		}
		if n := strings.Count(out, "/passwords/reset/[redacted]"); n != 7 {
			t.Errorf("%s: %d redacted paths, want 7:\n%s", name, n, out)
		}
		if !strings.Contains(out, "3") {
			t.Errorf("%s: other attributes lost:\n%s", name, out)
		}
	}
}

// syncBuffer is a log sink shared by the request goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Reset and invitation tokens never reach the log, neither from a refused
// form post nor from a request that fails.
func TestTokensStayOutOfLogs(t *testing.T) {
	var logs syncBuffer
	h := newHarness(t, func(d *Deps) {
		d.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	if err := h.srv.Auth.RequestPasswordReset(t.Context(), emailObserver); err != nil {
		t.Fatal(err)
	}
	links := testkit.OutboxLinks(t, h.srv.Auth, emailObserver)
	if len(links) == 0 {
		t.Fatal("no reset link")
	}
	reset := links[0]
	invite := demo.InvitationLink
	secret := func(link string) string { return link[strings.LastIndexByte(link, '/')+1:] }
	tokens := []string{secret(reset), secret(invite)}

	c := h.client()
	for _, p := range []string{reset, invite, strings.ToUpper(reset[:17]) + secret(reset)} {
		if res := c.Get(p); res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", p, res.StatusCode)
		}
		// A post without the CSRF token is refused and logged with its path.
		if res := c.Do("POST", p, url.Values{"password": {"x"}}); res.StatusCode != http.StatusForbidden {
			t.Fatalf("POST %s without CSRF: %d", p, res.StatusCode)
		}
	}
	// A request that fails is logged with its path.
	h.store.Close()
	for _, p := range []string{reset, invite} {
		res := c.Get(p)
		if res.StatusCode != http.StatusInternalServerError {
			t.Fatalf("GET %s with the store closed: %d", p, res.StatusCode)
		}
		if got := res.Header.Get("Referrer-Policy"); got != "no-referrer" {
			t.Errorf("GET %s failed with Referrer-Policy %q", p, got)
		}
	}

	out := logs.String()
	for _, want := range []string{"csrf rejected", "request failed", "/passwords/reset/[redacted]", "/invitations/accept/[redacted]"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log lacks %q:\n%s", want, out)
		}
	}
	for _, tok := range tokens {
		if strings.Contains(out, tok) {
			t.Fatalf("a token reached the log:\n%s", out)
		}
	}
}
