package reference

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"portal/reference/db"
)

// scanner is a row to scan: *sql.Row, *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// collect runs query with args on q and reads every row with scan. The slice is never nil,
// so an empty list is [] in JSON, as the provider interface promises; what names the read in
// the errors.
func collect[T any](ctx context.Context, q db.DBTX, what, query string, args []any, scan func(scanner) (T, error)) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("reference: %s: %w", what, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("reference: %s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: %s: %w", what, err)
	}
	return out, nil
}

// rowScan is how the store reads a row of a list: the item and its seq.
type rowScan[T any] func(r scanner, item *T, seq *int64) error

// keyed is scan for readKeyset and readList: the row's key is the item's creation time (at)
// and its seq.
func (scan rowScan[T]) keyed(at func(*T) time.Time) func(*sql.Rows) (T, time.Time, int64, error) {
	return func(rows *sql.Rows) (T, time.Time, int64, error) {
		var item T
		var seq int64
		err := scan(rows, &item, &seq)
		return item, at(&item), seq, err
	}
}

// items is scan for collect, which needs no key.
func (scan rowScan[T]) items(sc scanner) (T, error) {
	var item T
	var seq int64
	err := scan(sc, &item, &seq)
	return item, err
}

// into is scan, which fills in an item, as collect's scan.
func into[T any](scan func(scanner, *T) error) func(scanner) (T, error) {
	return func(sc scanner) (T, error) {
		var item T
		err := scan(sc, &item)
		return item, err
	}
}
