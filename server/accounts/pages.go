package accounts

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageAccountTransactions = server.NewPage[AccountPageProps]("AccountTransactions")
	pageAccountTransfer     = server.NewPage[TransferPageProps]("AccountTransfer")

	_ = server.NewIsland[CopyTextProps]("CopyText")
	_ = server.NewIsland[TransferButtonProps]("TransferDialog")
)
