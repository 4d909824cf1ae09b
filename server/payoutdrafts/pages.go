package payoutdrafts

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pagePayoutDraftConfirm = server.NewPage[PayoutDraftConfirmProps]("PayoutDraftConfirm")
	pagePayoutDrafts       = server.NewPage[PayoutDraftsProps]("PayoutDrafts")

	_ = server.NewIsland[DraftDecisionProps]("DraftDecision")
)
