package reference

import (
	"context"
	"encoding/csv"
	"errors"
	"portal/reference/demo"
	"slices"
	"strings"
	"testing"
	"time"

	"portal/money"
	"portal/provider"
	"portal/statement"
)

func readReport(t *testing.T, s *Store, org, id string) [][]string {
	t.Helper()
	name, text := exportText(t)(s.OpenPayoutReport(context.Background(), org, id))
	if !strings.HasPrefix(name, "payout-report-") || !strings.HasSuffix(name, ".csv") {
		t.Fatalf("filename %q", name)
	}
	recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func TestPayoutReportRules(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	from, to := lastDays(clock.Now(), 30)
	req := func(mod func(r *provider.PayoutReportRequest)) error {
		r := provider.PayoutReportRequest{AccountNumber: demo.AccountOrg1EUR, CreatedAfter: from, CreatedBefore: to,
			RequestedBy: demo.UserFinanceID}
		mod(&r)
		_, err := s.CreatePayoutReport(ctx, demo.Org1ID, r)
		return err
	}
	for _, c := range []struct {
		name        string
		mod         func(r *provider.PayoutReportRequest)
		code, field string
	}{
		{"no account", func(r *provider.PayoutReportRequest) { r.AccountNumber = "" }, provider.EINVALID, "virtual_account_number"},
		{"shared account", func(r *provider.PayoutReportRequest) { r.AccountNumber = demo.AccountPartnerPool }, provider.ENOTFOUND, "virtual_account_number"},
		{"other organisation's account", func(r *provider.PayoutReportRequest) { r.AccountNumber = demo.AccountOrg2GBP }, provider.ENOTFOUND, "virtual_account_number"},
		{"no start", func(r *provider.PayoutReportRequest) { r.CreatedAfter = time.Time{} }, provider.EINVALID, "created_after"},
		{"no end", func(r *provider.PayoutReportRequest) { r.CreatedBefore = time.Time{} }, provider.EINVALID, "created_before"},
		{"ends before it starts", func(r *provider.PayoutReportRequest) { r.CreatedAfter, r.CreatedBefore = to, from }, provider.EINVALID, "created_before"},
		{"ends after today", func(r *provider.PayoutReportRequest) { r.CreatedBefore = to.AddDate(0, 0, 1) }, provider.EINVALID, "created_before"},
		{"91 days", func(r *provider.PayoutReportRequest) { r.CreatedAfter = to.AddDate(0, 0, -91) }, provider.EINVALID, "created_after"},
		{"unknown status", func(r *provider.PayoutReportRequest) { r.StateCategories = []string{"done"} }, provider.EINVALID, "status_categories"},
		{"bad currency", func(r *provider.PayoutReportRequest) { r.CurrencyCode = "E1" }, provider.EINVALID, "currency_code"},
		{"negative amount", func(r *provider.PayoutReportRequest) { r.AmountFrom = "-1" }, provider.EINVALID, "amount_from"},
		{"amount range reversed", func(r *provider.PayoutReportRequest) { r.AmountFrom, r.AmountTo = "10", "9.99" }, provider.EINVALID, "amount_to"},
	} {
		err := req(c.mod)
		var fe *provider.FieldError
		if provider.ErrorCode(err) != c.code || !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%s: %v, want %s on %s", c.name, err, c.code, c.field)
		}
	}
	var fe *provider.FieldError
	if err := req(func(r *provider.PayoutReportRequest) { r.CreatedAfter = to.AddDate(0, 0, -91) }); !errors.As(err, &fe) ||
		fe.Err.Message != provider.MsgPayoutReportDays {
		t.Fatalf("91 days: %v", err)
	}
	// Exactly 90 days, both ends included, is allowed.
	if err := req(func(r *provider.PayoutReportRequest) { r.CreatedAfter = to.AddDate(0, 0, -90) }); err != nil {
		t.Fatalf("90 days: %v", err)
	}
	// Filters that select nothing: the spec's error 1001.
	for name, mod := range map[string]func(r *provider.PayoutReportRequest){
		"other currency":  func(r *provider.PayoutReportRequest) { r.CurrencyCode = "GBP" },
		"amount too high": func(r *provider.PayoutReportRequest) { r.AmountFrom = "999999999" },
		"period before any": func(r *provider.PayoutReportRequest) {
			r.CreatedAfter, r.CreatedBefore = from.AddDate(-3, 0, 0), from.AddDate(-3, 0, 7)
		},
	} {
		if err := req(mod); !errors.Is(err, provider.ErrNoPayoutsFound) {
			t.Errorf("%s: %v, want no payouts found", name, err)
		}
	}
}

