// Package accounts is the account side of an organisation (spec 000 §2
// "Account transactions", "Transfer dialog", §5 "Transfer", §7 "Virtual bank"
// and "FX"): an account's transactions page with its details and funding
// section, the transfer between the organisation's own accounts (a page
// without JavaScript, a dialog with it: transfer.go), the Account
// Transactions group of the search page (search.go) and the virtual bank and
// FX API (api.go, api_ops.go).
package accounts

import (
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
	"portal/server/statements"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the account pages and the virtual bank and FX API of s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	return server.Area{Name: "accounts", Routes: []*server.Route{
		{Name: "org.accounts", Method: "GET", Path: "/org/:org/accounts", Access: server.Dashboard, Perms: server.Perms(access.AccountsRead), Handler: s.accountsIndex},
		{Name: "org.account", Method: "GET", Path: "/org/:org/accounts/:account", Access: server.Dashboard, Perms: server.Perms(access.AccountsRead),
			Handler: s.accountPage, Nav: &server.NavEntry{Slot: server.NavAccountLinks, PerAccount: true}},
		{Name: "org.account.transfer", Method: "GET", Path: "/org/:org/accounts/:account/transfer", Access: server.Dashboard,
			Perms: server.Perms(access.AccountsRead, access.AccountsManage), Handler: s.transferPage},
		{Name: "org.account.transfer.submit", Method: "POST", Path: "/org/:org/accounts/:account/transfer", Access: server.Dashboard,
			Perms: server.Perms(access.AccountsRead, access.AccountsManage), Handler: s.transferSubmit,
			FormLabels: map[string]string{fFrom: "From account", fTo: "To account", fAmount: "Amount", fEndToEnd: "End-to-end id"}},
	}, API: s.apiOperations()}
}

// accountsIndex goes to the first owned account, or the organisation root
// when there is none.
func (s area) accountsIndex(c fiber.Ctx) error {
	o := server.Req(c).Org
	if o.AccountsErr != nil {
		// Going home would hide the outage: show the account page's text.
		return s.accountPage(c)
	}
	if owned := o.OwnedAccounts(); len(owned) > 0 {
		return server.Redirect(c, s.Path("org.account", o.Org.ID, owned[0].AccountNumber))
	}
	return server.Redirect(c, server.OrgHome(o.Org.ID))
}

// Texts of the spec's error catalogue (000 §8) for the accounts screens.
const (
	msgAccountError       = "An error occurred while accessing this account."
	msgAccountUnavailable = "We are unable to access account information."
	msgAccountsNoData     = "No data found"
	msgAccountsNoDataText = "There are not yet accounts available."
	msgTransferOK         = "Transfer successful"
	msgTransferFailed     = "Transfer failed"
	msgFXNotSupported     = "FX Rate not supported."
	msgFXUnavailable      = "Exchange rate is not available for this transaction."
	msgFXFailed           = "Unable to show FX information"
)

// Query parameters of the account page. cursor_after and cursor_before are
// the spec's names (000 §7); entry opens the side panel of one row.
const (
	qEntryType    = "entry_type"
	qCursorAfter  = "cursor_after"
	qCursorBefore = "cursor_before"
	qEntry        = "entry"
)

// AccountPageProps are the props of templates/pages/accounts/AccountTransactions.tsx.
type AccountPageProps struct {
	Shell server.ShellProps `json:"shell"`
	// Error replaces the page body: title (and text) of the spec's catalogue.
	Error *PageError `json:"error,omitempty"`
	// Account is nil when Error is set.
	Account *AccountView `json:"account,omitempty"`
}

// PageError is an error state of a page.
type PageError struct {
	Title string `json:"title"`
	Text  string `json:"text,omitempty"`
}

