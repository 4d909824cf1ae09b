package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"portal/provider"
)

// SearchService owns the movement search (spec 000 §7): ledger entries found by
// reference, order id or end-to-end id across the organisation's accounts. Read only; the
// global search's other finders (FindPayouts, …) sit with the records they find.
type SearchService struct{ *core }

// searchHits is the movement search (spec 000 §7): the accounts ?1 owns (not those shared
// with it, whose movements are their owner's, nor the provider's system accounts, which
// carry the same references) and the
// entries whose reference, order id, own id or transaction end-to-end id is ?2 (?3 the id as a
// number, -1 when it is none). Each branch is one lookup in its own index (0008), so the cost
// follows the number of hits, not the size of the ledger. The `<> ”` terms let SQLite use the
// partial indexes.
const searchHits = `WITH readable(account_number) AS (
		SELECT account_number FROM accounts WHERE owner_organisation_id = ?1 AND kind = 'customer'
	), hits(seq) AS (
		SELECT seq FROM ledger_entries WHERE reference = ?2 AND reference <> ''
		UNION SELECT seq FROM ledger_entries WHERE order_id = ?2 AND order_id <> ''
		UNION SELECT seq FROM ledger_entries WHERE seq = ?3
		UNION SELECT e.seq FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
			WHERE t.end_to_end_id = ?2 AND t.end_to_end_id <> ''
	)`

// SearchMovements implements provider.Ledger.
func (s *SearchService) SearchMovements(ctx context.Context, orgID string, f provider.MovementSearch) (provider.MovementSearchPage, error) {
	page := provider.MovementSearchPage{Entries: []provider.MovementHit{}}
	if f.Query == "" || utf8.RuneCountInString(f.Query) > provider.MaxSearchQueryLen {
		return page, provider.Errorf(provider.EINVALID, "Give a reference or end-to-end id of at most %d characters.", provider.MaxSearchQueryLen)
	}
	k, err := newKeyset(f.Cursor, f.Direction, f.Limit, provider.DefaultMovementLimit, provider.MaxMovementLimit)
	if err != nil {
		return page, err
	}
	var seq int64 = -1
	if n, err := strconv.ParseInt(f.Query, 10, 64); err == nil && n > 0 && strconv.FormatInt(n, 10) == f.Query {
		seq = n
	}
	args := []any{orgID, f.Query, seq}
	from := ` FROM ledger_entries e JOIN hits h ON h.seq = e.seq
		WHERE e.account_number IN (SELECT account_number FROM readable)`
	if !f.CreatedAfter.IsZero() {
		from += ` AND e.created_at >= ?`
		args = append(args, formatTime(f.CreatedAfter))
	}
	if !f.CreatedBefore.IsZero() {
		from += ` AND e.created_at < ?`
		args = append(args, formatTime(f.CreatedBefore))
	}
	if err := s.read.QueryRowContext(ctx, searchHits+` SELECT count(*)`+from, args...).Scan(&page.Total); err != nil {
		return page, fmt.Errorf("reference: movement search: %w", err)
	}

	// Plain ? parameters after ?1-?3 are numbered on from ?4, in args' order.
	cond, cargs, order, err := k.clause("e.")
	if err != nil {
		return page, err
	}
	from += cond
	args = append(args, cargs...)
	rows, err := s.read.QueryContext(ctx, searchHits+` SELECT e.seq, e.created_at, e.reference, e.order_id, e.entry_type,
		e.amount, e.running_balance, e.currency, e.account_number`+from+` ORDER BY `+order+` LIMIT `+k.fetch(), args...)
	if err != nil {
		return page, fmt.Errorf("reference: movement search: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var h provider.MovementHit
		if err := scanEntry(rows, &h.Entry, &h.AccountNumber); err != nil {
			return page, err
		}
		page.Entries = append(page.Entries, h)
	}
	if err := rows.Err(); err != nil {
		return page, fmt.Errorf("reference: movement search: %w", err)
	}
	var more bool
	if page.Entries, more = trim(k, page.Entries); len(page.Entries) > 0 {
		first, last := page.Entries[0].Entry, page.Entries[len(page.Entries)-1].Entry
		page.CursorNext, page.CursorPrev, page.HasNext = k.cursors(first.Date, first.ID, last.Date, last.ID, more)
	}
	return page, nil
}

// Movement implements provider.Ledger.
func (s *SearchService) Movement(ctx context.Context, orgID, accountNumber, entryID string) (provider.Entry, error) {
	var e provider.Entry
	if _, _, _, err := s.ledger.readableAccount(ctx, orgID, accountNumber); err != nil {
		return e, err
	}
	notFound := provider.Errorf(provider.ENOTFOUND, "Transaction not found.")
	seq, err := strconv.ParseInt(entryID, 10, 64)
	if err != nil || seq <= 0 {
		return e, notFound
	}
	err = scanEntry(s.read.QueryRowContext(ctx, `SELECT `+entryColumns+` FROM ledger_entries WHERE seq = ? AND account_number = ?`,
		seq, accountNumber), &e)
	if errors.Is(err, sql.ErrNoRows) {
		return e, notFound
	}
	return e, err
}
