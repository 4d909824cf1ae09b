package demo

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/seeddata"
)

// Demo collection orders. Every payment the demo ledger history completed (its collection
// events, COL-…) is an order's completed payment with that amount, fee and time; some of those
// orders were refunded in the history too (collectionRefundHistory adds the refund movements,
// and the returns of some, before the history is booked). Orders still waiting for their money
// (pending, received, processing, authorised, action_required) and cancelled ones moved no
// money. Every order status, payment status and type has examples in both organisations.

// refundFees are the demo refund-fee contracted products: a currency missing here (Nordic
// DKK and USDT, Atlantic USD) shows "Missing configuration" when a refund is asked for.
var refundFees = map[string]map[string]string{
	Org1ID: {"EUR": "0.50", "GBP": "0.40", "USD": "0.60"},
	Org2ID: {"GBP": "0.40"},
}

// refundPlan is what happened after a history collection: nothing ("" = still completed), or
// a refund (full or half) at RefundAt, settled, waiting, or returned at ReturnAt. Decided from
// the reference alone, so the history and the orders agree.
type refundPlan struct {
	Status             string // the order's status in the end
	Full               bool
	RefundAt, ReturnAt time.Time
}

// planRefund is the refund plan of the history collection ref booked at at.
func planRefund(ref string, at, now time.Time) refundPlan {
	h := hashString("refund/" + ref)
	d := time.Duration(20+h%50) * time.Hour
	p := refundPlan{RefundAt: at.Add(d), Full: h%3 != 0}
	switch n := h % 100; {
	case n < 8:
		p.Status, p.Full = provider.OrderRefunded, true
	case n < 14:
		p.Status, p.Full = provider.OrderPartiallyRefunded, false
	case n < 17:
		p.Status, p.ReturnAt = provider.OrderRefundReturned, p.RefundAt.Add(48*time.Hour)
	case n < 20:
		p.Status = provider.OrderActionRequiredForRefund
	case n < 34 && now.Sub(at) < 21*24*time.Hour:
		p.Status = provider.OrderProcessingRefund
		p.RefundAt = at.Add(now.Sub(at) / 2)
	default:
		return refundPlan{}
	}
	if !p.RefundAt.Before(now.Add(-10*time.Minute)) || (!p.ReturnAt.IsZero() && !p.ReturnAt.Before(now.Add(-10*time.Minute))) {
		return refundPlan{}
	}
	return p
}

// collectionRefundHistory adds the refunds (and returns) of planRefund to the demo history's
// events and raises each account's opening funding by what they take away in the end, so the
// history still ends on the demo balances and no balance on the way is lower than before.
func collectionRefundHistory(events []seeddata.LedgerTransaction, now time.Time) []seeddata.LedgerTransaction {
	owner := map[string]string{}
	for _, a := range Accounts() {
		owner[a.AccountNumber] = a.Owner
	}
	net := map[string]int64{} // minor units taken from each account by refunds
	var added []seeddata.LedgerTransaction
	for _, ev := range events {
		if ev.Kind != provider.EntryCollection || len(ev.Postings) == 0 {
			continue
		}
		c := ev.Postings[0]
		code, ok := accountCurrency(c.Account)
		feeText, priced := refundFees[owner[c.Account]][code]
		if !ok || !priced {
			continue
		}
		plan := planRefund(c.Reference, ev.At, now)
		if plan.Status == "" {
			continue
		}
		dec := currency.Decimals(code)
		amt := c.Amount
		if !plan.Full {
			amt = money.FromMinor(max(amt.Minor().Int64()/2, 1), dec)
		}
		fee := money.MustParse(feeText, dec)
		added = append(added, seeddata.LedgerTransaction{At: plan.RefundAt, Kind: provider.EntryCollectionRefund, Postings: []seeddata.Posting{
			{Account: c.Account, EntryType: provider.EntryCollectionRefund, Amount: amt.Neg(), Reference: c.Reference, OrderID: c.Reference},
			{Account: c.Account, EntryType: provider.EntryCollectionRefundFee, Amount: fee.Neg(), Reference: c.Reference, OrderID: c.Reference},
		}})
		net[c.Account] += amt.Minor().Int64() + fee.Minor().Int64()
		if !plan.ReturnAt.IsZero() {
			added = append(added, seeddata.LedgerTransaction{At: plan.ReturnAt, Kind: provider.EntryRefundReturned, Postings: []seeddata.Posting{
				{Account: c.Account, EntryType: provider.EntryRefundReturned, Amount: amt, Reference: c.Reference, OrderID: c.Reference},
			}})
			net[c.Account] -= amt.Minor().Int64()
		}
	}
	for i, ev := range events {
		if ev.Kind == "funding" && len(ev.Postings) == 1 && ev.Postings[0].Reference == "Opening funding" {
			p := ev.Postings[0]
			if n := net[p.Account]; n != 0 {
				events[i].Postings = []seeddata.Posting{{Account: p.Account, EntryType: p.EntryType,
					Amount: p.Amount.Add(money.FromMinor(n, p.Amount.Decimals())), Reference: p.Reference, OrderID: p.OrderID}}
				delete(net, p.Account)
			}
		}
	}
	for acct, n := range net { // an account the history opened without funding
		code, _ := accountCurrency(acct)
		added = append(added, seeddata.LedgerTransaction{At: now.Add(-AccountsOpened), Kind: "funding", Postings: []seeddata.Posting{
			{Account: acct, EntryType: provider.EntryFunding, Amount: money.FromMinor(n, currency.Decimals(code)), Reference: "Opening funding"}}})
	}
	return append(events, added...)
}

