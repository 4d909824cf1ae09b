package search

import "portal/server"

// This package's pages and islands with their props types (see server.Page).
var (
	pageSearch = server.NewPage[SearchProps]("Search")
)
