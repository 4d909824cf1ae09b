package reference

import (
	"context"
	"io"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/demo"
)

// heapPeak samples the live heap until stopped and returns its peak above the start.
func heapPeak() (stop func() uint64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, peak := ms.HeapAlloc, ms.HeapAlloc
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		if peak < base {
			return 0
		}
		return peak - base
	}
}

// BenchmarkStatementStore100k generates and downloads a 100,000-entry statement through the
// reference provider (database cursor → CSV writer → stored chunks → download stream), then
// downloads it as MT940 (database cursor → MT940 writer → pipe), and reports bytes and
// allocations per entry and the heap's peak during each, next to the file sizes: the peak
// stays far below the file because no step holds it whole.
//
//	go test -run XXX -bench BenchmarkStatementStore100k -benchtime 1x ./reference/
func BenchmarkStatementStore100k(b *testing.B) {
	const entries = 100_000
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "portal.db"), Options{Argon2Params: cheapParams})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if _, err := demo.Seed(ctx, s, demo.Options{LargeAccountEntries: entries}); err != nil {
		b.Fatal(err)
	}
	var first string
	if err := s.read.QueryRow(`SELECT min(created_at) FROM ledger_entries WHERE account_number = ?`, demo.AccountLarge).Scan(&first); err != nil {
		b.Fatal(err)
	}
	start, _ := parseTime(first)
	now := time.Now().UTC()
	end := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1)
	// A low GC target makes the peak follow what is live rather than uncollected garbage.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st, err := s.CreateStatement(ctx, demo.Org1ID, provider.StatementRequest{AccountNumber: demo.AccountLarge,
			CreatedAfter: start.Truncate(24 * time.Hour), CreatedBefore: end, Kind: provider.KindTransactions, RequestedBy: demo.UserFinanceID})
		if err != nil {
			b.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		stop := heapPeak()
		if n, err := s.RunStatementJobs(ctx); err != nil || n != 1 {
			b.Fatalf("%d, %v", n, err)
		}
		genPeak := stop()
		runtime.ReadMemStats(&after)
		genAlloc := after.TotalAlloc - before.TotalAlloc

		st, _ = s.Statement(ctx, demo.Org1ID, st.ID)
		if st.EntryCount < entries {
			b.Fatalf("%d entries", st.EntryCount)
		}
		runtime.ReadMemStats(&before)
		stop = heapPeak()
		f, err := s.OpenStatement(ctx, demo.Org1ID, st.ID, provider.FormatCSV)
		if err != nil {
			b.Fatal(err)
		}
		size, err := io.Copy(io.Discard, f)
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		readPeak := stop()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(st.EntryCount), "entries")
		b.ReportMetric(float64(size), "file-bytes")
		b.ReportMetric(float64(genAlloc)/float64(st.EntryCount), "generate-alloc-B/entry")
		b.ReportMetric(float64(genPeak), "generate-peak-heap-B")
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(st.EntryCount), "download-alloc-B/entry")
		b.ReportMetric(float64(readPeak), "download-peak-heap-B")
		if genPeak > uint64(size)/2 || readPeak > uint64(size)/2 {
			b.Errorf("heap peak %d / %d bytes for a %d-byte file", genPeak, readPeak, size)
		}

		// MT940 is written from the database cursor as it is downloaded.
		runtime.ReadMemStats(&before)
		mallocs := before.Mallocs
		stop = heapPeak()
		f, err = s.OpenStatement(ctx, demo.Org1ID, st.ID, provider.FormatMT940)
		if err != nil {
			b.Fatal(err)
		}
		mtSize, err := io.Copy(io.Discard, f)
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		mtPeak := stop()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(mtSize), "mt940-file-bytes")
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(st.EntryCount), "mt940-alloc-B/entry")
		b.ReportMetric(float64(after.Mallocs-mallocs)/float64(st.EntryCount), "mt940-allocs/entry")
		b.ReportMetric(float64(mtPeak), "mt940-peak-heap-B")
		if mtPeak > uint64(mtSize)/2 {
			b.Errorf("MT940 heap peak %d bytes for a %d-byte file", mtPeak, mtSize)
		}
	}
}
