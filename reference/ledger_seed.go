package reference

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"portal/reference/demo"
	"sort"
	"strconv"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
)

// seedHistoryDays is how far back the demo history goes.
const seedHistoryDays = 90

// histEvent is one movement of the demo history: customer-side postings; the booker adds the
// provider's side when it books them (forward, oldest first).
type histEvent struct {
	at   time.Time
	kind string
	rate string
	ps   []posting
}

// seedLedger books the demo history inside the seed transaction. The history is generated
// backwards from each account's target balance (the demo balances the screens and tests
// know), refusing any step that would have left an account negative, and opens with one
// funding entry; booked forwards it ends exactly on the target.
func (s *Store) seedLedger(ctx context.Context, tx *sql.Tx, now time.Time, accounts []seedAccount, largeEntries int) error {
	// Groups of accounts whose history is generated together (inter-account transfers stay
	// inside a group): each organisation's own accounts, and the shared pool alone.
	groups := map[string][]seedAccount{}
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
	var events []histEvent
	for _, k := range keys {
		evs, err := historyFor(ctx, tx, k, groups[k], now)
		if err != nil {
			return err
		}
		events = append(events, evs...)
	}
	events = collectionRefundHistory(events, now)
	wd, err := withdrawalHistory(ctx, tx, now)
	if err != nil {
		return err
	}
	events = append(events, wd...)
	sort.SliceStable(events, func(i, j int) bool { return events[i].at.Before(events[j].at) })

	b, err := newBooker(ctx, tx)
	if err != nil {
		return err
	}
	defer b.close()
	for i, ev := range events {
		ps := ev.ps
		for _, p := range ps {
			if a, err := b.account(p.account); err != nil || a == nil {
				return fmt.Errorf("reference: seed history: account %s: %v", p.account, err)
			}
		}
		var full []posting
		for _, p := range ps {
			a := b.accts[p.account]
			full = append(full, p)
			role := "EXT"
			switch p.entryType {
			case provider.EntryCollectionFee, provider.EntryCollectionRefundFee, provider.EntryPayoutFee, provider.EntryMonthlyFee,
				provider.EntryMinimumProcessingFee, provider.EntryIncidentChargesFee:
				role = "FEE"
			case provider.EntryInterAccountTransfer:
				role = "FX"
			}
			if role == "FX" && b.accts[ps[0].account].currency == b.accts[ps[len(ps)-1].account].currency {
				continue // same-currency transfer balances by itself
			}
			sys, err := b.system(role, a.currency, ev.at)
			if err != nil {
				return err
			}
			full = append(full, posting{account: sys, entryType: p.entryType, amount: p.amount.Neg(), reference: p.reference, orderID: p.orderID})
		}
		id := seedID("ledger/tx/" + strconv.Itoa(i))
		if _, err := b.book(txMeta{id: id, kind: ev.kind, rate: ev.rate, at: ev.at}, full, false); err != nil {
			return fmt.Errorf("reference: seed history: %w", err)
		}
	}
	if err := b.flush(); err != nil {
		return err
	}
	if largeEntries > 0 {
		if err := seedLarge(ctx, tx, b, now, largeEntries); err != nil {
			return err
		}
	}
	return nil
}

