package collections

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageCollectionConfirm = server.NewPage[CollectionConfirmProps]("CollectionConfirm")
	pageCollectionOrders  = server.NewPage[OrdersPageProps]("CollectionOrders")

	_ = server.NewIsland[OrderDetailsProps]("CollectionOrderDetails")
	_ = server.NewIsland[RefundForm]("CollectionRefund")
)
