// Package search is the global search page (spec 001 §2 "Global search"),
// which the top bar's search box opens on every organisation page. Each
// record kind is a group of the page; the Account Transactions group is the
// accounts area's (accounts.Search), and the other four belong to areas not
// built yet, so their groups stay empty.
package search

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/server"
	"portal/server/accounts"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the search page of s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	return server.Area{Name: "search", Routes: []*server.Route{
		{Name: "org.search", Method: "GET", Path: "/org/:org/search", Access: server.Dashboard, Handler: s.search},
	}}
}

// SearchProps are the props of templates/pages/search/Search.tsx.
type SearchProps struct {
	Shell  server.ShellProps `json:"shell"`
	Query  string            `json:"query"`
	Groups []SearchGroup     `json:"groups"`
	// Transactions are the Account Transactions group's hits.
	Transactions accounts.SearchTransactions `json:"transactions"`
}

// SearchGroup is one of the spec's five result kinds.
type SearchGroup struct {
	Title string `json:"title"`
	Count int    `json:"count"`
}

// search shows the results page.
func (s area) search(c fiber.Ctx) error {
	q := strings.TrimSpace(c.Query("q"))
	o := server.Req(c).Org
	if q == "" {
		// Search submits only non-empty text; a bare visit goes home.
		return server.Redirect(c, "/org/"+o.Org.ID)
	}
	sh, err := s.Shell(c)
	if err != nil {
		return err
	}
	p := SearchProps{Shell: sh, Query: q, Transactions: accounts.Search(s.Server, c, q)}
	p.Groups = append(p.Groups, SearchGroup{Title: "Account Transactions", Count: p.Transactions.Total})
	for _, g := range []string{"Payout requests", "Collection Orders", "Collection Order Payments", "Withdrawals"} {
		p.Groups = append(p.Groups, SearchGroup{Title: g})
	}
	return s.Render(c, server.View{Page: "Search", Title: "Search", Props: p})
}