// historyFor generates one group's history, newest first, then returns it with the opening
// funding events.
func historyFor(ctx context.Context, tx *sql.Tx, group string, accts []seedAccount, now time.Time) ([]histEvent, error) {
	rng := rand.New(rand.NewPCG(uint64(len(group)), hashString(group)))
	bal := make([]int64, len(accts)) // minor units, backwards
	dec := make([]int, len(accts))
	for i, a := range accts {
		dec[i] = currency.Decimals(a.CurrencyCode)
		amt, err := money.Parse(a.Balance, dec[i])
		if err != nil {
			return nil, fmt.Errorf("reference: seed balance %s: %w", a.AccountNumber, err)
		}
		bal[i] = amt.Minor().Int64()
	}
	amount := func(i int, minor int64) money.Amount { return money.FromMinor(minor, dec[i]) }
	// scale is a typical movement: about 1% of the target balance.
	scale := func(i int) int64 {
		s, _ := money.Parse(accts[i].Balance, dec[i])
		return max(s.Minor().Int64()/100, 100)
	}
	var evs []histEvent
	seq := 0
	ref := func(prefix string) string {
		seq++
		// The group's last four characters: the organisations' ids differ only at the end, and
		// a reference must not be found in another organisation's accounts.
		return fmt.Sprintf("%s-%s-%05d", prefix, strings.ToUpper(group[max(0, len(group)-4):]), seq)
	}
	start := now.Add(-seedHistoryDays * 24 * time.Hour)
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
			if r.ev.at.After(t) {
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
			evs = append(evs, histEvent{at: t, kind: "collection", ps: []posting{
				{account: num, entryType: provider.EntryCollection, amount: amount(i, gross), reference: o, orderID: o},
				{account: num, entryType: provider.EntryCollectionFee, amount: amount(i, -fee), reference: o, orderID: o},
			}})
		case r < 80: // payout with its fee; backwards the balance rises
			gross := sc/4 + rng.Int64N(sc)
			fee := int64(150 + rng.IntN(350))
			if dec[i] > 2 {
				fee *= pow10i(dec[i] - 2)
			}
			bal[i] += gross + fee
			o := ref("PO")
			evs = append(evs, histEvent{at: t, kind: "payout", ps: []posting{
				{account: num, entryType: provider.EntryPayout, amount: amount(i, -gross), reference: o, orderID: o},
				{account: num, entryType: provider.EntryPayoutFee, amount: amount(i, -fee), reference: o, orderID: o},
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
			evs = append(evs, histEvent{at: t, kind: typ, ps: []posting{
				{account: num, entryType: typ, amount: amount(i, gross), reference: o, orderID: o},
				{account: num, entryType: provider.EntryPayoutFee, amount: amount(i, fee), reference: o, orderID: o},
			}})
			at := t.Add(-back)
			if !at.After(start) {
				at = start.Add(time.Minute)
			}
			reservations = append(reservations, reservation{i: i, total: gross + fee, ev: histEvent{at: at, kind: "payout", ps: []posting{
				{account: num, entryType: provider.EntryPayout, amount: amount(i, -gross), reference: o, orderID: o},
				{account: num, entryType: provider.EntryPayoutFee, amount: amount(i, -fee), reference: o, orderID: o},
			}}})
		case r < 91: // monthly fee
			fee := int64(2500)
			if dec[i] > 2 {
				fee *= pow10i(dec[i] - 2)
			}
			bal[i] += fee
			evs = append(evs, histEvent{at: t, kind: "fee", ps: []posting{
				{account: num, entryType: provider.EntryMonthlyFee, amount: amount(i, -fee), reference: ref("FEE")},
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
			rate, err := quote(ctx, tx, accts[i].Owner, accts[i].CurrencyCode, accts[j].CurrencyCode)
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
			evs = append(evs, histEvent{at: t, kind: "transfer", rate: rate.String(), ps: []posting{
				{account: num, entryType: provider.EntryInterAccountTransfer, amount: amount(i, -debit), reference: o, orderID: o},
				{account: accts[j].AccountNumber, entryType: provider.EntryInterAccountTransfer, amount: credit, reference: o, orderID: o},
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
			evs = append(evs, histEvent{at: start.Add(d.after), kind: kind, ps: []posting{
				{account: accts[0].AccountNumber, entryType: d.typ, amount: amount(0, n), reference: ref(d.prefix)}}})
		}
	}
	for i, a := range accts {
		if bal[i] > 0 {
			evs = append(evs, histEvent{at: start.Add(-time.Duration(i+1) * time.Hour), kind: "funding", ps: []posting{
				{account: a.AccountNumber, entryType: provider.EntryFunding, amount: amount(i, bal[i]), reference: "Opening funding", orderID: ref("FND")},
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

// seedLarge creates demo.AccountLarge with n entries over the last year: settlement batches of
// up to 1,000 collections and payouts on the account, each balanced by one line on the
// provider's EXT account. Rows go in through one prepared statement in the seed transaction.
func seedLarge(ctx context.Context, tx *sql.Tx, b *booker, now time.Time, n int) error {
	start := now.Add(-365 * 24 * time.Hour)
	if _, err := tx.ExecContext(ctx, `INSERT INTO accounts (account_number, owner_organisation_id, name, currency_code, currency_name, balance, created_at)
		VALUES (?, ?, 'Scale test EUR', 'EUR', 'Euro', '0.00', ?)`, demo.AccountLarge, demo.Org1ID, formatTime(start)); err != nil {
		return fmt.Errorf("reference: seed large account: %w", err)
	}
	ext, err := b.system("EXT", "EUR", start)
	if err != nil {
		return err
	}
	extAcct := b.accts[ext]
	rng := rand.New(rand.NewPCG(7, 42))
	step := (365 * 24 * time.Hour) / time.Duration(n+1)
	var bal int64
	typeCounts := map[string]int64{}
	const batch = 1000
	var lines [][]any
	for done := 0; done < n; {
		k := min(batch, n-done)
		id := seedID("ledger/large/" + strconv.Itoa(done))
		var net int64
		lines = lines[:0]
		var at time.Time
		for j := 0; j < k; j++ {
			idx := done + j
			at = start.Add(time.Duration(idx+1) * step)
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
			net += amt
			typeCounts[typ]++
			o := "LRG-" + strconv.Itoa(idx)
			lines = append(lines, []any{id, demo.AccountLarge, typ, money.FromMinor(amt, 2).String(),
				money.FromMinor(bal, 2).String(), "EUR", o, o, formatTime(at)})
		}
		if _, err := b.insT.ExecContext(ctx, id, "settlement", nil, nil, nil, "", "", formatTime(at)); err != nil {
			return fmt.Errorf("reference: seed large: %w", err)
		}
		for _, l := range lines {
			if _, err := b.insE.ExecContext(ctx, l...); err != nil {
				return fmt.Errorf("reference: seed large: %w", err)
			}
		}
		if net != 0 {
			extAcct.balance = extAcct.balance.Add(money.FromMinor(-net, 2))
			extAcct.count++
			extAcct.addType(provider.EntryCollection, 1)
			extAcct.dirty = true
			if _, err := b.insE.ExecContext(ctx, id, ext, provider.EntryCollection, money.FromMinor(-net, 2).String(),
				extAcct.balance.String(), "EUR", "Settlement batch", id, formatTime(at)); err != nil {
				return fmt.Errorf("reference: seed large: %w", err)
			}
		}
		done += k
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = ?, entry_count = ? WHERE account_number = ?`,
		money.FromMinor(bal, 2).String(), n, demo.AccountLarge); err != nil {
		return fmt.Errorf("reference: seed large: %w", err)
	}
	for typ, c := range typeCounts {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ledger_entry_type_counts (account_number, entry_type, n) VALUES (?, ?, ?)`,
			demo.AccountLarge, typ, c); err != nil {
			return fmt.Errorf("reference: seed large: %w", err)
		}
	}
	return b.flush()
}
