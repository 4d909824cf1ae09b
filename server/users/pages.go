package users

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageUsers = server.NewPage[UsersPageProps]("Users")
)
