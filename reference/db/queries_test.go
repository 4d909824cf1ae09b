package db

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestLoadQueries(t *testing.T) {
	fsys := fstest.MapFS{
		"a.sql": {Data: []byte(`-- Receivers.
-- name: receiver-by-id
-- The one receiver, by id.
SELECT {{receiver-columns}} FROM receivers r WHERE r.id = ?;

-- fragment: receiver-columns
r.id, {{receiver-more}}

-- The next section's title, not part of the fragment.
`)},
		"b.sql": {Data: []byte(`-- fragment: receiver-more
r.name
-- name: receiver-count
SELECT count(*) FROM receivers
`)},
	}
	q, err := LoadQueries(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.Get("receiver-by-id"), "-- The one receiver, by id.\nSELECT r.id, r.name FROM receivers r WHERE r.id = ?"; got != want {
		t.Errorf("receiver-by-id = %q, want %q", got, want)
	}
	if got := q.Unused(); len(got) != 1 || !strings.HasPrefix(got[0], "receiver-count") {
		t.Errorf("Unused = %v, want receiver-count", got)
	}
	if got := q.Names(); strings.Join(got, ",") != "receiver-by-id,receiver-count" {
		t.Errorf("Names = %v", got)
	}
	if got, want := q.Fragment("receiver-columns"), "r.id, r.name"; got != want {
		t.Errorf("Fragment(receiver-columns) = %q, want %q", got, want)
	}
}

func TestLoadQueriesRefusesMistakes(t *testing.T) {
	for name, src := range map[string]string{
		"sql before a header": "SELECT 1\n-- name: x\nSELECT 2",
		"empty":               "-- name: x\n-- only a comment\n",
		"twice":               "-- name: x\nSELECT 1\n-- name: x\nSELECT 2",
		"query and fragment":  "-- name: x\nSELECT 1\n-- fragment: x\ny",
		"unknown fragment":    "-- name: x\nSELECT {{nope}}",
		"fragment loop":       "-- fragment: f\n{{f}}\n-- name: x\nSELECT {{f}}",
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := LoadQueries(fstest.MapFS{"a.sql": {Data: []byte(src)}}); err == nil {
				t.Fatal("loaded, want an error")
			}
		})
	}
}

func TestGetPanicsOnAMissingName(t *testing.T) {
	q, err := LoadQueries(fstest.MapFS{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Get of a missing name did not panic")
		}
	}()
	q.Get("nope")
}

func TestRebind(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"SELECT a FROM t WHERE a = ? AND b IN (?, ?)", "SELECT a FROM t WHERE a = $1 AND b IN ($2, $3)"},
		{"SELECT '?', 'it''s ?' FROM t WHERE a = ?", "SELECT '?', 'it''s ?' FROM t WHERE a = $1"},
		{`SELECT "odd?col" FROM t WHERE a = ?`, `SELECT "odd?col" FROM t WHERE a = $1`},
		{"-- why?\nSELECT a FROM t WHERE a = ?", "-- why?\nSELECT a FROM t WHERE a = $1"},
		{"SELECT a FROM t WHERE a = ? -- trailing?", "SELECT a FROM t WHERE a = $1 -- trailing?"},
		{"UPDATE t SET h = ?1 WHERE c = ?2 AND d = ?1", "UPDATE t SET h = $1 WHERE c = $2 AND d = $1"},
	} {
		if got := Rebind(Dollar, tc.in); got != tc.want {
			t.Errorf("Rebind(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := Rebind(Question, tc.in); got != tc.in {
			t.Errorf("Rebind(Question, %q) changed it to %q", tc.in, got)
		}
	}
}

func TestFragmentIsExpanded(t *testing.T) {
	q, err := LoadQueries(fstest.MapFS{"a.sql": {Data: []byte(`-- fragment: cols
r.id, {{more}}
-- fragment: more
r.name
-- name: one
SELECT {{cols}} FROM r
`)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := q.Fragment("cols"); got != "r.id, r.name" {
		t.Errorf("Fragment(cols) = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("an unknown fragment gave text")
		}
	}()
	q.Fragment("none")
}
