package reference

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"portal/reference/demo"
	"strings"
	"sync"
	"testing"

	"portal/currency"
	"portal/money"
	"portal/provider"
)

// ordersOf lists every order of org in status ("" any), in full.
func ordersOf(t *testing.T, s *Store, org, status string) []provider.CollectionOrder {
	t.Helper()
	var out []provider.CollectionOrder
	f := provider.CollectionOrderFilter{Status: status, Limit: provider.MaxCollectionLimit}
	for {
		page, err := s.CollectionOrders(context.Background(), org, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range page.Orders {
			full, err := s.CollectionOrder(context.Background(), org, o.UUID)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, full)
		}
		if !page.HasNext {
			return out
		}
		f.Cursor, f.Direction = page.CursorNext, provider.DirectionNext
	}
}

// checkCollectionMoney holds every order to what the ledger says: each completed payment is
// one collection transaction crediting the order's amount to its account (less its fee), each
// refund one debiting its amount and fee, each return one crediting the amount back; no other
// collection movement on the organisations' accounts, and a refund only of a paid order.
func checkCollectionMoney(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	type line struct{ typ, amount, account, ref string }
	byTx := map[string][]line{}
	rows, err := s.read.QueryContext(ctx, `SELECT e.transaction_id, e.entry_type, e.amount, e.account_number, e.reference FROM ledger_entries e
		JOIN accounts a ON a.account_number = e.account_number WHERE a.kind = 'customer' AND a.owner_organisation_id IS NOT NULL
		AND e.entry_type IN ('collection', 'collection_fee', 'collection_refund', 'collection_refund_fee', 'refund_returned')`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var tx string
		var l line
		if err := rows.Scan(&tx, &l.typ, &l.amount, &l.account, &l.ref); err != nil {
			t.Fatal(err)
		}
		byTx[tx] = append(byTx[tx], l)
	}
	rows.Close()
	claimed := map[string]bool{}
	claim := func(tx, what string) []line {
		if tx == "" {
			return nil
		}
		if claimed[tx] {
			t.Errorf("%s: transaction %s claimed twice", what, tx)
		}
		claimed[tx] = true
		return byTx[tx]
	}
	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
		for _, o := range ordersOf(t, s, org, "") {
			paid := false
			prow, err := s.read.QueryContext(ctx, `SELECT coalesce(credited_tx, ''), status FROM collection_payments WHERE order_id = ?`, o.UUID)
			if err != nil {
				t.Fatal(err)
			}
			for prow.Next() {
				var tx, st string
				if err := prow.Scan(&tx, &st); err != nil {
					t.Fatal(err)
				}
				ls := claim(tx, o.UUID)
				if (tx != "") != (st == provider.PaymentCompleted || st == provider.PaymentRefunded) {
					t.Errorf("order %s: payment %s credited %q", o.UUID, st, tx)
				}
				if tx != "" {
					paid = true
					if len(ls) != 2 || ls[0].typ != provider.EntryCollection || ls[0].amount != o.Amount || ls[0].account != o.VirtualAccountNumber {
						t.Errorf("order %s (%s %s): credit %+v", o.UUID, o.Amount, o.VirtualAccountNumber, ls)
					}
				}
			}
			prow.Close()
			if paid != !(inList(provider.OrderOpenStatuses(), o.Status) || o.Status == provider.OrderCancelled) {
				t.Errorf("order %s %s: paid %v", o.UUID, o.Status, paid)
			}
			rrow, err := s.read.QueryContext(ctx, `SELECT booked_tx, coalesce(returned_tx, ''), amount, fee, status FROM collection_refunds WHERE order_id = ?`, o.UUID)
			if err != nil {
				t.Fatal(err)
			}
			for rrow.Next() {
				var booked, returned, amount, fee, st string
				if err := rrow.Scan(&booked, &returned, &amount, &fee, &st); err != nil {
					t.Fatal(err)
				}
				if !paid {
					t.Errorf("order %s refunded unpaid", o.UUID)
				}
				ls := claim(booked, o.UUID)
				if len(ls) != 2 || ls[0].amount != "-"+amount || ls[1].amount != "-"+fee {
					t.Errorf("order %s: refund %+v", o.UUID, ls)
				}
				if rl := claim(returned, o.UUID); (returned != "") != (st == provider.RefundReturned) || (returned != "" && (len(rl) != 1 || rl[0].amount != amount)) {
					t.Errorf("order %s: return %q %+v", o.UUID, st, rl)
				}
			}
			rrow.Close()
		}
	}
	for tx, ls := range byTx {
		if !claimed[tx] {
			t.Errorf("collection movement %s of no order: %+v", tx, ls)
		}
	}
}

