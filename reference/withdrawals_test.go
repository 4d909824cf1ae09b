package reference

import (
	"context"
	"fmt"
	"portal/reference/demo"
	"sync"
	"testing"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/withdrawalrule"
)

// checkWithdrawalMoney holds every withdrawal to its ledger lines: on its account, a received,
// processing or completed one nets minus its amount in exactly its debit transaction; a
// rejected or returned one nets zero, given back once in a payout_cancelled or
// payout_returned transaction.
func checkWithdrawalMoney(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	rows, err := s.read.QueryContext(ctx, `SELECT w.reference, w.status, w.amount, w.currency_code, w.debit_tx,
		coalesce(w.release_tx, ''), (SELECT string_agg(e.transaction_id || ':' || e.entry_type, ',')
			FROM ledger_entries e WHERE e.account_number = w.debtor_account_number AND e.order_id = w.id),
		(SELECT string_agg(e.amount, ' ') FROM ledger_entries e WHERE e.account_number = w.debtor_account_number AND e.order_id = w.id)
		FROM withdrawal_requests w`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
		var ref, status, amt, code, debit, release, txs, amounts string
		if err := rows.Scan(&ref, &status, &amt, &code, &debit, &release, &txs, &amounts); err != nil {
			t.Fatal(err)
		}
		dec := currency.Decimals(code)
		net := money.Zero(dec)
		for _, a := range splitFields(amounts) {
			net = net.Add(money.MustParse(a, dec))
		}
		want := money.MustParse(amt, dec).Neg()
		wantTxs := debit + ":" + provider.EntryWithdrawal
		switch status {
		case provider.WithdrawalRejected:
			want, wantTxs = money.Zero(dec), wantTxs+","+release+":"+provider.EntryWithdrawalRejected
		case provider.WithdrawalReturned:
			want, wantTxs = money.Zero(dec), wantTxs+","+release+":"+provider.EntryWithdrawalReturned
		}
		if net.Cmp(want) != 0 || !sameSet(txs, wantTxs) {
			t.Errorf("%s %s: nets %s in %s, want %s in %s", ref, status, net, txs, want, wantTxs)
		}
	}
	if n == 0 {
		t.Error("no withdrawals")
	}
}

