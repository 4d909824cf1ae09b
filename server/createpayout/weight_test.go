package createpayout_test

import (
	"testing"

	"portal/server/servertest"
)

// The wizard's first load (the budget: one island, gzip, with its share of the runtime,
// ≤ 10 KB): the API calls and the dialog come later, by import() (islands/lib/wizardMore).
func TestPayoutWizardWeight(t *testing.T) { servertest.CheckIslandWeight(t, "PayoutWizard") }