func accountCurrency(number string) (string, bool) {
	for _, a := range Accounts() {
		if a.AccountNumber == number {
			return a.CurrencyCode, true
		}
	}
	return "", false
}

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

// statusHistory spreads path and then final over [from, to].
func statusHistory(path []string, final string, from, to time.Time) []seeddata.StatusChange {
	all := append(append([]string{}, path...), final)
	var out []seeddata.StatusChange
	step := to.Sub(from) / time.Duration(max(len(all)-1, 1))
	for i, st := range all {
		at := from.Add(step * time.Duration(i))
		if i == len(all)-1 {
			at = to
		}
		out = append(out, seeddata.StatusChange{Status: st, At: at})
	}
	return out
}

// collectionsOf adds the demo orders: those the history's collections paid (with their
// refunds), then the open and cancelled ones; and the refund fees.
func collectionsOf(h *seeddata.History, now time.Time) {
	for _, org := range []string{Org1ID, Org2ID} {
		fees := refundFees[org]
		codes := make([]string, 0, len(fees))
		for code := range fees {
			codes = append(codes, code)
		}
		sort.Strings(codes)
		for _, code := range codes {
			h.RefundFees = append(h.RefundFees, seeddata.CollectionRefundFee{OrganisationID: org, Currency: code, Fee: fees[code]})
		}
	}
	owner := map[string]string{}
	for _, a := range Accounts() {
		owner[a.AccountNumber] = a.Owner
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
	// The history's collection movements of the organisations' own accounts, by reference.
	for _, t := range h.Ledger {
		if t.Kind != provider.EntryCollection && t.Kind != provider.EntryCollectionRefund && t.Kind != provider.EntryRefundReturned {
			continue
		}
		for _, e := range t.Postings {
			org := owner[e.Account]
			if org == "" {
				continue
			}
			code, _ := accountCurrency(e.Account)
			txID, typ, amt, ref, at := t.ID, e.EntryType, e.Amount.String(), e.Reference, t.At.UTC()
			b := byRef[org+"/"+ref]
			if b == nil {
				b = &booked{org: org, account: e.Account, code: code, ref: ref}
				byRef[org+"/"+ref] = b
				order = append(order, b)
			}
			switch {
			case typ == provider.EntryCollection:
				b.tx, b.amount, b.at = txID, amt, at
			case typ == provider.EntryCollectionRefund:
				if b.refund == nil {
					b.refund = &refund{}
				}
				b.refund.tx, b.refund.amount, b.refund.at = txID, strings.TrimPrefix(amt, "-"), at
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
	}
	units := map[string][]string{}
	for _, u := range h.BusinessUnits {
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
			plan := planRefund(b.ref, b.at, now)
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
	for _, org := range []string{Org1ID, Org2ID} {
		var accts []seeddata.Account
		for _, a := range Accounts() {
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
		h.CollectionOrders = append(h.CollectionOrders, orderValue(r, i, &orders[i], units[orders[i].org]))
	}
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

// orderValue is order i as stored, its debtor drawn from r.
func orderValue(r *rand.Rand, i int, o *seedOrder, units []string) seeddata.CollectionOrder {
	id := ID("collection-order/" + o.org + "/" + o.uniqueRef)
	d := seedDebtors[r.IntN(len(seedDebtors))]
	unit := ""
	if len(units) > 0 && i%3 != 0 {
		unit = units[i%len(units)]
	}
	out := seeddata.CollectionOrder{ID: id, OrganisationID: o.org, AccountNumber: o.account,
		Reference: fmt.Sprintf("INV-%s-%05d", o.created.Format("2006"), 1000+i), UniqueReference: o.uniqueRef, BusinessUnit: unit,
		Status: o.status, ReasonCodes: o.reasons, Amount: o.amount, Currency: o.code,
		Debtor:  provider.CollectionDebtor{FullName: d.name, DateOfBirth: d.birth, Email: d.email, CountryOfResidence: d.country},
		History: statusHistory(orderPath(o.status), o.status, o.created, o.done), Created: o.created}
	types := provider.PaymentTypes()
	span := o.done.Sub(o.created)
	for j, p := range o.payments {
		at := o.created.Add(span * time.Duration(j+1) / time.Duration(len(o.payments)+2))
		done := p.done
		if done.IsZero() {
			done = at.Add(span / time.Duration(len(o.payments)+2) / 2)
		}
		out.Payments = append(out.Payments, seeddata.CollectionPayment{ID: ID(fmt.Sprintf("collection-payment/%s/%d", id, j)),
			UniqueReference: fmt.Sprintf("CP%s%02d", strings.ReplaceAll(o.uniqueRef, "-", ""), j+1), Type: types[(i+j)%len(types)],
			Status: p.status, DebtorCountry: d.country, DebtorBank: d.bank, History: statusHistory(paymentPath(p.status), p.status, at, done),
			Created: at, CreditedTx: p.credited})
	}
	if rf := o.refund; rf != nil {
		out.Refund = &seeddata.CollectionRefund{ID: ID("collection-refund/" + id), Amount: rf.amount, Fee: rf.fee, Status: rf.status,
			BookedTx: rf.tx, ReturnedTx: rf.returned, Created: rf.at}
	}
	return out
}
