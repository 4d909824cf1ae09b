package statements

import (
	"testing"

	"portal/server/servertest"
)

// The islands' weights (the budget: one island, gzip, with its share of the runtime, ≤ 10 KB),
// the request form's file format select and the table's format links included.
func TestIslandWeights(t *testing.T) {
	for _, island := range []string{"StatementExport", "StatementsTable"} {
		servertest.CheckIslandWeight(t, island)
	}
}
