package reference

import (
	"database/sql"
	"fmt"
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
