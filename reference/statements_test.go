package reference

import (
	"context"
	"encoding/csv"
	"errors"
	"portal/reference/demo"
	"strings"
	"testing"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/statement"
)

func lastDays(now time.Time, n int) (time.Time, time.Time) {
	end := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1)
	return end.AddDate(0, 0, -n), end
}

func requestStatement(t *testing.T, s *Store, now time.Time, account, kind string) provider.Statement {
	t.Helper()
	from, to := lastDays(now, 30)
	st, err := s.CreateStatement(context.Background(), demo.Org1ID, provider.StatementRequest{AccountNumber: account,
		CreatedAfter: from, CreatedBefore: to, Kind: kind, RequestedBy: demo.UserFinanceID})
	if err != nil {
		t.Fatal(err)
	}
	if st.State != provider.StatementQueued {
		t.Fatalf("state %q", st.State)
	}
	return st
}

func readyNotices(t *testing.T, s *Store) int {
	t.Helper()
	return countRows(t, s, `SELECT count(*) FROM outbox_messages WHERE subject = 'Your statement is ready'`)
}

// A worker that dies right after claiming leaves the job generating; once its lease runs
// out a restarted worker claims it and completes it, exactly once, with one e-mail.
func TestStatementJobResumedOnceAfterCrash(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	st := requestStatement(t, s, clock.Now(), demo.AccountOrg1EUR, provider.KindTransactions)

	crash := errors.New("worker killed")
	var staleToken string
	ok, err := s.runStatementJob(ctx, 0, func() error {
		if err := s.read.QueryRow(`SELECT lease_token FROM statements WHERE id = ?`, st.ID).Scan(&staleToken); err != nil {
			t.Fatal(err)
		}
		return crash
	})
	if ok || !errors.Is(err, crash) {
		t.Fatalf("crashed worker: ok=%v err=%v", ok, err)
	}
	got, _ := s.Statement(ctx, demo.Org1ID, st.ID)
	if got.State != provider.StatementGenerating {
		t.Fatalf("after the crash: %q, want generating", got.State)
	}

	// While the dead worker's lease holds, nobody takes the job.
	if n, err := s.RunStatementJobs(ctx); err != nil || n != 0 {
		t.Fatalf("during the lease: %d, %v", n, err)
	}
	clock.Advance(StatementLease + time.Second)
	if n, err := s.RunStatementJobs(ctx); err != nil || n != 1 {
		t.Fatalf("restarted worker: %d, %v", n, err)
	}
	got, _ = s.Statement(ctx, demo.Org1ID, st.ID)
	var attempts int
	s.read.QueryRow(`SELECT attempts FROM statements WHERE id = ?`, st.ID).Scan(&attempts)
	if got.State != provider.StatementReady || got.CSVFileID == "" || attempts != 2 {
		t.Fatalf("after restart: %+v, attempts %d", got, attempts)
	}
	if n := readyNotices(t, s); n != 1 {
		t.Fatalf("%d ready e-mails, want 1", n)
	}

	// The dead worker coming back to life cannot complete it a second time.
	if err := s.writeStatement(ctx, st.ID, staleToken); !errors.Is(err, errLeaseLost) {
		t.Fatalf("stale worker: %v, want lease lost", err)
	}
	clock.Advance(time.Hour)
	if n, err := s.RunStatementJobs(ctx); err != nil || n != 0 {
		t.Fatalf("nothing left: %d, %v", n, err)
	}
	again, _ := s.Statement(ctx, demo.Org1ID, st.ID)
	if n := readyNotices(t, s); n != 1 || again.CSVFileID != got.CSVFileID {
		t.Fatalf("completed again: %d e-mails, file %s → %s", n, got.CSVFileID, again.CSVFileID)
	}
	if chunksOfOthers := countRows(t, s, `SELECT count(*) FROM statement_chunks WHERE statement_id = ? AND file_id <> ?`, st.ID, got.CSVFileID); chunksOfOthers != 0 {
		t.Fatalf("%d chunks of failed attempts left", chunksOfOthers)
	}
}

func readAll(t *testing.T, s *Store, id, format string) string {
	t.Helper()
	_, text := exportText(t)(s.OpenStatement(context.Background(), demo.Org1ID, id, format))
	return text
}