// AccountView is everything the account page shows once the account is known.
type AccountView struct {
	OrgID        string `json:"orgId"`
	Number       string `json:"number"`
	Name         string `json:"name"`
	Currency     string `json:"currency"`
	CurrencyName string `json:"currencyName"`
	Flag         string `json:"flag"`
	Shared       bool   `json:"shared"`
	Balance      string `json:"balance"`
	Path         string `json:"path"`
	// SharedNote replaces everything below the account's name, number,
	// currency and balance on a shared account (the spec's sentence).
	SharedNote string `json:"sharedNote,omitempty"`

	Range  string     `json:"range"`
	Filter FilterView `json:"filter"`
	Rows   []EntryRow `json:"rows"`
	Total  int        `json:"total"`
	Next   string     `json:"next"`
	Prev   string     `json:"prev"`
	Panel  *EntryRow  `json:"panel"`
	// PanelMissing: ?entry names no row of this page (a stale link).
	PanelMissing bool           `json:"panelMissing"`
	Closing      string         `json:"closePanel"`
	Failure      string         `json:"failure"` // the movements could not be read
	Summary      *SummaryView   `json:"summary"`
	Funding      *FundingView   `json:"funding"`
	Buttons      AccountButtons `json:"buttons"`
}

type FilterView struct {
	Value   string   `json:"value"`
	Options []Option `json:"options"`
}

// Option is one choice of a select.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// EntryRow is one transaction, formatted for people.
type EntryRow struct {
	ID        string `json:"id"`
	Date      string `json:"date"`
	Time      string `json:"time"`
	Reference string `json:"reference"`
	OrderID   string `json:"orderId"`
	Type      string `json:"type"`
	Amount    string `json:"amount"`
	Balance   string `json:"balance"`
	Incoming  bool   `json:"incoming"`
	Href      string `json:"href"`
}

type SummaryView struct {
	Opening string `json:"opening"`
	Closing string `json:"closing"`
	Current string `json:"current"`
	Error   string `json:"error,omitempty"`
}

// FundingView is the account funding section: bank fields, or a crypto
// network and wallet, or Unavailable's text.
type FundingView struct {
	Unavailable string         `json:"unavailable,omitempty"`
	Fields      []Option       `json:"fields"`
	Wallet      *CopyTextProps `json:"wallet,omitempty"`
}

// CopyTextProps are the props of islands/CopyText.tsx.
type CopyTextProps struct {
	Label string `json:"label"`
	Value string `json:"value"`
	Short string `json:"short"`
}

type AccountButtons struct {
	// Transfer is nil without accounts:manage.
	Transfer *TransferButtonProps `json:"transfer"`
	// Export is the Export to CSV dialog, nil without exports:manage.
	Export *statements.StatementExportProps `json:"export"`
}

// displayDate and displayTime are the spec's DD-MM-YYYY (000 §9) and the
// time of day, both in UTC.
func displayDate(t time.Time) string { return t.UTC().Format("02-01-2006") }
func displayTime(t time.Time) string { return t.UTC().Format("15:04:05") + " UTC" }

// displayAmount groups an exact amount string for people. Amounts carry
// their currency's decimals: 2 for fiat (within the spec's 2 to 4), the
// asset's own for crypto.
func displayAmount(s, code string) string {
	if a, err := money.ParseCurrency(s, code); err == nil {
		s = a.String()
	}
	return money.Group(s)
}

// entryTypeLabel is how the page shows an entry type.
var entryTypeLabel = provider.EntryTypeLabel

// shortWallet is the spec's shortened wallet address: first 9 and last 5.
func shortWallet(s string) string {
	if len(s) <= 9+5+1 {
		return s
	}
	return s[:9] + "…" + s[len(s)-5:]
}

func (s area) findAccount(o *server.OrgContext, number string) (provider.Account, bool) {
	for _, a := range o.Accounts {
		if a.AccountNumber == number {
			return a, true
		}
	}
	return provider.Account{}, false
}

