package reference

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
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

// filters starts the conditions a list adds to the fixed WHERE of its named queries, whose
// own arguments are args; each condition is then added as " AND col ...".
func filters(args ...any) *where { return &where{args: args} }

// countOf counts the rows of from, a sub-select whose SQL another file still builds in Go (the
// items waiting for approval, payouts.go), under the conditions of cond, a named query that
// starts at the sub-select's alias p.
func countOf(from, cond string) string { return `SELECT count(*) FROM (` + from + `) p ` + cond }

// multiRow is query, a single-row INSERT ending in its VALUES row, with that row repeated to n
// rows, for bulk writes.
func multiRow(query string, n int) string {
	row := query[strings.LastIndexByte(query, '('):]
	return query + strings.Repeat(", "+row, n-1)
}

// keyedList is one keyset page of a list: the total under w, then the page's rows of
// `SELECT columns FROM table alias` (alias is the one w's columns name), each read by scan.
// what names the list in errors.
func keyedList[T any](ctx context.Context, s *Store, what, table, alias, columns string, w *where, k keyset,
	scan func(*sql.Rows) (keyedRow[T], error)) (int, []keyedRow[T], error) {
	from := ` FROM ` + table + ` ` + alias + ` WHERE `
	return keyedQuery(ctx, s, what, `SELECT count(*)`+from, `SELECT `+columns+from, alias, w, k, scan)
}

// keyedQuery is keyedList over a list's two named queries, count and page, each ending in the
// list's WHERE (fixed conditions or, for keyedList, the bare keyword): w's conditions follow,
// then k's cursor, order and limit on alias's columns.
func keyedQuery[T any](ctx context.Context, s *Store, what, count, page, alias string, w *where, k keyset,
	scan func(*sql.Rows) (keyedRow[T], error)) (int, []keyedRow[T], error) {
	var total int
	if err := s.read.QueryRowContext(ctx, count+w.sql, w.args...).Scan(&total); err != nil {
		return 0, nil, fmt.Errorf("reference: %s: %w", what, err)
	}
	cond, cargs, order, err := k.clause(alias + ".")
	if err != nil {
		return 0, nil, err
	}
	rows, err := s.read.QueryContext(ctx, page+w.sql+cond+` ORDER BY `+order+` LIMIT `+k.fetch(),
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