func splitFields(s string) []string {
	var out []string
	cur := ""
	for _, r := range s + " " {
		if r == ' ' {
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	return out
}

func sameSet(a, b string) bool {
	set := func(s string) map[string]bool {
		m := map[string]bool{}
		cur := ""
		for _, r := range s + "," {
			if r == ',' {
				m[cur] = true
				cur = ""
				continue
			}
			cur += string(r)
		}
		return m
	}
	x, y := set(a), set(b)
	if len(x) != len(y) {
		return false
	}
	for k := range x {
		if !y[k] {
			return false
		}
	}
	return true
}

func TestSeedWithdrawals(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	checkLedgerInvariants(t, s)
	checkWithdrawalMoney(t, s)

	accts, err := s.WithdrawalAccounts(ctx, demo.Org1ID)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	noCurrency, long := false, false
	for _, a := range accts {
		kinds[a.Kind] = true
		noCurrency = noCurrency || a.Currency == ""
		long = long || len(a.Number()) > 20
	}
	if !kinds["bank"] || !kinds["crypto"] || !noCurrency || !long {
		t.Errorf("Nordic's withdrawal accounts miss a case: kinds %v, one without currency %v, a number over 20 %v", kinds, noCurrency, long)
	}
	active, _ := s.WithdrawalAuthorizations(ctx, demo.Org1ID, provider.AuthorizationActive)
	all, _ := s.WithdrawalAuthorizations(ctx, demo.Org1ID, "")
	if len(active) == 0 || len(active) >= len(all) {
		t.Errorf("%d active of %d links: want some inactive", len(active), len(all))
	}
	if _, err := s.WithdrawalAuthorizations(ctx, demo.Org1ID, "pending"); provider.ErrorCode(err) != provider.EINVALID {
		t.Errorf("unknown status: %v", err)
	}
	// Atlantic Freight has none: its page is the "unavailable" message.
	if a, err := s.WithdrawalAccounts(ctx, demo.Org2ID); err != nil || len(a) != 0 {
		t.Errorf("Atlantic's withdrawal accounts %v %v", a, err)
	}

	// Every status, and rejections with and without a reason, in the default 30 days and pageable.
	page, err := s.Withdrawals(ctx, demo.Org1ID, provider.WithdrawalFilter{Limit: provider.MaxWithdrawalLimit})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, w := range page.Withdrawals {
		seen[w.Status] = true
		if w.Status == provider.WithdrawalRejected {
			seen["rejected reason "+fmt.Sprint(w.Reason() != nil)] = true
		}
		if w.CurrencyCode != w.ConvertedCurrency {
			seen["converted"] = true
		}
	}
	for _, want := range append(provider.WithdrawalStatuses(), "rejected reason true", "rejected reason false", "converted") {
		if !seen[want] {
			t.Errorf("no demo withdrawal: %s", want)
		}
	}
	month, _ := s.Withdrawals(ctx, demo.Org1ID, provider.WithdrawalFilter{CreatedAfter: page.Withdrawals[0].CreatedAt.AddDate(0, 0, -29)})
	if month.Total <= provider.DefaultWithdrawalLimit || !month.HasNext {
		t.Errorf("last 29 days: %d withdrawals, has next %v; want more than a page", month.Total, month.HasNext)
	}
}

func TestWithdrawalListFiltersAndPages(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	all, err := s.Withdrawals(ctx, demo.Org1ID, provider.WithdrawalFilter{Limit: provider.MaxWithdrawalLimit})
	if err != nil {
		t.Fatal(err)
	}
	count := func(keep func(provider.WithdrawalRequest) bool) int {
		n := 0
		for _, w := range all.Withdrawals {
			if keep(w) {
				n++
			}
		}
		return n
	}
	cut := all.Withdrawals[10].CreatedAt
	for _, c := range []struct {
		name string
		f    provider.WithdrawalFilter
		keep func(provider.WithdrawalRequest) bool
	}{
		{"account", provider.WithdrawalFilter{DebtorAccountNumber: demo.AccountOrg1GBP},
			func(w provider.WithdrawalRequest) bool { return w.DebtorAccountNumber == demo.AccountOrg1GBP }},
		{"status", provider.WithdrawalFilter{Status: provider.WithdrawalRejected},
			func(w provider.WithdrawalRequest) bool { return w.Status == provider.WithdrawalRejected }},
		{"reference", provider.WithdrawalFilter{Reference: all.Withdrawals[5].Reference},
			func(w provider.WithdrawalRequest) bool { return w.Reference == all.Withdrawals[5].Reference }},
		{"created before", provider.WithdrawalFilter{CreatedBefore: cut},
			func(w provider.WithdrawalRequest) bool { return w.CreatedAt.Before(cut) }},
		{"created after", provider.WithdrawalFilter{CreatedAfter: cut},
			func(w provider.WithdrawalRequest) bool { return !w.CreatedAt.Before(cut) }},
	} {
		got, err := s.Withdrawals(ctx, demo.Org1ID, c.f)
		if want := count(c.keep); err != nil || got.Total != want || want == 0 {
			t.Errorf("%s: total %d, want %d (%v)", c.name, got.Total, want, err)
		}
	}
	// Forward by cursors, then back: the same rows in the same order.
	var refs []string
	f := provider.WithdrawalFilter{Limit: 7}
	var pages []provider.WithdrawalPage
	for {
		p, err := s.Withdrawals(ctx, demo.Org1ID, f)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
		for _, w := range p.Withdrawals {
			refs = append(refs, w.Reference)
		}
		if !p.HasNext {
			break
		}
		f.Cursor, f.Direction = p.CursorNext, provider.DirectionNext
	}
	if len(refs) != len(all.Withdrawals) {
		t.Fatalf("paged %d, listed %d", len(refs), len(all.Withdrawals))
	}
	for i, w := range all.Withdrawals {
		if refs[i] != w.Reference {
			t.Fatalf("row %d: %s, want %s", i, refs[i], w.Reference)
		}
	}
	back, err := s.Withdrawals(ctx, demo.Org1ID, provider.WithdrawalFilter{Limit: 7, Cursor: pages[2].CursorPrev, Direction: provider.DirectionPrev})
	if err != nil || len(back.Withdrawals) != 7 || back.Withdrawals[0].Reference != pages[1].Withdrawals[0].Reference {
		t.Errorf("back from page 3: %v %v", back.Withdrawals, err)
	}
	oldest, _ := s.Withdrawals(ctx, demo.Org1ID, provider.WithdrawalFilter{Sort: provider.WithdrawalSortOldest, Limit: 1})
	if oldest.Withdrawals[0].Reference != all.Withdrawals[len(all.Withdrawals)-1].Reference {
		t.Error("oldest first does not start with the oldest")
	}
	for _, bad := range []provider.WithdrawalFilter{{Status: "lost"}, {Sort: "amount"}, {Cursor: "nonsense"}, {Limit: 1000}} {
		if _, err := s.Withdrawals(ctx, demo.Org1ID, bad); provider.ErrorCode(err) != provider.EINVALID {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	// Another organisation sees none of them.
	other, err := s.Withdrawals(ctx, demo.Org2ID, provider.WithdrawalFilter{})
	if err != nil || other.Total != 0 {
		t.Errorf("Atlantic lists %d (%v)", other.Total, err)
	}
	ref := all.Withdrawals[0].Reference
	if _, err := s.Withdrawal(ctx, demo.Org2ID, ref); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("another organisation's withdrawal: %v", err)
	}
	if found, _ := s.FindWithdrawals(ctx, demo.Org2ID, ref); len(found) != 0 {
		t.Errorf("another organisation finds %v", found)
	}
	for _, q := range []string{ref, all.Withdrawals[0].ID, all.Withdrawals[0].ExternalReference} {
		if found, err := s.FindWithdrawals(ctx, demo.Org1ID, q); err != nil || len(found) != 1 || found[0].Reference != ref {
			t.Errorf("find %q: %v %v", q, found, err)
		}
	}
	if w, err := s.Withdrawal(ctx, demo.Org1ID, all.Withdrawals[0].ID); err != nil || w.Reference != ref {
		t.Errorf("by id: %v %v", w.Reference, err)
	}
}

func eurWithdrawal(e2e, amount string) provider.WithdrawalCreate {
	return provider.WithdrawalCreate{DebtorAccount: demo.AccountOrg1EUR, CreditorAccountID: demo.WithdrawalEUR, Amount: amount,
		CurrencyCode: "EUR", EndToEndID: e2e}
}

func TestReviewAndConfirmWithdrawal(t *testing.T) {
	t.Parallel()
	s, clock := authStore(t)
	ctx := context.Background()
	before := balanceOf(t, s, demo.AccountOrg1GBP)

	// GBP account to a EUR bank account: the rate and the converted amount as reviewed.
	req := provider.WithdrawalCreate{DebtorAccount: demo.AccountOrg1GBP, CreditorAccountID: demo.WithdrawalEUR, Amount: "1,000.50",
		CurrencyCode: "GBP", EndToEndID: "GBP-TO-EUR-1"}
	r, err := s.ReviewWithdrawal(ctx, demo.Org1ID, req)
	if err != nil {
		t.Fatal(err)
	}
	rate, _ := quote(ctx, s.read, demo.Org1ID, "GBP", "EUR")
	wantConv := money.MustParse("1000.50", 2).Convert(rate, 2).String()
	if !r.RateAvailable || r.ExchangeRate != rate.String() || r.ConvertedAmount != wantConv || r.ConvertedCurrency != "EUR" ||
		r.Amount != "1000.50" || r.CreditorAccount.IBAN == "" || r.WithdrawalReference != "" {
		t.Fatalf("review %+v, want rate %s converting to %s", r, rate, wantConv)
	}
	if got, _ := s.WithdrawalReview(ctx, demo.Org2ID, r.ID); got.ID != "" {
		t.Error("another organisation reads the review")
	}
	if balanceOf(t, s, demo.AccountOrg1GBP) != before {
		t.Error("a review moved money")
	}

	// A tampered confirm (the amount, the account, the end-to-end id changed) is refused.
	conf := req
	conf.ReviewID = r.ID
	for name, edit := range map[string]func(*provider.WithdrawalCreate){
		"amount":   func(c *provider.WithdrawalCreate) { c.Amount = "1000.51" },
		"creditor": func(c *provider.WithdrawalCreate) { c.CreditorAccountID = demo.WithdrawalGBP },
		"e2e":      func(c *provider.WithdrawalCreate) { c.EndToEndID = "OTHER-1" },
	} {
		bad := conf
		edit(&bad)
		_, err := s.CreateWithdrawal(ctx, demo.Org1ID, bad)
		if provider.ErrorCode(err) != provider.ECONFLICT || provider.ErrorMessage(err) != provider.MsgWithdrawalChanged {
			t.Errorf("tampered %s: %v", name, err)
		}
	}
	if balanceOf(t, s, demo.AccountOrg1GBP) != before {
		t.Error("a refused confirm moved money")
	}

	w, err := s.CreateWithdrawal(ctx, demo.Org1ID, conf)
	if err != nil {
		t.Fatal(err)
	}
	if w.Replayed || w.Status != provider.WithdrawalReceived || w.ConvertedAmount != wantConv || w.ExchangeRate != rate.String() ||
		w.Amount != "1000.50" || w.ExternalReference != "GBP-TO-EUR-1" || len(w.StatusTransitions) != 1 {
		t.Errorf("withdrawal %+v", w)
	}
	want := money.MustParse(before, 2).Sub(money.MustParse("1000.50", 2)).String()
	if got := balanceOf(t, s, demo.AccountOrg1GBP); got != want {
		t.Errorf("GBP balance %s, want %s", got, want)
	}
	again, err := s.CreateWithdrawal(ctx, demo.Org1ID, conf)
	if err != nil || !again.Replayed || again.Reference != w.Reference {
		t.Errorf("second confirm: %+v %v", again, err)
	}
	if got, _ := s.WithdrawalReview(ctx, demo.Org1ID, r.ID); got.WithdrawalReference != w.Reference {
		t.Errorf("review after confirm names %q", got.WithdrawalReference)
	}
	// Tampering after the confirm: still refused, and the first withdrawal stands.
	bad := conf
	bad.Amount = "2000.00"
	if _, err := s.CreateWithdrawal(ctx, demo.Org1ID, bad); provider.ErrorCode(err) != provider.ECONFLICT {
		t.Errorf("tampered replay: %v", err)
	}
	if got := balanceOf(t, s, demo.AccountOrg1GBP); got != want {
		t.Errorf("GBP balance %s after retries, want %s", got, want)
	}

	// A review lasts WithdrawalReviewTTL.
	late, err := s.ReviewWithdrawal(ctx, demo.Org1ID, eurWithdrawal("LATE-1", "10.00"))
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(provider.WithdrawalReviewTTL)
	lateConf := eurWithdrawal("LATE-1", "10.00")
	lateConf.ReviewID = late.ID
	if _, err := s.CreateWithdrawal(ctx, demo.Org1ID, lateConf); provider.ErrorMessage(err) != provider.MsgWithdrawalReviewExpired {
		t.Errorf("expired review: %v", err)
	}
	checkLedgerInvariants(t, s)
	checkWithdrawalMoney(t, s)
}

func TestWithdrawalRefusals(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	fields := func(err error) map[string]string {
		out := map[string]string{}
		for _, fe := range provider.FieldErrors(err) {
			out[fe.Field] = fe.Err.Message
		}
		return out
	}
	for _, c := range []struct {
		name string
		req  provider.WithdrawalCreate
		want map[string]string
	}{
		{"nothing", provider.WithdrawalCreate{}, map[string]string{"debtor_account": withdrawalrule.MsgAccount,
			"creditor_account": withdrawalrule.MsgWithdrawal, "amount": withdrawalrule.MsgAmountRequired, "end_to_end_id": withdrawalrule.MsgEndToEnd}},
		{"another organisation's account", provider.WithdrawalCreate{DebtorAccount: demo.AccountOrg2GBP, CreditorAccountID: demo.WithdrawalGBP,
			Amount: "10", CurrencyCode: "GBP", EndToEndID: "X1"}, map[string]string{"debtor_account": withdrawalrule.MsgAccount,
			"creditor_account": withdrawalrule.MsgWithdrawal}},
		{"not linked", provider.WithdrawalCreate{DebtorAccount: demo.AccountOrg1EUR, CreditorAccountID: demo.WithdrawalGBP,
			Amount: "10", CurrencyCode: "EUR", EndToEndID: "X2"}, map[string]string{"creditor_account": withdrawalrule.MsgWithdrawal}},
		{"inactive link", provider.WithdrawalCreate{DebtorAccount: demo.AccountOrg1USD, CreditorAccountID: demo.WithdrawalUSD,
			Amount: "10", CurrencyCode: "USD", EndToEndID: "X3"}, map[string]string{"creditor_account": withdrawalrule.MsgWithdrawal}},
		{"leading zero", eurWithdrawal("X4", "010"), map[string]string{"amount": withdrawalrule.MsgAmountLeading}},
		{"not a number", eurWithdrawal("X5", "ten"), map[string]string{"amount": withdrawalrule.MsgAmountNumber}},
		{"over the limit", eurWithdrawal("X6", "50000.01"), map[string]string{"amount": provider.MsgWithdrawalOverLimit}},
		{"wrong currency", provider.WithdrawalCreate{DebtorAccount: demo.AccountOrg1EUR, CreditorAccountID: demo.WithdrawalEUR,
			Amount: "10", CurrencyCode: "GBP", EndToEndID: "X7"}, map[string]string{"currency_code": "currency_code must be the account's currency (EUR)"}},
		{"bad end-to-end id", eurWithdrawal("X 8", "10"), map[string]string{"end_to_end_id": withdrawalrule.MsgEndToEndChars}},
		{"used end-to-end id", eurWithdrawal("NTW-0001", "10"), map[string]string{"end_to_end_id": provider.MsgWithdrawalE2EUsed}},
	} {
		req := c.req
		req.IdempotencyKey = "k-" + c.name
		for _, call := range []func() error{
			func() error { _, err := s.ReviewWithdrawal(ctx, demo.Org1ID, req); return err },
			func() error { _, err := s.CreateWithdrawal(ctx, demo.Org1ID, req); return err },
		} {
			got := fields(call())
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
			}
		}
	}
	// Just at the limit is allowed; no rate to HUF: reviewed, not confirmable.
	if _, err := s.ReviewWithdrawal(ctx, demo.Org1ID, eurWithdrawal("AT-LIMIT", "50000.00")); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	huf := provider.WithdrawalCreate{DebtorAccount: demo.AccountOrg1EUR, CreditorAccountID: demo.WithdrawalHUF, Amount: "100",
		CurrencyCode: "EUR", EndToEndID: "HUF-1"}
	r, err := s.ReviewWithdrawal(ctx, demo.Org1ID, huf)
	if err != nil || r.RateAvailable || r.ExchangeRate != "" || r.ConvertedCurrency != "HUF" {
		t.Fatalf("HUF review %+v %v", r, err)
	}
	huf.ReviewID = r.ID
	if _, err := s.CreateWithdrawal(ctx, demo.Org1ID, huf); provider.ErrorMessage(err) != provider.MsgWithdrawalNoRate {
		t.Errorf("HUF confirm: %v", err)
	}
	huf.ReviewID, huf.IdempotencyKey = "", "huf-direct"
	if _, err := s.CreateWithdrawal(ctx, demo.Org1ID, huf); provider.ErrorMessage(err) != provider.MsgWithdrawalNoRate {
		t.Errorf("HUF without review: %v", err)
	}
	// A withdrawal account without a currency receives EUR.
	noCcy := provider.WithdrawalCreate{DebtorAccount: demo.AccountOrg1EUR, CreditorAccountID: demo.WithdrawalNoCcy, Amount: "15",
		CurrencyCode: "EUR", EndToEndID: "NOCCY-1", IdempotencyKey: "noccy"}
	if w, err := s.CreateWithdrawal(ctx, demo.Org1ID, noCcy); err != nil || w.ConvertedCurrency != "EUR" || w.ConvertedAmount != "15.00" || w.ExchangeRate != "1.0000000000" {
		t.Errorf("no-currency account: %+v %v", w, err)
	}
	// No key at all; a key reused with another body.
	if _, err := s.CreateWithdrawal(ctx, demo.Org1ID, eurWithdrawal("NOKEY", "1")); provider.ErrorCode(err) != provider.EINVALID {
		t.Errorf("no key: %v", err)
	}
	other := noCcy
	other.Amount = "16"
	if _, err := s.CreateWithdrawal(ctx, demo.Org1ID, other); provider.ErrorMessage(err) != provider.MsgWithdrawalKeyReused {
		t.Errorf("key reused: %v", err)
	}
	// More than the balance.
	big := provider.WithdrawalCreate{DebtorAccount: demo.AccountOrg1GBP, CreditorAccountID: demo.WithdrawalGBP, Amount: "39999.99",
		CurrencyCode: "GBP", EndToEndID: "BIG-1", IdempotencyKey: "big"}
	if _, err := s.CreateWithdrawal(ctx, demo.Org1ID, big); err != nil {
		t.Fatalf("first big: %v", err)
	}
	big.EndToEndID, big.IdempotencyKey = "BIG-2", "big2"
	if f := fields(func() error { _, err := s.CreateWithdrawal(ctx, demo.Org1ID, big); return err }()); f["amount"] != "Insufficient funds" {
		t.Errorf("overdraft: %v", f)
	}
	checkLedgerInvariants(t, s)
	checkWithdrawalMoney(t, s)
}

func TestConfirmOneReviewConcurrently(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	before := balanceOf(t, s, demo.AccountOrg1EUR)
	r, err := s.ReviewWithdrawal(ctx, demo.Org1ID, eurWithdrawal("RACE-1", "250.00"))
	if err != nil {
		t.Fatal(err)
	}
	conf := eurWithdrawal("RACE-1", "250.00")
	conf.ReviewID = r.ID
	const n = 100
	refs := make([]string, n)
	fresh := make([]bool, n)
	errs := make([]error, n)
	atOnce(n, func(i int) {
		w, err := s.CreateWithdrawal(ctx, demo.Org1ID, conf)
		refs[i], fresh[i], errs[i] = w.Reference, !w.Replayed, err
	})
	booked := 0
	for i := range n {
		if errs[i] != nil || refs[i] != refs[0] {
			t.Fatalf("confirm %d: %s %v (first %s)", i, refs[i], errs[i], refs[0])
		}
		if fresh[i] {
			booked++
		}
	}
	if booked != 1 {
		t.Errorf("%d confirms booked, want 1", booked)
	}
	want := money.MustParse(before, 2).Sub(money.MustParse("250.00", 2)).String()
	if got := balanceOf(t, s, demo.AccountOrg1EUR); got != want {
		t.Errorf("EUR balance %s, want one debit: %s", got, want)
	}
	checkLedgerInvariants(t, s)
	checkWithdrawalMoney(t, s)
}

// Withdrawals, rejections and returns at once, across currencies: the ledger stays balanced,
// every give-back happens once, and no move out of turn goes through.
func TestConcurrentWithdrawalsKeepInvariants(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	pairs := []provider.WithdrawalCreate{
		{DebtorAccount: demo.AccountOrg1EUR, CreditorAccountID: demo.WithdrawalEUR, CurrencyCode: "EUR"},
		{DebtorAccount: demo.AccountOrg1GBP, CreditorAccountID: demo.WithdrawalEUR, CurrencyCode: "GBP"},
		{DebtorAccount: demo.AccountOrg1USDT, CreditorAccountID: demo.WithdrawalCrypto, CurrencyCode: "USDT"},
		{DebtorAccount: demo.AccountOrg1GBP, CreditorAccountID: demo.WithdrawalGBP, CurrencyCode: "GBP"},
	}
	// The seeded withdrawals are listed before any is created: listed later, the list could hold
	// new ones, which the moves below would reject before their lifecycle further down.
	seeded, _ := s.Withdrawals(ctx, demo.Org1ID, provider.WithdrawalFilter{Limit: provider.MaxWithdrawalLimit})
	const n = 40
	var wg sync.WaitGroup
	var mu sync.Mutex
	var made []string
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := pairs[i%len(pairs)]
			req.Amount, req.EndToEndID, req.IdempotencyKey = fmt.Sprintf("%d.25", 100+i), fmt.Sprintf("CONC-%d", i), fmt.Sprintf("conc-%d", i)
			w, err := s.CreateWithdrawal(ctx, demo.Org1ID, req)
			if err != nil {
				t.Errorf("create %d: %v", i, err)
				return
			}
			mu.Lock()
			made = append(made, w.Reference)
			mu.Unlock()
		}()
	}
	var oks, conflicts int
	// Moves on the seeded withdrawals at the same time, each raced by a second identical move.
	for _, w := range seeded.Withdrawals {
		var to, reason string
		switch w.Status {
		case provider.WithdrawalReceived, provider.WithdrawalProcessing:
			to, reason = provider.WithdrawalRejected, "compliance_declined"
		case provider.WithdrawalCompleted:
			to, reason = provider.WithdrawalReturned, "account_closed"
		default:
			continue
		}
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.MoveWithdrawal(ctx, demo.Org1ID, w.Reference, to, reason)
				mu.Lock()
				defer mu.Unlock()
				switch provider.ErrorCode(err) {
				case "":
					oks++
				case provider.ECONFLICT:
					conflicts++
				default:
					t.Errorf("move %s: %v", w.Reference, err)
				}
			}()
		}
	}
	wg.Wait()
	if oks == 0 || oks != conflicts {
		t.Errorf("%d moves went through and %d were refused: each raced pair should have one of each", oks, conflicts)
	}
	// Then the new ones through their lifecycle.
	for i, ref := range made {
		steps := [][2]string{{provider.WithdrawalProcessing, ""}, {provider.WithdrawalCompleted, ""}}
		switch i % 3 {
		case 1:
			steps = [][2]string{{provider.WithdrawalRejected, ""}}
		case 2:
			steps = append(steps, [2]string{provider.WithdrawalReturned, "beneficiary_name_mismatch"})
		}
		for _, st := range steps {
			if _, err := s.MoveWithdrawal(ctx, demo.Org1ID, ref, st[0], st[1]); err != nil {
				t.Fatalf("%s to %s: %v", ref, st[0], err)
			}
		}
	}
	if _, err := s.MoveWithdrawal(ctx, demo.Org1ID, made[0], provider.WithdrawalProcessing, ""); provider.ErrorCode(err) != provider.ECONFLICT {
		t.Errorf("completed back to processing: %v", err)
	}
	if _, err := s.MoveWithdrawal(ctx, demo.Org2ID, made[0], provider.WithdrawalReturned, ""); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("another organisation moves it: %v", err)
	}
	w, err := s.Withdrawal(ctx, demo.Org1ID, made[2])
	if err != nil || w.Status != provider.WithdrawalReturned || len(w.StatusTransitions) != 4 || w.Reason() == nil ||
		w.Reason().ExternalMessage == "" || w.StatusTransitions[3].CreatedAt.Before(w.CreatedAt.Add(-time.Second)) {
		t.Errorf("returned withdrawal %+v %v", w, err)
	}
	checkLedgerInvariants(t, s)
	checkWithdrawalMoney(t, s)
}
