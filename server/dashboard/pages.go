package dashboard

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageDashboard = server.NewPage[DashboardProps]("Dashboard")

	_ = server.NewIsland[CryptoBanner]("CryptoBanner")
)
