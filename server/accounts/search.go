package accounts

// The Account Transactions group of the global search page (spec 001 §2
// "Global search", 000 §7 movements/search).

import (
	"net/url"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/currency"
	"portal/provider"
	"portal/server"
)

// SearchTransactions is the Account Transactions group of the search page.
type SearchTransactions struct {
	Rows  []SearchHitRow `json:"rows"`
	Total int            `json:"total"`
	Next  string         `json:"next"`
	Prev  string         `json:"prev"`
	// Error replaces the rows when the ledger could not be searched.
	Error string `json:"error,omitempty"`
}

// SearchHitRow is one matching entry with its account.
type SearchHitRow struct {
	EntryRow
	AccountName   string `json:"accountName"`
	AccountNumber string `json:"accountNumber"`
	Currency      string `json:"currency"`
	Flag          string `json:"flag"`
}

// Search is the Account Transactions group of the search page for q: the
// entries of the organisation's readable accounts that match it. Without
// accounts:read the group stays empty: the search page itself needs no
// permission, so it must not show what the account pages would refuse.
func Search(srv *server.Server, c fiber.Ctx, q string) SearchTransactions {
	return area{srv}.search(c, server.Req(c).Org, q)
}

func (s area) search(c fiber.Ctx, o *server.OrgContext, q string) SearchTransactions {
	out := SearchTransactions{Rows: []SearchHitRow{}}
	if !o.Can(access.AccountsRead) || len([]rune(q)) > provider.MaxSearchQueryLen {
		return out
	}
	if s.Ledger == nil {
		out.Error = msgAccountUnavailable
		return out
	}
	f := provider.MovementSearch{Query: q}
	if cur := c.Query(qCursorBefore); cur != "" {
		f.Cursor, f.Direction = cur, provider.DirectionPrev
	} else if cur := c.Query(qCursorAfter); cur != "" {
		f.Cursor, f.Direction = cur, provider.DirectionNext
	}
	page, err := s.Ledger.SearchMovements(c.Context(), o.Org.ID, f)
	if provider.ErrorCode(err) == provider.EINVALID && f.Cursor != "" {
		f.Cursor, f.Direction = "", ""
		page, err = s.Ledger.SearchMovements(c.Context(), o.Org.ID, f)
	}
	if err != nil {
		s.Logger.Error("movement search", "request_id", server.Req(c).ID, "err", err)
		out.Error = msgAccountUnavailable
		return out
	}
	names := map[string]provider.Account{}
	for _, a := range o.Accounts {
		names[a.AccountNumber] = a
	}
	out.Total = page.Total
	for _, h := range page.Entries {
		a := names[h.AccountNumber]
		// The account page finds the entry wherever it is (a lookup, not the
		// list's page), so the link needs no cursor.
		href := "/org/" + o.Org.ID + "/accounts/" + h.AccountNumber + "?" + url.Values{qEntry: {h.ID}}.Encode() + "#entry-panel"
		out.Rows = append(out.Rows, SearchHitRow{EntryRow: entryRow(h.Entry, href), AccountName: a.Name,
			AccountNumber: h.AccountNumber, Currency: h.Currency, Flag: currency.Country(h.Currency)})
	}
	link := func(k, cur string) string {
		return "/org/" + o.Org.ID + "/search?" + url.Values{"q": {q}, k: {cur}}.Encode()
	}
	if page.HasNext && page.CursorNext != "" {
		out.Next = link(qCursorAfter, page.CursorNext)
	}
	if page.CursorPrev != "" {
		out.Prev = link(qCursorBefore, page.CursorPrev)
	}
	return out
}
