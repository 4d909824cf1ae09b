package reference

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"time"

	"portal/provider"
	"portal/reference/db"
)

// keyset is one page request over rows listed newest first by (created_at, seq): ledger
// entries, movement search hits and statements all page this way, so a page is an index
// range scan however deep it is.
type keyset struct {
	dir    string
	cursor string
	limit  int
	// asc lists oldest first (a list's sort "date"); next then pages toward newer rows.
	asc bool
	// inclusive starts a next page at the cursor's own row (the spec's include_cursor).
	inclusive bool
}

// pageLimit is a page request's limit: 0 means def, and less than 1 or more than max is refused.
func pageLimit(limit, def, max int) (int, error) {
	switch {
	case limit == 0:
		return def, nil
	case limit < 0 || limit > max:
		return 0, provider.Errorf(provider.EINVALID, "Limit must be between 1 and %d.", max)
	}
	return limit, nil
}

// newKeyset checks a page request: limit 0 means def, and more than max is refused.
func newKeyset(cursor, dir string, limit, def, max int) (keyset, error) {
	limit, err := pageLimit(limit, def, max)
	if err != nil {
		return keyset{}, err
	}
	if dir == "" {
		dir = provider.DirectionNext
	}
	if dir != provider.DirectionNext && dir != provider.DirectionPrev {
		return keyset{}, provider.Errorf(provider.EINVALID, "Invalid cursor direction.")
	}
	if cursor == "" && dir == provider.DirectionPrev {
		return keyset{}, provider.Errorf(provider.EINVALID, "Invalid cursor.")
	}
	return keyset{dir: dir, cursor: cursor, limit: limit}, nil
}

// sorted is k in the list order sort names: provider.SortNewest ("" too) or SortOldest.
func (k keyset) sorted(sort string) (keyset, error) {
	return k.sortedBy(sort, provider.SortNewest, provider.SortOldest)
}

// sortedBy is k in the list order sort names, for a list whose sorts are spelt newest ("" too)
// and oldest.
func (k keyset) sortedBy(sort, newest, oldest string) (keyset, error) {
	switch sort {
	case "", newest:
	case oldest:
		k.asc = true
	default:
		return k, provider.Errorf(provider.EINVALID, "Sort by %s or %s.", newest, oldest)
	}
	return k, nil
}

// including is k starting a next page at the cursor's own row when include (the spec's
// include_cursor) asks for it; a previous page cannot.
func (k keyset) including(include bool) (keyset, error) {
	if !include {
		return k, nil
	}
	if k.dir == provider.DirectionPrev {
		return k, provider.Errorf(provider.EINVALID, "include_cursor goes with cursor_after.")
	}
	k.inclusive = true
	return k, nil
}

// clause is the condition past the cursor ("" without one, else starting with " AND ") with
// its two arguments, and the ORDER BY that reads the page; col prefixes the column names
// ("e." for an alias). Prev pages are read in the other order and turned round by trim.
func (k keyset) clause(col string) (cond string, args []any, order string, err error) {
	desc := col + `created_at DESC, ` + col + `seq DESC`
	asc := col + `created_at ASC, ` + col + `seq ASC`
	order, back, past := desc, asc, "<"
	if k.asc {
		order, back, past = asc, desc, ">"
	}
	if k.cursor == "" {
		return "", nil, order, nil
	}
	at, seq, err := decodeCursor(k.cursor)
	if err != nil {
		return "", nil, "", err
	}
	if k.dir == provider.DirectionPrev {
		past = map[string]string{"<": ">", ">": "<"}[past]
		order = back
	} else if k.inclusive {
		past += "="
	}
	return ` AND (` + col + `created_at, ` + col + `seq) ` + past + ` (?, ?)`, []any{at, seq}, order, nil
}

// paged is query, a named query ending in its WHERE's conditions, with k's condition past the
// cursor, order and limit on col's columns added; args are the cursor condition's arguments.
func (k keyset) paged(query, col string) (paged string, args []any, err error) {
	cond, args, order, err := k.clause(col)
	if err != nil {
		return "", nil, err
	}
	return query + cond + ` ORDER BY ` + order + ` LIMIT ` + k.fetch(), args, nil
}

