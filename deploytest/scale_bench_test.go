package deploytest

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"portal/reference/demo"
	"portal/testenv"
)

// BenchmarkScale measures what a second portal process adds: pages/s and writes/s (transfers
// through the transfer form) with one portal, then with two, on one PostgreSQL database and
// one Redis, each portal on a CPU of its own (taskset, GOMAXPROCS=1). Both figures of a kind
// come from the same run, one right after the other, so the ratio is what counts; the
// budgets are two processes ≥ 1.6× one on pages and ≥ 1.3× on writes. The load comes
// from this process over loopback, as logged-in users (one session each, shared through
// Redis, so a user may be served by either portal). Writes are measured twice: every
// writer in one organisation (each transfer then waits for the one before it on the
// organisation's audit chain and its EUR account) and the writers spread over the two demo
// organisations, as a portal of many customers is written (docs/ci-and-bench.md).
//
//	go test -run '^$' -bench BenchmarkScale -benchtime 1x ./deploytest
func BenchmarkScale(b *testing.B) {
	taskset, err := exec.LookPath("taskset")
	if err != nil {
		b.Fatal("taskset (util-linux) not found: the bench pins each portal to a CPU")
	}
	bin := buildPortal(b)
	dataDir := b.TempDir()
	st := newStore(b, dataDir)
	if !st.check.postgres {
		b.Fatal("the scale bench runs on PostgreSQL (DEPLOYTEST_STORE=sqlite has one writer by design)")
	}
	env := append(sharedEnv(b, dataDir, testenv.Redis(b), st), "GOMAXPROCS=1")
	// taskset execs the portal in its own process, so stopping it stops the portal.
	pinned := func(name, cpu string) *portal {
		return &portal{name: name, addr: testenv.FreeAddr(b), bin: taskset, args: []string{"-c", cpu, bin}, env: env}
	}
	a, c := pinned("a", "0"), pinned("b", "1")
	a.start(b, 3*time.Minute) // seeds the demo data into the empty database
	const users = 8
	window := 8 * time.Second
	clients := make([]*browser, users)
	for i := range clients {
		clients[i] = newBrowser("http://"+a.addr, newTally())
		if err := clients[i].login("admin@demo.example", nil); err != nil {
			b.Fatal(err)
		}
	}
	// Half the writers of the spread figure are Atlantic Freight's administrator.
	atlantic := make([]*browser, users/2)
	for i := range atlantic {
		atlantic[i] = newBrowser("http://"+a.addr, newTally())
		if err := atlantic[i].login(demo.AtlanticAdminEmail, nil); err != nil {
			b.Fatal(err)
		}
	}
	spread := append(slices.Clone(clients[:users/2]), atlantic...)
	booked := &made{}
	transfers := transferLoad(booked)
	b.ResetTimer()
	onePages := rate(b, clients, window, pageLoad)
	oneWrites := rate(b, clients, window, transfers)
	oneSpread := rate(b, spread, window, transfers)

	c.start(b, time.Minute)
	for _, group := range [][]*browser{clients, atlantic} {
		for i, cl := range group {
			if i%2 == 1 {
				cl.base = "http://" + c.addr
			}
		}
	}
	twoPages := rate(b, clients, window, pageLoad)
	twoWrites := rate(b, clients, window, transfers)
	twoSpread := rate(b, spread, window, transfers)
	b.StopTimer()

	load, _ := os.ReadFile("/proc/loadavg")
	verdict := func(r, budget float64) string {
		if r >= budget {
			return fmt.Sprintf("within the ≥ %.1f× budget", budget)
		}
		return fmt.Sprintf("UNDER the ≥ %.1f× budget", budget)
	}
	fmt.Printf("scale (PostgreSQL, Redis, %d users, %v per figure, one CPU per portal; load average %s):\n", users, window, strings.Join(strings.Fields(string(load))[:3], " "))
	fmt.Printf("  pages/s   one portal %7.1f   two %7.1f   %.2f× — %s\n", onePages, twoPages, twoPages/onePages, verdict(twoPages/onePages, 1.6))
	fmt.Printf("  writes/s  one portal %7.1f   two %7.1f   %.2f× — %s (every writer in one organisation)\n", oneWrites, twoWrites, twoWrites/oneWrites, verdict(twoWrites/oneWrites, 1.3))
	fmt.Printf("  writes/s  one portal %7.1f   two %7.1f   %.2f× — %s (the writers in two organisations)\n", oneSpread, twoSpread, twoSpread/oneSpread, verdict(twoSpread/oneSpread, 1.3))

	// A transfer the store failed still answers 303 (to the account page, with the error in
	// the flash), so a counted write is only known booked once the ledger holds it: each key
	// booked once, balanced, and every account of the organisation the sum of its entries.
	if r := st.check.transfers(b.Context(), booked.transfers); len(r.errs) > 0 {
		b.Fatalf("%s: %s", r.name, strings.Join(r.errs, "; "))
	}
	b.ReportMetric(twoPages/onePages, "pages-ratio")
	b.ReportMetric(twoWrites/oneWrites, "writes-ratio")
	b.ReportMetric(twoSpread/oneSpread, "writes-ratio-orgs")
}

// The pages of the mixed read load, in turn: the dashboard, an account's transactions,
// payouts, collection orders.
var benchPages = []string{"", "/accounts/" + demo.AccountOrg1EUR, "/payouts", "/collections/orders"}

// pageLoad reads the n-th page of the mix; it counts when the portal answers 200.
func pageLoad(cl *browser, n int) error {
	path := orgPath(benchPages[n%len(benchPages)])
	r, err := cl.send("GET", path, nil, "")
	if err != nil {
		return err
	}
	if r.status != http.StatusOK {
		return fmt.Errorf("GET %s: %d", path, r.status)
	}
	return nil
}

// transferLoad books one transfer through the form (its GET and its POST count as one write)
// in the organisation of the client's user, noting its idempotency key in m for the check
// after the run.
func transferLoad(m *made) func(cl *browser, n int) error {
	var seq atomic.Int64
	return func(cl *browser, _ int) error {
		e2e := fmt.Sprintf("SCALE-T-%d", seq.Add(1))
		if cl.email == demo.AtlanticAdminEmail {
			return transferIn(cl, m, demo.Org2ID, demo.AccountOrg2GBP, demo.AccountOrg2USD, e2e)
		}
		return transferIn(cl, m, org, demo.AccountOrg1EUR, demo.AccountOrg1GBP, e2e)
	}
}

// rate runs do on every client side by side for the window and returns the successes per
// second; any failure fails the bench (a figure over errors would flatter).
func rate(b *testing.B, clients []*browser, window time.Duration, do func(*browser, int) error) float64 {
	b.Helper()
	var done atomic.Int64
	var seq atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	until := time.Now().Add(window)
	start := time.Now()
	for _, cl := range clients {
		wg.Go(func() {
			for time.Now().Before(until) {
				if err := do(cl, int(seq.Add(1))); err != nil {
					failed.CompareAndSwap(nil, err)
					return
				}
				done.Add(1)
			}
		})
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		b.Fatal(err)
	}
	return float64(done.Load()) / time.Since(start).Seconds()
}
