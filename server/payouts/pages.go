package payouts

import "portal/server"

// The pages and islands of this package, each declared once with the type of
// its props: handlers render a page only with its props (View{Page: page.With(props)}),
// and cmd/gentypes writes the TS props types from these declarations.
var (
	pagePayoutConfirm = server.NewPage[PayoutConfirmProps]("PayoutConfirm")
	pagePayouts       = server.NewPage[PayoutsPageProps]("Payouts")

	_ = server.NewIsland[PayoutDetailsProps]("PayoutDetails")
)
