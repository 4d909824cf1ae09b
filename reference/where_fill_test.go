package reference

import (
	"reflect"
	"testing"
)

// fill reads the arguments in the order the statement does: the fixed ones at their ?, a
// slot's at each of its marks, and a ? in a literal or a comment is no parameter.
func TestFillPutsArgumentsInStatementOrder(t *testing.T) {
	query := "-- a ? and /*where*/ in a comment\nSELECT '?' FROM t WHERE a = ? AND /*where*/ UNION SELECT 1 WHERE /*where*/ AND b = ?"
	w := whereFirst("c = ?", "c1")
	w.in("d", []string{"d1", "d2"})
	got, args := fill(query, []any{"a1", "b1"}, w.slot())
	want := "-- a ? and /*where*/ in a comment\nSELECT '?' FROM t WHERE a = ? AND c = ? AND d IN (?, ?) UNION SELECT 1 WHERE c = ? AND d IN (?, ?) AND b = ?"
	if got != want {
		t.Errorf("text\n%s\nwant\n%s", got, want)
	}
	if wantArgs := []any{"a1", "c1", "d1", "d2", "c1", "d1", "d2", "b1"}; !reflect.DeepEqual(args, wantArgs) {
		t.Errorf("args %v, want %v", args, wantArgs)
	}
}

func TestFillRefusesAMarkWithoutSlot(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a mark without its slot was left in the statement")
		}
	}()
	fill("SELECT 1 WHERE /*where*/", nil)
}

func TestWhereBoundRefusesAnUnknownOperator(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("bound took an operator that is not a comparison")
		}
	}()
	whereFirst("a = ?", 1).bound("b", "; DROP", 2)
}
