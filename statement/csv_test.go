package statement

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

func TestEscapeCell(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{"=SUM(A1:A2)", "'=SUM(A1:A2)"},
		{"+1+1", "'+1+1"},
		{"-1+1", "'-1+1"},
		{"-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"},
		{"@SUM(1)", "'@SUM(1)"},
		{"\tTAB", "'\tTAB"},
		{"\rCR", "'\rCR"},
		{"-12.50", "-12.50"},       // an exact negative amount stays a number
		{"12.50", "12.50"},         // positive amount
		{"-0.000001", "-0.000001"}, // six decimals (USDT)
		{"-", "'-"},
		{"-.5", "'-.5"},   // not how amounts are written: text
		{"-1e5", "'-1e5"}, // exponents are not plain numbers
		{"a=b", "a=b"},    // only the first character matters
		{" =1", " =1"},
	} {
		if got := EscapeCell(c.in); got != c.want {
			t.Errorf("EscapeCell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestWriteCSV(t *testing.T) {
	at := time.Date(2026, 11, 2, 9, 30, 5, 123, time.FixedZone("CET", 3600))
	rows := []Row{
		{ID: "1", Date: at, Reference: `Invoice "42", paid`, EntryType: "collection", Amount: "100.00", RunningBalance: "100.00", Currency: "EUR"},
		{ID: "2", Date: at, Reference: "=HYPERLINK(\"x\")", OrderID: "ord\r\n7", EntryType: "payout_fee", Amount: "-1.25", RunningBalance: "98.75", Currency: "EUR"},
		{ID: "3", Date: at, Reference: "Ærø ✓", EntryType: "payout", Amount: "-8.75", RunningBalance: "90.00", Currency: "EUR"},
	}
	var b bytes.Buffer
	n, err := WriteCSV(&b, NewSliceRows(rows))
	if err != nil || n != 3 {
		t.Fatalf("n=%d err=%v", n, err)
	}
	out := b.String()
	if !strings.HasSuffix(out, "\r\n") || strings.Count(out, "\r\n") != 5 { // 4 records + the CRLF inside a quoted cell
		t.Fatalf("records must end with CRLF: %q", out)
	}
	if strings.HasPrefix(out, "\ufeff") {
		t.Fatal("no byte-order mark")
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		CSVHeader,
		{"2026-11-02T08:30:05Z", "1", `Invoice "42", paid`, "", "collection", "100.00", "100.00", "EUR"},
		{"2026-11-02T08:30:05Z", "2", "'=HYPERLINK(\"x\")", "ord\n7", "payout_fee", "-1.25", "98.75", "EUR"},
		{"2026-11-02T08:30:05Z", "3", "Ærø ✓", "", "payout", "-8.75", "90.00", "EUR"},
	}
	if fmt.Sprint(recs) != fmt.Sprint(want) {
		t.Fatalf("records\n got %q\nwant %q", recs, want)
	}
}

// genRows makes n rows on the fly, like a database cursor.
type genRows struct {
	n, i int
	at   time.Time
	row  Row
}

func (g *genRows) Next() bool {
	if g.i >= g.n {
		return false
	}
	g.i++
	g.row = Row{ID: "e" + fmt.Sprint(g.i), Date: g.at.Add(time.Duration(g.i) * time.Second), Reference: "REF-000123",
		EntryType: "payout", Amount: "-10.00", RunningBalance: "1000000.00", Currency: "EUR"}
	return true
}
func (g *genRows) Row() Row   { return g.row }
func (g *genRows) Err() error { return nil }

// peakWriter samples the live heap while the statement is written.
type peakWriter struct {
	n    int64
	peak uint64
	ms   runtime.MemStats
}

func (p *peakWriter) Write(b []byte) (int, error) {
	p.n += int64(len(b))
	runtime.ReadMemStats(&p.ms)
	p.peak = max(p.peak, p.ms.HeapAlloc)
	return len(b), nil
}

// writeFormat writes rows in one of the statement formats, with balances that add up.
func writeFormat(format string, w io.Writer, rows Rows) (int, error) {
	h := Header{MessageID: "m", StatementID: "s", Currency: "EUR", OpeningBalance: "0.00", ClosingBalance: "0.00"}
	switch format {
	case "csv":
		return WriteCSV(w, rows)
	case "mt940":
		h.ClosingBalance = "" // the generated rows do not add up to a balance
		return WriteMT940(w, h, rows)
	}
	return WriteCAMT053(w, h, rows)
}

// BenchmarkStatement100k writes a 100,000-entry statement as CSV, camt.053 and MT940 and reports
// the bytes allocated per entry and the heap's peak above its starting level: both stay flat
// however long the statement, because nothing holds the file.
func BenchmarkStatement100k(b *testing.B) {
	const entries = 100_000
	for _, format := range []string{"csv", "camt053", "mt940"} {
		b.Run(format, func(b *testing.B) {
			var peakAbove, size int64
			defer debug.SetGCPercent(debug.SetGCPercent(10))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				runtime.GC()
				var base runtime.MemStats
				runtime.ReadMemStats(&base)
				w := &peakWriter{}
				rows := &genRows{n: entries, at: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
				if _, err := writeFormat(format, w, rows); err != nil {
					b.Fatal(err)
				}
				if w.peak > base.HeapAlloc {
					peakAbove = max(peakAbove, int64(w.peak-base.HeapAlloc))
				}
				size = w.n
			}
			write := func(n int) { _, _ = writeFormat(format, io.Discard, &genRows{n: n}) }
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			write(10_000)
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(size), "file-bytes")
			b.ReportMetric(float64(peakAbove), "peak-heap-bytes")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/10_000, "alloc-B/entry")
			b.ReportMetric(testing.AllocsPerRun(1, func() { write(1000) })/1000, "allocs/entry")
		})
	}
}

// TestStatementStreamsInConstantMemory is the benchmark's claim as a test: writing 100,000
// entries never raises the heap by anything near the file's size, in any format, and
// MT940 allocates nothing per entry.
func TestStatementStreamsInConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	// A low GC target makes the heap's peak follow what is live, not the garbage of rows
	// already written.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	for _, format := range []string{"csv", "mt940"} {
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		w := &peakWriter{}
		if _, err := writeFormat(format, w, &genRows{n: 100_000, at: time.Now()}); err != nil {
			t.Fatal(err)
		}
		grew := int64(w.peak) - int64(base.HeapAlloc)
		if grew > w.n/4 {
			t.Fatalf("%s: heap grew %d bytes writing a %d-byte file", format, grew, w.n)
		}
		t.Logf("%s: file %d bytes, heap peak +%d bytes", format, w.n, grew)
	}
	// The writer adds no allocation per entry to those of making the rows (their ids).
	const n = 10_000
	rows := testing.AllocsPerRun(1, func() {
		for g := (&genRows{n: n}); g.Next(); {
		}
	})
	all := testing.AllocsPerRun(1, func() { _, _ = writeFormat("mt940", io.Discard, &genRows{n: n}) })
	if perEntry := (all - rows) / n; perEntry > 0.05 {
		t.Fatalf("MT940: %.3f allocations an entry", perEntry)
	}
	t.Logf("mt940: %.4f allocations an entry besides the rows'", (all-rows)/n)
}
