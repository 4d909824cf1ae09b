package createpayout

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageCreatePayout       = server.NewPage[CreatePayoutProps]("CreatePayout")
	pageCreatePayoutDelete = server.NewPage[CreatePayoutDeleteProps]("CreatePayoutDelete")

	_ = server.NewIsland[WizardProps]("PayoutWizard")
)
