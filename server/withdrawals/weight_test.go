package withdrawals

import (
	"testing"

	"portal/server/servertest"
)

// The island's weight (DESIGN.md: one island, gzip, with its share of the runtime, ≤ 10 KB).
func TestWithdrawalDialogWeight(t *testing.T) {
	own, share, whole := servertest.IslandWeight(t, "WithdrawalDialog")
	t.Logf("WithdrawalDialog: %d B gzip itself, %d B with the chunks the shell does not load, %d B with every chunk", own, share, whole)
	if share > 10<<10 {
		t.Errorf("WithdrawalDialog weighs %d B gzip with its share of the runtime; the budget is 10 KB", share)
	}
}
