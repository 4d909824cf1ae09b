// Package deploytest runs the portal as it is deployed on more than one machine: two portal
// processes behind HAProxy (deploy/haproxy.cfg), one shared store, one Redis Cluster. The user
// flows run through the proxy while each portal in turn is restarted (a rolling deploy): no
// request may fail, and the ledger must hold afterwards (docs/deploy.md).
package deploytest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx", for the PostgreSQL store
	_ "modernc.org/sqlite"             // database/sql driver "sqlite"

	"portal/testenv"
)

// postgresStore picks the store the two portals share: one PostgreSQL database
// (PORTAL_DATABASE_URL on a server testenv.StartPostgres starts), the layout of several machines;
// false would be one SQLite data directory, which several processes on one machine may share.
// DEPLOYTEST_STORE=postgres or =sqlite overrides it for one run.
const postgresStore = true

func TestMain(m *testing.M) { os.Exit(testenv.PostgresMain(m)) }

// store is where the two portals keep their data and how the test reads it.
type store struct {
	env   []string // the portals' variables for it
	check checker
	what  string
}

func newStore(t testing.TB, dataDir string) store {
	t.Helper()
	pg := postgresStore
	switch os.Getenv("DEPLOYTEST_STORE") {
	case "postgres":
		pg = true
	case "sqlite":
		pg = false
	}
	if pg {
		dsn := testenv.StartPostgres(t).FreshDatabase(t, "")
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return store{env: []string{"PORTAL_DATABASE_URL=" + dsn}, check: checker{db: db, postgres: true}, what: "one PostgreSQL database"}
	}
	// The portals' PORTAL_DATA_DIR is the store; it is opened for reading once the first
	// portal has created and seeded it (openSQLite).
	return store{what: "one SQLite file in the shared data directory"}
}

// openSQLite opens the shared file read-only once the first portal has created it.
func (s *store) openSQLite(t testing.TB, dataDir string) {
	t.Helper()
	if s.check.db != nil {
		return
	}
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dataDir, "portal.db")+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s.check.db = db
}

// buildPortal builds cmd/portal into a temporary folder (the binary embeds the built assets).
func buildPortal(t testing.TB) string {
	t.Helper()
	dir := root(t)
	if _, err := os.Stat(filepath.Join(dir, "assets", "dist", "manifest.json")); err != nil {
		t.Fatal("the built assets are missing (the binary embeds them); run `make assets` first")
	}
	bin := filepath.Join(t.TempDir(), "portal")
	build := exec.Command("go", "build", "-o", bin, "./cmd/portal")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/portal: %v\n%s", err, out)
	}
	return bin
}

// sharedEnv is the environment of every portal of a run: what they must share (the store,
// Redis and the secret) and the sandbox's settings for a load from one address.
func sharedEnv(t testing.TB, dataDir, redisURL string, st store) []string {
	env := append(os.Environ(),
		"PORTAL_ENV=sandbox", "PORTAL_DATA_DIR="+dataDir, "REDIS_URL="+redisURL, "PORTAL_SECRET="+randomHex(t, 32),
		"PORTAL_SHUTDOWN_GRACE=10s", "PORTAL_TRUSTED_PROXIES=127.0.0.1",
		// Every user of the run logs in from the proxy's one address.
		"PORTAL_LOGIN_IP_LIMIT=100000",
		// Payouts move through their states within the run, on both portals' processors.
		"PORTAL_PAYOUT_POLL=200ms", "PORTAL_PAYOUT_SETTLE=1s",
		"PORTAL_DEV=", "PORTAL_ASSETS_DIR=", "PORTAL_TLS=", "PORTAL_TLS_CERT=", "PORTAL_TLS_KEY=", "PORTAL_PUBLIC_URL=",
		"PORTAL_OUTBOX_SHARED=", "PORTAL_SEED_LARGE=", "PORTAL_DATABASE_URL=")
	return append(env, st.env...)
}