// The CSV holds the account's entries of the period, in booking order, and they add up:
// closing = opening + sum of amounts. A charges statement holds only the fee types.
func TestStatementCSVMatchesLedger(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	tx := requestStatement(t, s, clock.Now(), demo.AccountOrg1EUR, provider.KindTransactions)
	ch := requestStatement(t, s, clock.Now(), demo.AccountOrg1EUR, provider.KindCharges)
	if n, err := s.RunStatementJobs(ctx); err != nil || n != 2 {
		t.Fatalf("%d, %v", n, err)
	}
	tx, _ = s.Statement(ctx, demo.Org1ID, tx.ID)

	// The ledger's own view of the period.
	var ledger []provider.Entry
	f := provider.MovementFilter{CreatedAfter: tx.From, CreatedBefore: tx.To, Limit: provider.MaxMovementLimit}
	for {
		p, err := s.Movements(ctx, demo.Org1ID, demo.AccountOrg1EUR, f)
		if err != nil {
			t.Fatal(err)
		}
		ledger = append(ledger, p.Entries...)
		if !p.HasNext {
			break
		}
		f.Cursor = p.CursorNext
	}
	sum, err := s.AccountSummary(ctx, demo.Org1ID, demo.AccountOrg1EUR, tx.From, tx.To)
	if err != nil {
		t.Fatal(err)
	}
	if len(ledger) == 0 || tx.EntryCount != len(ledger) || tx.OpeningBalance != sum.OpeningBalance || tx.ClosingBalance != sum.ClosingBalance {
		t.Fatalf("statement %+v; ledger %d entries, summary %+v", tx, len(ledger), sum)
	}

	recs, err := csv.NewReader(strings.NewReader(readAll(t, s, tx.ID, provider.FormatCSV))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(recs[0], ",") != strings.Join(statement.CSVHeader, ",") || len(recs) != len(ledger)+1 {
		t.Fatalf("header %v, %d rows for %d entries", recs[0], len(recs)-1, len(ledger))
	}
	dec := currency.Decimals("EUR")
	total := money.MustParse(sum.OpeningBalance, dec)
	for i, r := range recs[1:] {
		e := ledger[len(ledger)-1-i] // Movements is newest first, the statement oldest first
		if r[1] != e.ID || r[5] != e.Amount || r[6] != e.RunningBalance || r[0] != e.Date.UTC().Format(statement.DateLayout) {
			t.Fatalf("row %d %v, entry %+v", i, r, e)
		}
		total = total.Add(money.MustParse(r[5], dec))
		if total.String() != r[6] {
			t.Fatalf("row %d: running balance %s, opening + amounts %s", i, r[6], total)
		}
	}
	if total.String() != sum.ClosingBalance {
		t.Fatalf("opening + amounts = %s, closing %s", total, sum.ClosingBalance)
	}

	fees := map[string]bool{}
	for _, ty := range provider.ChargeEntryTypes() {
		fees[ty] = true
	}
	want := 0
	for _, e := range ledger {
		if fees[e.EntryType] {
			want++
		}
	}
	crecs, _ := csv.NewReader(strings.NewReader(readAll(t, s, ch.ID, provider.FormatCSV))).ReadAll()
	if len(crecs)-1 != want {
		t.Fatalf("charges: %d rows, %d fee entries", len(crecs)-1, want)
	}
	for _, r := range crecs[1:] {
		if !fees[r[4]] {
			t.Fatalf("charges statement holds %s", r[4])
		}
	}

	camt := readAll(t, s, tx.ID, provider.FormatCAMT053)
	if !strings.Contains(camt, statement.CAMTNamespace) || strings.Count(camt, "<Ntry>") != len(ledger) {
		t.Fatalf("camt.053: %d entries", strings.Count(camt, "<Ntry>"))
	}
}

func TestStatementRulesAndIsolation(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	from, to := lastDays(clock.Now(), 30)
	req := func(acct, kind string, from, to time.Time) error {
		_, err := s.CreateStatement(ctx, demo.Org1ID, provider.StatementRequest{AccountNumber: acct, CreatedAfter: from,
			CreatedBefore: to, Kind: kind, RequestedBy: demo.UserFinanceID})
		return err
	}
	for _, c := range []struct {
		name        string
		err         error
		code, field string
	}{
		{"unknown kind", req(demo.AccountOrg1EUR, "fees", from, to), provider.EINVALID, "kind"},
		{"ends after today", req(demo.AccountOrg1EUR, provider.KindCharges, from, to.AddDate(0, 0, 1)), provider.EINVALID, "created_before"},
		{"ends before it starts", req(demo.AccountOrg1EUR, provider.KindCharges, to, from), provider.EINVALID, "created_before"},
		{"no start", req(demo.AccountOrg1EUR, provider.KindCharges, time.Time{}, to), provider.EINVALID, "created_after"},
		{"shared account", req(demo.AccountPartnerPool, provider.KindCharges, from, to), provider.ENOTFOUND, "virtual_account_number"},
		{"other organisation's account", req(demo.AccountOrg2GBP, provider.KindCharges, from, to), provider.ENOTFOUND, "virtual_account_number"},
	} {
		var fe *provider.FieldError
		if provider.ErrorCode(c.err) != c.code || !errors.As(c.err, &fe) || fe.Field != c.field {
			t.Errorf("%s: %v, want %s on %s", c.name, c.err, c.code, c.field)
		}
	}

	st := requestStatement(t, s, clock.Now(), demo.AccountOrg1USDT, provider.KindTransactions)
	if _, err := s.OpenStatement(ctx, demo.Org1ID, st.ID, provider.FormatCSV); provider.ErrorCode(err) != provider.ECONFLICT {
		t.Fatalf("download before ready: %v", err)
	}
	if _, err := s.Statement(ctx, demo.Org2ID, st.ID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Fatalf("other organisation reads it: %v", err)
	}
	if _, err := s.RunStatementJobs(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.OpenStatement(ctx, demo.Org2ID, st.ID, provider.FormatCSV); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Fatalf("other organisation downloads it: %v", err)
	}
	if _, err := s.OpenStatement(ctx, demo.Org1ID, st.ID, provider.FormatCAMT053); provider.ErrorCode(err) != provider.EINVALID {
		t.Fatalf("camt.053 of USDT: %v", err)
	}

	// Paging: 5 statements, pages of 2, newest first, both directions, account filter.
	for i := 0; i < 4; i++ {
		clock.Advance(time.Second)
		requestStatement(t, s, clock.Now(), demo.AccountOrg1EUR, provider.KindCharges)
	}
	var seen []string
	f := provider.StatementFilter{Limit: 2}
	var pages []provider.StatementPage
	for {
		p, err := s.Statements(ctx, demo.Org1ID, f)
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != 5 {
			t.Fatalf("total %d", p.Total)
		}
		pages = append(pages, p)
		for _, x := range p.Statements {
			seen = append(seen, x.ID)
		}
		if !p.HasNext {
			break
		}
		f.Cursor = p.CursorNext
	}
	if len(seen) != 5 || len(pages) != 3 || seen[4] != st.ID {
		t.Fatalf("pages %d, seen %v", len(pages), seen)
	}
	back, err := s.Statements(ctx, demo.Org1ID, provider.StatementFilter{Limit: 2, Cursor: pages[2].CursorPrev, Direction: provider.DirectionPrev})
	if err != nil || len(back.Statements) != 2 || back.Statements[0].ID != seen[2] {
		t.Fatalf("previous page: %v %+v", err, back)
	}
	eur, _ := s.Statements(ctx, demo.Org1ID, provider.StatementFilter{AccountNumber: demo.AccountOrg1EUR})
	other, _ := s.Statements(ctx, demo.Org2ID, provider.StatementFilter{})
	if eur.Total != 4 || other.Total != 0 {
		t.Fatalf("filtered %d, other organisation %d", eur.Total, other.Total)
	}
}

// A delayed queue holds a job back until it is old enough.
func TestStatementJobDelay(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	requestStatement(t, s, clock.Now(), demo.AccountOrg1GBP, provider.KindCharges)
	if n, err := s.runStatementJobs(ctx, 3*time.Second); err != nil || n != 0 {
		t.Fatalf("too young: %d, %v", n, err)
	}
	clock.Advance(3 * time.Second)
	if n, err := s.runStatementJobs(ctx, 3*time.Second); err != nil || n != 1 {
		t.Fatalf("old enough: %d, %v", n, err)
	}
}

// mt940Balance reads a balance field's value (C/D, YYMMDD, currency, amount with a comma) as
// the exact decimal package money writes.
func mt940Balance(t *testing.T, v string) string {
	t.Helper()
	if len(v) < 11 {
		t.Fatalf("balance %q", v)
	}
	amt := strings.Replace(v[10:], ",", ".", 1)
	if v[0] == 'D' && strings.Trim(amt, "0.") != "" {
		amt = "-" + amt
	}
	return money.MustParse(amt, 2).String()
}

// A statement requested as MT940 downloads as MT940 by default (named .sta, plain ASCII), and
// says what its CSV says: the same entries in the same order with the same signed amounts
// and dates, the opening and closing balances of the account; the e-mail names the format.
// A charges statement's MT940 is the charges alone, from zero. Formats a currency cannot be
// written in are refused when requested and when downloaded.
func TestStatementMT940MatchesCSV(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	from, to := lastDays(clock.Now(), 30)
	create := func(account, kind, format string) (provider.Statement, error) {
		return s.CreateStatement(ctx, demo.Org1ID, provider.StatementRequest{AccountNumber: account, CreatedAfter: from,
			CreatedBefore: to, Kind: kind, Format: format, RequestedBy: demo.UserFinanceID})
	}
	tx, err := create(demo.AccountOrg1EUR, provider.KindTransactions, provider.FormatMT940)
	if err != nil || tx.Format != provider.FormatMT940 {
		t.Fatalf("%+v, %v", tx, err)
	}
	ch, err := create(demo.AccountOrg1EUR, provider.KindCharges, provider.FormatMT940)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := s.RunStatementJobs(ctx); err != nil || n != 2 {
		t.Fatalf("%d, %v", n, err)
	}
	tx, _ = s.Statement(ctx, demo.Org1ID, tx.ID)
	var body string
	if err := s.read.QueryRow(`SELECT body FROM outbox_messages WHERE subject = 'Your statement is ready' ORDER BY seq LIMIT 1`).Scan(&body); err != nil ||
		!strings.Contains(body, "as MT940.") {
		t.Fatalf("e-mail %q, %v", body, err)
	}

	f, err := s.OpenStatement(ctx, demo.Org1ID, tx.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if !strings.HasSuffix(f.Filename, ".sta") || f.ContentType != "text/plain; charset=us-ascii" {
		t.Fatalf("%q %q", f.Filename, f.ContentType)
	}
	for _, c := range []struct {
		st       provider.Statement
		opening  string
		closing  string
		chargesl bool
	}{{tx, tx.OpeningBalance, tx.ClosingBalance, false}, {ch, "0.00", "", true}} {
		recs, err := csv.NewReader(strings.NewReader(readAll(t, s, c.st.ID, provider.FormatCSV))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		rows := recs[1:]
		text := readAll(t, s, c.st.ID, "")
		var amounts, dates []string
		var opening, closing string
		for _, line := range strings.Split(text, "\r\n") {
			switch {
			case strings.HasPrefix(line, ":60F:"):
				opening = mt940Balance(t, line[5:])
			case strings.HasPrefix(line, ":62F:"):
				closing = mt940Balance(t, line[5:])
			case strings.HasPrefix(line, ":61:"):
				v := line[4:]
				mark := v[10]
				rest := v[11:]
				i := strings.IndexFunc(rest, func(r rune) bool { return r != ',' && (r < '0' || r > '9') })
				amt := strings.Replace(rest[:i], ",", ".", 1)
				if mark == 'D' {
					amt = "-" + amt
				}
				amounts = append(amounts, money.MustParse(amt, 2).String())
				dates = append(dates, v[:6])
			}
		}
		if len(rows) == 0 || len(amounts) != len(rows) {
			t.Fatalf("%s: %d MT940 entries, %d CSV rows", c.st.Kind, len(amounts), len(rows))
		}
		sum := money.MustParse(c.opening, 2)
		for i, r := range rows {
			at, _ := time.Parse(statement.DateLayout, r[0])
			if amounts[i] != r[5] || dates[i] != at.Format("060102") {
				t.Fatalf("%s entry %d: %s on %s, CSV %v", c.st.Kind, i, amounts[i], dates[i], r)
			}
			sum = sum.Add(money.MustParse(r[5], 2))
		}
		want := c.closing
		if c.chargesl {
			want = sum.String()
		}
		if opening != c.opening || closing != want || sum.String() != want {
			t.Fatalf("%s: MT940 opens %s closes %s; want %s and %s (opening + entries %s)", c.st.Kind, opening, closing, c.opening, want, sum)
		}
	}

	// A crypto account: MT940 and camt.053 take three-letter currency codes.
	for _, format := range []string{provider.FormatMT940, provider.FormatCAMT053, "pdf"} {
		var fe *provider.FieldError
		if _, err := create(demo.AccountOrg1USDT, provider.KindTransactions, format); provider.ErrorCode(err) != provider.EINVALID ||
			!errors.As(err, &fe) || fe.Field != "format" {
			t.Errorf("%s of USDT requested: %v", format, err)
		}
	}
	usdt, err := create(demo.AccountOrg1USDT, provider.KindTransactions, "")
	if err != nil || usdt.Format != provider.FormatCSV {
		t.Fatalf("CSV is the default: %+v %v", usdt, err)
	}
	if _, err := s.RunStatementJobs(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.OpenStatement(ctx, demo.Org1ID, usdt.ID, provider.FormatMT940); provider.ErrorCode(err) != provider.EINVALID {
		t.Fatalf("MT940 of USDT downloaded: %v", err)
	}
	if _, err := s.OpenStatement(ctx, demo.Org2ID, tx.ID, provider.FormatMT940); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Fatalf("other organisation downloads the MT940: %v", err)
	}
}
