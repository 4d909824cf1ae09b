package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"portal/reference/demo"
	"sort"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
)

// Demo collection orders. Every payment the demo ledger history completed (its collection
// events, COL-…) is an order's completed payment with that amount, fee and time; some of those
// orders were refunded in the history too (collectionRefundHistory adds the refund movements,
// and the returns of some, before the history is booked). Orders still waiting for their money
// (pending, received, processing, authorised, action_required) and cancelled ones moved no
// money. Every order status, payment status and type has examples in both organisations.

// seedDebtors are the demo payers.
var seedDebtors = []struct {
	name, birth, email, country, bank string
}{
	{"Maria Jensen", "1984-03-12", "maria.jensen@example.com", "DK", "Danske Bank"},
	{"Oliver Hansen", "1979-11-02", "oliver.hansen@example.com", "DK", "Nordea"},
	{"Sophie Müller", "1991-06-21", "sophie.mueller@example.de", "DE", "Deutsche Bank"},
	{"James Whitfield", "1968-01-30", "j.whitfield@example.co.uk", "GB", "Barclays"},
	{"Amelia Clarke", "1995-09-14", "amelia.clarke@example.co.uk", "GB", "Monzo"},
	{"Lucas Moreau", "1988-04-05", "lucas.moreau@example.fr", "FR", "BNP Paribas"},
	{"Emily Carter", "1983-12-19", "emily.carter@example.com", "US", "Chase"},
	{"Anna Kowalska", "1990-07-08", "anna.kowalska@example.pl", "PL", "PKO Bank Polski"},
	{"Erik Lindqvist", "1975-02-25", "erik.lindqvist@example.se", "SE", "SEB"},
	{"Giulia Romano", "1993-10-03", "giulia.romano@example.it", "IT", "Intesa Sanpaolo"},
}

// seedOpenOrders are the orders still waiting for money, and the cancelled ones, per
// organisation: the order's status, its payments' statuses (oldest first) and reason codes.
var seedOpenOrders = []struct {
	status   string
	payments []string
	reasons  []string
}{
	{provider.OrderPending, nil, nil},
	{provider.OrderPending, []string{provider.PaymentCreated}, nil},
	{provider.OrderPending, []string{"consent_required"}, nil},
	{provider.OrderPending, []string{"kyc_required"}, nil},
	{provider.OrderPending, []string{"consent_given"}, nil},
	{provider.OrderPending, []string{provider.PaymentRedirectToBank}, nil},
	{provider.OrderPending, []string{provider.PaymentRedirectToProduct}, nil},
	{provider.OrderPending, []string{provider.PaymentRedirectedToProduct}, nil},
	{provider.OrderPending, []string{provider.PaymentUserCancelled, provider.PaymentRedirectedToProduct}, nil},
	{provider.OrderReceived, []string{provider.PaymentInstructionsGiven}, nil},
	{provider.OrderReceived, []string{"bank_info_collected"}, nil},
	{provider.OrderReceived, []string{"external_request_created"}, nil},
	{provider.OrderReceived, []string{"external_transfer_required"}, nil},
	{provider.OrderReceived, []string{"extra_bank_info_required"}, nil},
	{provider.OrderReceived, []string{provider.PaymentInstructionsGiven}, nil},
	{provider.OrderProcessing, []string{provider.PaymentProcessing}, nil},
	{provider.OrderProcessing, []string{provider.PaymentUserAuthorised}, nil},
	{provider.OrderProcessing, []string{provider.PaymentBankProcessing}, nil},
	{provider.OrderProcessing, []string{provider.PaymentBankRejected, provider.PaymentBankProcessing}, nil},
	{provider.OrderAuthorised, []string{provider.PaymentBankAuthorised}, nil},
	{provider.OrderAuthorised, []string{provider.PaymentBankAuthorised}, nil},
	{provider.OrderActionRequired, []string{provider.PaymentSumTooLow}, []string{provider.CollectionReasonSumTooLow}},
	{provider.OrderActionRequired, []string{provider.PaymentSumTooHigh}, []string{provider.CollectionReasonSumTooHigh}},
	{provider.OrderActionRequired, []string{"extra_info_required"}, nil},
	{provider.OrderCancelled, nil, []string{provider.CollectionReasonCancelledByMerchant}},
	{provider.OrderCancelled, []string{provider.PaymentUserCancelled}, []string{provider.CollectionReasonCancelledByMerchant}},
	{provider.OrderCancelled, []string{provider.PaymentCreated}, []string{provider.CollectionReasonOrderExpired}},
	{provider.OrderCancelled, []string{provider.PaymentBankRejected}, []string{provider.CollectionReasonPaymentRejected}},
	{provider.OrderCancelled, nil, nil},
}

