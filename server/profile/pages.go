package profile

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageProfile = server.NewPage[ProfileProps]("Profile")
)
