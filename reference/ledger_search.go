package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"portal/provider"
)

var (
	qSearchCount    = sq("search-count")
	qSearchPage     = sq("search-page")
	qSearchMovement = sq("search-movement")
)

// SearchService owns the movement search (spec 000 §7): ledger entries found by
// reference, order id or end-to-end id across the organisation's accounts. Read only; the
// global search's other finders (FindPayouts, …) sit with the records they find.
type SearchService struct{ *core }

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
	hits := []any{orgID, f.Query, f.Query, seq, f.Query} // search-hits' arguments
	w := whereOf("", nil)
	w.period("e.created_at", f.CreatedAfter, f.CreatedBefore)
	query, args := fill(qSearchCount, hits, w.slot())
	if err := s.read.QueryRowContext(ctx, query, args...).Scan(&page.Total); err != nil {
		return page, fmt.Errorf("reference: movement search: %w", err)
	}

	slots, err := k.pageSlots("e.")
	if err != nil {
		return page, err
	}
	query, args = fill(qSearchPage, hits, append(slots, w.slot())...)
	got, err := readKeyset(ctx, s.read, k, query, args, func(rows *sql.Rows) (provider.MovementHit, time.Time, int64, error) {
		var h provider.MovementHit
		seq, err := scanEntrySeq(rows, &h.Entry, &h.AccountNumber)
		return h, h.Date, seq, err
	})
	if err != nil {
		return page, fmt.Errorf("reference: movement search: %w", err)
	}
	page.Entries = append(page.Entries, got.rows...)
	page.CursorNext, page.CursorPrev, page.HasNext = got.next, got.prev, got.hasNext
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
	err = scanEntry(s.read.QueryRowContext(ctx, qSearchMovement,
		seq, accountNumber), &e)
	if errors.Is(err, sql.ErrNoRows) {
		return e, notFound
	}
	return e, err
}
