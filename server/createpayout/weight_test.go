package createpayout_test

import (
	"testing"

	"portal/server/servertest"
)

// The wizard's first load (DESIGN.md: one island, gzip, with its share of the runtime,
// ≤ 10 KB): the API calls and the dialog come later, by import() (islands/lib/wizardMore).
func TestPayoutWizardWeight(t *testing.T) {
	own, share, whole := servertest.IslandWeight(t, "PayoutWizard")
	t.Logf("PayoutWizard: %d B gzip itself, %d B with the chunks the shell does not load, %d B with every chunk", own, share, whole)
	if share > 10<<10 {
		t.Errorf("PayoutWizard weighs %d B gzip with its share of the runtime; the budget is 10 KB", share)
	}
}
