package reference

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/demo"
	"portal/testenv"
)

// The 1,000,000-entry store is built once per test binary, and only when a benchmark asks
// for it (benchmarks run only under -bench), so plain `go test` stays fast.
var (
	largeOnce  sync.Once
	largeStore *Store
	largeDir   string
	largeErr   error
	largeBuild time.Duration
)

const largeEntries = 1_000_000

// afterAll runs after all tests and benchmarks (TestMain), newest first.
var afterAll []func()

func largeSeededStore(b *testing.B) *Store {
	b.Helper()
	largeOnce.Do(func() {
		largeDir, largeErr = os.MkdirTemp("", "ledger-bench-")
		if largeErr != nil {
			return
		}
		ctx := context.Background()
		largeStore, largeErr = Open(ctx, filepath.Join(largeDir, "portal.db"), Options{Argon2Params: cheapParams})
		if largeErr != nil {
			return
		}
		start := time.Now()
		_, largeErr = demo.Seed(ctx, largeStore, demo.Options{LargeAccountEntries: largeEntries})
		largeBuild = time.Since(start)
	})
	if largeErr != nil {
		b.Fatal(largeErr)
	}
	return largeStore
}

func TestMain(m *testing.M) {
	// PostgresMain stops the PostgreSQL server a PORTAL_TEST_ENGINE=postgres run started.
	code := testenv.PostgresMain(m)
	if largeStore != nil {
		largeStore.Close()
	}
	if largeDir != "" {
		os.RemoveAll(largeDir)
	}
	for i := len(afterAll) - 1; i >= 0; i-- {
		afterAll[i]()
	}
	os.Exit(code)
}

// BenchmarkMovementsPage1M reads 50-row pages of a 1,000,000-entry account at a cursor deep
// in its history (and the first page), reporting p50 and p99 per page. Budget (docs/architecture.md):
// p99 ≤ 20 ms.
func BenchmarkMovementsPage1M(b *testing.B) {
	s := largeSeededStore(b)
	ctx := context.Background()
	b.Logf("seeded %d entries in %s", largeEntries, largeBuild)
	// A cursor about 900,000 entries deep, from the table itself.
	var at string
	var seq int64
	if err := s.read.QueryRowContext(ctx, `SELECT created_at, seq FROM ledger_entries WHERE account_number = ?
		ORDER BY created_at DESC, seq DESC LIMIT 1 OFFSET 900000`, demo.AccountLarge).Scan(&at, &seq); err != nil {
		b.Fatal(err)
	}
	t, _ := parseTime(at)
	deep := encodeCursor(t, itoa(seq))
	for _, c := range []struct {
		name string
		f    provider.MovementFilter
	}{
		{"first", provider.MovementFilter{Limit: 50}},
		{"deep-next", provider.MovementFilter{Limit: 50, Cursor: deep, Direction: provider.DirectionNext}},
		{"deep-prev", provider.MovementFilter{Limit: 50, Cursor: deep, Direction: provider.DirectionPrev}},
		{"deep-next-type", provider.MovementFilter{Limit: 50, Cursor: deep, EntryType: provider.EntryPayout}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var lat []time.Duration
			for b.Loop() {
				start := time.Now()
				page, err := s.Movements(ctx, demo.Org1ID, demo.AccountLarge, c.f)
				lat = append(lat, time.Since(start))
				if err != nil || len(page.Entries) != 50 {
					b.Fatalf("page: %d entries, %v", len(page.Entries), err)
				}
			}
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			pct := func(p float64) float64 {
				return float64(lat[min(len(lat)-1, int(float64(len(lat))*p))].Microseconds()) / 1000
			}
			b.ReportMetric(pct(0.50), "p50-ms")
			b.ReportMetric(pct(0.99), "p99-ms")
		})
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
