package server

import "portal/access"

// Unbuilt are the spec's screens that no area serves yet: their routes are
// guarded like any other (so the sidebar and the guards already apply) and
// then answer not found. An area issue that builds one of them moves its
// entry from here into the area, with a handler; the core refuses a route
// listed twice, so the entry cannot be left behind.
func Unbuilt(s *Server) Area {
	P := func(ps ...access.Permission) []access.Permission { return ps }
	batches := "flag batches_page + batches_enabled > 0"
	return Area{Name: "unbuilt", Routes: []*Route{
		{Name: "org.batches", Method: "GET", Path: "/org/:org/batches", Access: Dashboard, Perms: P(access.PayoutBatchesRead),
			Gate: batchesGate, GateName: batches, Nav: &NavEntry{Slot: NavBatches, Label: "Batches"}},
		{Name: "org.batch", Method: "GET", Path: "/org/:org/batches/:batch", Access: Dashboard, Perms: P(access.PayoutBatchesRead),
			Gate: batchesGate, GateName: batches},
		{Name: "org.batch.payouts", Method: "GET", Path: "/org/:org/batches/:batch/batch_payouts", Access: Dashboard,
			Perms: P(access.PayoutBatchesRead), Gate: batchesGate, GateName: batches},
		{Name: "org.receivers", Method: "GET", Path: "/org/:org/receivers", Access: Dashboard, Perms: P(access.PayoutsRead),
			Gate: receiversGate, GateName: "flag receiver_management", Nav: &NavEntry{Slot: NavReceivers, Label: "Receivers"}},
		{Name: "org.collection_orders", Method: "GET", Path: "/org/:org/collections/orders", Access: Dashboard,
			Perms: P(access.CollectionOrdersRead), Nav: &NavEntry{Slot: NavCollectionOrders, Label: "Orders"}},
		{Name: "org.collection_order", Method: "GET", Path: "/org/:org/collections/orders/:order", Access: Dashboard,
			Perms: P(access.CollectionOrdersRead)},
		{Name: "org.withdrawals", Method: "GET", Path: "/org/:org/accounts/withdrawals", Access: Dashboard,
			Perms: P(access.WithdrawalsRead), Nav: &NavEntry{Slot: NavWithdrawals, Label: "Withdrawals"}},
		{Name: "org.users", Method: "GET", Path: "/org/:org/users", Access: Dashboard, Perms: P(access.UsersRead),
			Nav: &NavEntry{Slot: NavUsers, Label: "User management", Icon: "users"}},
		{Name: "org.profile", Method: "GET", Path: "/org/:org/settings/profile", Access: Dashboard,
			Nav: &NavEntry{Slot: NavProfile, Label: "My Profile"}},
	}}
}
