package demo

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/seeddata"
)

// HistoryDays is how far back the demo history goes.
const HistoryDays = 90

// AccountsOpened is how long before the seed the demo accounts opened: before the history.
const AccountsOpened = (HistoryDays + 1) * 24 * time.Hour

// History is the demo history for a seed at now: the ledger's 90 days, generated backwards
// from each account's target balance, and what each area made of them. largeEntries, when
// positive, adds AccountLarge with that many entries.
func History(now time.Time, rules seeddata.Rules, largeEntries int) (seeddata.History, error) {
	var h seeddata.History
	ledger, err := ledgerHistory(now, rules, Accounts())
	if err != nil {
		return h, err
	}
	h.Ledger = ledger
	if largeEntries > 0 {
		h.Large = largeAccount(now, largeEntries)
	}
	if err := payoutsOf(&h, now, rules); err != nil {
		return h, err
	}
	batchesOf(&h, now)
	collectionsOf(&h, now)
	if err := draftsOf(&h, now, rules); err != nil {
		return h, err
	}
	if err := withdrawalsOf(&h, now, rules); err != nil {
		return h, err
	}
	return h, nil
}

// ledgerHistory is the demo's ledger history, oldest first. The history is generated
// backwards from each account's target balance (the demo balances the screens and tests
// know), refusing any step that would have left an account negative, and opens with one
// funding entry; booked forwards it ends exactly on the target.
func ledgerHistory(now time.Time, rules seeddata.Rules, accounts []seeddata.Account) ([]seeddata.LedgerTransaction, error) {
	// Groups of accounts whose history is generated together (inter-account transfers stay
	// inside a group): each organisation's own accounts, and the shared pool alone.
	groups := map[string][]seeddata.Account{}
	var keys []string
	for _, a := range accounts {
		k := a.Owner
		if k == "" {
			k = "shared/" + a.AccountNumber
		}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], a)
	}
	sort.Strings(keys)
	var events []seeddata.LedgerTransaction
	for _, k := range keys {
		evs, err := historyFor(rules, k, groups[k], now)
		if err != nil {
			return nil, err
		}
		events = append(events, evs...)
	}
	events = collectionRefundHistory(events, now)
	wd, err := withdrawalHistory(rules, now)
	if err != nil {
		return nil, err
	}
	events = append(events, wd...)
	sort.SliceStable(events, func(i, j int) bool { return events[i].At.Before(events[j].At) })
	for i := range events {
		events[i].ID = ID("ledger/tx/" + strconv.Itoa(i))
	}
	return events, nil
}

