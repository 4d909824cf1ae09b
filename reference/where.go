package reference

import (
	"regexp"
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

// atMost adds col <= v.
func (w *where) atMost(col string, v any) {
	w.sql += ` AND ` + col + ` <= ?`
	w.args = append(w.args, v)
}

// whereAnd is cond (a whole condition with its args, such as payoutWhere's) as a filter to
// add after others: AND (cond).
func whereAnd(cond string, args []any) *where { return &where{sql: ` AND (` + cond + `)`, args: args} }

// filled is query, a named query holding the {{filters}} fragment (TRUE on its own), with w's
// conditions in its place; w's args are the fragment's, so they go where it stands.
func filled(query string, w *where) string {
	return strings.Replace(query, `TRUE /* filters */`, `TRUE`+w.sql, 1)
}

// filters starts the conditions a list adds to the fixed WHERE of its named queries, whose
// own arguments are args; each condition is then added as " AND col ...".
func filters(args ...any) *where { return &where{args: args} }

// multiRow is query, a single-row INSERT ending in its VALUES row, with that row repeated to n
// rows, for bulk writes.
func multiRow(query string, n int) string {
	row := query[strings.LastIndexByte(query, '('):]
	return query + strings.Repeat(", "+row, n-1)
}

// in adds col IN (?, …) over vs; no values is no filter.
func (w *where) in(col string, vs []string) {
	if len(vs) == 0 {
		return
	}
	w.sql += ` AND ` + col + ` IN (` + placeholders(len(vs)) + `)`
	for _, v := range vs {
		w.args = append(w.args, v)
	}
}

// bound adds col op v, op being one of the comparisons (a range's end that is not a time).
func (w *where) bound(col, op string, v any) {
	switch op {
	case "<", "<=", ">", ">=", "=", "<>":
	default:
		panic("reference: where: comparison " + op)
	}
	w.sql += ` AND ` + col + ` ` + op + ` ?`
	w.args = append(w.args, v)
}

// placeholders is n parameters, comma separated: an IN list or a VALUES row of variable length.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// slot is a piece of a named query that a request decides (its filter, its page): the query
// marks the place with a comment, /*name*/, which fill replaces.
type slot struct {
	name string
	sql  string
	args []any
}

// slotRef finds the marks and placeholders; a quoted literal or a comment is matched whole
// so a ? in it counts for nothing.
var slotRef = regexp.MustCompile(`'[^']*'|--[^\n]*|/\*([a-z]+)\*/|\?`)

// fill puts each slot's SQL where query marks it (a slot may be marked more than once, as in
// both arms of a union) and gives the arguments in the order the statement reads them: fixed
// the query's own ? in turn, each slot's where it stands. A mark without a slot is a
// programming error.
func fill(query string, fixed []any, slots ...slot) (string, []any) {
	var args []any
	text := slotRef.ReplaceAllStringFunc(query, func(m string) string {
		if m[0] == '\'' || m[0] == '-' {
			return m
		}
		if m == "?" {
			if len(fixed) == 0 {
				panic("reference: fill: more ? than fixed arguments in " + query)
			}
			args, fixed = append(args, fixed[0]), fixed[1:]
			return m
		}
		for _, s := range slots {
			if "/*"+s.name+"*/" == m {
				args = append(args, s.args...)
				return s.sql
			}
		}
		panic("reference: fill: no slot for " + m + " in " + query)
	})
	if len(fixed) > 0 {
		panic("reference: fill: fewer ? than fixed arguments in " + query)
	}
	return text, args
}

// slot is w as the slot "where".
func (w *where) slot() slot { return slot{name: "where", sql: w.sql, args: w.args} }

// pageSlots are k's slots of a keyset list read over col (an alias with its dot, or ""):
// "after", the condition past the cursor (empty or starting with AND); "order", the order
// the page is read in; "outer", that order without col, for a query merging pages; "limit",
// the rows to read.
func (k keyset) pageSlots(col string) ([]slot, error) {
	cond, args, order, err := k.clause(col)
	if err != nil {
		return nil, err
	}
	_, _, outer, _ := k.clause("")
	return []slot{{name: "after", sql: cond, args: args}, {name: "order", sql: order},
		{name: "outer", sql: outer}, {name: "limit", sql: k.fetch()}}, nil
}

// whereOf continues conditions built so far (sql and its args, which it copies).
func whereOf(sql string, args []any) *where {
	return &where{sql: sql, args: append([]any(nil), args...)}
}
