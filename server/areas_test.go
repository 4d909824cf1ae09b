package server_test

import (
	"portal/server"
	"portal/server/accounts"
	"portal/server/auth"
	"portal/server/dashboard"
	"portal/server/funding"
	"portal/server/passwords"
	"portal/server/rangepicker"
	"portal/server/search"
)

// The areas that moved to packages of their own import this package, so
// this package's own tests reach them only from here (see MovedAreas).
func init() {
	server.MovedAreas = []server.AreaFunc{auth.New, passwords.New, dashboard.New, funding.New, accounts.New, rangepicker.New, search.New}
}