// historyFor generates one group's history, newest first, then returns it with the opening
// funding events.
func historyFor(rules seeddata.Rules, group string, accts []seeddata.Account, now time.Time) ([]seeddata.LedgerTransaction, error) {
	rng := rand.New(rand.NewPCG(uint64(len(group)), hashString(group)))
	bal := make([]int64, len(accts)) // minor units, backwards
	dec := make([]int, len(accts))
	for i, a := range accts {
		dec[i] = currency.Decimals(a.CurrencyCode)
		amt, err := money.Parse(a.Balance, dec[i])
		if err != nil {
			return nil, fmt.Errorf("demo: balance %s: %w", a.AccountNumber, err)
		}
		bal[i] = amt.Minor().Int64()
	}
	amount := func(i int, minor int64) money.Amount { return money.FromMinor(minor, dec[i]) }
	// scale is a typical movement: about 1% of the target balance.
	scale := func(i int) int64 {
		s, _ := money.Parse(accts[i].Balance, dec[i])
		return max(s.Minor().Int64()/100, 100)
	}
	type posting = seeddata.Posting
	type histEvent = seeddata.LedgerTransaction
	var evs []histEvent
	seq := 0
	ref := func(prefix string) string {
		seq++
		// The group's last four characters: the organisations' ids differ only at the end, and
		// a reference must not be found in another organisation's accounts.
		return fmt.Sprintf("%s-%s-%05d", prefix, strings.ToUpper(group[max(0, len(group)-4):]), seq)
	}
	start := now.Add(-HistoryDays * 24 * time.Hour)
	// A payout that was given back is booked twice: its reservation, then the release. Walking
	// backwards the release comes first; its reservation waits here until the walk passes it.
	type reservation struct {
		i     int
		total int64
		ev    histEvent
	}
	var reservations []reservation
	reserveBefore := func(t time.Time) {
		kept := reservations[:0]
		for _, r := range reservations {
			if r.ev.At.After(t) {
				bal[r.i] += r.total
				evs = append(evs, r.ev)
			} else {
				kept = append(kept, r)
			}
		}
		reservations = kept
	}
	// Walk back in time in random steps of 1.5 to 9 hours: a few movements a day per group.
	for t := now.Add(-time.Duration(rng.IntN(120)+5) * time.Minute); t.After(start); t = t.Add(-time.Duration(90+rng.IntN(450)) * time.Minute) {
		reserveBefore(t)
		i := rng.IntN(len(accts))
		num := accts[i].AccountNumber
		sc := scale(i)
		switch r := rng.IntN(100); {
		case r < 45: // collection with its fee; backwards the balance falls by the net
			gross := sc/4 + rng.Int64N(sc)
			fee := max(gross/200, 1)
			if bal[i]-(gross-fee) < 0 {
				continue
			}
			bal[i] -= gross - fee
			o := ref("COL")
			evs = append(evs, histEvent{At: t, Kind: "collection", Postings: []posting{
				{Account: num, EntryType: provider.EntryCollection, Amount: amount(i, gross), Reference: o, OrderID: o},
				{Account: num, EntryType: provider.EntryCollectionFee, Amount: amount(i, -fee), Reference: o, OrderID: o},
			}})
		case r < 80: // payout with its fee; backwards the balance rises
			gross := sc/4 + rng.Int64N(sc)
			fee := int64(150 + rng.IntN(350))
			if dec[i] > 2 {
				fee *= pow10i(dec[i] - 2)
			}
			bal[i] += gross + fee
			o := ref("PO")
			evs = append(evs, histEvent{At: t, Kind: "payout", Postings: []posting{
				{Account: num, EntryType: provider.EntryPayout, Amount: amount(i, -gross), Reference: o, OrderID: o},
				{Account: num, EntryType: provider.EntryPayoutFee, Amount: amount(i, -fee), Reference: o, OrderID: o},
			}})
		case r < 88: // payout given back with its fee: returned by the receiver's bank days later, or cancelled within the hour
			gross := sc/4 + rng.Int64N(sc)
			fee := int64(150 + rng.IntN(350))
			if dec[i] > 2 {
				fee *= pow10i(dec[i] - 2)
			}
			if bal[i]-(gross+fee) < 0 {
				continue
			}
			bal[i] -= gross + fee
			o := ref("PO")
			typ, back := provider.EntryPayoutReturned, time.Duration(24+rng.IntN(72))*time.Hour
			if r >= 85 {
				typ, back = provider.EntryPayoutCancelled, time.Duration(5+rng.IntN(45))*time.Minute
			}
			evs = append(evs, histEvent{At: t, Kind: typ, Postings: []posting{
				{Account: num, EntryType: typ, Amount: amount(i, gross), Reference: o, OrderID: o},
				{Account: num, EntryType: provider.EntryPayoutFee, Amount: amount(i, fee), Reference: o, OrderID: o},
			}})
			at := t.Add(-back)
			if !at.After(start) {
				at = start.Add(time.Minute)
			}
			reservations = append(reservations, reservation{i: i, total: gross + fee, ev: histEvent{At: at, Kind: "payout", Postings: []posting{
				{Account: num, EntryType: provider.EntryPayout, Amount: amount(i, -gross), Reference: o, OrderID: o},
				{Account: num, EntryType: provider.EntryPayoutFee, Amount: amount(i, -fee), Reference: o, OrderID: o},
			}}})
		case r < 91: // monthly fee
			fee := int64(2500)
			if dec[i] > 2 {
				fee *= pow10i(dec[i] - 2)
			}
			bal[i] += fee
			evs = append(evs, histEvent{At: t, Kind: "fee", Postings: []posting{
				{Account: num, EntryType: provider.EntryMonthlyFee, Amount: amount(i, -fee), Reference: ref("FEE")},
			}})
		default: // inter-account transfer to another account of the group
			if len(accts) < 2 {
				continue
			}
			j := rng.IntN(len(accts) - 1)
			if j >= i {
				j++
			}
			debit := sc/4 + rng.Int64N(sc/2+1)
			rate, err := rules.Quote(accts[i].Owner, accts[i].CurrencyCode, accts[j].CurrencyCode)
			if err != nil {
				return nil, err
			}
			credit := amount(i, debit).Convert(rate, dec[j])
			cm := credit.Minor().Int64()
			if cm <= 0 || bal[j]-cm < 0 {
				continue
			}
			bal[i] += debit
			bal[j] -= cm
			o := ref("IAT")
			evs = append(evs, histEvent{At: t, Kind: "transfer", Rate: rate.String(), Postings: []posting{
				{Account: num, EntryType: provider.EntryInterAccountTransfer, Amount: amount(i, -debit), Reference: o, OrderID: o},
				{Account: accts[j].AccountNumber, EntryType: provider.EntryInterAccountTransfer, Amount: credit, Reference: o, OrderID: o},
			}})
		}
	}
	reserveBefore(start)
	// Each group's first account also carries the kinds the random walk never books, so every
	// entry type has demo rows: a minimum processing fee and an incident charge (debits: the
	// balances before them only rise) and, right after the opening funding, a small correction
	// and a cancelled refund in its favour.
	if len(accts) > 0 {
		unit := int64(1)
		if dec[0] > 2 {
			unit = pow10i(dec[0] - 2)
		}
		for _, d := range []struct {
			typ, prefix string
			minor       int64
			after       time.Duration
		}{{provider.EntryMinimumProcessingFee, "MPF", -1500, 10 * 24 * time.Hour}, {provider.EntryIncidentChargesFee, "ICF", -4000, 20 * 24 * time.Hour},
			{provider.EntryCorrection, "COR", 100, time.Hour}, {provider.EntryRefundCanceled, "RFC", 250, 2 * time.Hour}} {
			n := d.minor * unit
			if bal[0]-n < 0 {
				continue
			}
			bal[0] -= n
			kind := "fee"
			if n > 0 {
				kind = d.typ
			}
			evs = append(evs, histEvent{At: start.Add(d.after), Kind: kind, Postings: []posting{
				{Account: accts[0].AccountNumber, EntryType: d.typ, Amount: amount(0, n), Reference: ref(d.prefix)}}})
		}
	}
	for i, a := range accts {
		if bal[i] > 0 {
			evs = append(evs, histEvent{At: start.Add(-time.Duration(i+1) * time.Hour), Kind: "funding", Postings: []posting{
				{Account: a.AccountNumber, EntryType: provider.EntryFunding, Amount: amount(i, bal[i]), Reference: "Opening funding", OrderID: ref("FND")},
			}})
		}
	}
	return evs, nil
}

