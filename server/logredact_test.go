package server_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"portal/reference/demo"
	"portal/server"
	"portal/server/servertest"
)

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
	h := newHarness(t, func(d *server.Deps) {
		d.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	if err := h.Srv.Auth.RequestPasswordReset(t.Context(), emailObserver); err != nil {
		t.Fatal(err)
	}
	links := servertest.OutboxLinks(t, h.Srv.Auth, emailObserver)
	if len(links) == 0 {
		t.Fatal("no reset link")
	}
	reset := links[0]
	invite := demo.InvitationLink
	secret := func(link string) string { return link[strings.LastIndexByte(link, '/')+1:] }
	tokens := []string{secret(reset), secret(invite)}

	c := h.Client()
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
	h.Store.Close()
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