// A report holds exactly the payouts its filters select, oldest first, with the formula
// guard on every cell; the export worker writes it and e-mails the requester once.
func TestPayoutReportCSVMatchesFilters(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	from, to := lastDays(clock.Now(), 60)
	// A receiver name a spreadsheet would run as a formula.
	evil := validSEPA("report-evil-1", "12.34")
	evil.Creditor.FullName = `=HYPERLINK("http://x.example","click")`
	mustCreate(t, s, demo.Org1ID, evil)

	cats := []string{provider.PayoutCompleted, provider.PayoutReceived}
	rep, err := s.CreatePayoutReport(ctx, demo.Org1ID, provider.PayoutReportRequest{AccountNumber: demo.AccountOrg1EUR,
		CreatedAfter: from, CreatedBefore: to, StateCategories: cats, AmountFrom: "10", AmountTo: "50000", RequestedBy: demo.UserFinanceID})
	if err != nil {
		t.Fatal(err)
	}
	if rep.State != provider.ExportQueued {
		t.Fatalf("state %s", rep.State)
	}
	if _, err := s.OpenPayoutReport(ctx, demo.Org1ID, rep.UUID); provider.ErrorCode(err) != provider.ECONFLICT {
		t.Fatalf("download before ready: %v", err)
	}
	stop := s.StartExportWorker(ctx, ExportWorkerOptions{Poll: 20 * time.Millisecond})
	deadline := time.Now().Add(10 * time.Second)
	for {
		rep, err = s.PayoutReport(ctx, demo.Org1ID, rep.UUID)
		if err != nil {
			t.Fatal(err)
		}
		if rep.State == provider.ExportReady || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	if rep.State != provider.ExportReady {
		t.Fatalf("still %s", rep.State)
	}

	// What the payouts list says the same filters select.
	want := map[string]provider.PayoutRequest{}
	for _, c := range cats {
		f := provider.PayoutFilter{VirtualAccountNumber: demo.AccountOrg1EUR, StateCategory: c, AmountFrom: "10", AmountTo: "50000",
			CreatedAfter: from, CreatedBefore: to, Limit: provider.MaxPayoutLimit}
		for {
			p, err := s.Payouts(ctx, demo.Org1ID, f)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range p.Payouts {
				want[x.UniqueReference] = x
			}
			if !p.HasNext {
				break
			}
			f.Cursor = p.CursorNext
		}
	}
	recs := readReport(t, s, demo.Org1ID, rep.UUID)
	if !slices.Equal(recs[0], PayoutReportHeader) || recs[0][1] != "vela_unique_reference" {
		t.Fatalf("header %v", recs[0])
	}
	rows := recs[1:]
	if len(rows) != len(want) || rep.RowCount != len(rows) || len(rows) < 5 {
		t.Fatalf("%d rows (row_count %d), the list selects %d", len(rows), rep.RowCount, len(want))
	}
	lo, hi := money.MustParse("10", 2), money.MustParse("50000", 2)
	prev := ""
	sawEvil := false
	for _, r := range rows {
		p, ok := want[r[1]]
		if !ok {
			t.Fatalf("row %v is not selected by the filters", r)
		}
		amt := money.MustParse(r[6], 2)
		if r[0] != p.CreatedAt.UTC().Format(statement.DateLayout) || r[0] < prev || !slices.Contains(cats, r[3]) ||
			r[9] != demo.AccountOrg1EUR || r[8] != "EUR" || amt.Cmp(lo) < 0 || amt.Cmp(hi) > 0 || r[2] != p.EndToEndID {
			t.Fatalf("row %v, payout %+v", r, p)
		}
		prev = r[0]
		if r[2] == "report-evil-1" {
			sawEvil = true
			if r[16] != `'=HYPERLINK("http://x.example","click")` {
				t.Fatalf("formula not guarded: %q", r[16])
			}
		}
	}
	if !sawEvil {
		t.Fatal("the new received payout is missing")
	}
	if mails := countRows(t, s, `SELECT count(*) FROM outbox_messages WHERE subject = 'Your payout report is ready' AND recipient = 'finance@demo.example'`); mails != 1 {
		t.Fatalf("%d notices", mails)
	}
	// A payout created after the request is not in a retried report.
	var through int64
	s.read.QueryRow(`SELECT through_seq FROM payout_reports WHERE id = ?`, rep.UUID).Scan(&through)
	later := mustCreate(t, s, demo.Org1ID, validSEPA("report-later-1", "20.00"))
	var seq int64
	s.read.QueryRow(`SELECT seq FROM payout_requests WHERE unique_reference = ?`, later.UniqueReference).Scan(&seq)
	if seq <= through {
		t.Fatalf("through %d, later payout %d", through, seq)
	}
}

// Reports are read only through their organisation; the demo data has enough of them to
// page for both organisations, each ready one with its file.
func TestPayoutReportsListAndIsolation(t *testing.T) {
	s, _ := authStore(t)
	ctx := context.Background()
	for org, min := range map[string]int{demo.Org1ID: 21, demo.Org2ID: 21} {
		var seen []provider.PayoutReport
		f := provider.PayoutReportFilter{}
		pages := 0
		for {
			p, err := s.PayoutReports(ctx, org, f)
			if err != nil {
				t.Fatal(err)
			}
			pages++
			if p.Total < min {
				t.Fatalf("%s: total %d", org, p.Total)
			}
			seen = append(seen, p.Reports...)
			if !p.HasNext {
				break
			}
			f.Cursor = p.CursorNext
		}
		states := map[string]int{}
		for i, r := range seen {
			states[r.State]++
			if i > 0 && r.CreatedAt.After(seen[i-1].CreatedAt) {
				t.Fatalf("not newest first at %d", i)
			}
			if _, err := s.PayoutReport(ctx, map[string]string{demo.Org1ID: demo.Org2ID, demo.Org2ID: demo.Org1ID}[org], r.UUID); provider.ErrorCode(err) != provider.ENOTFOUND {
				t.Fatalf("another organisation reads %s: %v", r.UUID, err)
			}
			if r.State == provider.ExportReady && i < 3 {
				if recs := readReport(t, s, org, r.UUID); len(recs)-1 != r.RowCount || r.RowCount == 0 {
					t.Fatalf("%s: %d rows, row_count %d", r.UUID, len(recs)-1, r.RowCount)
				}
			}
		}
		if pages < 2 || states[provider.ExportReady] == 0 || states[provider.ExportFailed] == 0 {
			t.Fatalf("%s: %d pages, states %v", org, pages, states)
		}
		one, err := s.PayoutReports(ctx, org, provider.PayoutReportFilter{AccountNumber: seen[0].AccountNumber})
		if err != nil || one.Total == 0 || one.Total >= len(seen) {
			t.Fatalf("account filter: %v %d of %d", err, one.Total, len(seen))
		}
	}
	if _, err := s.PayoutReport(ctx, demo.Org1ID, "00000000-0000-4000-8000-000000000000"); provider.ErrorMessage(err) != provider.MsgPayoutReportNotFound {
		t.Fatalf("unknown: %v", err)
	}
}

// A crashed payout report job is taken up again once its lease runs out and completes once.
func TestPayoutReportJobResumedOnce(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	from, to := lastDays(clock.Now(), 30)
	rep, err := s.CreatePayoutReport(ctx, demo.Org1ID, provider.PayoutReportRequest{AccountNumber: demo.AccountOrg1GBP,
		CreatedAfter: from, CreatedBefore: to, RequestedBy: demo.UserFinanceID})
	if err != nil {
		t.Fatal(err)
	}
	crash := errors.New("worker killed")
	if ok, err := s.runExportJob(ctx, &payoutReportJobs, 0, func() error { return crash }, s.writePayoutReport); ok || !errors.Is(err, crash) {
		t.Fatalf("crash: %v %v", ok, err)
	}
	if n, err := s.RunPayoutReportJobs(ctx); err != nil || n != 0 {
		t.Fatalf("during the lease: %d %v", n, err)
	}
	clock.Advance(StatementLease + time.Second)
	if n, err := s.RunPayoutReportJobs(ctx); err != nil || n != 1 {
		t.Fatalf("after the lease: %d %v", n, err)
	}
	got, _ := s.PayoutReport(ctx, demo.Org1ID, rep.UUID)
	if got.State != provider.ExportReady || got.RowCount == 0 {
		t.Fatalf("%+v", got)
	}
	// The statement queue does not run payout report jobs, nor the other way round.
	if n, _ := s.RunStatementJobs(ctx); n != 0 {
		t.Fatalf("statement jobs ran %d", n)
	}
}