func randomHex(t testing.TB, n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// logf writes a timestamped line of the run's log.
func logf(t testing.TB, format string, args ...any) {
	t.Helper()
	t.Logf("%s "+format, append([]any{time.Now().UTC().Format("15:04:05.000")}, args...)...)
}

func TestRollingRestart(t *testing.T) {
	start := time.Now()
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		// Debian installs it in /usr/sbin, outside a normal user's PATH.
		haproxy, err = exec.LookPath("/usr/sbin/haproxy")
	}
	if err != nil {
		t.Fatal("haproxy not found in PATH; install it with `apt-get install -y haproxy` (scripts/system-deps.sh does)")
	}
	dir := root(t)
	bin := buildPortal(t)
	cluster, err := testenv.StartRedisCluster(false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cluster.Stop)

	dataDir := t.TempDir()
	st := newStore(t, dataDir)
	env := sharedEnv(t, dataDir, cluster.URL, st)

	a := &portal{name: "a", addr: testenv.FreeAddr(t), bin: bin, env: env}
	b := &portal{name: "b", addr: testenv.FreeAddr(t), bin: bin, env: env}
	t0 := time.Now()
	a.start(t, 3*time.Minute) // the first start seeds the demo data into the empty store
	logf(t, "portal a up on %s in %v (seeded %s)", a.addr, time.Since(t0).Round(time.Millisecond), st.what)
	t0 = time.Now()
	b.start(t, time.Minute)
	logf(t, "portal b up on %s in %v, Redis Cluster %s", b.addr, time.Since(t0).Round(time.Millisecond), cluster.URL)
	st.openSQLite(t, dataDir)

	listen := testenv.FreeAddr(t)
	sock := filepath.Join(t.TempDir(), "admin.sock")
	hap := startProc(t, "haproxy", haproxy, []string{"-db", "-f", filepath.Join(dir, "deploy", "haproxy.cfg")}, append(os.Environ(),
		"PORTAL_LISTEN="+listen, "PORTAL_A="+a.addr, "PORTAL_B="+b.addr, "HAPROXY_ADMIN_SOCKET="+sock, "PORTAL_CHECK_INTER=500ms"))
	for _, s := range []string{"a", "b"} {
		waitStat(t, sock, s, 20*time.Second, "UP", func(st string, _ int) bool { return st == "UP" })
	}
	base := "http://" + listen
	logf(t, "haproxy on %s, both portals UP", listen)

	ctx := context.Background()
	before, err := st.check.totals(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orders, err := st.check.completedOrders(ctx)
	if err != nil {
		t.Fatal(err)
	}

	tl := newTally()
	f := &flows{base: base, tally: tl, made: &made{}, orders: orders}
	for _, u := range []struct {
		b     **browser
		email string
	}{{&f.admin, "admin@demo.example"}, {&f.creator, "operations_member@demo.example"},
		{&f.rev1, "operations_member_reviewer@demo.example"}, {&f.rev2, "admin_reviewer@demo.example"}} {
		*u.b = newBrowser(base, tl)
		if err := (*u.b).login(u.email, nil); err != nil {
			t.Fatal(err)
		}
	}

	// The flows, each in a loop of its own, until the restarts are done.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var errMu sync.Mutex
	var flowErrs []string
	runs := map[string]int{}
	for name, flow := range map[string]func() error{
		"mfa login": f.mfaLogin, "transfer": f.transfer, "payout wizard + approval": f.payout,
		"batch upload + 2 approvals": f.batch, "refund": f.refund, "withdrawal": f.withdrawal,
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				err := flow()
				errMu.Lock()
				runs[name]++
				if err != nil && len(flowErrs) < 20 {
					flowErrs = append(flowErrs, fmt.Sprintf("%s %s: %v", time.Now().UTC().Format("15:04:05.000"), name, err))
				}
				errMu.Unlock()
				time.Sleep(50 * time.Millisecond)
			}
		}()
	}

	// Each portal's own /healthz, asked directly: a 503 that is not a restart is logged with
	// the part it names, for the docs' account of what takes a portal out of the rotation.
	wg.Add(1)
	go func() {
		defer wg.Done()
		client := &http.Client{Timeout: 2 * time.Second}
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			for _, pt := range []*portal{a, b} {
				res, err := client.Get("http://" + pt.addr + "/healthz")
				if err != nil {
					continue // stopped for its restart
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					logf(t, "portal %s /healthz answered %d: %s", pt.name, res.StatusCode, strings.TrimSpace(string(body)))
				}
			}
		}
	}()

	time.Sleep(2 * time.Second)
	for _, pt := range []*portal{a, b} {
		rollingRestart(t, sock, pt, tl)
		time.Sleep(time.Second)
	}
	time.Sleep(time.Second)
	close(stop)
	wg.Wait()

	total, failed, byBackend, failures := tl.snapshot()
	var backends []string
	for k, v := range byBackend {
		backends = append(backends, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(backends)
	var flowRuns []string
	for k, v := range runs {
		flowRuns = append(flowRuns, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(flowRuns)
	logf(t, "requests through the proxy: %d (by portal: %s), failed requests (5xx or connection error): %d", total, strings.Join(backends, " "), failed)
	logf(t, "flow runs: %s; MFA logins %d", strings.Join(flowRuns, " "), f.made.mfaLogins)
	// HAProxy's own words on the servers' states during the run.
	for _, l := range hap.lines("Server portals/") {
		if !strings.HasPrefix(l, "<") {
			logf(t, "haproxy: %s", l)
		}
	}
	for _, l := range failures {
		t.Errorf("failed request: %s", l)
	}
	for _, l := range flowErrs {
		t.Errorf("flow: %s", l)
	}
	if failed != 0 {
		t.Errorf("%d of %d requests failed during the rolling restart; want 0", failed, total)
	}

	// The invariants, over what the two portals wrote.
	after, err := st.check.totals(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sameTotals := len(before) == len(after)
	for code, s := range before {
		if a, ok := after[code]; !ok || a.Cmp(s) != 0 {
			sameTotals = false
			t.Errorf("invariant: the sum of all balances in %s was %s before the run, %v after", code, s, after[code])
		}
	}
	logf(t, "invariant balances ok=%v: the sum of all balances per currency is unchanged (%s)", sameTotals, fmtTotals(after))
	m := f.made
	for _, r := range []report{
		st.check.transfers(ctx, m.transfers),
		st.check.payouts(ctx, m.drafts, m.batches, m.batchRows, 15*time.Second),
		st.check.withdrawals(ctx, m.withdrawals),
		st.check.refunds(ctx, m.refunds),
	} {
		for _, e := range r.errs {
			t.Errorf("invariant %s: %s", r.name, e)
		}
		logf(t, "invariant %s ok=%v: %s", r.name, len(r.errs) == 0, r.info)
	}
	for what, n := range map[string]int{"transfers": len(m.transfers), "payouts from drafts": len(m.drafts), "batches": len(m.batches),
		"withdrawals": len(m.withdrawals), "refunds": len(m.refunds), "MFA logins": m.mfaLogins} {
		if n == 0 {
			t.Errorf("no %s completed during the run", what)
		}
	}
	logf(t, "deployment test done in %v", time.Since(start).Round(time.Millisecond))
}

// rollingRestart takes one portal out of the rotation and back: HAProxy stops sending it new
// requests (drain), SIGTERM lets it finish those in flight (PORTAL_SHUTDOWN_GRACE) and exit,
// the new process starts on the same address, and it is put back once /healthz answers.
func rollingRestart(t *testing.T, sock string, pt *portal, tl *tally) {
	t.Helper()
	t0 := time.Now()
	total0, failed0, _, _ := tl.snapshot()
	logf(t, "restart of portal %s: start (requests so far %d, failed %d)", pt.name, total0, failed0)
	// DEPLOYTEST_NO_DRAIN=1 skips the drain: SIGTERM alone, to see what the proxy's retries
	// and the portal's graceful shutdown cover without it (docs/deploy.md).
	if os.Getenv("DEPLOYTEST_NO_DRAIN") != "1" {
		if out, err := haproxyCLI(sock, "set server portals/"+pt.name+" state drain"); err != nil || strings.TrimSpace(out) != "" {
			t.Fatalf("drain %s: %q %v", pt.name, out, err)
		}
	}
	// Drain stops new requests going to the portal, but one HAProxy had already given it may
	// still be on its way over an idle keep-alive connection, which SIGTERM closes: that POST
	// was lost once (EOF, 1 of 1,382). So SIGTERM waits until HAProxy counts no session on
	// the portal; what the portal still answers then is its graceful shutdown's to finish.
	_, inFlight, _ := serverStat(sock, pt.name)
	if os.Getenv("DEPLOYTEST_NO_DRAIN") != "1" {
		waitStat(t, sock, pt.name, 30*time.Second, "without sessions", func(_ string, cur int) bool { return cur == 0 })
	}
	took := pt.stop(t, 30*time.Second)
	done := pt.p.lines("shutdown done")
	if len(done) != 1 || !strings.Contains(done[0], "grace_ran_out=false") {
		t.Errorf("portal %s: shutdown done lines %q; want one with grace_ran_out=false", pt.name, done)
	}
	how := fmt.Sprintf("drained with %d requests in flight, SIGTERM once HAProxy counted none on it", inFlight)
	if os.Getenv("DEPLOYTEST_NO_DRAIN") == "1" {
		how = fmt.Sprintf("not drained (DEPLOYTEST_NO_DRAIN), SIGTERM with %d requests in flight", inFlight)
	}
	logf(t, "restart of portal %s: %s, exited 0 after %v", pt.name, how, took.Round(time.Millisecond))
	t1 := time.Now()
	pt.start(t, time.Minute)
	if out, err := haproxyCLI(sock, "set server portals/"+pt.name+" state ready"); err != nil || strings.TrimSpace(out) != "" {
		t.Fatalf("ready %s: %q %v", pt.name, out, err)
	}
	waitStat(t, sock, pt.name, 20*time.Second, "UP", func(st string, _ int) bool { return st == "UP" })
	total1, failed1, _, _ := tl.snapshot()
	logf(t, "restart of portal %s: end, new process healthy in %v and UP in HAProxy; %v in all; requests during it %d, failed %d",
		pt.name, time.Since(t1).Round(time.Millisecond), time.Since(t0).Round(time.Millisecond), total1-total0, failed1-failed0)
}
