// Command httpbench measures full authenticated page requests over HTTP:
// the real server on loopback, sessions in a real redis-server, the
// dashboard page requested by concurrent keep-alive clients for a bounded
// time. It prints pages/s and latency percentiles, and the page weights,
// against the budgets of docs/architecture.md. It is a measurement: it fails only on errors.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"

	"portal/cmd/internal/loadavg"
	"portal/ratelimit"
	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/portal"
	"portal/session"
	"portal/ssr"
	"portal/testenv"
	"portal/token"
)

func main() {
	dur := flag.Duration("d", 8*time.Second, "measurement time")
	conc := flag.Int("c", 8, "concurrent clients")
	gogc := flag.Int("gogc", 400, "GOGC for the server process")
	flag.Parse()
	if err := run(*dur, *conc, *gogc); err != nil {
		fmt.Fprintln(os.Stderr, "httpbench:", err)
		os.Exit(1)
	}
}

func run(dur time.Duration, conc, gogc int) error {
	debug.SetGCPercent(gogc)
	ctx := context.Background()
	redisURL, stop, err := testenv.StartRedis()
	if err != nil {
		return err
	}
	defer stop()
	dir, err := os.MkdirTemp("", "httpbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	store, err := reference.Open(ctx, filepath.Join(dir, "portal.db"), reference.Options{})
	if err != nil {
		return err
	}
	defer store.Close()
	if _, err := demo.Seed(ctx, store, demo.Options{}); err != nil {
		return err
	}
	opt, _ := redis.ParseURL(redisURL)
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	as, err := server.LoadAssets(os.DirFS("assets/dist"))
	if err != nil {
		return err
	}
	renderer, err := ssr.New(as.Server, ssr.Config{})
	if err != nil {
		return err
	}
	signer, _ := token.NewSigner([]byte(strings.Repeat("b", 32)), 15*time.Minute)
	srv := portal.New(server.Deps{
		Config:   server.Config{Env: "sandbox", SessionsBackend: "redis"},
		Provider: store, Sessions: session.NewManager(session.NewRedisStore(rdb, "bench:sess:"), session.Config{}),
		Limiter: ratelimit.NewRedis(rdb, "bench:rl:"), Renderer: renderer, Assets: as, Tokens: signer, Redis: rdb,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go func() { _ = srv.App().Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	defer srv.App().Shutdown()
	base := "http://" + ln.Addr().String()

	jar, _ := cookiejar.New(nil)
	cl := &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: conc * 2, DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if err := login(cl, base, "admin@demo.example"); err != nil {
		return err
	}
	page := base + "/org/" + demo.Org1ID

	fmt.Printf("machine: %d cores, GOMAXPROCS %d, GOGC %d, load average %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), gogc, loadavg.Read())
	// Warm up the render pool and connections.
	if _, err := hammer(cl, page, conc, 2*time.Second); err != nil {
		return err
	}
	lat, err := hammer(cl, page, conc, dur)
	if err != nil {
		return err
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	rate := float64(len(lat)) / dur.Seconds()
	p := func(q float64) time.Duration { return lat[int(q*float64(len(lat)-1))] }
	// The budgets hold on an idle machine: the load says whether this one was.
	fmt.Printf("\nfull authenticated page request (GET dashboard, session in Redis, %d clients, %s; load average after it %s)\n",
		conc, dur, loadavg.Read())
	fmt.Printf("  %-22s %8.0f pages/s   (budget ≥ 1,000)  %s\n", "throughput", rate, verdict(rate >= 1000))
	fmt.Printf("  %-22s %8.2f ms\n", "p50", ms(p(0.50)))
	fmt.Printf("  %-22s %8.2f ms        (budget ≤ 25)  %s\n", "p99", ms(p(0.99)), verdict(p(0.99) <= 25*time.Millisecond))

	fmt.Printf("\npage weight (first paint: HTML + CSS compressed, budget ≤ 14 KB; JS on pages without islands: 0)\n")
	css := fetch(cl, base+"/assets/"+as.Manifest.CSS)
	_, cssGz, cssBr := as.Size(as.Manifest.CSS)
	for _, pg := range []struct{ name, url string }{
		{"login", base + "/login"},
		{"dashboard (shell)", page},
		{"search", page + "/search?q=ABC-123"},
		{"not found", base + "/nope"},
	} {
		anon := pg.name == "login" || pg.name == "not found"
		c := cl
		if anon {
			c = &http.Client{}
		}
		body := fetch(c, pg.url)
		sent := sentBytes(c, pg.url) // what the server really sends with Accept-Encoding: br, gzip
		js := jsBytes(as, body)
		fmt.Printf("  %-18s html %6d B raw, %5d B gzip, %5d B sent | +css %5d B br = %5.1f KB  %s | JS %d B gz\n",
			pg.name, len(body), gzipLen(body), sent, cssBr, float64(sent+cssBr)/1024, verdict(sent+cssBr <= 14*1024), js)
	}
	_ = css
	fmt.Printf("  css %s: %d B raw, %d B gzip, %d B br\n", as.Manifest.CSS, len(css), cssGz, cssBr)
	for name, f := range as.Manifest.Islands {
		raw, _, _ := as.Size(f)
		// The budget's rule (server.Assets.IslandWeight, what TestIslandWeights holds): the
		// island and every chunk it imports statically, less what the loader loads itself.
		gz, total, _, _ := as.IslandWeight(name)
		verdict := "ok"
		if total > 10<<10 {
			verdict = "over"
		}
		fmt.Printf("  island %-12s %6d B raw, %5d B gzip (with its chunks: %d B gzip; budget ≤ 10 KB) %s\n", name, raw, gz, total, verdict)
	}
	return nil
}

func verdict(ok bool) string {
	if ok {
		return "ok"
	}
	return "OVER BUDGET"
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func login(cl *http.Client, base, email string) error {
	res, err := cl.Get(base + "/login")
	if err != nil {
		return err
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := regexp.MustCompile(`name="_csrf" value="([^"]+)"`).FindSubmatch(b)
	if m == nil {
		return fmt.Errorf("no csrf on login page")
	}
	res, err = cl.PostForm(base+"/login", url.Values{"_csrf": {string(m[1])}, "email": {email}, "password": {demo.Password}})
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		return fmt.Errorf("login: status %d", res.StatusCode)
	}
	return nil
}

// hammer requests url from conc goroutines until dur has passed.
func hammer(cl *http.Client, u string, conc int, dur time.Duration) ([]time.Duration, error) {
	var mu sync.Mutex
	var all []time.Duration
	var firstErr error
	deadline := time.Now().Add(dur)
	var wg sync.WaitGroup
	for i := 0; i < conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(deadline) {
				t0 := time.Now()
				res, err := cl.Get(u)
				if err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", res.StatusCode)
					}
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			all = append(all, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if firstErr == nil && len(all) == 0 {
		firstErr = fmt.Errorf("no request completed")
	}
	return all, firstErr
}

func fetch(cl *http.Client, u string) []byte {
	res, err := cl.Get(u)
	if err != nil {
		return nil
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return b
}

func sentBytes(cl *http.Client, u string) int {
	r, _ := http.NewRequest("GET", u, nil)
	r.Header.Set("Accept-Encoding", "br, gzip")
	res, err := cl.Do(r)
	if err != nil {
		return 0
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return len(b)
}

func gzipLen(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}

var importRe = regexp.MustCompile(`import "/assets/([^"]+)"`)

// jsBytes is the gzip size of the JavaScript a page loads: its island
// modules and their chunks, each file once however many islands share it.
func jsBytes(as *server.Assets, page []byte) int {
	files := map[string]bool{}
	for _, m := range importRe.FindAllSubmatch(bytes.ReplaceAll(page, []byte(`\/`), []byte("/")), -1) {
		f := string(m[1])
		files[f] = true
		for dep := range as.StaticClosure(f) {
			files[dep] = true
		}
	}
	n := 0
	for f := range files {
		_, gz, _ := as.Size(f)
		n += gz
	}
	return n
}
