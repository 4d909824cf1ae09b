package reference

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// where is a list query's WHERE clause and its arguments, built condition by condition,
// so each list states only which columns its filter reads.
type where struct {
	sql  string
	args []any
}

func whereFirst(cond string, arg any) *where { return &where{sql: cond, args: []any{arg}} }

// equal adds col = v; an empty v is no filter (every row).
func (w *where) equal(col, v string) {
	if v != "" {
		w.sql += ` AND ` + col + ` = ?`
		w.args = append(w.args, v)
	}
}

// period adds the half-open range [from, to) on col; a zero bound is left open.
func (w *where) period(col string, from, to time.Time) {
	if !from.IsZero() {
		w.sql += ` AND ` + col + ` >= ?`
		w.args = append(w.args, formatTime(from))
	}
	if !to.IsZero() {
		w.sql += ` AND ` + col + ` < ?`
		w.args = append(w.args, formatTime(to))
	}
}

// keyedList is one keyset page of a list: the total under w, then the page's rows of
// `SELECT columns FROM table alias` (alias is the one w's columns name), each read by scan.
// what names the list in errors.
func keyedList[T any](ctx context.Context, s *core, what, table, alias, columns string, w *where, k keyset,
	scan func(*sql.Rows) (keyedRow[T], error)) (int, []keyedRow[T], error) {
	var total int
	from := ` FROM ` + table + ` ` + alias + ` WHERE ` + w.sql
	if err := s.read.QueryRowContext(ctx, `SELECT count(*)`+from, w.args...).Scan(&total); err != nil {
		return 0, nil, fmt.Errorf("reference: %s: %w", what, err)
	}
	cond, cargs, order, err := k.clause(alias + ".")
	if err != nil {
		return 0, nil, err
	}
	rows, err := s.read.QueryContext(ctx, `SELECT `+columns+from+cond+` ORDER BY `+order+` LIMIT `+k.fetch(),
		append(append([]any{}, w.args...), cargs...)...)
	if err != nil {
		return 0, nil, fmt.Errorf("reference: %s: %w", what, err)
	}
	defer rows.Close()
	var list []keyedRow[T]
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return 0, nil, err
		}
		list = append(list, r)
	}
	if err := rows.Err(); err != nil {
		return 0, nil, fmt.Errorf("reference: %s: %w", what, err)
	}
	return total, list, nil
}