func inList(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// The demo orders hold exactly what the ledger history moved.
func TestSeedCollectionsMatchLedger(t *testing.T) {
	s := seededStore(t)
	checkLedgerInvariants(t, s)
	checkCollectionMoney(t, s)
}

// 200 refunds of one order at once (each its own request, no key) refund it once; 200 with one
// key all answer that refund.
func TestConcurrentRefundsRefundOnce(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	var orders []provider.CollectionOrder
	for _, o := range ordersOf(t, s, demo.Org1ID, provider.OrderCompleted) {
		if o.CurrencyCode == "EUR" && len(orders) < 2 {
			orders = append(orders, o)
		}
	}
	acct, _ := s.Accounts(ctx, demo.Org1ID)
	before := map[string]string{}
	for _, a := range acct {
		before[a.AccountNumber] = a.Balance
	}
	for i, o := range orders {
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for n := range 200 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				key := ""
				if i == 1 {
					key = "same-key"
				}
				_, err := s.RefundCollectionOrder(ctx, demo.Org1ID, o.UUID, provider.CollectionRefundRequest{Amount: o.Amount, IdempotencyKey: key})
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					ok++
				} else if provider.ErrorCode(err) != provider.ECONFLICT {
					t.Errorf("refund %d: %v", n, err)
				}
			}()
		}
		wg.Wait()
		if want := map[int]int{0: 1, 1: 200}[i]; ok != want {
			t.Errorf("order %d: %d refunds answered ok, want %d", i, ok, want)
		}
		got, _ := s.CollectionOrder(ctx, demo.Org1ID, o.UUID)
		if len(got.Refunds) != 1 {
			t.Errorf("order %d: %d refunds", i, len(got.Refunds))
		}
	}
	acct, _ = s.Accounts(ctx, demo.Org1ID)
	for _, a := range acct {
		if a.AccountNumber != demo.AccountOrg1EUR {
			continue
		}
		want := money.MustParse(before[a.AccountNumber], 2)
		for _, o := range orders {
			want = want.Sub(money.MustParse(o.Amount, 2)).Sub(money.MustParse("0.50", 2))
		}
		if a.Balance != want.String() {
			t.Errorf("balance %s, want %s", a.Balance, want)
		}
	}
	checkLedgerInvariants(t, s)
	checkCollectionMoney(t, s)
}

// Payments completing, refunds, settlements, returns and cancellations at once, in both
// organisations: the ledger's invariants hold and every order still holds what the ledger
// says.
func TestCollectionsMixedRunKeepsInvariants(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	type job func() error
	var jobs []job
	r := rand.New(rand.NewPCG(7, 7))
	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
		for _, o := range ordersOf(t, s, org, "") {
			switch {
			case inList(provider.OrderOpenStatuses(), o.Status):
				for _, p := range o.Payments {
					jobs = append(jobs, func() error {
						_, err := s.CollectionTestCase(ctx, org, o.UUID, provider.CollectionTestCaseRequest{PaymentUUID: p.UUID,
							TestCase: provider.CollectionTestCaseCompletePayment})
						return err
					})
				}
				jobs = append(jobs, func() error { _, err := s.CancelCollectionOrder(ctx, org, o.UUID); return err })
			case o.Status == provider.OrderCompleted:
				amount := o.Amount
				if r.IntN(2) == 0 {
					dec := currency.Decimals(o.CurrencyCode)
					a := money.MustParse(o.Amount, dec)
					amount = money.FromMinor(max(a.Minor().Int64()/3, 1), dec).String()
				}
				jobs = append(jobs, func() error {
					_, err := s.RefundCollectionOrder(ctx, org, o.UUID, provider.CollectionRefundRequest{Amount: amount, IdempotencyKey: "mix-" + o.UUID})
					return err
				}, func() error { return s.ReturnCollectionRefund(ctx, org, o.UUID) }, func() error { return s.SettleCollectionRefund(ctx, org, o.UUID) })
			case o.Status == provider.OrderProcessingRefund || o.Status == provider.OrderActionRequiredForRefund:
				jobs = append(jobs, func() error { return s.ReturnCollectionRefund(ctx, org, o.UUID) },
					func() error { return s.SettleCollectionRefund(ctx, org, o.UUID) })
			}
		}
	}
	r.Shuffle(len(jobs), func(i, j int) { jobs[i], jobs[j] = jobs[j], jobs[i] })
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	var mu sync.Mutex
	kinds := map[string]int{}
	for _, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			err := j()
			mu.Lock()
			defer mu.Unlock()
			switch code := provider.ErrorCode(err); code {
			case "", provider.ECONFLICT, provider.EINVALID:
				kinds[code]++
			default:
				t.Errorf("job: %v", err)
			}
		}()
	}
	wg.Wait()
	if kinds[""] < 50 {
		t.Errorf("only %d jobs changed anything: %v", kinds[""], kinds)
	}
	t.Log(fmt.Sprint(kinds))
	checkLedgerInvariants(t, s)
	checkCollectionMoney(t, s)
}

// A refund the account cannot cover with its fee is refused on the amount, and moves nothing.
func TestRefundNotCovered(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	var o provider.CollectionOrder
	for _, c := range ordersOf(t, s, demo.Org1ID, provider.OrderCompleted) {
		if c.CurrencyCode == "GBP" {
			o = c
			break
		}
	}
	bal := func() string {
		accts, _ := s.Accounts(ctx, demo.Org1ID)
		for _, a := range accts {
			if a.AccountNumber == o.VirtualAccountNumber {
				return a.Balance
			}
		}
		return ""
	}
	// Leave less than the order's amount on the account.
	left := money.MustParse(o.Amount, 2).Sub(money.MustParse("1.00", 2))
	move := money.MustParse(bal(), 2).Sub(left)
	if _, err := s.Transfer(ctx, demo.Org1ID, provider.TransferRequest{From: o.VirtualAccountNumber, To: demo.AccountOrg1EUR,
		Amount: move.String(), EndToEndID: "drain", IdempotencyKey: "drain"}); err != nil {
		t.Fatal(err)
	}
	before := bal()
	_, err := s.RefundCollectionOrder(ctx, demo.Org1ID, o.UUID, provider.CollectionRefundRequest{Amount: o.Amount, IdempotencyKey: "k"})
	var fe *provider.FieldError
	if !errors.As(err, &fe) || fe.Field != "amount" || !strings.HasPrefix(fe.Err.Message, "The account's balance does not cover the refund") {
		t.Fatalf("refund: %v", err)
	}
	if got, _ := s.CollectionOrder(ctx, demo.Org1ID, o.UUID); bal() != before || got.Status != provider.OrderCompleted || len(got.Refunds) != 0 {
		t.Errorf("moved: %s → %s, %s", before, bal(), got.Status)
	}
	checkLedgerInvariants(t, s)
}
