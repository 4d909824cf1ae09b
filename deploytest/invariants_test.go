package deploytest

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
)

// checker reads the shared store the portals write, over plain SQL: the same queries run on
// SQLite and PostgreSQL (placeholders rewritten for the latter).
type checker struct {
	db       *sql.DB
	postgres bool
}

func (c checker) q(query string) string {
	if !c.postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (c checker) rows(ctx context.Context, query string, args []any, scan func(func(...any) error) error) error {
	rs, err := c.db.QueryContext(ctx, c.q(query), args...)
	if err != nil {
		return fmt.Errorf("%s: %w", strings.Join(strings.Fields(query), " "), err)
	}
	defer rs.Close()
	for rs.Next() {
		if err := scan(rs.Scan); err != nil {
			return err
		}
	}
	return rs.Err()
}

func amount(s, code string) (money.Amount, error) {
	a, err := money.Parse(s, currency.Decimals(code))
	if err != nil {
		return money.Amount{}, fmt.Errorf("amount %q %s: %w", s, code, err)
	}
	return a, nil
}

func addTo(m map[string]money.Amount, code string, a money.Amount) {
	if s, ok := m[code]; ok {
		m[code] = s.Add(a)
	} else {
		m[code] = a
	}
}

func fmtTotals(m map[string]money.Amount) string {
	var out []string
	for code, a := range m {
		out = append(out, code+" "+a.String())
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// totals is the sum of every account's balance per currency: the ledger is closed (house,
// FX and external accounts included), so no flow may change it.
func (c checker) totals(ctx context.Context) (map[string]money.Amount, error) {
	out := map[string]money.Amount{}
	err := c.rows(ctx, `SELECT currency_code, balance FROM accounts`, nil, func(scan func(...any) error) error {
		var code, bal string
		if err := scan(&code, &bal); err != nil {
			return err
		}
		a, err := amount(bal, code)
		if err == nil {
			addTo(out, code, a)
		}
		return err
	})
	return out, err
}

// completedOrders are the organisation's completed collection orders in a currency with a
// refund fee and without a refund yet: what the refund flow takes, one each.
func (c checker) completedOrders(ctx context.Context) ([]string, error) {
	var out []string
	err := c.rows(ctx, `SELECT o.id FROM collection_orders o WHERE o.organisation_id = ? AND o.status = 'completed'
		AND o.currency IN ('EUR', 'GBP', 'USD')
		AND NOT EXISTS (SELECT 1 FROM collection_refunds r WHERE r.order_id = o.id) ORDER BY o.seq`, []any{org},
		func(scan func(...any) error) error {
			var id string
			if err := scan(&id); err != nil {
				return err
			}
			out = append(out, id)
			return nil
		})
	return out, err
}

// report is one invariant's result, for the log.
type report struct {
	name string
	info string
	errs []string
}

func (r *report) fail(format string, args ...any) {
	if len(r.errs) < 10 {
		r.errs = append(r.errs, fmt.Sprintf(format, args...))
	}
}

// transfers: no transfer made by the run is unbalanced in any currency or booked more than
// once, and each account of every organisation the run wrote in (always the flows' own)
// holds the sum of its entries.
func (c checker) transfers(ctx context.Context, keys []booking) report {
	r := report{name: "internal transfers"}
	moved := map[string]money.Amount{}
	orgs := []string{org}
	for _, bk := range keys {
		if !slices.Contains(orgs, bk.org) {
			orgs = append(orgs, bk.org)
		}
		key := bk.key
		var txs []string
		err := c.rows(ctx, `SELECT id FROM ledger_transactions WHERE organisation_id = ? AND idempotency_key = ?`, []any{bk.org, key},
			func(scan func(...any) error) error {
				var id string
				err := scan(&id)
				txs = append(txs, id)
				return err
			})
		if err != nil {
			r.fail("%v", err)
			return r
		}
		if len(txs) != 1 {
			r.fail("transfer with key %s booked %d times, want once", key, len(txs))
			continue
		}
		sums := map[string]money.Amount{}
		err = c.rows(ctx, `SELECT amount, currency FROM ledger_entries WHERE transaction_id = ?`, []any{txs[0]},
			func(scan func(...any) error) error {
				var amt, code string
				if err := scan(&amt, &code); err != nil {
					return err
				}
				a, err := amount(amt, code)
				if err == nil {
					addTo(sums, code, a)
					if a.Sign() > 0 {
						addTo(moved, code, a)
					}
				}
				return err
			})
		if err != nil {
			r.fail("%v", err)
			return r
		}
		for code, s := range sums {
			if !s.IsZero() {
				r.fail("transfer %s (key %s) changes the sum of balances in %s by %s", txs[0], key, code, s)
			}
		}
	}
	for _, o := range orgs {
		if err := c.accountsMatchEntries(ctx, o, &r); err != nil {
			r.fail("%v", err)
		}
	}
	r.info = fmt.Sprintf("%d transfers in %d organisations, each booked once and balanced per currency (moved %s); every account of those organisations holds the sum of its entries",
		len(keys), len(orgs), fmtTotals(moved))
	return r
}

// accountsMatchEntries fails r for each account of the organisation orgID whose balance is
// not the sum of its entries.
func (c checker) accountsMatchEntries(ctx context.Context, orgID string, r *report) error {
	return c.rows(ctx, `SELECT a.account_number, a.currency_code, a.balance,
		(SELECT count(*) FROM ledger_entries e WHERE e.account_number = a.account_number) FROM accounts a
		WHERE a.owner_organisation_id = ?`, []any{orgID}, func(scan func(...any) error) error {
		var n, code, bal string
		var count int
		if err := scan(&n, &code, &bal, &count); err != nil {
			return err
		}
		stored, err := amount(bal, code)
		if err != nil {
			return err
		}
		sum := money.Zero(currency.Decimals(code))
		err = c.rows(ctx, `SELECT amount FROM ledger_entries WHERE account_number = ?`, []any{n}, func(scan func(...any) error) error {
			var amt string
			if err := scan(&amt); err != nil {
				return err
			}
			a, err := amount(amt, code)
			if err == nil {
				sum = sum.Add(a)
			}
			return err
		})
		if err != nil {
			return err
		}
		if sum.Cmp(stored) != 0 {
			r.fail("account %s holds %s %s, its %d entries sum to %s", n, stored, code, count, sum)
		}
		return nil
	})
}

// payoutRow is a payout the run made and what the ledger holds for it.
type payoutRow struct {
	ref, state    string
	reserved      bool
	payouts, fees int
}

func (c checker) payoutRows(ctx context.Context, where string, args []any) ([]payoutRow, error) {
	var out []payoutRow
	err := c.rows(ctx, `SELECT p.unique_reference, p.state, p.reserved_tx IS NOT NULL,
		(SELECT count(*) FROM ledger_entries e WHERE e.account_number = p.virtual_account_number AND e.reference = p.unique_reference AND e.entry_type = 'payout'),
		(SELECT count(*) FROM ledger_entries e WHERE e.account_number = p.virtual_account_number AND e.reference = p.unique_reference AND e.entry_type = 'payout_fee')
		FROM payout_requests p WHERE p.organisation_id = ? AND `+where, append([]any{org}, args...), func(scan func(...any) error) error {
		var p payoutRow
		if err := scan(&p.ref, &p.state, &p.reserved, &p.payouts, &p.fees); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	return out, err
}

// payouts: each approved draft made exactly one payout request, each approved batch one per
// row, and each of them is booked once: its amount and its fee reserved by one entry each,
// however many portals' payout processors ran on the queue.
func (c checker) payouts(ctx context.Context, drafts, batches []string, batchRows int, wait time.Duration) report {
	r := report{name: "payouts"}
	var all []payoutRow
	deadline := time.Now().Add(wait)
	for {
		all = all[:0]
		for _, id := range drafts {
			var ref string
			if err := c.db.QueryRowContext(ctx, c.q(`SELECT payout_reference FROM payout_drafts WHERE id = ?`), id).Scan(&ref); err != nil {
				r.fail("draft %s: %v", id, err)
				return r
			}
			rows, err := c.payoutRows(ctx, `p.unique_reference = ?`, []any{ref})
			if err != nil {
				r.fail("%v", err)
				return r
			}
			if ref == "" || len(rows) != 1 {
				r.fail("approved draft %s made %d payout requests (reference %q), want 1", id, len(rows), ref)
			}
			all = append(all, rows...)
		}
		n := 0
		for _, id := range batches {
			rows, err := c.payoutRows(ctx, `p.batch_id = ?`, []any{id})
			if err != nil {
				r.fail("%v", err)
				return r
			}
			n += len(rows)
			all = append(all, rows...)
		}
		if n != batchRows {
			r.fail("the approved batches made %d payout requests, want %d (one per row)", n, batchRows)
		}
		if len(r.errs) > 0 {
			return r
		}
		pending := 0
		for _, p := range all {
			if !p.reserved && p.state != "rejected" {
				pending++
			}
		}
		if pending == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	states := map[string]int{}
	for _, p := range all {
		states[p.state]++
		switch {
		case p.payouts > 1 || p.fees > 1:
			r.fail("payout %s (%s) booked %d times with %d fees, want once", p.ref, p.state, p.payouts, p.fees)
		case p.reserved && p.payouts != 1:
			r.fail("payout %s (%s) is reserved but has %d payout entries", p.ref, p.state, p.payouts)
		case !p.reserved && p.state != "rejected":
			r.fail("payout %s still %s, not booked after %v", p.ref, p.state, wait)
		}
	}
	r.info = fmt.Sprintf("%d payout requests (%d from drafts, %d from %d batches), each booked once; states %v",
		len(all), len(drafts), batchRows, len(batches), states)
	return r
}

// withdrawals: one request per confirmed withdrawal, its amount debited by one entry.
func (c checker) withdrawals(ctx context.Context, e2es []string) report {
	r := report{name: "withdrawals"}
	for _, e2e := range e2es {
		var ids []string
		var amt, code, acct string
		err := c.rows(ctx, `SELECT id, amount, currency_code, debtor_account_number FROM withdrawal_requests WHERE organisation_id = ? AND external_reference = ?`,
			[]any{org, e2e}, func(scan func(...any) error) error {
				var id string
				err := scan(&id, &amt, &code, &acct)
				ids = append(ids, id)
				return err
			})
		if err != nil {
			r.fail("%v", err)
			return r
		}
		if len(ids) != 1 {
			r.fail("withdrawal %s made %d requests, want 1", e2e, len(ids))
			continue
		}
		var entries []string
		err = c.rows(ctx, `SELECT amount FROM ledger_entries WHERE account_number = ? AND order_id = ?`, []any{acct, ids[0]},
			func(scan func(...any) error) error {
				var a string
				err := scan(&a)
				entries = append(entries, a)
				return err
			})
		if err != nil {
			r.fail("%v", err)
			return r
		}
		if len(entries) != 1 || strings.TrimPrefix(entries[0], "-") != amt || !strings.HasPrefix(entries[0], "-") {
			r.fail("withdrawal %s of %s %s: entries %v, want one debit", e2e, amt, code, entries)
		}
	}
	r.info = fmt.Sprintf("%d withdrawals, each one request debited once", len(e2es))
	return r
}

// refunds: one refund per refunded order.
func (c checker) refunds(ctx context.Context, orders []string) report {
	r := report{name: "refunds"}
	for _, id := range orders {
		var n int
		if err := c.db.QueryRowContext(ctx, c.q(`SELECT count(*) FROM collection_refunds WHERE order_id = ?`), id).Scan(&n); err != nil {
			r.fail("%v", err)
			return r
		}
		if n != 1 {
			r.fail("order %s refunded %d times, want once", id, n)
		}
	}
	r.info = fmt.Sprintf("%d orders refunded, each once", len(orders))
	return r
}
