package reference

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/demo"
)

// checkLedgerInvariants verifies the double-entry rules over the whole ledger: every
// transaction balanced per currency, every account's balance the sum of its entries and its
// last running balance (running balances chained in booking order), entry counts right, no
// customer account negative, and each currency summing to zero over all accounts.
func checkLedgerInvariants(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	type acct struct {
		code, kind, balance string
		count               int64
	}
	accts := map[string]acct{}
	rows, err := s.read.QueryContext(ctx, `SELECT account_number, currency_code, kind, balance, entry_count FROM accounts`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n string
		var a acct
		if err := rows.Scan(&n, &a.code, &a.kind, &a.balance, &a.count); err != nil {
			t.Fatal(err)
		}
		accts[n] = a
	}
	rows.Close()

	txSums := map[string]map[string]money.Amount{}
	running := map[string]money.Amount{}
	counts := map[string]int64{}
	rows, err = s.read.QueryContext(ctx, `SELECT transaction_id, account_number, entry_type, amount, running_balance, currency FROM ledger_entries ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var txID, n, typ, amt, rb, code string
		if err := rows.Scan(&txID, &n, &typ, &amt, &rb, &code); err != nil {
			t.Fatal(err)
		}
		a, ok := accts[n]
		if !ok || a.code != code || !provider.ValidEntryType(typ) {
			t.Fatalf("entry on %s: account known=%v currency %s/%s type %s", n, ok, a.code, code, typ)
		}
		dec := currency.Decimals(code)
		am, err1 := money.Parse(amt, dec)
		rbm, err2 := money.Parse(rb, dec)
		if err1 != nil || err2 != nil || am.IsZero() {
			t.Fatalf("entry on %s: amount %q running %q: %v %v", n, amt, rb, err1, err2)
		}
		prev, ok := running[n]
		if !ok {
			prev = money.Zero(dec)
		}
		if want := prev.Add(am); want.Cmp(rbm) != 0 {
			t.Fatalf("entry on %s: running balance %s, want %s", n, rb, want)
		}
		if a.kind == "customer" && rbm.Sign() < 0 {
			t.Fatalf("customer account %s went negative: %s", n, rb)
		}
		running[n] = rbm
		counts[n]++
		if txSums[txID] == nil {
			txSums[txID] = map[string]money.Amount{}
		}
		if s, ok := txSums[txID][code]; ok {
			txSums[txID][code] = s.Add(am)
		} else {
			txSums[txID][code] = am
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for id, sums := range txSums {
		for code, sum := range sums {
			if !sum.IsZero() {
				t.Errorf("transaction %s unbalanced in %s by %s", id, code, sum)
			}
		}
	}
	total := map[string]money.Amount{}
	// Per-type counts match the entries.
	typeRows, err := s.read.QueryContext(ctx, `SELECT e.account_number, e.entry_type, count(*), coalesce(c.n, -1)
		FROM ledger_entries e LEFT JOIN ledger_entry_type_counts c USING (account_number, entry_type)
		GROUP BY e.account_number, e.entry_type, c.n`)
	if err != nil {
		t.Fatal(err)
	}
	for typeRows.Next() {
		var n, typ string
		var got, stored int64
		typeRows.Scan(&n, &typ, &got, &stored)
		if got != stored {
			t.Errorf("account %s type %s: %d entries, counted %d", n, typ, got, stored)
		}
	}
	typeRows.Close()
	for n, a := range accts {
		dec := currency.Decimals(a.code)
		bal, err := money.Parse(a.balance, dec)
		if err != nil {
			t.Fatalf("account %s balance %q: %v", n, a.balance, err)
		}
		want, ok := running[n]
		if !ok {
			want = money.Zero(dec)
		}
		if bal.Cmp(want) != 0 || a.count != counts[n] {
			t.Errorf("account %s: stored balance %s count %d, entries say %s count %d", n, a.balance, a.count, want, counts[n])
		}
		if a.kind == "customer" && bal.Sign() < 0 {
			t.Errorf("customer account %s negative: %s", n, bal)
		}
		if s, ok := total[a.code]; ok {
			total[a.code] = s.Add(bal)
		} else {
			total[a.code] = bal
		}
	}
	for code, sum := range total {
		if !sum.IsZero() {
			t.Errorf("currency %s sums to %s over all accounts, want 0", code, sum)
		}
	}
}

func balanceOf(t *testing.T, s *Store, number string) string {
	t.Helper()
	var b string
	if err := s.read.QueryRowContext(context.Background(), `SELECT balance FROM accounts WHERE account_number = ?`, number).Scan(&b); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSeedLedgerHistory(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	checkLedgerInvariants(t, s)
	ctx := context.Background()
	for _, a := range demoAccounts() {
		org := a.Owner
		if org == "" {
			org = a.SharedTo[0]
		}
		page, err := s.Movements(ctx, org, a.AccountNumber, provider.MovementFilter{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total < 50 || len(page.Entries) != 1 || page.Entries[0].RunningBalance != a.Balance {
			t.Errorf("%s: total %d, newest running balance %v; want a history ending on %s", a.AccountNumber, page.Total, page.Entries, a.Balance)
		}
		sum, err := s.AccountSummary(ctx, org, a.AccountNumber, time.Time{}, time.Time{})
		if err != nil || sum.CurrentBalance != a.Balance || sum.OpeningBalance != money.Zero(currency.Decimals(a.CurrencyCode)).String() {
			t.Errorf("%s summary %+v %v", a.AccountNumber, sum, err)
		}
	}
	// Spec entry types in use on the main account.
	seen := map[string]bool{}
	rows, err := s.read.QueryContext(ctx, `SELECT DISTINCT entry_type FROM ledger_entries WHERE account_number = ?`, demo.AccountOrg1EUR)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var e string
		rows.Scan(&e)
		seen[e] = true
	}
	rows.Close()
	for _, want := range []string{"funding", "collection", "collection_fee", "payout", "payout_fee", "inter_account_transfer"} {
		if !seen[want] {
			t.Errorf("main EUR history has no %s entries (has %v)", want, seen)
		}
	}
}

func TestExchangeRate(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	cases := []struct{ org, pay, buy, want string }{
		// 1.0850/1.2700 × (1 − 0.0025): org 1's EUR→GBP markup.
		{demo.Org1ID, "EUR", "GBP", "0.8521948818"},
		// 1.2700/1.0850 × (1 − 0.0040): org 1's ANY/ANY markup.
		{demo.Org1ID, "GBP", "EUR", "1.1658248847"},
		// 1.2700/1.0850 × (1 − 0.0075): org 2.
		{demo.Org2ID, "GBP", "EUR", "1.1617281105"},
		{demo.Org1ID, "eur", "EUR", "1.0000000000"},
	}
	for _, c := range cases {
		r, err := s.ExchangeRate(ctx, c.org, c.pay, c.buy)
		if err != nil || r.ExchangeRate != c.want || r.ReciprocalExchangeRate == "" || r.UTCTime.IsZero() {
			t.Errorf("ExchangeRate(%s→%s) = %+v, %v; want %s", c.pay, c.buy, r, err, c.want)
		}
	}
	if _, err := s.ExchangeRate(ctx, demo.Org1ID, "EUR", "XYZ"); provider.ErrorCode(err) != provider.ENOTFOUND || provider.ErrorMessage(err) != "FX Rate not supported." {
		t.Errorf("unsupported pair: %v", err)
	}
	if _, err := s.ExchangeRate(ctx, "no-such-org", "EUR", "GBP"); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("unknown org: %v", err)
	}
}

func TestTransferEURToGBPWithMarkup(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	res, err := s.Transfer(ctx, demo.Org1ID, provider.TransferRequest{
		From: demo.AccountOrg1EUR, To: demo.AccountOrg1GBP, Amount: "100.00", EndToEndID: "E2E-1", IdempotencyKey: "k1"})
	if err != nil {
		t.Fatal(err)
	}
	// 100.00 × 0.8521948818 = 85.21948818 → 85.21 (never rounded up).
	if res.DebitAmount != "100.00" || res.DebitCurrency != "EUR" || res.CreditAmount != "85.21" || res.CreditCurrency != "GBP" ||
		res.Rate != "0.8521948818" || len(res.Entries) != 4 || res.Replayed || res.EndToEndID != "E2E-1" {
		t.Errorf("transfer result %+v", res)
	}
	if got := balanceOf(t, s, demo.AccountOrg1EUR); got != "124900.00" {
		t.Errorf("EUR balance %s", got)
	}
	if got := balanceOf(t, s, demo.AccountOrg1GBP); got != "48295.76" {
		t.Errorf("GBP balance %s", got)
	}
	accts, err := s.Accounts(ctx, demo.Org1ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range accts {
		if a.AccountNumber == demo.AccountOrg1GBP && a.Balance != "48295.76" {
			t.Errorf("Accounts() shows GBP %s", a.Balance)
		}
	}
	page, err := s.Movements(ctx, demo.Org1ID, demo.AccountOrg1GBP, provider.MovementFilter{Limit: 1})
	if err != nil || len(page.Entries) != 1 {
		t.Fatal(page, err)
	}
	if e := page.Entries[0]; e.Amount != "85.21" || e.RunningBalance != "48295.76" || e.EntryType != "inter_account_transfer" || e.Reference != "E2E-1" || e.OrderID != res.ID {
		t.Errorf("newest GBP entry %+v", e)
	}
	// Same-currency transfer: two entries, rate 1.
	res, err = s.Transfer(ctx, demo.Org2ID, provider.TransferRequest{
		From: demo.AccountOrg2GBP, To: demo.AccountOrg2USD, Amount: "0.01", IdempotencyKey: "k2"})
	if err != nil || res.CreditAmount != "0.01" {
		// 0.01 GBP → 0.0116… USD → 0.01
		t.Errorf("small transfer: %+v %v", res, err)
	}
	checkLedgerInvariants(t, s)
}

func TestTransferRefusals(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	req := func(from, to, amount string) provider.TransferRequest {
		return provider.TransferRequest{From: from, To: to, Amount: amount, IdempotencyKey: fmt.Sprint(from, to, amount)}
	}
	cases := []struct {
		name  string
		org   string
		req   provider.TransferRequest
		code  string
		field string
	}{
		{"overdraft", demo.Org1ID, req(demo.AccountOrg1EUR, demo.AccountOrg1GBP, "125000.01"), provider.EINVALID, provider.FieldDebitAmount},
		{"same account", demo.Org1ID, req(demo.AccountOrg1EUR, demo.AccountOrg1EUR, "1.00"), provider.EINVALID, provider.FieldCreditAccountNumber},
		{"too many decimals", demo.Org1ID, req(demo.AccountOrg1EUR, demo.AccountOrg1GBP, "1.001"), provider.EINVALID, provider.FieldDebitAmount},
		{"negative", demo.Org1ID, req(demo.AccountOrg1EUR, demo.AccountOrg1GBP, "-5.00"), provider.EINVALID, provider.FieldDebitAmount},
		{"zero", demo.Org1ID, req(demo.AccountOrg1EUR, demo.AccountOrg1GBP, "0"), provider.EINVALID, provider.FieldDebitAmount},
		{"not a number", demo.Org1ID, req(demo.AccountOrg1EUR, demo.AccountOrg1GBP, "1e3"), provider.EINVALID, provider.FieldDebitAmount},
		{"other org's account", demo.Org1ID, req(demo.AccountOrg1EUR, demo.AccountOrg2GBP, "1.00"), provider.ENOTFOUND, ""},
		{"from other org", demo.Org1ID, req(demo.AccountOrg2GBP, demo.AccountOrg1GBP, "1.00"), provider.ENOTFOUND, ""},
		{"shared, not owned", demo.Org1ID, req(demo.AccountPartnerPool, demo.AccountOrg1EUR, "1.00"), provider.ENOTFOUND, ""},
		{"system account", demo.Org1ID, req("SYS-EXT-EUR", demo.AccountOrg1EUR, "1.00"), provider.ENOTFOUND, ""},
		{"unknown", demo.Org1ID, req("0000", demo.AccountOrg1EUR, "1.00"), provider.ENOTFOUND, ""},
		{"no key", demo.Org1ID, provider.TransferRequest{From: demo.AccountOrg1EUR, To: demo.AccountOrg1GBP, Amount: "1.00"}, provider.EINVALID, ""},
	}
	for _, c := range cases {
		_, err := s.Transfer(ctx, c.org, c.req)
		if provider.ErrorCode(err) != c.code {
			t.Errorf("%s: err %v, want %s", c.name, err, c.code)
			continue
		}
		var fe *provider.FieldError
		if c.field != "" && (!errors.As(err, &fe) || fe.Field != c.field) {
			t.Errorf("%s: err %v, want field %s", c.name, err, c.field)
		}
	}
	_, err := s.Transfer(ctx, demo.Org1ID, req(demo.AccountOrg1EUR, demo.AccountOrg1GBP, "125000.01"))
	if provider.ErrorMessage(err) != "Insufficient funds" {
		t.Errorf("overdraft message %q", provider.ErrorMessage(err))
	}
	// Exactly the balance is allowed, and leaves zero.
	if _, err := s.Transfer(ctx, demo.Org1ID, req(demo.AccountOrg1EUR, demo.AccountOrg1DKK, "125000.00")); err != nil {
		t.Fatal(err)
	}
	if got := balanceOf(t, s, demo.AccountOrg1EUR); got != "0.00" {
		t.Errorf("EUR after draining: %s", got)
	}
	if n := countRows(t, s, `SELECT count(*) FROM ledger_transactions WHERE kind = 'transfer' AND idempotency_key IS NOT NULL`); n != 1 {
		t.Errorf("%d transfers booked, want 1", n)
	}
	checkLedgerInvariants(t, s)
}

func TestTransferIdempotentConcurrent(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	req := provider.TransferRequest{From: demo.AccountOrg1USD, To: demo.AccountOrg1USDT, Amount: "250.00", EndToEndID: "E2E-IDEM", IdempotencyKey: "same-key"}
	const n = 50
	results := make([]provider.TransferResult, n)
	errs := make([]error, n)
	atOnce(n, func(i int) { results[i], errs[i] = s.Transfer(ctx, demo.Org1ID, req) })
	fresh := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("call %d: %v", i, errs[i])
		}
		if !results[i].Replayed {
			fresh++
		}
		r := results[i]
		if r.ID != results[0].ID || r.DebitAmount != "250.00" || r.CreditAmount != results[0].CreditAmount || r.Rate != results[0].Rate ||
			r.From != req.From || r.To != req.To || len(r.Entries) != 4 {
			t.Errorf("call %d: %+v differs from %+v", i, r, results[0])
		}
	}
	if fresh != 1 {
		t.Errorf("%d calls booked, want 1", fresh)
	}
	if got := balanceOf(t, s, demo.AccountOrg1USD); got != "310207.20" {
		t.Errorf("USD balance %s, want one debit of 250.00", got)
	}
	if count := countRows(t, s, `SELECT count(*) FROM ledger_transactions WHERE idempotency_key = 'same-key'`); count != 1 {
		t.Errorf("%d transactions for the key", count)
	}
	// Same key, other body: conflict, nothing moves.
	other := req
	other.Amount = "251.00"
	if _, err := s.Transfer(ctx, demo.Org1ID, other); provider.ErrorCode(err) != provider.ECONFLICT {
		t.Errorf("reused key with another body: %v", err)
	}
	// The same key in another organisation is another transfer.
	if _, err := s.Transfer(ctx, demo.Org2ID, provider.TransferRequest{From: demo.AccountOrg2GBP, To: demo.AccountOrg2USD, Amount: "1.00", IdempotencyKey: "same-key"}); err != nil {
		t.Errorf("same key in org 2: %v", err)
	}
	checkLedgerInvariants(t, s)
}

func TestConcurrentRandomTransfersKeepInvariants(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	type acct struct{ org, number, code string }
	var accts []acct
	for _, a := range demoAccounts() {
		if a.Owner != "" {
			accts = append(accts, acct{a.Owner, a.AccountNumber, a.CurrencyCode})
		}
	}
	n := 1000 / raceDivisor
	var wg sync.WaitGroup
	var mu sync.Mutex
	outcomes := map[string]int{}
	sem := make(chan struct{}, 64)
	for i := range n {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			rng := rand.New(rand.NewPCG(uint64(i), 99))
			from := accts[rng.IntN(len(accts))]
			var same []acct
			for _, a := range accts {
				if a.org == from.org && a.number != from.number {
					same = append(same, a)
				}
			}
			to := same[rng.IntN(len(same))]
			dec := currency.Decimals(from.code)
			// Mostly small amounts; one in ten far beyond any balance.
			minor := rng.Int64N(2_000_000) + 1
			if rng.IntN(10) == 0 {
				minor = 1_000_000_000_000
			}
			amt := money.FromMinor(minor, 2)
			if dec != 2 {
				amt = money.FromMinor(minor*pow10i(dec-2), dec)
			}
			_, err := s.Transfer(ctx, from.org, provider.TransferRequest{From: from.number, To: to.number, Amount: amt.String(), IdempotencyKey: fmt.Sprint("rnd-", i)})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				outcomes["ok"]++
			case provider.ErrorMessage(err) == "Insufficient funds":
				outcomes["overdraft"]++
			default:
				t.Errorf("transfer %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if outcomes["ok"] < n/2 || outcomes["overdraft"] < n/20 {
		t.Errorf("outcomes %v: want mostly booked and some refused", outcomes)
	}
	if booked := countRows(t, s, `SELECT count(*) FROM ledger_transactions WHERE kind = 'transfer' AND idempotency_key IS NOT NULL`); booked != outcomes["ok"] {
		t.Errorf("%d transfers in the ledger, %d reported booked", booked, outcomes["ok"])
	}
	checkLedgerInvariants(t, s)
}

// allMovements reads an account's full history straight from the table, newest first.
func allMovements(t *testing.T, s *Store, number, entryType string) []string {
	t.Helper()
	q := `SELECT seq FROM ledger_entries WHERE account_number = ?`
	args := []any{number}
	if entryType != "" {
		q += ` AND entry_type = ?`
		args = append(args, entryType)
	}
	rows, err := s.read.Query(q+` ORDER BY created_at DESC, seq DESC`, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	return ids
}

func TestMovementsPagination(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	for _, entryType := range []string{"", provider.EntryPayout} {
		want := allMovements(t, s, demo.AccountOrg1EUR, entryType)
		f := provider.MovementFilter{EntryType: entryType, Limit: 7}
		var got []string
		var pages []provider.MovementPage
		for {
			page, err := s.Movements(ctx, demo.Org1ID, demo.AccountOrg1EUR, f)
			if err != nil {
				t.Fatal(err)
			}
			if page.Total != len(want) {
				t.Fatalf("type %q: total %d, want %d", entryType, page.Total, len(want))
			}
			for i, e := range page.Entries {
				got = append(got, e.ID)
				if entryType != "" && e.EntryType != entryType {
					t.Fatalf("filter %s returned %s", entryType, e.EntryType)
				}
				if entryType == "" && i+1 < len(page.Entries) {
					// Newest first: this running balance is the older one's plus this amount.
					older := page.Entries[i+1]
					d := currency.Decimals(e.Currency)
					if money.MustParse(older.RunningBalance, d).Add(money.MustParse(e.Amount, d)).String() != e.RunningBalance {
						t.Fatalf("running balances do not chain: %+v after %+v", e, older)
					}
				}
			}
			pages = append(pages, page)
			if !page.HasNext {
				if page.CursorNext != "" {
					t.Error("last page has a next cursor")
				}
				break
			}
			f.Cursor, f.Direction = page.CursorNext, provider.DirectionNext
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("type %q: paged ids differ from the table (%d vs %d)", entryType, len(got), len(want))
		}
		if pages[0].CursorPrev != "" {
			t.Error("first page has a prev cursor")
		}
		// Back again with prev cursors: the same pages in reverse.
		for i := len(pages) - 1; i > 0; i-- {
			page, err := s.Movements(ctx, demo.Org1ID, demo.AccountOrg1EUR, provider.MovementFilter{
				EntryType: entryType, Limit: 7, Cursor: pages[i].CursorPrev, Direction: provider.DirectionPrev})
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(page.Entries) != fmt.Sprint(pages[i-1].Entries) || (i-1 == 0) != (page.CursorPrev == "") || !page.HasNext {
				t.Fatalf("prev from page %d differs from page %d", i, i-1)
			}
		}
	}
	// Date filter: [after, before).
	all := allMovements(t, s, demo.AccountOrg1EUR, "")
	mid, err := s.Movements(ctx, demo.Org1ID, demo.AccountOrg1EUR, provider.MovementFilter{Limit: 1, Cursor: "", Direction: ""})
	if err != nil || len(all) < 20 {
		t.Fatal(err)
	}
	before := mid.Entries[0].Date
	after := before.Add(-30 * 24 * time.Hour)
	page, err := s.Movements(ctx, demo.Org1ID, demo.AccountOrg1EUR, provider.MovementFilter{CreatedAfter: after, CreatedBefore: before, Limit: 200})
	if err != nil {
		t.Fatal(err)
	}
	n := countRows(t, s, `SELECT count(*) FROM ledger_entries WHERE account_number = ? AND created_at >= ? AND created_at < ?`,
		demo.AccountOrg1EUR, formatTime(after), formatTime(before))
	if page.Total != n || n == 0 {
		t.Errorf("date filter total %d, want %d", page.Total, n)
	}
	for _, e := range page.Entries {
		if e.Date.Before(after) || !e.Date.Before(before) {
			t.Errorf("entry %s at %s outside [%s, %s)", e.ID, e.Date, after, before)
		}
	}
	// Summary over the same period: closing − opening = sum of the period's entries.
	sum, err := s.AccountSummary(ctx, demo.Org1ID, demo.AccountOrg1EUR, after, before)
	if err != nil {
		t.Fatal(err)
	}
	net := money.Zero(2)
	full, _ := s.Movements(ctx, demo.Org1ID, demo.AccountOrg1EUR, provider.MovementFilter{CreatedAfter: after, CreatedBefore: before, Limit: 200})
	for _, e := range full.Entries {
		net = net.Add(money.MustParse(e.Amount, 2))
	}
	if full.HasNext || money.MustParse(sum.OpeningBalance, 2).Add(net).String() != sum.ClosingBalance || sum.CurrentBalance != "125000.00" {
		t.Errorf("summary %+v does not match the period's entries (net %s)", sum, net)
	}

	// Access and validation.
	for name, c := range map[string]struct {
		org, acct string
		f         provider.MovementFilter
		code      string
	}{
		"other org":      {demo.Org2ID, demo.AccountOrg1EUR, provider.MovementFilter{}, provider.ENOTFOUND},
		"system account": {demo.Org1ID, "SYS-EXT-EUR", provider.MovementFilter{}, provider.ENOTFOUND},
		"bad cursor":     {demo.Org1ID, demo.AccountOrg1EUR, provider.MovementFilter{Cursor: "nope"}, provider.EINVALID},
		"bad type":       {demo.Org1ID, demo.AccountOrg1EUR, provider.MovementFilter{EntryType: "bogus"}, provider.EINVALID},
		"bad limit":      {demo.Org1ID, demo.AccountOrg1EUR, provider.MovementFilter{Limit: 1000}, provider.EINVALID},
		"bad direction":  {demo.Org1ID, demo.AccountOrg1EUR, provider.MovementFilter{Direction: "sideways"}, provider.EINVALID},
	} {
		if _, err := s.Movements(ctx, c.org, c.acct, c.f); provider.ErrorCode(err) != c.code {
			t.Errorf("%s: %v, want %s", name, err, c.code)
		}
	}
	// The shared pool is readable by both organisations.
	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
		if p, err := s.Movements(ctx, org, demo.AccountPartnerPool, provider.MovementFilter{}); err != nil || len(p.Entries) != 50 {
			t.Errorf("shared pool for %s: %d entries, %v", org, len(p.Entries), err)
		}
	}
}

func TestLedgerAppendOnly(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	for _, q := range []string{
		`UPDATE ledger_entries SET amount = '1.00' WHERE seq = 1`,
		`DELETE FROM ledger_entries WHERE seq = 1`,
		`UPDATE accounts SET balance = '-1.00' WHERE account_number = '` + demo.AccountOrg1EUR + `'`,
	} {
		if _, err := s.write.Exec(q); err == nil {
			t.Errorf("%s: allowed", q)
		}
	}
}

func TestSeedLargeAccount(t *testing.T) {
	t.Parallel()
	s := openTestStore(t, filepath.Join(t.TempDir(), "portal.db"))
	const n = 25_000
	if _, err := demo.Seed(context.Background(), s, demo.Options{LargeAccountEntries: n}); err != nil {
		t.Fatal(err)
	}
	checkLedgerInvariants(t, s)
	ctx := context.Background()
	page, err := s.Movements(ctx, demo.Org1ID, demo.AccountLarge, provider.MovementFilter{})
	if err != nil || page.Total != n || len(page.Entries) != 50 || !page.HasNext {
		t.Fatalf("large account page: total %d entries %d %v", page.Total, len(page.Entries), err)
	}
}
