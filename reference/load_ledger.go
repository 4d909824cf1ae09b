package reference

import (
	"context"
	"database/sql"
	"fmt"

	"portal/money"
	"portal/provider"
	"portal/reference/db"
	"portal/reference/seeddata"
)

var (
	qSeedLargeAccountSet      = sq("seed-large-account-set")
	qSeedEntryTypeCountInsert = sq("seed-entry-type-count-insert")
)

// loadRules are the store's rules a set's history generator asks (seeddata.Rules), read in
// Load's transaction.
type loadRules struct {
	ctx context.Context
	q   db.DBTX
}

func (r loadRules) Quote(orgID, pay, buy string) (money.Rate, error) {
	return quote(r.ctx, r.q, orgID, pay, buy)
}

func (r loadRules) WithdrawalEntryType(status string, sign int) string {
	return withdrawalEntryType(status, sign)
}

// loadLedger books a history's ledger transactions through the ledger's booker, which adds
// the provider's side of each customer posting (its EXT, FEE or FX system account), so
// every balance is the sum of its entries; then the large account, when there is one.
func (s *Store) loadLedger(ctx context.Context, tx *sql.Tx, h seeddata.History) error {
	b, err := s.ledger.booker(ctx, tx)
	if err != nil {
		return err
	}
	defer b.close()
	for _, t := range h.Ledger {
		ps := t.Postings
		for _, p := range ps {
			if a, err := b.account(p.Account); err != nil || a == nil {
				return fmt.Errorf("reference: seed history: account %s: %v", p.Account, err)
			}
		}
		var full []posting
		for _, p := range ps {
			a := b.accts[p.Account]
			line := posting{account: p.Account, entryType: p.EntryType, amount: p.Amount, reference: p.Reference, orderID: p.OrderID}
			full = append(full, line)
			role := "EXT"
			switch p.EntryType {
			case provider.EntryCollectionFee, provider.EntryCollectionRefundFee, provider.EntryPayoutFee, provider.EntryMonthlyFee,
				provider.EntryMinimumProcessingFee, provider.EntryIncidentChargesFee:
				role = "FEE"
			case provider.EntryInterAccountTransfer:
				role = "FX"
			}
			if role == "FX" && b.accts[ps[0].Account].currency == b.accts[ps[len(ps)-1].Account].currency {
				continue // same-currency transfer balances by itself
			}
			sys, err := b.system(role, a.currency, t.At)
			if err != nil {
				return err
			}
			full = append(full, posting{account: sys, entryType: p.EntryType, amount: p.Amount.Neg(), reference: p.Reference, orderID: p.OrderID})
		}
		if _, err := b.book(txMeta{id: t.ID, kind: t.Kind, rate: t.Rate, at: t.At}, full, false); err != nil {
			return fmt.Errorf("reference: seed history: %w", err)
		}
	}
	if err := b.flush(); err != nil {
		return err
	}
	if h.Large != nil {
		return loadLarge(ctx, tx, b, *h.Large)
	}
	return nil
}

// loadLarge writes the large account's lines as settlement transactions, each balanced by
// one line on the provider's EXT account. Rows go in through the booker's prepared
// statements, a line at a time: a million entries do not fit the booker's cache.
func loadLarge(ctx context.Context, tx *sql.Tx, b *booker, la seeddata.LargeAccount) error {
	if _, err := tx.ExecContext(ctx, qSeedAccountInsert, la.Number, la.OrganisationID, la.Name, la.CurrencyCode, la.CurrencyName,
		money.Zero(2).String(), formatTime(la.Opened)); err != nil {
		return fmt.Errorf("reference: seed large account: %w", err)
	}
	ext, err := b.system("EXT", la.CurrencyCode, la.Opened)
	if err != nil {
		return err
	}
	extAcct := b.accts[ext]
	bal := money.Zero(2)
	typeCounts := map[string]int64{}
	var lines [][]any
	var id string
	var net money.Amount
	var last seeddata.LargeLine
	// settle writes one settlement transaction: its lines, and the provider's side of them.
	settle := func() error {
		if len(lines) == 0 {
			return nil
		}
		if _, err := b.insT.ExecContext(ctx, id, "settlement", nil, nil, nil, "", "", formatTime(last.At)); err != nil {
			return fmt.Errorf("reference: seed large: %w", err)
		}
		for _, l := range lines {
			if _, err := b.insE.ExecContext(ctx, l...); err != nil {
				return fmt.Errorf("reference: seed large: %w", err)
			}
		}
		if !net.IsZero() {
			extAcct.balance = extAcct.balance.Add(net.Neg())
			extAcct.count++
			extAcct.addType(provider.EntryCollection, 1)
			extAcct.dirty = true
			if _, err := b.insE.ExecContext(ctx, id, ext, provider.EntryCollection, net.Neg().String(),
				extAcct.balance.String(), la.CurrencyCode, "Settlement batch", id, formatTime(last.At)); err != nil {
				return fmt.Errorf("reference: seed large: %w", err)
			}
		}
		lines, net = lines[:0], money.Zero(2)
		return nil
	}
	n := 0
	for l := range la.Lines {
		if l.TxID != id {
			if err := settle(); err != nil {
				return err
			}
			id, net = l.TxID, money.Zero(2)
		}
		bal, net = bal.Add(l.Amount), net.Add(l.Amount)
		typeCounts[l.EntryType]++
		lines = append(lines, []any{l.TxID, la.Number, l.EntryType, l.Amount.String(), bal.String(), la.CurrencyCode,
			l.Reference, l.OrderID, formatTime(l.At)})
		last = l
		n++
	}
	if err := settle(); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, qSeedLargeAccountSet, bal.String(), n, la.Number); err != nil {
		return fmt.Errorf("reference: seed large: %w", err)
	}
	for typ, c := range typeCounts {
		if _, err := tx.ExecContext(ctx, qSeedEntryTypeCountInsert, la.Number, typ, c); err != nil {
			return fmt.Errorf("reference: seed large: %w", err)
		}
	}
	return b.flush()
}
