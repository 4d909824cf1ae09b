package accounts

// The Account Transactions group of the global search page (spec 001 §2
// "Global search", 000 §7 movements/search).

import (
	"net/url"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/currency"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
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

// SearchQuery is what the global search asks of a group: the text, the creation period
// (After inclusive, Before exclusive) and the address of the results with its query (Here),
// which the group's pages link to.
type SearchQuery struct {
	Q             string
	After, Before time.Time
	Path          string
	Here          url.Values
}

// Search is the Account Transactions group of the search page for q: the
// entries of the organisation's readable accounts that match it. Without
// accounts:read the group stays empty: the search page itself needs no
// permission, so it must not show what the account pages would refuse.
func Search(srv *server.Server, c fiber.Ctx, q SearchQuery) SearchTransactions {
	return area{srv}.search(c, server.Req(c).Org, q)
}

func (s area) search(c fiber.Ctx, o *server.OrgContext, q SearchQuery) SearchTransactions {
	out := SearchTransactions{Rows: []SearchHitRow{}}
	if !o.Can(access.AccountsRead) || q.Q == "" || len([]rune(q.Q)) > provider.MaxSearchQueryLen {
		return out
	}
	if s.Ledger == nil {
		out.Error = msgAccountUnavailable
		return out
	}
	f := provider.MovementSearch{Query: q.Q, CreatedAfter: q.After, CreatedBefore: q.Before}
	cur := listpage.ReadCursor(c, qCursorAfter, qCursorBefore)
	page, err := listpage.Load(&cur, func(cursor, direction string) (provider.MovementSearchPage, error) {
		f.Cursor, f.Direction = cursor, direction
		return s.Ledger.SearchMovements(c.Context(), o.Org.ID, f)
	})
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
		href := EntryHref(s.Server, o.Org.ID, h.AccountNumber, h.ID)
		out.Rows = append(out.Rows, SearchHitRow{EntryRow: entryRow(h.Entry, href), AccountName: a.Name,
			AccountNumber: h.AccountNumber, Currency: h.Currency, Flag: currency.Country(h.Currency)})
	}
	out.Next, out.Prev = cur.Pager(q.Path, q.Here, page.HasNext, page.CursorNext, page.CursorPrev)
	return out
}

// SearchEntry is entry id of the organisation's readable accounts, as the search's
// transactions/{id} shows it; ENOTFOUND when there is none (another organisation's too).
func SearchEntry(srv *server.Server, c fiber.Ctx, id string) (SearchHitRow, error) {
	s, o := area{srv}, server.Req(c).Org
	notFound := provider.Errorf(provider.ENOTFOUND, "Transaction not found.")
	if s.Ledger == nil || id == "" || len(id) > provider.MaxSearchQueryLen {
		return SearchHitRow{}, notFound
	}
	// The entry id is one of the identifiers the search matches, so the search finds it
	// together with its account, among entries whose reference is the same number.
	f := provider.MovementSearch{Query: id, Limit: provider.MaxMovementLimit}
	for {
		page, err := s.Ledger.SearchMovements(c.Context(), o.Org.ID, f)
		if err != nil {
			return SearchHitRow{}, err
		}
		for _, h := range page.Entries {
			if h.ID == id {
				a := provider.Account{}
				for _, acct := range o.Accounts {
					if acct.AccountNumber == h.AccountNumber {
						a = acct
					}
				}
				return SearchHitRow{EntryRow: entryRow(h.Entry, ""), AccountName: a.Name, AccountNumber: h.AccountNumber,
					Currency: h.Currency, Flag: currency.Country(h.Currency)}, nil
			}
		}
		if !page.HasNext || page.CursorNext == "" {
			return SearchHitRow{}, notFound
		}
		f.Cursor, f.Direction = page.CursorNext, provider.DirectionNext
	}
}

// EntryHref is an entry's page: its account's transactions with the entry's panel open.
func EntryHref(srv *server.Server, orgID, account, id string) string {
	// The account page finds the entry wherever it is (a lookup, not the list's page), so
	// the link needs no cursor.
	return srv.Path("org.account", orgID, account) + "?" + url.Values{qEntry: {id}}.Encode() + "#entry-panel"
}