func (s area) accountPage(c fiber.Ctx) error {
	o := server.Req(c).Org
	number := strings.Clone(c.Params("account"))
	title := "Account Transactions · " + o.Org.Name
	fail := func(status int, e PageError) error {
		return s.Render(c, server.View{Status: status, Title: title,
			Page: pageAccountTransactions.With(AccountPageProps{Error: &e})})
	}
	if o.AccountsErr != nil {
		// enterOrg has logged the cause; the page only says it is down.
		return fail(fiber.StatusServiceUnavailable, PageError{Title: server.MsgAccountsDown})
	}
	if len(o.Accounts) == 0 {
		return fail(fiber.StatusOK, PageError{Title: msgAccountsNoData, Text: msgAccountsNoDataText})
	}
	acct, ok := s.findAccount(o, number)
	if !ok {
		// Unknown, another organisation's, or not shared: one answer for all.
		return fail(fiber.StatusNotFound, PageError{Title: msgAccountError})
	}
	if s.Ledger == nil {
		return fail(fiber.StatusServiceUnavailable, PageError{Title: msgAccountUnavailable})
	}
	ctx := c.Context()
	path := s.Path("org.account", o.Org.ID, acct.AccountNumber)
	v := &AccountView{OrgID: o.Org.ID, Number: acct.AccountNumber, Name: acct.Name, Currency: acct.CurrencyCode,
		CurrencyName: acct.CurrencyName, Flag: currency.Country(acct.CurrencyCode), Shared: !acct.Owner,
		Balance: displayAmount(acct.Balance, acct.CurrencyCode), Path: path, Rows: []EntryRow{}}
	if !acct.Owner {
		// What the dashboard promises: the owner's information stays the
		// owner's (docs/areas/accounts.md "Shared accounts").
		v.SharedNote = server.MsgSharedAccount
		return s.Render(c, server.View{Title: title, Page: pageAccountTransactions.With(AccountPageProps{Account: v})})
	}

	dr := s.DateRange(c)
	v.Range = dr.Display()
	f := provider.MovementFilter{CreatedAfter: dr.After(), CreatedBefore: dr.Before(), Limit: provider.DefaultMovementLimit}
	// An unknown type (a hand-edited address) shows everything, and the
	// filter says so: the page never claims a filter it did not apply.
	if t := c.Query(qEntryType); provider.ValidEntryType(t) {
		f.EntryType = t
	}
	v.Filter = FilterView{Value: f.EntryType, Options: []Option{{Value: "", Label: "All"}}}
	for _, t := range provider.EntryTypes() {
		v.Filter.Options = append(v.Filter.Options, Option{Value: t, Label: entryTypeLabel(t)})
	}
	cur := listpage.ReadCursor(c, qCursorAfter, qCursorBefore)
	page, err := listpage.Load(&cur, func(cursor, direction string) (provider.MovementPage, error) {
		f.Cursor, f.Direction = cursor, direction
		return s.Ledger.Movements(ctx, o.Org.ID, acct.AccountNumber, f)
	})
	switch provider.ErrorCode(err) {
	case "":
	case provider.ENOTFOUND:
		return fail(fiber.StatusNotFound, PageError{Title: msgAccountError})
	default:
		s.Logger.Error("account movements", "request_id", server.Req(c).ID, "err", err)
		v.Failure = msgAccountUnavailable
	}

	// Links keep the filter; a panel link keeps the cursor too, so closing
	// the panel returns to the same page.
	kept := url.Values{}
	if f.EntryType != "" {
		kept.Set(qEntryType, f.EntryType)
	}
	here := cur.Here(kept)
	v.Next, v.Prev = cur.Pager(path, kept, page.HasNext, page.CursorNext, page.CursorPrev)
	v.Total = page.Total
	open := c.Query(qEntry)
	for _, e := range page.Entries {
		row := entryRow(e, server.Link(path, server.WithQuery(here, qEntry, e.ID), "#entry-panel"))
		v.Rows = append(v.Rows, row)
		if open != "" && e.ID == open {
			p := row
			v.Panel = &p
			v.Closing = server.Link(path, here, "#entry-"+e.ID)
		}
	}

	if open != "" && v.Panel == nil && v.Failure == "" {
		// A link from search (or a bookmark) names an entry that may sit on
		// another page or outside the date range: show it from a lookup.
		v.Closing = server.Link(path, here, "")
		e, err := s.Ledger.Movement(ctx, o.Org.ID, acct.AccountNumber, open)
		switch provider.ErrorCode(err) {
		case "":
			p := entryRow(e, server.Link(path, server.WithQuery(here, qEntry, e.ID), "#entry-panel"))
			v.Panel = &p
		case provider.ENOTFOUND:
			v.PanelMissing = true
		default:
			s.Logger.Error("account movement", "request_id", server.Req(c).ID, "err", err)
			v.PanelMissing = true
		}
	}

	sum, err := s.Ledger.AccountSummary(ctx, o.Org.ID, acct.AccountNumber, dr.After(), dr.Before())
	if err != nil {
		s.Logger.Error("account summary", "request_id", server.Req(c).ID, "err", err)
		v.Summary = &SummaryView{Error: msgAccountUnavailable}
	} else {
		v.Summary = &SummaryView{Opening: displayAmount(sum.OpeningBalance, acct.CurrencyCode),
			Closing: displayAmount(sum.ClosingBalance, acct.CurrencyCode), Current: displayAmount(sum.CurrentBalance, acct.CurrencyCode)}
	}
	v.Funding = s.fundingView(c, o.Org.ID, acct.AccountNumber)

	if o.Can(access.AccountsManage) {
		v.Buttons.Transfer = s.transferButton(c, o, acct.AccountNumber)
	}
	v.Buttons.Export = statements.Dialog(s.Server, c, acct.AccountNumber, "Export to CSV")
	return s.Render(c, server.View{Title: title, Page: pageAccountTransactions.With(AccountPageProps{Account: v})})
}

