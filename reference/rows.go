package reference

import (
	"database/sql"
	"fmt"
	"time"
)

// scanner is a row to scan: *sql.Row, *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// collect reads every row of rows with scan and closes rows. The slice is never nil, so an
// empty list is [] in JSON, as the provider interface promises; what names the read in the
// errors, as the query's own error does.
func collect[T any](rows *sql.Rows, what string, scan func(scanner) (T, error)) ([]T, error) {
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
