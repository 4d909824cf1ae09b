package payouts

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pagePayoutConfirm = server.NewPage[PayoutConfirmProps]("PayoutConfirm")
	pagePayouts       = server.NewPage[PayoutsPageProps]("Payouts")

	_ = server.NewIsland[PayoutDetailsProps]("PayoutDetails")
)
