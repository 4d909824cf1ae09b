package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/ratelimit"
	"portal/server"
	"portal/server/api"
	"portal/server/servertest"
	"portal/session"
	"portal/testenv"
)

// outageRedisOptions are cmd/portal's short waits and single dial (redisOptions there),
// which this package cannot import.
func outageRedisOptions(t *testing.T, url string) *redis.Options {
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	opt.DialTimeout, opt.ReadTimeout, opt.WriteTimeout, opt.MaxRetries, opt.DialerRetries = 200*time.Millisecond, 300*time.Millisecond, 300*time.Millisecond, 1, 1
	return opt
}

// timedGet sends a GET with a fresh cookie-less request (or with cookies),
// returning the response, its body and how long it took.
func timedGet(t *testing.T, h *servertest.Harness, path string, hdr ...string) (*http.Response, []byte, time.Duration) {
	t.Helper()
	r := httptest.NewRequest("GET", "http://portal.test"+path, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	start := time.Now()
	res, err := h.Srv.App().Test(r, servertest.FiberTestConfig())
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, body, time.Since(start)
}

// eventually polls cond until it holds or a generous deadline passes.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 15s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestOutageRedis(t *testing.T) {
	rs := testenv.StartRedisServer(t)
	rdb := redis.NewClient(outageRedisOptions(t, rs.URL))
	t.Cleanup(func() { rdb.Close() })
	h := newHarness(t, func(d *server.Deps) {
		d.Sessions = session.NewManager(session.NewRedisStore(rdb, "sess:"), session.Config{})
		d.Limiter = ratelimit.NewRedis(rdb, "rl:")
		d.Redis = rdb
	})
	c := h.LoggedIn(emailObserver)
	cookie := "portal_session=" + c.SessionID()
	a := h.APILoggedIn(emailObserver)

	rs.Stop()

	var pageTime time.Duration
	for _, tc := range []struct{ name, path, cookie string }{
		{"login page", "/login", ""},
		{"logged-in page", "/", cookie},
	} {
		res, body, d := timedGet(t, h, tc.path, "Cookie", tc.cookie)
		pageTime = max(pageTime, d)
		if res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("%s during the outage: %d %s", tc.name, res.StatusCode, body)
		}
		if res.Header.Get("Retry-After") != "60" || res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Retry-After %q, Cache-Control %q", tc.name, res.Header.Get("Retry-After"), res.Header.Get("Cache-Control"))
		}
		doc := servertest.Parse(t, &http.Response{Body: io.NopCloser(bytes.NewReader(body))})
		if h1 := htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))); h1 != "This service is temporarily unavailable" {
			t.Errorf("%s: h1 %q", tc.name, h1)
		}
		if htmlq.Find(doc, htmlq.ByTag("main")) == nil || htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/" }) == nil {
			t.Errorf("%s: no main landmark or no link home", tc.name)
		}
		if d > testenv.Scaled(500*time.Millisecond) {
			t.Errorf("%s took %s during the outage (want < %s)", tc.name, d, testenv.Scaled(500*time.Millisecond))
		}
	}
	t.Logf("slowest page during the outage: %s", pageTime)

	reply := a.Call("GET", currentUser, nil)
	if reply.StatusCode != http.StatusServiceUnavailable || reply.ErrorCode(t) != api.CodeUnavailable || reply.Header.Get("Retry-After") == "" ||
		!strings.HasPrefix(reply.Header.Get("Content-Type"), "application/json") {
		t.Errorf("api during the outage: %d %q %s", reply.StatusCode, reply.Header.Get("Content-Type"), reply.Raw)
	}

	t.Logf("healthz during the outage: %s", healthzNames(t, h, "sessions", "store"))

	rs.Start()
	eventually(t, "the login page after Redis is back", func() bool {
		res, _, _ := timedGet(t, h, "/login")
		return res.StatusCode == http.StatusOK
	})
	if res, body, _ := timedGet(t, h, "/healthz"); res.StatusCode != http.StatusOK {
		t.Errorf("healthz after Redis is back: %d %s", res.StatusCode, body)
	}
	// The restarted Redis kept no sessions: the old cookie is a logged-out
	// visitor (sent to log in), not an error.
	if res, body, _ := timedGet(t, h, "/", "Cookie", cookie); res.StatusCode >= 500 {
		t.Errorf("logged-in page after Redis is back: %d %s", res.StatusCode, body)
	}
	a2 := h.APILoggedIn(emailObserver)
	if r := a2.Call("GET", currentUser, nil); r.StatusCode != http.StatusOK {
		t.Errorf("api after Redis is back: %d %s", r.StatusCode, r.Raw)
	}
}

func TestOutageStoreHealthz(t *testing.T) {
	h := newHarness(t)
	h.Store.Close()
	healthzNames(t, h, "store", "sessions")
}

// TestOutageRedisHangsHealthz: a Redis that takes connections and never answers (a host
// gone quiet, a full network buffer) is the outage a stopped server is not: nothing
// refuses, so only the waits bound the answer. /healthz still answers in time and names it.
func TestOutageRedisHangsHealthz(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var held []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			held = append(held, conn)
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		<-done
		for _, c := range held {
			c.Close()
		}
	})
	rdb := redis.NewClient(outageRedisOptions(t, "redis://"+ln.Addr().String()))
	t.Cleanup(func() { rdb.Close() })
	h := newHarness(t, func(d *server.Deps) {
		d.Sessions = session.NewManager(session.NewRedisStore(rdb, "sess:"), session.Config{})
		d.Redis = rdb
	})
	t.Logf("healthz with Redis silent: %s", healthzNames(t, h, "sessions", "store"))
}

// healthzNames checks that /healthz answers 503 with Retry-After within
// 500 ms (scaled to the machine: testenv.Scaled), naming down as unavailable and up as ok; it returns how long it took.
func healthzNames(t *testing.T, h *servertest.Harness, down, up string) time.Duration {
	t.Helper()
	res, body, d := timedGet(t, h, "/healthz")
	var hz map[string]string
	_ = json.Unmarshal(body, &hz)
	if res.StatusCode != http.StatusServiceUnavailable || hz[down] != "unavailable" || hz[up] != "ok" || res.Header.Get("Retry-After") == "" {
		t.Errorf("healthz with %s down: %d %s", down, res.StatusCode, body)
	}
	if d > testenv.Scaled(500*time.Millisecond) {
		t.Errorf("healthz took %s with %s down (want < %s)", d, down, testenv.Scaled(500*time.Millisecond))
	}
	return d
}
