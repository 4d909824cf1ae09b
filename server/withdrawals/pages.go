package withdrawals

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageWithdrawalForm   = server.NewPage[WithdrawalFormPageProps]("WithdrawalForm")
	pageWithdrawalReview = server.NewPage[WithdrawalReviewPageProps]("WithdrawalReview")
	pageWithdrawals      = server.NewPage[WithdrawalsPageProps]("Withdrawals")

	_ = server.NewIsland[WithdrawalDialogProps]("WithdrawalDialog")
)
