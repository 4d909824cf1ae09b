package reference

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"portal/reference/demo"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
)

// checkPayoutMoney holds every payout to the ledger: a payout that holds funds (reserved and
// not released) has exactly amount + fee debited from its account by one transaction, a
// released one nets to zero, one never reserved has no entries; processing and completed
// payouts hold funds, and every payout entry of a customer account belongs to a payout.
func checkPayoutMoney(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	// The counts the list totals read agree with the payouts.
	const grouped = `SELECT organisation_id, substr(created_at, 1, 10), state, currency, virtual_account_number, business_unit,
		local_instrument, reason_code, batch_id, count(*) FROM payout_requests GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`
	var diff int
	if err := s.read.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM (`+grouped+` EXCEPT SELECT * FROM payout_counts WHERE n > 0) AS missing)
		+ (SELECT count(*) FROM (SELECT * FROM payout_counts WHERE n > 0 EXCEPT `+grouped+`) AS extra)`).Scan(&diff); err != nil || diff != 0 {
		t.Errorf("payout_counts disagrees with payout_requests in %d rows (%v)", diff, err)
	}
	type key struct{ account, ref string }
	type sums struct {
		net  money.Amount
		txs  map[string]string // transaction id → kind
		seen bool
	}
	ledger := map[key]*sums{}
	rows, err := s.read.QueryContext(ctx, `SELECT e.account_number, e.reference, e.amount, e.currency, t.id, t.kind
		FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
		JOIN accounts a ON a.account_number = e.account_number
		WHERE a.kind = 'customer' AND a.owner_organisation_id IS NOT NULL
		AND e.entry_type IN ('payout', 'payout_fee', 'payout_cancelled', 'payout_returned')
		AND t.kind NOT IN ('withdrawal', 'withdrawal_rejected', 'withdrawal_returned') -- checkWithdrawalMoney checks those`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var acct, ref, amt, code, txID, kind string
		if err := rows.Scan(&acct, &ref, &amt, &code, &txID, &kind); err != nil {
			t.Fatal(err)
		}
		k := key{acct, ref}
		if ledger[k] == nil {
			ledger[k] = &sums{net: money.Zero(currency.Decimals(code)), txs: map[string]string{}}
		}
		ledger[k].net = ledger[k].net.Add(money.MustParse(amt, currency.Decimals(code)))
		ledger[k].txs[txID] = kind
	}
	rows.Close()
	rows, err = s.read.QueryContext(ctx, `SELECT virtual_account_number, unique_reference, state, amount, fee, currency,
		coalesce(reserved_tx, ''), coalesce(released_tx, '') FROM payout_requests`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var acct, ref, state, amt, fee, code, reserved, released string
		if err := rows.Scan(&acct, &ref, &state, &amt, &fee, &code, &reserved, &released); err != nil {
			t.Fatal(err)
		}
		dec := currency.Decimals(code)
		l := ledger[key{acct, ref}]
		cat := provider.PayoutStateCategory(state)
		if (cat == provider.PayoutProcessing || cat == provider.PayoutCompleted) && (reserved == "" || released != "") {
			t.Errorf("%s %s: reserved %q released %q", ref, state, reserved, released)
		}
		if reserved == "" {
			if l != nil || released != "" {
				t.Errorf("%s %s: never reserved, yet ledger %+v released %q", ref, state, l, released)
			}
			continue
		}
		if l == nil {
			t.Errorf("%s %s: reserved %s but no ledger entries", ref, state, reserved)
			continue
		}
		l.seen = true
		want := money.MustParse(amt, dec).Add(money.MustParse(fee, dec)).Neg()
		wantTxs := map[string]string{reserved: provider.EntryPayout}
		if released != "" {
			want = money.Zero(dec)
			wantTxs[released] = l.txs[released]
			if k := l.txs[released]; k != provider.EntryPayoutCancelled && k != provider.EntryPayoutReturned {
				t.Errorf("%s: release %s is a %q transaction", ref, released, k)
			}
		}
		if l.net.Cmp(want) != 0 || !reflect.DeepEqual(l.txs, wantTxs) {
			t.Errorf("%s %s: ledger nets %s in %v, want %s in %v", ref, state, l.net, l.txs, want, wantTxs)
		}
	}
	for k, l := range ledger {
		if !l.seen {
			t.Errorf("payout entries of %s on %s belong to no payout", k.ref, k.account)
		}
	}
}

func validSEPA(e2e, amount string) provider.PayoutCreate {
	return provider.PayoutCreate{AccountNumber: demo.AccountOrg1EUR, Amount: amount, EndToEndID: e2e, Source: provider.SourceAPI,
		PayoutSections: provider.PayoutSections{
			UltimateDebtor:  provider.Party{FullName: "Nordic Trading ApS", CountryCode: "DK"},
			Creditor:        provider.Party{FullName: "Anna Müller", CountryCode: "DE", Type: provider.CreditorPrivate},
			CreditorAccount: provider.CreditorAccount{IBAN: "DE89370400440532013000", CountryCode: "DE", BankBIC: "COBADEFFXXX"},
		}}
}

func mustCreate(t *testing.T, s *Store, org string, req provider.PayoutCreate) provider.PayoutRequest {
	t.Helper()
	p, err := s.CreatePayout(context.Background(), org, req)
	if err != nil {
		t.Fatalf("create %s: %v", req.EndToEndID, err)
	}
	return p
}

func mustPayout(t *testing.T, s *Store, org, ref string) provider.PayoutRequest {
	t.Helper()
	p, err := s.Payout(context.Background(), org, ref)
	if err != nil {
		t.Fatalf("payout %s: %v", ref, err)
	}
	return p
}

func transitionNames(p provider.PayoutRequest) string {
	var names []string
	for _, tr := range p.StatusTransitions {
		names = append(names, tr.Name)
	}
	return strings.Join(names, " ")
}

func runPayouts(t *testing.T, s *Store, o PayoutProcessorOptions) {
	t.Helper()
	if _, err := s.runPayoutJobs(context.Background(), o); err != nil {
		t.Fatal(err)
	}
}

var toCompleted = PayoutProcessorOptions{Settle: -1}

// Every lifecycle path of spec 001 §4 from a new payout request, with what it does to the
// balance.
func TestPayoutLifecycle(t *testing.T) {
	t.Parallel()
	s, clock := authStore(t)
	ctx := context.Background()
	received := "created capability_selected validating_external validated"
	processed := received + " added_to_payout_planner tstm_initiated completed"
	cases := []struct {
		name    string
		edit    func(*provider.PayoutCreate)
		state   string
		reason  string
		path    string
		section string // where the findings are
		debited bool
	}{
		{"completes", nil, "completed", "", processed, "", true},
		{"picks the capability", func(r *provider.PayoutCreate) { r.LocalInstrument = "" }, "completed", "", processed, "", true},
		{"receiver without a name", func(r *provider.PayoutCreate) { r.Creditor.FullName = "" }, "rejected",
			provider.ReasonInvalidCreditor, "created capability_selected validating_external rejected", provider.SectionReceiver, false},
		{"sender without a name", func(r *provider.PayoutCreate) { r.UltimateDebtor.FullName = "" }, "rejected",
			provider.ReasonInvalidUltimateDebtor, "created capability_selected validating_external rejected", provider.SectionSender, false},
		{"IBAN check digits", func(r *provider.PayoutCreate) { r.CreditorAccount.IBAN = "DE88370400440532013000" }, "rejected",
			provider.ReasonInvalidCreditorAccount, "created capability_selected validating_external rejected", provider.SectionReceiverBank, false},
		{"purpose code", func(r *provider.PayoutCreate) { r.PurposeCode = "pc-2" }, "rejected",
			provider.ReasonInvalidGeneralData, "created capability_selected validating_external rejected", provider.SectionPayoutRequest, false},
		{"above the payout limit", func(r *provider.PayoutCreate) { r.Amount = "1000000.01" }, "rejected",
			provider.ReasonInvalidGeneralData, "created capability_selected validating_external rejected", provider.SectionPayoutRequest, false},
		{"no capability", func(r *provider.PayoutCreate) { r.LocalInstrument = "ACH" }, "rejected",
			provider.ReasonMissingCapability, "created rejected", provider.SectionPayoutRequest, false},
		{"more than the balance", func(r *provider.PayoutCreate) { r.Amount = "124999.00" }, "insufficient_funds",
			provider.ReasonInsufficientFunds, received + " insufficient_funds", "", false},
		{"future date", func(r *provider.PayoutCreate) { r.RequestedExecutionDate = "2026-03-05" }, "waiting_future_execution",
			provider.ReasonWaitingFutureExecution, received + " waiting_future_execution", "", false},
		{"today's date", func(r *provider.PayoutCreate) { r.RequestedExecutionDate = "2026-03-02" }, "completed", "", processed, "", true},
	}
	for i, c := range cases {
		req := validSEPA(fmt.Sprint("LC-", i), "100.00")
		req.LocalInstrument = "SEPA"
		if c.edit != nil {
			c.edit(&req)
		}
		before := money.MustParse(balanceOf(t, s, demo.AccountOrg1EUR), 2)
		p := mustCreate(t, s, demo.Org1ID, req)
		if p.Status != provider.PayoutReceived || p.CurrentStateName != provider.StateCreated || p.Fee != "1.50" {
			t.Fatalf("%s: created as %+v", c.name, p)
		}
		runPayouts(t, s, toCompleted)
		got := mustPayout(t, s, demo.Org1ID, p.UniqueReference)
		if got.CurrentStateName != c.state || got.ReasonCode() != c.reason || transitionNames(got) != c.path {
			t.Errorf("%s: %s/%s via %q, want %s/%s via %q", c.name, got.CurrentStateName, got.ReasonCode(), transitionNames(got), c.state, c.reason, c.path)
		}
		if c.section != "" && len(got.Errors[c.section]) == 0 {
			t.Errorf("%s: no findings in %s: %v", c.name, c.section, got.Errors)
		}
		if len(got.ReasonCodes) == 1 && (got.ReasonCodes[0].Group != got.Status || got.ReasonCodes[0].Symbol == "") {
			t.Errorf("%s: reason code %+v", c.name, got.ReasonCodes[0])
		}
		after := money.MustParse(balanceOf(t, s, demo.AccountOrg1EUR), 2)
		want := before
		if c.debited {
			want = before.Sub(money.MustParse(req.Amount, 2)).Sub(money.MustParse("1.50", 2))
		}
		if after.Cmp(want) != 0 {
			t.Errorf("%s: balance %s → %s, want %s", c.name, before, after, want)
		}
	}
	if p := mustPayout(t, s, demo.Org1ID, mustFind(t, s, "LC-1").UniqueReference); p.LocalInstrument != "SEPA" {
		t.Errorf("selected capability %q, want SEPA", p.LocalInstrument)
	}

	// The future date arrives: it executes that day, not before.
	waiting := mustFind(t, s, "LC-9")
	clock.Advance(2 * 24 * time.Hour)
	runPayouts(t, s, toCompleted)
	if p := mustPayout(t, s, demo.Org1ID, waiting.UniqueReference); p.CurrentStateName != provider.StateWaitingFutureExecution {
		t.Errorf("a day early: %s", p.CurrentStateName)
	}
	clock.Advance(14 * time.Hour)
	runPayouts(t, s, toCompleted)
	if p := mustPayout(t, s, demo.Org1ID, waiting.UniqueReference); transitionNames(p) != received+" waiting_future_execution added_to_payout_planner tstm_initiated completed" {
		t.Errorf("on the day: %q", transitionNames(p))
	}

	// Funds arrive: the waiting payout resumes. The seeded ones waiting on the account are
	// older and would go first: they are cancelled.
	short := mustFind(t, s, "LC-8")
	seeded, err := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{VirtualAccountNumber: demo.AccountOrg1EUR, StateCategory: provider.PayoutActionRequired})
	if err != nil || seeded.Total < 2 {
		t.Fatalf("waiting payouts %d %v", seeded.Total, err)
	}
	for _, p := range seeded.Payouts {
		if p.UniqueReference != short.UniqueReference {
			if _, err := s.CancelPayout(ctx, demo.Org1ID, p.UniqueReference, provider.PayoutInitiator{Name: "test"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	runPayouts(t, s, toCompleted)
	if p := mustPayout(t, s, demo.Org1ID, short.UniqueReference); p.CurrentStateName != provider.StateInsufficientFunds {
		t.Fatalf("before funding: %s", p.CurrentStateName)
	}
	if _, err := s.Transfer(ctx, demo.Org1ID, provider.TransferRequest{From: demo.AccountOrg1USD, To: demo.AccountOrg1EUR,
		Amount: "300000.00", IdempotencyKey: "fund-eur"}); err != nil {
		t.Fatal(err)
	}
	runPayouts(t, s, toCompleted)
	p := mustPayout(t, s, demo.Org1ID, short.UniqueReference)
	if p.CurrentStateName != provider.StateCompleted || p.ReasonCode() != "" ||
		transitionNames(p) != received+" insufficient_funds added_to_payout_planner tstm_initiated completed" {
		t.Errorf("after funding: %s %q", p.CurrentStateName, transitionNames(p))
	}
	checkLedgerInvariants(t, s)
	checkPayoutMoney(t, s)
}

func mustFind(t *testing.T, s *Store, e2e string) provider.PayoutRequest {
	t.Helper()
	found, err := s.FindPayouts(context.Background(), demo.Org1ID, e2e)
	if err != nil || len(found) != 1 {
		t.Fatalf("find %s: %v %v", e2e, found, err)
	}
	return found[0]
}

// payoutIn creates a payout and takes it to a state of each cancellable group, or to an end
// state.
func payoutIn(t *testing.T, s *Store, e2e, state string) provider.PayoutRequest {
	t.Helper()
	req := validSEPA(e2e, "250.00")
	hold := PayoutProcessorOptions{Settle: time.Hour}
	switch state {
	case provider.StateWaitingFutureExecution:
		req.RequestedExecutionDate = "2026-04-01"
	case provider.StateInsufficientFunds:
		req.Amount = "999999.00"
	case provider.StateRejected:
		req.Creditor.FullName = ""
	}
	p := mustCreate(t, s, demo.Org1ID, req)
	ctx := context.Background()
	switch state {
	case provider.StateCreated:
		return p
	case provider.StateTSTMInitiated, provider.StateWaitingFutureExecution, provider.StateInsufficientFunds, provider.StateRejected:
		runPayouts(t, s, hold)
	case provider.StateHalted:
		runPayouts(t, s, hold)
		if _, err := s.PayoutTestCase(ctx, demo.Org1ID, p.UniqueReference, provider.TestCaseHold); err != nil {
			t.Fatal(err)
		}
	case provider.StateCompleted:
		runPayouts(t, s, toCompleted)
	case provider.StateReturned:
		runPayouts(t, s, toCompleted)
		if _, err := s.PayoutTestCase(ctx, demo.Org1ID, p.UniqueReference, provider.TestCaseReturned); err != nil {
			t.Fatal(err)
		}
	case provider.StateCancelled:
		if _, err := s.CancelPayout(ctx, demo.Org1ID, p.UniqueReference, provider.PayoutInitiator{Name: "Camilla Thomsen"}); err != nil {
			t.Fatal(err)
		}
		runPayouts(t, s, hold)
	}
	p = mustPayout(t, s, demo.Org1ID, p.UniqueReference)
	if p.CurrentStateName != state {
		t.Fatalf("%s: in %s, want %s", e2e, p.CurrentStateName, state)
	}
	return p
}

// Cancellation in each cancellable group gives back what the payout held; outside them it
// is refused and nothing changes.
func TestCancelPayout(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	for i, c := range []struct {
		state  string
		status string
		ok     bool
	}{
		{provider.StateCreated, provider.PayoutReceived, true},
		{provider.StateWaitingFutureExecution, provider.PayoutPending, true},
		{provider.StateInsufficientFunds, provider.PayoutActionRequired, true},
		{provider.StateTSTMInitiated, provider.PayoutProcessing, true},
		{provider.StateHalted, provider.PayoutProcessing, true},
		{provider.StateCompleted, provider.PayoutCompleted, false},
		{provider.StateRejected, provider.PayoutRejected, false},
		{provider.StateReturned, provider.PayoutReturned, false},
		{provider.StateCancelled, provider.StatusCancelled, false},
	} {
		p := payoutIn(t, s, fmt.Sprint("CX-", i), c.state)
		if p.Status != c.status || p.Cancellable() != c.ok {
			t.Fatalf("%s: status %s cancellable %v", c.state, p.Status, p.Cancellable())
		}
		before := balanceOf(t, s, demo.AccountOrg1EUR)
		res, err := s.CancelPayout(ctx, demo.Org1ID, p.UniqueReference, provider.PayoutInitiator{Type: provider.InitiatorUser, Name: "Sofie Andersen"})
		if !c.ok {
			wantErr(t, err, provider.ECONFLICT, provider.MsgPayoutCancelRefused)
			if got := mustPayout(t, s, demo.Org1ID, p.UniqueReference); got.CurrentStateName != c.state || balanceOf(t, s, demo.AccountOrg1EUR) != before {
				t.Errorf("%s: a refused cancel changed %s", c.state, got.CurrentStateName)
			}
			continue
		}
		if err != nil || res.Status != provider.CancelStatusPending {
			t.Fatalf("%s: cancel %+v %v", c.state, res, err)
		}
		// Asking again while it is pending answers the same and records nothing more.
		if again, err := s.CancelPayout(ctx, demo.Org1ID, p.UniqueReference, provider.PayoutInitiator{Name: "x"}); err != nil || again.Status != "pending" {
			t.Errorf("%s: second cancel %+v %v", c.state, again, err)
		}
		if mid := mustPayout(t, s, demo.Org1ID, p.UniqueReference); !mid.CancellationPending || len(mid.Cancellations) != 1 ||
			mid.Cancellations[0].InitiatorName != "Sofie Andersen" || mid.Cancellations[0].InitiatorType != "user" {
			t.Errorf("%s: pending cancellation %+v", c.state, mid.Cancellations)
		}
		runPayouts(t, s, PayoutProcessorOptions{Settle: time.Hour})
		got := mustPayout(t, s, demo.Org1ID, p.UniqueReference)
		if got.CurrentStateName != provider.StateCancelled || got.Status != provider.StatusCancelled || got.CancellationPending ||
			got.ReasonCode() != provider.ReasonRequestedByCustomer || provider.PayoutStatusMessage(got.Status, got.ReasonCode()) != "" ||
			got.StatusTransitions[len(got.StatusTransitions)-1].Name != "cancelled" {
			t.Errorf("%s: after cancel %s/%s %q", c.state, got.CurrentStateName, got.ReasonCode(), transitionNames(got))
		}
		want := money.MustParse(before, 2)
		if got.Status != p.Status && c.status == provider.PayoutProcessing {
			want = want.Add(money.MustParse("251.50", 2))
		}
		if after := money.MustParse(balanceOf(t, s, demo.AccountOrg1EUR), 2); after.Cmp(want) != 0 {
			t.Errorf("%s: balance %s → %s, want %s", c.state, before, after, want)
		}
	}
	_, err := s.CancelPayout(ctx, demo.Org2ID, payoutIn(t, s, "CX-other", provider.StateCreated).UniqueReference, provider.PayoutInitiator{})
	wantErr(t, err, provider.ENOTFOUND, "")
	checkLedgerInvariants(t, s)
	checkPayoutMoney(t, s)
}

// The sandbox test cases are allowed only from the states of spec 001 §4.
func TestPayoutTestCases(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	all := []string{provider.TestCaseHold, provider.TestCaseSuccess, provider.TestCaseReturned}
	for i, c := range []struct {
		state   string
		allowed map[string]string // test case → state after
	}{
		{provider.StateCreated, nil},
		{provider.StateWaitingFutureExecution, nil},
		{provider.StateInsufficientFunds, nil},
		{provider.StateTSTMInitiated, map[string]string{"HOLD": "halted", "SUCCESS": "completed", "RETURNED": "returned"}},
		{provider.StateHalted, map[string]string{"SUCCESS": "completed", "RETURNED": "returned"}},
		{provider.StateCompleted, map[string]string{"RETURNED": "returned"}},
		{provider.StateRejected, nil},
		{provider.StateReturned, nil},
		{provider.StateCancelled, nil},
	} {
		for j, tc := range all {
			p := payoutIn(t, s, fmt.Sprintf("TC-%d-%d", i, j), c.state)
			before := money.MustParse(balanceOf(t, s, demo.AccountOrg1EUR), 2)
			got, err := s.PayoutTestCase(ctx, demo.Org1ID, p.UniqueReference, tc)
			want, ok := c.allowed[tc]
			if !ok {
				wantErr(t, err, provider.ECONFLICT, "")
				continue
			}
			if err != nil || got.CurrentStateName != want || got.StatusTransitions[len(got.StatusTransitions)-1].Name != want {
				t.Errorf("%s %s: %s %v", c.state, tc, got.CurrentStateName, err)
				continue
			}
			after := money.MustParse(balanceOf(t, s, demo.AccountOrg1EUR), 2)
			if back := after.Sub(before); (want == "returned") != (back.Cmp(money.MustParse("251.50", 2)) == 0) || (want != "returned" && !back.IsZero()) {
				t.Errorf("%s %s: balance moved by %s", c.state, tc, back)
			}
			if want == "returned" && (got.ReasonCode() == "" || provider.PayoutStatusMessage(got.Status, got.ReasonCode()) != provider.MsgPayoutReturned) {
				t.Errorf("returned with reason %q", got.ReasonCode())
			}
		}
	}
	p := payoutIn(t, s, "TC-bad", provider.StateTSTMInitiated)
	_, err := s.PayoutTestCase(ctx, demo.Org1ID, p.UniqueReference, "hold")
	wantErr(t, err, provider.EINVALID, "")
	_, err = s.PayoutTestCase(ctx, demo.Org2ID, p.UniqueReference, provider.TestCaseSuccess)
	wantErr(t, err, provider.ENOTFOUND, "")
	// A held payout stays held: the processor leaves it to the next test case.
	held := payoutIn(t, s, "TC-held", provider.StateHalted)
	runPayouts(t, s, toCompleted)
	if got := mustPayout(t, s, demo.Org1ID, held.UniqueReference); got.CurrentStateName != provider.StateHalted {
		t.Errorf("held payout moved on to %s", got.CurrentStateName)
	}
	checkLedgerInvariants(t, s)
	checkPayoutMoney(t, s)
}

func TestCreatePayout(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	units, err := s.BusinessUnits(ctx, demo.Org1ID)
	if err != nil || len(units) != 3 {
		t.Fatalf("units %v %v", units, err)
	}
	req := validSEPA("CR-1", "10.00")
	req.BusinessUnit, req.Currency, req.CreatorName, req.Source, req.BatchID = units[0].UUID, "EUR", "Sofie Andersen", provider.SourceCSV, "batch-7"
	req.Reviews = []provider.PayoutReview{{ReviewerName: "Jonas Larsen", CreatedAt: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}}
	req.Debtor.Website = "https://nordic.example"
	first := mustCreate(t, s, demo.Org1ID, req)
	if first.Replayed || !strings.HasPrefix(first.UniqueReference, "PO") || first.BusinessUnitName != units[0].Name ||
		first.Source != "csv" || first.BatchID != "batch-7" || len(first.Reviews) != 1 || first.Debtor.Website != "https://nordic.example" ||
		first.Creditor.FullName != "Anna Müller" || first.DebtorAccount != demo.AccountOrg1EUR || first.Amount != "10.00" {
		t.Errorf("created %+v", first)
	}
	again := mustCreate(t, s, demo.Org1ID, req)
	if !again.Replayed || again.UniqueReference != first.UniqueReference {
		t.Errorf("retry: %+v", again)
	}
	other := req
	other.Amount = "11.00"
	_, err = s.CreatePayout(ctx, demo.Org1ID, other)
	var fe *provider.FieldError
	if !errors.As(err, &fe) || fe.Field != "end_to_end_id" || provider.ErrorMessage(err) != provider.MsgPayoutE2EUnique {
		t.Errorf("same e2e, other request: %v", err)
	}
	// The end-to-end id is unique per organisation, not across them.
	o2 := validSEPA("CR-1", "10.00")
	o2.AccountNumber = demo.AccountOrg2GBP
	if p, err := s.CreatePayout(ctx, demo.Org2ID, o2); err != nil || p.Replayed {
		t.Errorf("org 2 with the same e2e: %v", err)
	}
	for _, c := range []struct {
		name, field string
		edit        func(*provider.PayoutCreate)
	}{
		{"no e2e", "end_to_end_id", func(r *provider.PayoutCreate) { r.EndToEndID = "" }},
		{"e2e characters", "end_to_end_id", func(r *provider.PayoutCreate) { r.EndToEndID = "a b" }},
		{"foreign account", "virtual_account_number", func(r *provider.PayoutCreate) { r.AccountNumber = demo.AccountOrg2GBP }},
		{"shared account", "virtual_account_number", func(r *provider.PayoutCreate) { r.AccountNumber = demo.AccountPartnerPool }},
		{"other currency", "currency_code", func(r *provider.PayoutCreate) { r.Currency = "GBP" }},
		{"zero", "amount", func(r *provider.PayoutCreate) { r.Amount = "0" }},
		{"decimals", "amount", func(r *provider.PayoutCreate) { r.Amount = "1.001" }},
		{"negative", "amount", func(r *provider.PayoutCreate) { r.Amount = "-5.00" }},
		{"source", "source", func(r *provider.PayoutCreate) { r.Source = "fax" }},
		{"business unit of another organisation", "business_unit", func(r *provider.PayoutCreate) {
			r.BusinessUnit = seedID("business-unit/" + demo.Org2ID + "/Atlantic Forwarding")
		}},
		{"date", "requested_execution_date", func(r *provider.PayoutCreate) { r.RequestedExecutionDate = "05-03-2026" }},
	} {
		r := validSEPA("CR-bad", "10.00")
		c.edit(&r)
		_, err := s.CreatePayout(ctx, demo.Org1ID, r)
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%s: %v, want a field error on %s", c.name, err, c.field)
		}
	}
	if _, err := s.Payout(ctx, demo.Org2ID, first.UniqueReference); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("other organisation reads it: %v", err)
	}
	if found, _ := s.FindPayouts(ctx, demo.Org1ID, first.UniqueReference); len(found) != 1 || found[0].EndToEndID != "CR-1" {
		t.Errorf("find by reference: %v", found)
	}
	if found, _ := s.FindPayouts(ctx, demo.Org2ID, first.UniqueReference); len(found) != 0 {
		t.Errorf("org 2 finds org 1's payout: %v", found)
	}
	products, err := s.PayoutProducts(ctx, demo.Org1ID)
	if err != nil || len(products) != 2 || products[0].LocalInstrument != "SEPA" || products[0].ProductCurrencyISO != "EUR" {
		t.Errorf("products %+v %v", products, err)
	}
	tree, err := s.PayoutReasonCodes(ctx, demo.Org1ID)
	if err != nil || len(tree) != len(provider.PayoutStatuses()) || tree[1].Status.Code != provider.PayoutRejected || len(tree[1].ReasonCodes) != 6 ||
		tree[7].Status.Code != provider.StatusCancelled || len(tree[7].ReasonCodes) != 1 {
		t.Errorf("reason tree %+v %v", tree, err)
	}
	for _, f := range []func() error{
		func() error { _, err := s.BusinessUnits(ctx, "nope"); return err },
		func() error { _, err := s.PayoutProducts(ctx, "nope"); return err },
		func() error { _, err := s.Payouts(ctx, "nope", provider.PayoutFilter{}); return err },
	} {
		wantErr(t, f(), provider.ENOTFOUND, "")
	}
}

// The JSON name of the reference is built from the one product name.
func TestUniqueReferenceFieldName(t *testing.T) {
	f, _ := reflect.TypeOf(provider.PayoutRequest{}).FieldByName("UniqueReference")
	if tag := f.Tag.Get("json"); tag != provider.UniqueReferenceField || !strings.HasPrefix(tag, provider.ProductName+"_") {
		t.Errorf("json tag %q, want %q", tag, provider.UniqueReferenceField)
	}
	for _, c := range provider.PayoutStateCategories() {
		for _, st := range provider.PayoutStates(c.Code) {
			if provider.PayoutStateCategory(st) != c.Code {
				t.Errorf("state %s is listed under %s but maps to %s", st, c.Code, provider.PayoutStateCategory(st))
			}
		}
	}
}

func TestSeedPayouts(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
		seen := map[string]map[string]bool{}
		mark := func(what, v string) {
			if seen[what] == nil {
				seen[what] = map[string]bool{}
			}
			seen[what][v] = true
		}
		page := provider.PayoutPage{HasNext: true}
		n := 0
		for page.HasNext {
			var err error
			if page, err = s.Payouts(ctx, org, provider.PayoutFilter{Cursor: page.CursorNext, Limit: provider.MaxPayoutLimit}); err != nil {
				t.Fatal(err)
			}
			for _, p := range page.Payouts {
				n++
				mark("state", p.CurrentStateName)
				mark("reason", p.ReasonCode())
				mark("source", p.Source)
				mark("currency", p.Currency)
				mark("unit", p.BusinessUnitName)
				mark("instrument", p.LocalInstrument)
				if p.CurrentStateName == provider.StateRejected || p.CurrentStateName == provider.StateCancelled ||
					p.CurrentStateName == provider.StatePendingApproval { // checked when approved
					continue
				}
				row := &payoutRow{code: p.Currency, instr: p.LocalInstrument, purpose: p.PurposeCode, sections: p.PayoutSections,
					amount: money.MustParse(p.Amount, currency.Decimals(p.Currency))}
				if reason, errs := validatePayout(row); reason != "" {
					t.Errorf("%s %s (%s) does not pass the lifecycle's checks: %v", p.UniqueReference, p.CurrentStateName, p.LocalInstrument, errs)
				}
			}
		}
		if n < 200 {
			t.Errorf("%s: %d payouts, want a few hundred", org, n)
		}
		for _, c := range provider.PayoutStateCategories() {
			for _, st := range provider.PayoutStates(c.Code) {
				if !seen["state"][st] {
					t.Errorf("%s: no payout in state %s", org, st)
				}
			}
		}
		for _, g := range provider.PayoutReasonTree() {
			for _, rc := range g.ReasonCodes {
				if !seen["reason"][rc.ID] {
					t.Errorf("%s: no payout with reason %s", org, rc.ID)
				}
			}
		}
		for _, src := range provider.PayoutSources() {
			if !seen["source"][src] {
				t.Errorf("%s: no payout from %s", org, src)
			}
		}
		units, _ := s.BusinessUnits(ctx, org)
		for _, u := range units {
			if !seen["unit"][u.Name] {
				t.Errorf("%s: no payout of unit %s", org, u.Name)
			}
		}
		for _, a := range demoAccounts() {
			if a.Owner == org && !seen["currency"][a.CurrencyCode] {
				t.Errorf("%s: no payout in %s", org, a.CurrencyCode)
			}
		}
	}
	checkLedgerInvariants(t, s)
	checkPayoutMoney(t, s)
}

// listedColumns are the columns the direct counts of the list filter on.
const listedColumns = `organisation_id, virtual_account_number, currency, business_unit, local_instrument, state, reason_code,
	batch_id, amount, created_at`

// Every filter of spec 001 §7 against a direct count, and paging both ways through one
// filtered list.
func TestPayoutFilters(t *testing.T) {
	t.Parallel()
	s, clock := authStore(t)
	ctx := context.Background()
	now := clock.Now()
	count := func(where string, args ...any) int {
		var n int
		// The list is the payouts and the items waiting for approval (waitingPayouts).
		if err := s.read.QueryRow(`SELECT count(*) FROM (SELECT `+listedColumns+` FROM payout_requests UNION ALL
			SELECT `+listedColumns+` FROM (`+waitingPayouts+`) AS w) AS l WHERE organisation_id = ? AND `+where,
			append([]any{demo.Org1ID}, args...)...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	unit := seedID("business-unit/" + demo.Org1ID + "/Nordic Marine")
	batch := seedID("batch/" + demo.Org1ID + "/1")
	d30 := now.AddDate(0, 0, -30)
	cases := []struct {
		name string
		f    provider.PayoutFilter
		want int
	}{
		{"all", provider.PayoutFilter{}, count(`TRUE`)},
		{"created range", provider.PayoutFilter{CreatedAfter: d30, CreatedBefore: now.AddDate(0, 0, -3)}, count(`created_at >= ? AND created_at < ?`, formatTime(d30), formatTime(now.AddDate(0, 0, -3)))},
		{"account", provider.PayoutFilter{VirtualAccountNumber: demo.AccountOrg1GBP}, count(`virtual_account_number = ?`, demo.AccountOrg1GBP)},
		{"currency", provider.PayoutFilter{CurrencyCode: "usd"}, count(`currency = 'USD'`)},
		{"business unit", provider.PayoutFilter{BusinessUnit: unit}, count(`business_unit = ?`, unit)},
		{"local instrument", provider.PayoutFilter{LocalInstrument: "SWIFT"}, count(`local_instrument = 'SWIFT'`)},
		{"status rejected", provider.PayoutFilter{StateCategory: provider.PayoutRejected}, count(`state = 'rejected'`)},
		{"status cancelled", provider.PayoutFilter{StateCategory: provider.StatusCancelled}, count(`state = 'cancelled'`)},
		{"status received", provider.PayoutFilter{StateCategory: provider.PayoutReceived}, count(`state IN ('created', 'capability_selected', 'validating_external', 'validated', 'unable_to_validate_external')`)},
		{"reason", provider.PayoutFilter{ReasonCode: provider.ReasonInvalidCreditorAccount}, count(`reason_code = 'invalid_creditor_account'`)},
		{"batch", provider.PayoutFilter{BatchID: batch}, count(`batch_id = ?`, batch)},
		{"amount range", provider.PayoutFilter{AmountFrom: "500", AmountTo: "2000.5"}, count(`CAST(amount AS REAL) >= 500 AND CAST(amount AS REAL) <= 2000.5`)},
		{"everything", provider.PayoutFilter{CreatedAfter: now.AddDate(0, 0, -90), CurrencyCode: "EUR", StateCategory: provider.PayoutCompleted,
			AmountFrom: "100"}, count(`created_at >= ? AND currency = 'EUR' AND state = 'completed' AND CAST(amount AS REAL) >= 100`, formatTime(now.AddDate(0, 0, -90)))},
	}
	for _, c := range cases {
		page, err := s.Payouts(ctx, demo.Org1ID, c.f)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if page.Total != c.want || c.want == 0 || len(page.Payouts) != min(c.want, provider.DefaultPayoutLimit) {
			t.Errorf("%s: total %d, %d rows; want %d", c.name, page.Total, len(page.Payouts), c.want)
		}
	}
	for _, bad := range []provider.PayoutFilter{{StateCategory: "nope"}, {AmountFrom: "-1"}, {AmountTo: "1e3"}, {Cursor: "garbage"}, {Limit: 501}} {
		if _, err := s.Payouts(ctx, demo.Org1ID, bad); provider.ErrorCode(err) != provider.EINVALID {
			t.Errorf("%+v: %v", bad, err)
		}
	}

	// Paging: forward through everything, then back from the last page.
	f := provider.PayoutFilter{CurrencyCode: "EUR", Limit: 7}
	var refs []string
	var pages []provider.PayoutPage
	page := provider.PayoutPage{HasNext: true}
	for page.HasNext {
		f.Cursor, f.Direction = page.CursorNext, ""
		var err error
		if page, err = s.Payouts(ctx, demo.Org1ID, f); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, page)
		for _, p := range page.Payouts {
			refs = append(refs, p.ID)
		}
		if len(pages) > 1000 {
			t.Fatal("paging does not end")
		}
	}
	if len(refs) != count(`currency = 'EUR'`) || len(slices.Compact(slices.Clone(refs))) != len(refs) {
		t.Fatalf("paged %d rows", len(refs))
	}
	for i := len(pages) - 1; i > 0; i-- {
		prev, err := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{CurrencyCode: "EUR", Limit: 7, Cursor: pages[i].CursorPrev, Direction: provider.DirectionPrev})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(pagesRefs(prev), pagesRefs(pages[i-1])) || !prev.HasNext {
			t.Fatalf("back from page %d: %v, want %v", i, pagesRefs(prev), pagesRefs(pages[i-1]))
		}
	}
}

// The list oldest first (sort "date") pages the same rows the other way round; include_cursor
// starts a page at the cursor's own row; LocalInstruments are the corridors of the
// organisation's currencies.
func TestPayoutListOrder(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	all := func(sort string) []string {
		var refs []string
		f := provider.PayoutFilter{CurrencyCode: "GBP", Limit: 9, Sort: sort}
		page := provider.PayoutPage{HasNext: true}
		for page.HasNext {
			f.Cursor = page.CursorNext
			var err error
			if page, err = s.Payouts(ctx, demo.Org1ID, f); err != nil {
				t.Fatal(err)
			}
			if f.Cursor != "" && page.CursorPrev == "" {
				t.Fatal("a later page without a way back")
			}
			refs = append(refs, pagesRefs(page)...)
		}
		return refs
	}
	newest, oldest := all(""), all(provider.SortOldest)
	if len(newest) < 20 || !slices.Equal(newest, all(provider.SortNewest)) {
		t.Fatalf("%d rows newest first, sort -date differs", len(newest))
	}
	slices.Reverse(oldest)
	if !slices.Equal(newest, oldest) {
		t.Fatal("oldest first is not newest first reversed")
	}
	slices.Reverse(oldest)
	first, err := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{CurrencyCode: "GBP", Limit: 9, Sort: provider.SortOldest})
	if err != nil {
		t.Fatal(err)
	}
	second, err := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{CurrencyCode: "GBP", Limit: 9, Sort: provider.SortOldest, Cursor: first.CursorNext})
	if err != nil {
		t.Fatal(err)
	}
	back, err := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{CurrencyCode: "GBP", Limit: 9, Sort: provider.SortOldest,
		Cursor: second.CursorPrev, Direction: provider.DirectionPrev})
	if err != nil || !slices.Equal(pagesRefs(back), oldest[:9]) || !slices.Equal(pagesRefs(second), oldest[9:18]) {
		t.Fatalf("oldest first paging: %v %v (%v)", pagesRefs(second), pagesRefs(back), err)
	}
	again, err := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{CurrencyCode: "GBP", Limit: 9, Sort: provider.SortOldest,
		Cursor: first.CursorNext, IncludeCursor: true})
	if err != nil || !slices.Equal(pagesRefs(again), oldest[8:17]) || again.Total != len(oldest) {
		t.Fatalf("include_cursor: %v, want %v (%v)", pagesRefs(again), oldest[8:17], err)
	}
	for _, bad := range []provider.PayoutFilter{{Sort: "amount"}, {Cursor: first.CursorNext, Direction: provider.DirectionPrev, IncludeCursor: true}} {
		if _, err := s.Payouts(ctx, demo.Org1ID, bad); provider.ErrorCode(err) != provider.EINVALID {
			t.Errorf("%+v: %v", bad, err)
		}
	}

	for org, want := range map[string][]string{
		demo.Org1ID: {"ACH", "CHAPS", "CRYPTO", "FPS", "SEPA", "SEPA_INSTANT", "STRAKS", "SWIFT"},
		demo.Org2ID: {"ACH", "CHAPS", "FPS", "SWIFT"},
	} {
		got, err := s.LocalInstruments(ctx, org)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: %v %v, want %v", org, got, err, want)
		}
	}
	if _, err := s.LocalInstruments(ctx, "00000000-0000-4000-8000-000000000009"); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("unknown organisation: %v", err)
	}
}

func pagesRefs(p provider.PayoutPage) []string {
	var out []string
	for _, x := range p.Payouts {
		out = append(out, x.ID)
	}
	return out
}

func validFPS(account, e2e, amount string) provider.PayoutCreate {
	return provider.PayoutCreate{AccountNumber: account, Amount: amount, EndToEndID: e2e, LocalInstrument: "FPS",
		PayoutSections: provider.PayoutSections{
			UltimateDebtor:  provider.Party{FullName: "Sender Ltd"},
			Creditor:        provider.Party{FullName: "Harry Jones", CountryCode: "GB"},
			CreditorAccount: provider.CreditorAccount{AccountNumber: "12345678", BankClearingSystemID: "401276", CountryCode: "GB"},
		}}
}

// 1,000 concurrent operations: 500 payouts created at once while the processor runs, then
// 500 cancellations, test cases, new payouts and transfers at once while it runs: the ledger
// stays balanced per currency, no customer account goes negative, and every payout holds its
// amount and fee at most once. (Half and half keeps the package's -race time in check; the
// single writer serialises them anyway.)
func TestPayoutsConcurrentKeepInvariants(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	stop := s.StartPayoutProcessor(ctx, PayoutProcessorOptions{Poll: 5 * time.Millisecond, Settle: time.Hour})
	type target struct{ org, account, code string }
	targets := []target{{demo.Org1ID, demo.AccountOrg1EUR, "EUR"}, {demo.Org1ID, demo.AccountOrg1GBP, "GBP"}, {demo.Org2ID, demo.AccountOrg2GBP, "GBP"}}
	n := 500 / raceDivisor
	errs := make(chan error, 4*n)
	outcomes := make(chan string, 4*n)
	create := func(i int, rng *rand.Rand) (target, provider.PayoutRequest, bool) {
		tg := targets[rng.IntN(len(targets))]
		amount := fmt.Sprintf("%d.%02d", 1+rng.IntN(200), rng.IntN(100))
		if rng.IntN(10) == 0 {
			amount = "95000.00" // more than any of the accounts holds once others have paid out
		}
		req := validSEPA(fmt.Sprint("CC-", i), amount)
		if tg.code == "GBP" {
			req = validFPS(tg.account, fmt.Sprint("CC-", i), amount)
		}
		p, err := s.CreatePayout(ctx, tg.org, req)
		if err != nil {
			errs <- err
			return tg, p, false
		}
		return tg, p, true
	}
	act := func(tg target, ref string, rng *rand.Rand) {
		var err error
		switch rng.IntN(4) {
		case 0:
			_, err = s.CancelPayout(ctx, tg.org, ref, provider.PayoutInitiator{Name: "load"})
		case 1:
			_, err = s.PayoutTestCase(ctx, tg.org, ref, provider.TestCaseHold)
		case 2:
			_, err = s.PayoutTestCase(ctx, tg.org, ref, provider.TestCaseSuccess)
		default:
			_, err = s.PayoutTestCase(ctx, tg.org, ref, provider.TestCaseReturned)
		}
		switch provider.ErrorCode(err) {
		case "":
			outcomes <- "done"
		case provider.ECONFLICT:
			outcomes <- "refused"
		default:
			errs <- err
		}
	}
	parallel := func(f func(i int)) {
		sem := make(chan struct{}, 32)
		for i := range n {
			sem <- struct{}{}
			go func() { defer func() { <-sem }(); f(i) }()
		}
		for range cap(sem) {
			sem <- struct{}{}
		}
	}
	type made struct {
		tg  target
		ref string
	}
	payouts := make([]made, n)
	parallel(func(i int) {
		if tg, p, ok := create(i, rand.New(rand.NewPCG(uint64(i), 7))); ok {
			payouts[i] = made{tg, p.UniqueReference}
		}
	})
	// Drain what the processor has not reached yet, alongside it: two workers on one queue.
	runPayouts(t, s, PayoutProcessorOptions{Settle: time.Hour})
	parallel(func(i int) {
		rng := rand.New(rand.NewPCG(uint64(i), 8))
		switch {
		case i%10 == 0: // a new payout, acted on at once
			if tg, p, ok := create(n+i, rng); ok {
				act(tg, p.UniqueReference, rng)
			}
		case i%50 == 1: // money coming in resumes payouts waiting for funds
			tg := payouts[i].tg
			from := map[string]string{demo.Org1ID: demo.AccountOrg1USD, demo.Org2ID: demo.AccountOrg2USD}[tg.org]
			if _, err := s.Transfer(ctx, tg.org, provider.TransferRequest{From: from, To: tg.account, Amount: "500.00",
				IdempotencyKey: fmt.Sprint("cc-fund-", i)}); err != nil && provider.ErrorMessage(err) != "Insufficient funds" {
				errs <- err
			}
		default:
			// The same payout is often acted on twice, from two goroutines at once.
			p := payouts[rng.IntN(n)]
			act(p.tg, p.ref, rng)
		}
	})
	stop()
	close(errs)
	close(outcomes)
	for err := range errs {
		t.Error(err)
	}
	count := map[string]int{}
	for o := range outcomes {
		count[o]++
	}
	runPayouts(t, s, PayoutProcessorOptions{Settle: time.Hour})
	states := map[string]int{}
	rows, err := s.read.Query(`SELECT state, count(*) FROM payout_requests WHERE end_to_end_id LIKE 'CC-%' GROUP BY state`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var st string
		var k int
		rows.Scan(&st, &k)
		states[st] = k
	}
	rows.Close()
	t.Logf("actions %v, states %v", count, states)
	for _, st := range []string{"cancelled", "completed", "returned", "tstm_initiated"} {
		if states[st] == 0 {
			t.Errorf("no payout ended %s: %v", st, states)
		}
	}
	checkLedgerInvariants(t, s)
	checkPayoutMoney(t, s)
}