// paymentPath is how a payment reaches status: the statuses before it.
func paymentPath(status string) []string {
	switch status {
	case provider.PaymentCreated:
		return nil
	case provider.PaymentCompleted, provider.PaymentRefunded:
		return []string{provider.PaymentCreated, provider.PaymentRedirectToBank, provider.PaymentUserAuthorised, provider.PaymentBankProcessing}
	case provider.PaymentBankProcessing, provider.PaymentBankAuthorised, provider.PaymentBankRejected, provider.PaymentSumTooLow, provider.PaymentSumTooHigh:
		return []string{provider.PaymentCreated, provider.PaymentRedirectToBank, provider.PaymentUserAuthorised}
	}
	return []string{provider.PaymentCreated}
}

// orderPath is how an order reaches status: the statuses before it.
func orderPath(status string) []string {
	switch status {
	case provider.OrderPending:
		return nil
	case provider.OrderReceived, provider.OrderCancelled:
		return []string{provider.OrderPending}
	case provider.OrderProcessing, provider.OrderActionRequired:
		return []string{provider.OrderPending, provider.OrderReceived}
	case provider.OrderAuthorised, provider.OrderCompleted:
		return []string{provider.OrderPending, provider.OrderReceived, provider.OrderProcessing}
	case provider.OrderProcessingRefund:
		return []string{provider.OrderPending, provider.OrderReceived, provider.OrderProcessing, provider.OrderCompleted}
	}
	return []string{provider.OrderPending, provider.OrderReceived, provider.OrderProcessing, provider.OrderCompleted, provider.OrderProcessingRefund}
}