// fetch is the LIMIT to read: one row more than the page tells whether there is more.
func (k keyset) fetch() string { return strconv.Itoa(k.limit + 1) }

// trim cuts the extra row off a page read with fetch and puts it in the list's order; more says
// whether the extra row was there.
func trim[T any](k keyset, rows []T) (page []T, more bool) {
	more = len(rows) > k.limit
	if more {
		rows = rows[:k.limit]
	}
	if k.dir == provider.DirectionPrev {
		slices.Reverse(rows)
	}
	return rows, more
}

// cursors of a non-empty page whose first (newest) and last rows have the given keys.
func (k keyset) cursors(firstAt time.Time, firstSeq string, lastAt time.Time, lastSeq string, more bool) (next, prev string, hasNext bool) {
	if k.dir == provider.DirectionNext {
		hasNext = more
		if k.cursor != "" {
			prev = encodeCursor(firstAt, firstSeq)
		}
	} else {
		hasNext = true // the cursor's own row is older than this page
		if more {
			prev = encodeCursor(firstAt, firstSeq)
		}
	}
	if hasNext {
		next = encodeCursor(lastAt, lastSeq)
	}
	return next, prev, hasNext
}

// keysetPage is one page of a keyset query: its rows in the list's order and its cursors.
type keysetPage[T any] struct {
	rows       []T
	next, prev string
	hasNext    bool
}

// readKeyset runs query (a SELECT whose condition past the cursor, ORDER BY and LIMIT are
// k's: k.clause, k.fetch) on db and reads each row with scan, which also gives the row's key
// (creation time and seq).
func readKeyset[T any](ctx context.Context, q db.DBTX, k keyset, query string, args []any,
	scan func(*sql.Rows) (T, time.Time, int64, error)) (keysetPage[T], error) {
	var out keysetPage[T]
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	var list []keyedRow[T]
	for rows.Next() {
		v, at, seq, err := scan(rows)
		if err != nil {
			return out, err
		}
		list = append(list, keyedRow[T]{v, at, strconv.FormatInt(seq, 10)})
	}
	if err := rows.Err(); err != nil {
		return out, err
	}
	out.rows, out.next, out.prev, out.hasNext = keyedPage(k, list)
	return out, nil
}

// keyedRow is a row of a keyset list with the key its cursors are made of.
type keyedRow[T any] struct {
	row T
	at  time.Time
	seq string
}

// keyedPage cuts rows read with k.fetch to the page, in the list's order, with its cursors.
func keyedPage[T any](k keyset, rows []keyedRow[T]) (page []T, next, prev string, hasNext bool) {
	rows, more := trim(k, rows)
	page = make([]T, 0, len(rows))
	for _, r := range rows {
		page = append(page, r.row)
	}
	if len(rows) > 0 {
		first, last := rows[0], rows[len(rows)-1]
		next, prev, hasNext = k.cursors(first.at, first.seq, last.at, last.seq, more)
	}
	return page, next, prev, hasNext
}

// readList reads a list filtered by w: its total by count and one page of it by page, each a
// named query with a /*where*/ slot, page's also with k's slots (pageSlots over col); scan
// reads a row as readKeyset's does. what names the list in the errors.
func readList[T any](ctx context.Context, q db.DBTX, k keyset, w *where, what, count, page, col string,
	scan func(*sql.Rows) (T, time.Time, int64, error)) (total int, got keysetPage[T], err error) {
	slots, err := k.pageSlots(col)
	if err != nil {
		return 0, got, err
	}
	query, args := fill(count, nil, w.slot())
	if err := q.QueryRowContext(ctx, query, args...).Scan(&total); err != nil {
		return 0, got, fmt.Errorf("reference: %s: %w", what, err)
	}
	query, args = fill(page, nil, append(slots, w.slot())...)
	if got, err = readKeyset(ctx, q, k, query, args, scan); err != nil {
		return 0, got, fmt.Errorf("reference: %s: %w", what, err)
	}
	return total, got, nil
}
