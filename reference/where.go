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

// in adds col IN (vs...); no values is no filter.
func (w *where) in(col string, vs []string) {
	if len(vs) == 0 {
		return
	}
	w.sql += ` AND ` + col + ` IN (?` + strings.Repeat(`, ?`, len(vs)-1) + `)`
	for _, v := range vs {
		w.args = append(w.args, v)
	}
}

// atMost adds col <= v.
func (w *where) atMost(col string, v any) {
	w.sql += ` AND ` + col + ` <= ?`
	w.args = append(w.args, v)
}

// whereOf continues the conditions cond (with their args) that another file still puts
// together in Go (payoutWhere, payouts.go).
func whereOf(cond string, args []any) *where { return &where{sql: ` AND (` + cond + `)`, args: args} }

// filled is query, a named query holding the {{filters}} fragment (TRUE on its own), with w's
// conditions in its place; w's args are the fragment's, so they go where it stands.
func filled(query string, w *where) string {
	return strings.Replace(query, `TRUE /* filters */`, `TRUE`+w.sql, 1)
}

// selectOf is the SELECT of columns from from (a list's columns and joins, still put together
// in Go by payouts.go) followed by rest, a named query's conditions and order.
func selectOf(columns, from, rest string) string { return `SELECT ` + columns + from + ` ` + rest }

// builtJobSQL is the statements of a job queue described in Go by its table and conditions
// (the payout queue, payouts_lifecycle.go) rather than by named queries.
func builtJobSQL(q *jobQueue) jobSQL {
	set := ""
	if q.set != "" {
		set = q.set + ", "
	}
	return jobSQL{
		expired: `SELECT id, attempts FROM ` + q.table +
			` WHERE lease_token IS NOT NULL AND lease_until < ? ORDER BY lease_until LIMIT 1`,
		due: `SELECT id, attempts FROM ` + q.table +
			` WHERE lease_token IS NULL AND ` + q.ready + ` ORDER BY ` + q.order + ` LIMIT 1`,
		giveUp: `UPDATE ` + q.table + ` SET ` + q.giveUp + ` WHERE id = ?`,
		claim: `UPDATE ` + q.table + ` SET ` + set +
			`attempts = attempts + 1, lease_token = ?, lease_until = ? WHERE id = ?`,
		renew: `UPDATE ` + q.table + ` SET lease_until = ? WHERE id = ? AND lease_token = ?`,
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