// sharedRefused answers a form or page that would act on an account shared
// with the organisation: 403 with the spec's sentence.
func (s area) sharedRefused(c fiber.Ctx) error {
	return s.Render(c, server.View{Status: fiber.StatusForbidden, Title: "Account Transactions · " + server.Req(c).Org.Org.Name,
		Page: pageAccountTransactions.With(AccountPageProps{Error: &PageError{Title: server.MsgSharedAccount}})})
}

// entryRow formats one entry for people; href opens its side panel.
func entryRow(e provider.Entry, href string) EntryRow {
	return EntryRow{ID: e.ID, Date: displayDate(e.Date), Time: displayTime(e.Date), Reference: e.Reference,
		OrderID: e.OrderID, Type: entryTypeLabel(e.EntryType), Amount: displayAmount(e.Amount, e.Currency),
		Balance: displayAmount(e.RunningBalance, e.Currency), Incoming: !strings.HasPrefix(e.Amount, "-"), Href: href}
}

// fundingView is the account funding section. Any failure shows the spec's
// "not available" text: funding details must not take the page down.
func (s area) fundingView(c fiber.Ctx, orgID, number string) *FundingView {
	unavailable := &FundingView{Unavailable: provider.MsgFundingUnavailable, Fields: []Option{}}
	if s.Funding == nil {
		return unavailable
	}
	fi, err := s.Funding.FundingInstruction(c.Context(), orgID, number)
	if err != nil {
		if provider.ErrorCode(err) != provider.ENOTFOUND {
			s.Logger.Error("funding instruction", "request_id", server.Req(c).ID, "err", err)
		}
		return unavailable
	}
	b := fi.Beneficiary
	v := &FundingView{Fields: []Option{}}
	add := func(label, value string) {
		if value != "" {
			v.Fields = append(v.Fields, Option{Label: label, Value: value})
		}
	}
	if b.Crypto() {
		add("Crypto network", b.CryptoNetwork)
		v.Wallet = &CopyTextProps{Label: "Wallet address", Value: b.WalletAddress, Short: shortWallet(b.WalletAddress)}
	} else {
		add("Beneficiary", b.FullName)
		add("IBAN", b.IBAN)
		add("Account number", b.AccountNumber)
		add("Sort code", b.SortCode)
		add("SWIFT / BIC", b.SwiftCode)
		add("Bank", b.BankName)
		add("Bank address", b.BankAddress)
	}
	add("Funding reference", fi.FundingReference)
	if len(v.Fields) == 0 && v.Wallet == nil {
		return unavailable
	}
	return v
}
