// Package portal composes the portal: the core (package server) and the
// areas it serves. It is the one place that lists the areas; cmd/portal,
// the benchmarks and the whole-portal tests build the server here.
package portal

import (
	"portal/server"
	"portal/server/accessibility"
	"portal/server/accounts"
	"portal/server/audit"
	"portal/server/auth"
	"portal/server/batches"
	"portal/server/collections"
	"portal/server/createpayout"
	"portal/server/dashboard"
	"portal/server/funding"
	"portal/server/passwords"
	"portal/server/payoutdrafts"
	"portal/server/payoutreports"
	"portal/server/payouts"
	"portal/server/profile"
	"portal/server/rangepicker"
	"portal/server/receivers"
	"portal/server/search"
	"portal/server/statements"
	"portal/server/users"
	"portal/server/withdrawals"
)

// Areas are the portal's parts, in sidebar order: the pages before one is
// logged in first, then each area by its first sidebar item, then the top
// bar's parts, and last what no area builds yet. The sidebar itself is
// ordered by the core (server.NavSlot) and the router by the patterns, so
// neither depends on this list; the API reference (/docs,
// /api/openapi.json) lists its sections in this order.
var Areas = []server.AreaFunc{
	auth.New,
	passwords.New,
	dashboard.New,     // Dashboard
	funding.New,       // Crypto funding, Accounts › Account funding
	payouts.New,       // Payouts › Payout requests
	createpayout.New,  // Payouts › Create payout (no sidebar item)
	payoutdrafts.New,  // Payouts › Payout drafts
	batches.New,       // Payouts › Batches
	receivers.New,     // Payouts › Receivers
	collections.New,   // Collections › Orders
	withdrawals.New,   // Accounts › Withdrawals
	accounts.New,      // Accounts › one link per account
	payoutreports.New, // Exports › Payouts
	statements.New,    // Exports › Statements
	users.New,         // User management
	profile.New,       // Settings › My Profile
	audit.New,         // Settings › Audit log
	rangepicker.New,   // top bar: the date range picker
	search.New,        // top bar: the search box's results
	accessibility.New, // the footer: the accessibility statement
}

// New builds the portal's server.
func New(d server.Deps) *server.Server { return server.New(d, Areas...) }
