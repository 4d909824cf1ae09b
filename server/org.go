package server

import (
	"strings"

	"github.com/gofiber/fiber/v3"
)

// accountsIndex goes to the first owned account, or the organisation root
// when there is none.
func (s *Server) accountsIndex(c fiber.Ctx) error {
	o := Req(c).Org
	if o.AccountsErr != nil {
		// Going home would hide the outage: show the account page's text.
		return s.accountPage(c)
	}
	if owned := o.OwnedAccounts(); len(owned) > 0 {
		return Redirect(c, "/org/"+o.Org.ID+"/accounts/"+owned[0].AccountNumber)
	}
	return Redirect(c, "/org/"+o.Org.ID)
}

func SearchArea(s *Server) Area {
	return Area{Name: "search", Routes: []*Route{
		{Name: "org.search", Method: "GET", Path: "/org/:org/search", Access: Dashboard, Handler: s.search},
	}}
}

// SearchProps are the props of templates/pages/Search.tsx.
type SearchProps struct {
	Shell  ShellProps    `json:"shell"`
	Query  string        `json:"query"`
	Groups []SearchGroup `json:"groups"`
	// Transactions are the Account Transactions group's hits.
	Transactions SearchTransactions `json:"transactions"`
}

// SearchGroup is one of the spec's five result kinds.
type SearchGroup struct {
	Title string `json:"title"`
	Count int    `json:"count"`
}

// search shows the global search results page (spec 001 §2). Account
// transactions are searched through the ledger (searchTransactions); the
// other four record kinds belong to areas not built yet, so their groups
// stay empty.
func (s *Server) search(c fiber.Ctx) error {
	q := strings.TrimSpace(c.Query("q"))
	o := Req(c).Org
	if q == "" {
		// Search submits only non-empty text; a bare visit goes home.
		return Redirect(c, "/org/"+o.Org.ID)
	}
	sh, err := s.Shell(c)
	if err != nil {
		return err
	}
	p := SearchProps{Shell: sh, Query: q, Transactions: s.searchTransactions(c, o, q)}
	p.Groups = append(p.Groups, SearchGroup{Title: "Account Transactions", Count: p.Transactions.Total})
	for _, g := range []string{"Payout requests", "Collection Orders", "Collection Order Payments", "Withdrawals"} {
		p.Groups = append(p.Groups, SearchGroup{Title: g})
	}
	return s.Render(c, View{Page: "Search", Title: "Search", Props: p})
}