// seedHistoryJSON spreads path and then final over [from, to].
func seedHistoryJSON(path []string, final string, from, to time.Time) string {
	all := append(append([]string{}, path...), final)
	var out []storedChange
	step := to.Sub(from) / time.Duration(max(len(all)-1, 1))
	for i, st := range all {
		at := from.Add(step * time.Duration(i))
		if i == len(all)-1 {
			at = to
		}
		out = append(out, storedChange{Status: st, CreatedAt: formatTime(at)})
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// seedCollections writes the demo orders: those the history's collections paid (with their
// refunds), then the open and cancelled ones.
func seedCollections(ctx context.Context, tx *sql.Tx, now time.Time) error {
	for org, fees := range demo.RefundFees {
		for code, fee := range fees {
			if _, err := tx.ExecContext(ctx, `INSERT INTO collection_refund_fees (organisation_id, currency, fee) VALUES (?, ?, ?)`,
				org, code, fee); err != nil {
				return fmt.Errorf("reference: seed refund fees: %w", err)
			}
		}
	}
	// The history's collection movements of the organisations' own accounts, by reference.
	rows, err := tx.QueryContext(ctx, `SELECT t.id, t.kind, t.created_at, e.account_number, a.owner_organisation_id, e.currency,
		e.entry_type, e.amount, e.reference FROM ledger_transactions t
		JOIN ledger_entries e ON e.transaction_id = t.id
		JOIN accounts a ON a.account_number = e.account_number
		WHERE a.kind = 'customer' AND a.owner_organisation_id IS NOT NULL AND t.kind IN ('collection', 'collection_refund', 'refund_returned')
		ORDER BY e.seq`)
	if err != nil {
		return fmt.Errorf("reference: seed collections: %w", err)
	}
	type refund struct {
		tx, returned string
		amount, fee  string
		at           time.Time
	}
	type booked struct {
		org, account, code, ref, tx, amount string
		at                                  time.Time
		refund                              *refund
	}
	byRef := map[string]*booked{}
	var order []*booked
	for rows.Next() {
		var txID, kind, at, acct, org, code, typ, amt, ref string
		if err := rows.Scan(&txID, &kind, &at, &acct, &org, &code, &typ, &amt, &ref); err != nil {
			rows.Close()
			return fmt.Errorf("reference: seed collections: %w", err)
		}
		t, err := parseTime(at)
		if err != nil {
			rows.Close()
			return err
		}
		b := byRef[org+"/"+ref]
		if b == nil {
			b = &booked{org: org, account: acct, code: code, ref: ref}
			byRef[org+"/"+ref] = b
			order = append(order, b)
		}
		switch {
		case typ == provider.EntryCollection:
			b.tx, b.amount, b.at = txID, amt, t
		case typ == provider.EntryCollectionRefund:
			if b.refund == nil {
				b.refund = &refund{}
			}
			b.refund.tx, b.refund.amount, b.refund.at = txID, strings.TrimPrefix(amt, "-"), t
		case typ == provider.EntryCollectionRefundFee:
			if b.refund == nil {
				b.refund = &refund{}
			}
			b.refund.fee = strings.TrimPrefix(amt, "-")
		case typ == provider.EntryRefundReturned:
			if b.refund != nil {
				b.refund.returned = txID
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reference: seed collections: %w", err)
	}
	units := map[string][]string{}
	for _, u := range demo.BusinessUnits() {
		units[u.OrganisationID] = append(units[u.OrganisationID], u.ID)
	}
	r := rand.New(rand.NewPCG(20261123, 15))
	var orders []seedOrder
	for _, b := range order {
		if b.tx == "" {
			continue
		}
		o := seedOrder{org: b.org, account: b.account, code: b.code, uniqueRef: b.ref, amount: b.amount, created: b.at.Add(-time.Duration(10+r.IntN(240)) * time.Minute)}
		o.status = provider.OrderCompleted
		o.payments = []seedPayment{{status: provider.PaymentCompleted, credited: b.tx, done: b.at}}
		if r.IntN(7) == 0 {
			o.payments = append([]seedPayment{{status: []string{provider.PaymentBankRejected, provider.PaymentUserCancelled}[r.IntN(2)]}}, o.payments...)
		}
		o.done = b.at
		if rf := b.refund; rf != nil {
			plan := demo.PlanRefund(b.ref, b.at, now)
			o.status, o.done = plan.Status, rf.at
			o.refund = &seedRefund{amount: rf.amount, fee: rf.fee, tx: rf.tx, returned: rf.returned, at: rf.at}
			switch plan.Status {
			case provider.OrderRefunded:
				o.refund.status, o.payments[len(o.payments)-1].status = provider.RefundCompleted, provider.PaymentRefunded
			case provider.OrderPartiallyRefunded:
				o.refund.status = provider.RefundCompleted
			case provider.OrderProcessingRefund:
				o.refund.status = provider.RefundProcessing
			case provider.OrderActionRequiredForRefund:
				o.refund.status, o.reasons = provider.RefundActionRequired, []string{provider.CollectionReasonDebtorInfoMissing}
			case provider.OrderRefundReturned:
				o.refund.status, o.reasons, o.done = provider.RefundReturned, []string{provider.CollectionReasonRefundReturned}, plan.ReturnAt
			}
		}
		orders = append(orders, o)
	}
	// Orders without money, spread over the last 40 days (most inside the default 30).
	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
		var accts []seedAccount
		for _, a := range demoAccounts() {
			if a.Owner == org && !currency.Crypto(a.CurrencyCode) {
				accts = append(accts, a)
			}
		}
		for i, w := range seedOpenOrders {
			a := accts[i%len(accts)]
			created := now.Add(-time.Duration(1+r.IntN(40*24)) * time.Hour).Add(-time.Duration(r.IntN(60)) * time.Minute)
			dec := currency.Decimals(a.CurrencyCode)
			o := seedOrder{org: org, account: a.AccountNumber, code: a.CurrencyCode, status: w.status, reasons: w.reasons, created: created,
				amount:    money.FromMinor(int64(2500+r.IntN(250000))*pow10i(dec-2), dec).String(),
				uniqueRef: fmt.Sprintf("COL-%s-O%03d", strings.ToUpper(org[len(org)-4:]), i+1)}
			o.done = created.Add(time.Duration(30+r.IntN(600)) * time.Minute)
			if o.done.After(now) {
				o.done = now.Add(-time.Minute)
			}
			for _, st := range w.payments {
				o.payments = append(o.payments, seedPayment{status: st})
			}
			orders = append(orders, o)
		}
	}
	sort.SliceStable(orders, func(i, j int) bool { return orders[i].created.Before(orders[j].created) })
	for i := range orders {
		if err := insertSeedOrder(ctx, tx, r, i, &orders[i], units[orders[i].org]); err != nil {
			return err
		}
	}
	return nil
}

type seedPayment struct {
	status, credited string
	done             time.Time
}

type seedRefund struct {
	amount, fee, tx, returned, status string
	at                                time.Time
}

type seedOrder struct {
	org, account, code, uniqueRef, amount, status string
	reasons                                       []string
	created, done                                 time.Time
	payments                                      []seedPayment
	refund                                        *seedRefund
}

func insertSeedOrder(ctx context.Context, tx *sql.Tx, r *rand.Rand, i int, o *seedOrder, units []string) error {
	id := seedID("collection-order/" + o.org + "/" + o.uniqueRef)
	d := seedDebtors[r.IntN(len(seedDebtors))]
	debtor, _ := json.Marshal(provider.CollectionDebtor{FullName: d.name, DateOfBirth: d.birth, Email: d.email, CountryOfResidence: d.country})
	reasons, _ := json.Marshal(append([]string{}, o.reasons...))
	first := ""
	if len(o.reasons) > 0 {
		first = o.reasons[0]
	}
	unit := ""
	if len(units) > 0 && i%3 != 0 {
		unit = units[i%len(units)]
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO collection_orders (id, organisation_id, virtual_account_number, reference, unique_reference,
		business_unit_id, status, reason_codes, reason_code, amount, currency, debtor, status_history, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, o.org, o.account, fmt.Sprintf("INV-%s-%05d", o.created.Format("2006"), 1000+i), o.uniqueRef, unit, o.status,
		string(reasons), first, o.amount, o.code, string(debtor), seedHistoryJSON(orderPath(o.status), o.status, o.created, o.done),
		formatTime(o.created)); err != nil {
		return fmt.Errorf("reference: seed collection order: %w", err)
	}
	types := provider.PaymentTypes()
	span := o.done.Sub(o.created)
	for j, p := range o.payments {
		at := o.created.Add(span * time.Duration(j+1) / time.Duration(len(o.payments)+2))
		done := p.done
		if done.IsZero() {
			done = at.Add(span / time.Duration(len(o.payments)+2) / 2)
		}
		var credited any
		if p.credited != "" {
			credited = p.credited
		}
		country, bank := d.country, d.bank
		if _, err := tx.ExecContext(ctx, `INSERT INTO collection_payments (id, order_id, organisation_id, unique_reference, type, status,
			debtor_country, debtor_bank_name, status_history, created_at, credited_tx) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			seedID(fmt.Sprintf("collection-payment/%s/%d", id, j)), id, o.org, fmt.Sprintf("CP%s%02d", strings.ReplaceAll(o.uniqueRef, "-", ""), j+1),
			types[(i+j)%len(types)], p.status, country, bank, seedHistoryJSON(paymentPath(p.status), p.status, at, done),
			formatTime(at), credited); err != nil {
			return fmt.Errorf("reference: seed collection payment: %w", err)
		}
	}
	if rf := o.refund; rf != nil {
		var returned any
		if rf.returned != "" {
			returned = rf.returned
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO collection_refunds (id, order_id, organisation_id, amount, fee, currency, status,
			request_hash, booked_tx, returned_tx, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?)`,
			seedID("collection-refund/"+id), id, o.org, rf.amount, rf.fee, o.code, rf.status, rf.tx, returned, formatTime(rf.at)); err != nil {
			return fmt.Errorf("reference: seed collection refund: %w", err)
		}
	}
	return nil
}
