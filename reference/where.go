package reference

import "time"

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
