package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"portal/provider"
)

// searchHits is the movement search (spec 000 §7): the readable accounts of ?1 (owned or
// shared, never the provider's system accounts, which carry the same references) and the
// entries whose reference, order id, own id or transaction end-to-end id is ?2 (?3 the id as a
// number, -1 when it is none). Each branch is one lookup in its own index (0008), so the cost
// follows the number of hits, not the size of the ledger. The `<> ”` terms let SQLite use the
// partial indexes.
const searchHits = `WITH readable(account_number) AS (
		SELECT account_number FROM accounts WHERE owner_organisation_id = ?1 AND kind = 'customer'
		UNION SELECT a.account_number FROM account_shares sh JOIN accounts a ON a.account_number = sh.account_number
			WHERE sh.organisation_id = ?1 AND a.kind = 'customer'
	), hits(seq) AS (
		SELECT seq FROM ledger_entries WHERE reference = ?2 AND reference <> ''
		UNION SELECT seq FROM ledger_entries WHERE order_id = ?2 AND order_id <> ''
		UNION SELECT seq FROM ledger_entries WHERE seq = ?3
		UNION SELECT e.seq FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
			WHERE t.end_to_end_id = ?2 AND t.end_to_end_id <> ''
	)`

// SearchMovements implements provider.Ledger.
func (s *Store) SearchMovements(ctx context.Context, orgID string, f provider.MovementSearch) (provider.MovementSearchPage, error) {
	page := provider.MovementSearchPage{Entries: []provider.MovementHit{}}
	if f.Query == "" || utf8.RuneCountInString(f.Query) > provider.MaxSearchQueryLen {
		return page, provider.Errorf(provider.EINVALID, "Give a reference or end-to-end id of at most %d characters.", provider.MaxSearchQueryLen)
	}
	limit := f.Limit
	switch {
	case limit == 0:
		limit = provider.DefaultMovementLimit
	case limit < 0 || limit > provider.MaxMovementLimit:
		return page, provider.Errorf(provider.EINVALID, "Limit must be between 1 and %d.", provider.MaxMovementLimit)
	}
	dir := f.Direction
	if dir == "" {
		dir = provider.DirectionNext
	}
	if dir != provider.DirectionNext && dir != provider.DirectionPrev {
		return page, provider.Errorf(provider.EINVALID, "Invalid cursor direction.")
	}
	var seq int64 = -1
	if n, err := strconv.ParseInt(f.Query, 10, 64); err == nil && n > 0 && strconv.FormatInt(n, 10) == f.Query {
		seq = n
	}
	args := []any{orgID, f.Query, seq}
	from := ` FROM ledger_entries e JOIN hits h ON h.seq = e.seq
		WHERE e.account_number IN (SELECT account_number FROM readable)`
	if err := s.read.QueryRowContext(ctx, searchHits+` SELECT count(*)`+from, args...).Scan(&page.Total); err != nil {
		return page, fmt.Errorf("reference: movement search: %w", err)
	}

	order := `e.created_at DESC, e.seq DESC`
	if f.Cursor != "" {
		at, cseq, err := decodeCursor(f.Cursor)
		if err != nil {
			return page, err
		}
		if dir == provider.DirectionNext {
			from += ` AND (e.created_at, e.seq) < (?4, ?5)`
		} else {
			from += ` AND (e.created_at, e.seq) > (?4, ?5)`
			order = `e.created_at ASC, e.seq ASC`
		}
		args = append(args, at, cseq)
	} else if dir == provider.DirectionPrev {
		return page, provider.Errorf(provider.EINVALID, "Invalid cursor.")
	}
	rows, err := s.read.QueryContext(ctx, searchHits+` SELECT e.seq, e.created_at, e.reference, e.order_id, e.entry_type,
		e.amount, e.running_balance, e.currency, e.account_number`+from+` ORDER BY `+order+` LIMIT `+strconv.Itoa(limit+1), args...)
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
	more := len(page.Entries) > limit
	if more {
		page.Entries = page.Entries[:limit]
	}
	if len(page.Entries) == 0 {
		return page, nil
	}
	if dir == provider.DirectionPrev {
		slices.Reverse(page.Entries)
	}
	page.CursorNext, page.CursorPrev, page.HasNext = pageCursors(page.Entries[0].Entry, page.Entries[len(page.Entries)-1].Entry,
		dir, f.Cursor != "", more)
	return page, nil
}

// Movement implements provider.Ledger.
func (s *Store) Movement(ctx context.Context, orgID, accountNumber, entryID string) (provider.Entry, error) {
	var e provider.Entry
	if _, _, _, err := s.readableAccount(ctx, orgID, accountNumber); err != nil {
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
