// Package portal composes the portal: the core (package server) and the
// areas it serves. It is the one place that lists the areas; cmd/portal,
// the benchmarks and the whole-portal tests build the server here.
package portal

import (
	"portal/server"
	"portal/server/payouts"
	"portal/server/statements"
)

// Areas are the portal's parts. Their order is the order of the API
// reference (/docs, /api/openapi.json); the sidebar's order is the core's
// (server.NavSlot) and the router's follows the patterns, so neither
// depends on this list.
//
// Areas still inside package server are listed by their server.…Area name
// until they move to a package of their own.
var Areas = []server.AreaFunc{
	server.AuthArea,
	server.PasswordsArea,
	server.AccountsArea,
	server.FundingArea,
	server.DashboardArea,
	server.DateRangeArea,
	statements.New,
	payouts.New,
	server.SearchArea,
	server.Unbuilt,
}

// New builds the portal's server.
func New(d server.Deps) *server.Server { return server.New(d, Areas...) }
