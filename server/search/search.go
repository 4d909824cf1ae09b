// Package search is the global search page (spec 001 §2 "Global search"),
// which the top bar's search box opens on every organisation page, and its
// API call (§7 "Search"). Five groups, each shown only to a user who may read
// its kind: Account Transactions (the accounts area's accounts.Search, paged),
// Payout requests, Collection Orders, Collection Order Payments and
// Withdrawals. A search with hits moves to search/{kind}/{id} of the first
// group's first hit, which opens that record's details panel (the panel of
// the record's own area) beside the results.
package search

import (
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/daterange"
	"portal/provider"
	"portal/server"
	"portal/server/accounts"
	"portal/server/collections"
	"portal/server/listpage"
	"portal/server/payouts"
	"portal/server/withdrawals"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the search page of s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	// One route per kind of result; param is the path's parameter that names the result.
	r := func(k kind, path, param string) *server.Route {
		return &server.Route{Name: "org.search." + k.key, Method: "GET", Path: path,
			Access: server.Dashboard, Perms: []access.Permission{k.perm}, Handler: func(c fiber.Ctx) error {
				return s.page(c, k.key, strings.Clone(c.Params(param)))
			}}
	}
	return server.Area{Name: "search", Routes: []*server.Route{
		{Name: "org.search", Method: "GET", Path: "/org/:org/search", Access: server.Dashboard, Handler: s.search},
		r(kinds[0], "/org/:org/search/transactions/:ref", "ref"), r(kinds[1], "/org/:org/search/payouts/:ref", "ref"),
		r(kinds[2], "/org/:org/search/orders/:uuid", "uuid"), r(kinds[3], "/org/:org/search/payments/:uuid", "uuid"),
		r(kinds[4], "/org/:org/search/withdrawals/:ref", "ref"),
	}, API: s.apiOperations()}
}

// Texts of the page (spec 001 §2, §8).
const (
	msgNoResultTitle = "No search result"
	msgNoResult      = "We could not find any results matching the applied search criteria. Please adjust your search criteria and try again."
	msgPanelFailed   = "Something went wrong"
	msgGroupFailed   = "This group could not be searched. Please try again."
	msgBadDate       = "Start and end dates must be days as YYYY-MM-DD, the end not before the start."
)

// qList keeps the results without a panel (the panel's Close): the search does not move on.
const qList = "list"

// SearchProps are the props of templates/pages/search/Search.tsx.
type SearchProps struct {
	Shell server.ShellProps `json:"shell"`
	Query string            `json:"query"`
	// Period is the searched creation period as shown (DD-MM-YYYY – DD-MM-YYYY).
	Period string `json:"period"`
	// Error replaces the results when the dates cannot be read.
	Error string `json:"error"`
	// Groups are the groups the user may read, in the spec's order.
	Groups []SearchGroup `json:"groups"`
	// Transactions are the Account Transactions group's hits, paged.
	Transactions accounts.SearchTransactions `json:"transactions"`
	NoResult     *SearchNoResult             `json:"noResult"`
	Panel        *SearchPanel                `json:"panel"`
}

// SearchNoResult is the state of a search without hits.
type SearchNoResult struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

// SearchGroup is one of the spec's five result kinds.
type SearchGroup struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Count int    `json:"count"`
	// Hits are the group's records (Account Transactions lists its own, paged).
	Hits  []SearchHit `json:"hits"`
	Error string      `json:"error"`
}

// SearchHit is a found record; Href is its own page, Open marks the one in the panel.
type SearchHit struct {
	Reference  string `json:"reference"`
	EndToEndID string `json:"endToEndId"`
	Status     string `json:"status"`
	Amount     string `json:"amount"`
	Created    string `json:"created"`
	Href       string `json:"href"`
	Open       bool   `json:"open"`
}

// SearchPanel is the details of the record the address names: one of the kinds' panels, or
// Error when it cannot be shown.
type SearchPanel struct {
	Kind        string                         `json:"kind"`
	Close       string                         `json:"close"`
	Error       string                         `json:"error"`
	Transaction *accounts.SearchHitRow         `json:"transaction"`
	Payout      *payouts.PayoutDetailsProps    `json:"payout"`
	Order       *collections.OrderDetailsProps `json:"order"`
	Payment     *collections.PaymentView       `json:"payment"`
	Withdrawal  *withdrawals.WithdrawalPanel   `json:"withdrawal"`
}

// search is the results of the top bar's box: it moves to the first hit's address, or
// shows the results (none, or asked for with ?list).
func (s area) search(c fiber.Ctx) error { return s.page(c, "", "") }