func pow10i(n int) int64 {
	v := int64(1)
	for range n {
		v *= 10
	}
	return v
}

func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// largeAccount is AccountLarge with n entries over the last year: settlement batches of up
// to 1,000 collections and payouts, made as the store writes them.
func largeAccount(now time.Time, n int) *seeddata.LargeAccount {
	start := now.Add(-365 * 24 * time.Hour)
	lines := func(yield func(seeddata.LargeLine) bool) {
		rng := rand.New(rand.NewPCG(7, 42))
		step := (365 * 24 * time.Hour) / time.Duration(n+1)
		var bal int64
		const batch = 1000
		for done := 0; done < n; {
			k := min(batch, n-done)
			id := ID("ledger/large/" + strconv.Itoa(done))
			for j := 0; j < k; j++ {
				idx := done + j
				at := start.Add(time.Duration(idx+1) * step)
				var amt int64
				typ := provider.EntryCollection
				switch {
				case idx == 0:
					amt, typ = 100_000_000, provider.EntryFunding
				case rng.IntN(100) < 55 || bal < 100_000:
					amt = 1000 + rng.Int64N(50_000)
				default:
					amt, typ = -(1000 + rng.Int64N(min(bal/2, 60_000))), provider.EntryPayout
					if rng.IntN(10) == 0 {
						amt, typ = -(100 + rng.Int64N(400)), provider.EntryPayoutFee
					}
				}
				bal += amt
				o := "LRG-" + strconv.Itoa(idx)
				if !yield(seeddata.LargeLine{TxID: id, EntryType: typ, Amount: money.FromMinor(amt, 2), Reference: o, OrderID: o, At: at}) {
					return
				}
			}
			done += k
		}
	}
	return &seeddata.LargeAccount{Number: AccountLarge, OrganisationID: Org1ID, Name: "Scale test EUR", CurrencyCode: "EUR",
		CurrencyName: "Euro", Opened: start, Entries: n, Lines: lines}
}
