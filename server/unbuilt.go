package server

import "portal/access"

// Unbuilt are the spec's screens that no area serves yet: their routes are
// guarded like any other (so the sidebar and the guards already apply) and
// then answer not found. An area issue that builds one of them moves its
// entry from here into the area, with a handler; the core refuses a route
// listed twice, so the entry cannot be left behind.
func Unbuilt(s *Server) Area {
	P := func(ps ...access.Permission) []access.Permission { return ps }
	return Area{Name: "unbuilt", Routes: []*Route{
		{Name: "org.payouts.create", Method: "GET", Path: "/org/:org/payouts/create", Access: Dashboard,
			Perms: P(access.PayoutsManage), Gate: abTestingGate, GateName: "configuration customer_ab_testing"},
	}}
}
