package server_test

import (
	"portal/server"
	"portal/server/auth"
	"portal/server/passwords"
)

// The areas that moved to packages of their own import this package, so
// this package's own tests reach them only from here (see MovedAreas).
func init() { server.MovedAreas = []server.AreaFunc{auth.New, passwords.New} }
