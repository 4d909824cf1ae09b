package demo

import (
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

// RefundFees are the demo refund-fee contracted products: a currency missing here (Nordic
// DKK and USDT, Atlantic USD) shows "Missing configuration" when a refund is asked for.
var RefundFees = map[string]map[string]string{
	Org1ID: {"EUR": "0.50", "GBP": "0.40", "USD": "0.60"},
	Org2ID: {"GBP": "0.40"},
}

// RefundPlan is what happened after a history collection: nothing ("" = still completed), or
// a refund (full or half) at RefundAt, settled, waiting, or returned at ReturnAt. Decided from
// the reference alone, so the history and the orders agree.
type RefundPlan struct {
	Status             string // the order's status in the end
	Full               bool
	RefundAt, ReturnAt time.Time
}

// PlanRefund is the refund plan of the history collection ref booked at at.
func PlanRefund(ref string, at, now time.Time) RefundPlan {
	h := hashString("refund/" + ref)
	d := time.Duration(20+h%50) * time.Hour
	p := RefundPlan{RefundAt: at.Add(d), Full: h%3 != 0}
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
		return RefundPlan{}
	}
	if !p.RefundAt.Before(now.Add(-10*time.Minute)) || (!p.ReturnAt.IsZero() && !p.ReturnAt.Before(now.Add(-10*time.Minute))) {
		return RefundPlan{}
	}
	return p
}

// collectionRefundHistory adds the refunds (and returns) of PlanRefund to the demo history's
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
		feeText, priced := RefundFees[owner[c.Account]][code]
		if !ok || !priced {
			continue
		}
		plan := PlanRefund(c.Reference, ev.At, now)
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
