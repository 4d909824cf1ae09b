package withdrawals

import "portal/server"

// The pages and islands of this package, each declared once with the type of
// its props: handlers render a page only with its props (View{Page: page.With(props)}),
// and cmd/gentypes writes the TS props types from these declarations.
var (
	pageWithdrawalForm   = server.NewPage[WithdrawalFormPageProps]("WithdrawalForm")
	pageWithdrawalReview = server.NewPage[WithdrawalReviewPageProps]("WithdrawalReview")
	pageWithdrawals      = server.NewPage[WithdrawalsPageProps]("Withdrawals")

	_ = server.NewIsland[WithdrawalDialogProps]("WithdrawalDialog")
)