// page renders the results for ?q, with the record of kind open when kind is not "".
func (s area) page(c fiber.Ctx, kindKey, id string) error {
	o := server.Req(c).Org
	q := strings.TrimSpace(c.Query(qText))
	if q == "" {
		q = id
	}
	path := s.Path("org.search", o.Org.ID)
	here := keep(c, q)
	p := SearchProps{Query: q, Groups: []SearchGroup{}, Transactions: accounts.SearchTransactions{Rows: []accounts.SearchHitRow{}}}
	status := fiber.StatusOK
	after, before, bad := readPeriod(c, time.Now())
	p.Period = after.Format(daterange.DisplayLayout) + " – " + before.AddDate(0, 0, -1).Format(daterange.DisplayLayout)
	sq := query{q: q, after: after, before: before}
	if bad != "" {
		// Nothing is searched for a period that cannot be read.
		p.Error, p.Period, status = msgBadDate, "", fiber.StatusUnprocessableEntity
		sq = query{}
	}
	at := path
	if kindKey != "" {
		at = path + "/" + kindKey + "/" + url.PathEscape(id)
	}
	p.Transactions = accounts.Search(s.Server, c, accounts.SearchQuery{Q: sq.q, After: sq.after, Before: sq.before, Path: at, Here: here})
	var first string
	for _, f := range s.find(c, o.Org.ID, o.Perms, sq, false) {
		if !f.searched {
			continue
		}
		g := SearchGroup{Key: f.key, Title: f.title, Count: len(f.hits), Hits: []SearchHit{}}
		if f.err != nil {
			g.Error = msgGroupFailed
		}
		if f.key == kindTransactions {
			g.Count, g.Error = p.Transactions.Total, p.Transactions.Error
			if first == "" && len(p.Transactions.Rows) > 0 {
				first = path + "/" + kindTransactions + "/" + url.PathEscape(p.Transactions.Rows[0].ID)
			}
		}
		for _, h := range f.hits {
			g.Hits = append(g.Hits, SearchHit{Reference: h.reference, EndToEndID: h.endToEndID, Status: h.label,
				Amount: listpage.AmountCode(h.amount, h.currency), Created: listpage.Moment(h.created), Href: h.href,
				Open: f.key == kindKey && h.id == id})
			if first == "" {
				first = path + "/" + f.key + "/" + url.PathEscape(h.id)
			}
		}
		p.Groups = append(p.Groups, g)
	}
	if first == "" {
		p.NoResult = &SearchNoResult{Title: msgNoResultTitle, Text: msgNoResult}
	} else if kindKey == "" && c.Query(qList) == "" && c.Query("cursor_after") == "" && c.Query("cursor_before") == "" {
		// The spec's "URL moves": the first group with a hit opens its first record.
		return server.Redirect(c, server.Link(first, here, ""))
	}
	title := "Search"
	if kindKey != "" {
		p.Panel = s.panel(c, kindKey, id, at, here, server.Link(path, server.WithQuery(here, qList, "1"), ""))
		if p.Panel.Error != "" && status == fiber.StatusOK {
			status = fiber.StatusNotFound
		}
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pageSearch.With(p)})
}

// panel is the details of record id of kind: the kind's own panel, with its tabs at at and
// Close leading to closeHref. Another organisation's record is not found, as an unknown one.
func (s area) panel(c fiber.Ctx, kindKey, id, at string, here url.Values, closeHref string) *SearchPanel {
	o := server.Req(c).Org
	ctx := c.Context()
	p := &SearchPanel{Kind: kindKey, Close: closeHref}
	var err error
	switch kindKey {
	case kindTransactions:
		var row accounts.SearchHitRow
		if row, err = accounts.SearchEntry(s.Server, c, id); err == nil {
			p.Transaction = &row
		}
	case kindPayouts:
		err = provider.Errorf(provider.ENOTFOUND, "payouts are not offered")
		if s.Payouts != nil {
			var pr provider.PayoutRequest
			if pr, err = s.Payouts.Payout(ctx, o.Org.ID, id); err == nil {
				d := payouts.Panel(s.Server, c, pr, at, here, closeHref)
				p.Payout = &d
			}
		}
	case kindOrders:
		var d collections.OrderDetailsProps
		if d, err = collections.NewLookup(s.Server).OrderPanel(c, id, at, here, closeHref); err == nil {
			p.Order = &d
		}
	case kindPayments:
		var v collections.PaymentView
		if v, err = collections.NewLookup(s.Server).PaymentPanel(c, id, closeHref); err == nil {
			p.Payment = &v
		}
	case kindWithdrawals:
		err = provider.Errorf(provider.ENOTFOUND, "withdrawals are not offered")
		if s.Withdrawals != nil {
			var w provider.WithdrawalRequest
			if w, err = s.Withdrawals.Withdrawal(ctx, o.Org.ID, id); err == nil {
				d := withdrawals.Panel(o, w)
				p.Withdrawal = &d
			}
		}
	}
	if err != nil {
		if provider.ErrorCode(err) != provider.ENOTFOUND {
			s.Logger.Error("search panel", "kind", kindKey, "request_id", server.Req(c).ID, "err", err)
		}
		p.Error = msgPanelFailed
	}
	return p
}
