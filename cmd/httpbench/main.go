// Command httpbench measures full authenticated page requests over HTTP:
// the real server on loopback with every area the demo store offers,
// sessions in a real redis-server, a mixed workload of logged-in pages
// (dashboard, an account's transactions, the payouts list with a row's
// panel open, the collection orders, search results, the create-payout
// page) requested in turn by concurrent keep-alive clients for a bounded
// time. Each page's URL comes from the links of the pages before it
// (discover), and a warm-up checks that each answers 200 with its page. It
// prints pages/s and p50/p99 latency per page kind and overall, and the page
// weights, against the budgets of docs/architecture.md. It is a
// measurement: it fails only on errors (any answer but a 200 during the
// measurement counts as one). -cpuprofile writes a CPU profile of the
// measured interval (server and clients: they share the process).
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
	"runtime/pprof"
	"strings"
	"syscall"
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
	cpuprofile := flag.String("cpuprofile", "", "write a pprof CPU profile of the measured interval to `FILE`")
	flag.Parse()
	if err := run(*dur, *conc, *gogc, *cpuprofile); err != nil {
		fmt.Fprintln(os.Stderr, "httpbench:", err)
		os.Exit(1)
	}
}

func run(dur time.Duration, conc, gogc int, cpuprofile string) error {
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
	deps := server.Deps{
		Config:   server.Config{Env: "sandbox", SessionsBackend: "redis"},
		Provider: store, Sessions: session.NewManager(session.NewRedisStore(rdb, "bench:sess:"), session.Config{}),
		Limiter: ratelimit.NewRedis(rdb, "bench:rl:"), Renderer: renderer, Assets: as, Tokens: signer, Redis: rdb,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	deps.Offered(store) // the ledger, payouts, collections… as cmd/portal wires them
	srv := portal.New(deps)
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
	start, err := login(cl, base, "admin@demo.example")
	if err != nil {
		return err
	}
	mix, err := discover(cl, base, start)
	if err != nil {
		return fmt.Errorf("finding the pages of the mix: %w", err)
	}
	if err := verify(cl, mix); err != nil {
		return fmt.Errorf("warm-up: %w", err)
	}
	page := mix[0].url // the dashboard

	fmt.Printf("machine: %d cores, GOMAXPROCS %d, GOGC %d, load average %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), gogc, loadavg.Read())
	fmt.Printf("mix (each client requests these in turn, starting at its own):\n")
	for _, k := range mix {
		fmt.Printf("  %-22s %s\n", k.name, strings.TrimPrefix(k.url, base))
	}
	// Warm up the render pool and connections.
	if res, _ := hammer(cl, mix, conc, 2*time.Second); failed(res) > 0 {
		return fmt.Errorf("warm-up: %s", firstFailure(mix, res))
	}
	if cpuprofile != "" {
		f, err := os.Create(cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	cpu0 := processCPU()
	res, elapsed := hammer(cl, mix, conc, dur)
	cpu := processCPU() - cpu0
	if cpuprofile != "" {
		pprof.StopCPUProfile()
	}
	// The budgets hold on an idle machine: the load says whether this one was.
	fmt.Printf("\nfull authenticated page requests (mixed pages, session in Redis, %d clients, %s; load average after it %s)\n",
		conc, elapsed.Round(time.Millisecond), loadavg.Read())
	fmt.Printf("  %-22s %8s %8s %8s %7s\n", "page", "pages/s", "p50 ms", "p99 ms", "errors")
	var all []time.Duration
	for i, k := range mix {
		f := figuresOf(res[i].lat, elapsed)
		fmt.Printf("  %-22s %8.0f %8.2f %8.2f %7d\n", k.name, f.rate, ms(f.p50), ms(f.p99), res[i].errors)
		all = append(all, res[i].lat...)
	}
	tot := figuresOf(all, elapsed)
	fmt.Printf("  %-22s %8.0f %8.2f %8.2f %7d\n", "all", tot.rate, ms(tot.p50), ms(tot.p99), failed(res))
	fmt.Printf("  %-22s %8.0f pages/s   (budget ≥ 1,000)  %s\n", "throughput", tot.rate, verdict(tot.rate >= 1000))
	fmt.Printf("  %-22s %8.2f ms        (budget ≤ 25)  %s\n", "p99", ms(tot.p99), verdict(tot.p99 <= 25*time.Millisecond))
	// What a page costs in CPU barely moves with the machine's load (its wall time does):
	// the figure to compare between runs on a busy machine. Server and clients share the
	// process, so it includes the clients' share.
	if n := len(all); n > 0 {
		perPage := cpu / time.Duration(n)
		fmt.Printf("  %-22s %8.2f ms CPU per page (the process's user + system time; %d cores → at most %.0f pages/s)\n",
			"cost", ms(perPage), runtime.NumCPU(), float64(runtime.NumCPU())*float64(time.Second)/float64(perPage))
	}
	if cpuprofile != "" {
		fmt.Printf("  CPU profile of the measured interval: %s (go tool pprof %s)\n", cpuprofile, cpuprofile)
	}

	fmt.Printf("\npage weight (first paint: HTML + CSS compressed, budget ≤ 14 KB; JS on pages without islands: 0)\n")
	css := fetch(cl, base+"/assets/"+as.Manifest.CSS)
	_, cssGz, cssBr := as.Size(as.Manifest.CSS)
	for _, pg := range []struct{ name, url string }{
		{"login", base + "/login"},
		{"dashboard", page},
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
	if n := failed(res); n > 0 {
		return fmt.Errorf("%d requests failed during the measurement: %s", n, firstFailure(mix, res))
	}
	return nil
}

// failed is how many requests of res did not answer 200.
func failed(res []kindResult) int {
	n := 0
	for _, r := range res {
		n += r.errors
	}
	return n
}

// firstFailure names each kind that failed, its count and its first error.
func firstFailure(mix []pageKind, res []kindResult) string {
	var b []string
	for i, r := range res {
		if r.errors > 0 {
			b = append(b, fmt.Sprintf("%s (GET %s) %d× %s", mix[i].name, mix[i].url, r.errors, r.firstErr))
		}
	}
	return strings.Join(b, "; ")
}

func verdict(ok bool) string {
	if ok {
		return "ok"
	}
	return "OVER BUDGET"
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// login logs email in and returns where the server sends it.
func login(cl *http.Client, base, email string) (string, error) {
	res, err := cl.Get(base + "/login")
	if err != nil {
		return "", err
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := regexp.MustCompile(`name="_csrf" value="([^"]+)"`).FindSubmatch(b)
	if m == nil {
		return "", fmt.Errorf("no csrf on login page")
	}
	res, err = cl.PostForm(base+"/login", url.Values{"_csrf": {string(m[1])}, "email": {email}, "password": {demo.Password}})
	if err != nil {
		return "", err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		return "", fmt.Errorf("login: status %d", res.StatusCode)
	}
	return res.Header.Get("Location"), nil
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

// processCPU is the user and system CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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
