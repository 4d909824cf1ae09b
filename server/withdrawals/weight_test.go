package withdrawals

import (
	"testing"

	"portal/server/servertest"
)

// The island's weight (the budget: one island, gzip, with its share of the runtime, ≤ 10 KB).
func TestWithdrawalDialogWeight(t *testing.T) { servertest.CheckIslandWeight(t, "WithdrawalDialog") }

// The copy island every details panel of the server's pages loads (this one's among them).
func TestCopyValueWeight(t *testing.T) { servertest.CheckIslandWeight(t, "CopyValue") }
