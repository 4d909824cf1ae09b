package receivers

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageReceiverDeleteConfirm = server.NewPage[ReceiverConfirmProps]("ReceiverDeleteConfirm")
	pageReceivers             = server.NewPage[ReceiversPageProps]("Receivers")

	_ = server.NewIsland[ReceiverDeleteProps]("ReceiverDelete")
)
