// Package withdrawals is the organisation's withdrawals (spec 001 §2 "Withdrawals",
// "Withdrawal dialog", §3, §4, §5, §7, §8): the list with its filters, cursor pages and
// details panel; the withdrawal itself as a dialog island with JavaScript and as pages
// without (form, review, then the result); and the withdrawal calls of the JSON API.
//
// A withdrawal is authorised the way docs/security.md asks (transaction authorisation): the form's values go to the
// provider, which checks them and stores a review (amount, conversion, beneficiary); the
// user confirms that review, and the provider books exactly it, once, refusing a confirm
// whose values differ from what was reviewed.
package withdrawals

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/money"
	"portal/provider"
	"portal/server"
	"portal/server/exports"
	"portal/server/listpage"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the withdrawals area of s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	read := []access.Permission{access.WithdrawalsRead}
	manage := []access.Permission{access.WithdrawalsRead, access.WithdrawalsManage}
	return server.Area{Name: "withdrawals", Off: s.Withdrawals == nil, Routes: []*server.Route{
		{Name: "org.withdrawals", Method: "GET", Path: "/org/:org/accounts/withdrawals", Access: server.Dashboard, Perms: read,
			Handler: s.list, Nav: &server.NavEntry{Slot: server.NavWithdrawals, Label: "Withdrawals"}},
		{Name: "org.withdrawals.new", Method: "GET", Path: "/org/:org/accounts/withdrawals/new", Access: server.Dashboard,
			Perms: manage, Handler: s.formPage},
		{Name: "org.withdrawals.new.submit", Method: "POST", Path: "/org/:org/accounts/withdrawals/new", Access: server.Dashboard,
			Perms: manage, Handler: s.formSubmit},
		{Name: "org.withdrawals.review", Method: "GET", Path: "/org/:org/accounts/withdrawals/reviews/:review", Access: server.Dashboard,
			Perms: manage, Handler: s.reviewPage},
		{Name: "org.withdrawals.review.confirm", Method: "POST", Path: "/org/:org/accounts/withdrawals/reviews/:review",
			Access: server.Dashboard, Perms: manage, Handler: s.confirmSubmit},
		{Name: "org.withdrawal", Method: "GET", Path: "/org/:org/accounts/withdrawals/:withdrawal", Access: server.Dashboard,
			Perms: read, Handler: s.detail},
	}, API: s.apiOperations()}
}

// Query parameters of the list: the spec's filter names (001 §7) and its paging names.
const (
	qAccount      = "account"
	qStatus       = "status"
	qReference    = "reference"
	qCursorAfter  = "cursor_after"
	qCursorBefore = "cursor_before"
)

// Words of the pages that the spec does not give.
const (
	pageTitle        = "Withdrawals"
	msgListFailed    = "Withdrawals could not be loaded. Please try again."
	msgPanelNotFound = "Something went wrong"
	shortenAbove     = 20 // spec 001 §2: longer account numbers are shortened in the details
	shortenKeep      = 8  // characters kept at each end
)

// WithdrawalFiltersView is the filter bar: a GET form of the page, values as applied (an
// unknown account or status shows All).
type WithdrawalFiltersView struct {
	Action    string           `json:"action"`
	Account   string           `json:"account"`
	Accounts  []exports.Choice `json:"accounts"`
	Status    string           `json:"status"`
	Statuses  []exports.Choice `json:"statuses"`
	Reference string           `json:"reference"`
	// Clear is the page without filters, "" when none is applied.
	Clear string `json:"clear"`
}

// WithdrawalRow is one withdrawal of the list, formatted for people.
type WithdrawalRow struct {
	Reference   string `json:"reference"`
	Href        string `json:"href"`
	Open        bool   `json:"open"`
	Date        string `json:"date"`
	Time        string `json:"time"`
	EndToEndID  string `json:"endToEndId"`
	Account     string `json:"account"`
	Beneficiary string `json:"beneficiary"`
	Amount      string `json:"amount"`
	Status      string `json:"status"`
	StatusLabel string `json:"statusLabel"`
}

// WithdrawalsPageProps are the props of templates/pages/withdrawals/Withdrawals.tsx.
type WithdrawalsPageProps struct {
	Shell server.ShellProps `json:"shell"`
	// Unavailable replaces the page's content when the organisation has no withdrawal
	// accounts (spec 001 §2).
	Unavailable string                `json:"unavailable"`
	Range       string                `json:"range"`
	Filters     WithdrawalFiltersView `json:"filters"`
	Rows        []WithdrawalRow       `json:"rows"`
	Total       int                   `json:"total"`
	PageSize    int                   `json:"pageSize"`
	Next        string                `json:"next"`
	Prev        string                `json:"prev"`
	Failure     string                `json:"failure"`
	// Withdraw is the "Withdraw funds" button (the dialog island), nil without
	// withdrawals:manage.
	Withdraw   *WithdrawalDialogProps `json:"withdraw"`
	Panel      *WithdrawalPanel       `json:"panel"`
	PanelError string                 `json:"panelError"`
	ClosePanel string                 `json:"closePanel"`
}

// WithdrawalLine is one labelled value of the details; Full is the whole value when Value
// is shortened.
type WithdrawalLine struct {
	Label string `json:"label"`
	Value string `json:"value"`
	Full  string `json:"full,omitempty"`
	// Copy marks a value people paste elsewhere (issue 27 item 10): the whole one (Full when
	// shortened) gets a copy button.
	Copy bool `json:"copy,omitempty"`
}

// WithdrawalEvent is one status transition of the details.
type WithdrawalEvent struct {
	Status string `json:"status"`
	When   string `json:"when"`
	Reason string `json:"reason"`
}

// WithdrawalPanel is the details panel of one withdrawal.
type WithdrawalPanel struct {
	Reference   string            `json:"reference"`
	Status      string            `json:"status"`
	StatusLabel string            `json:"statusLabel"`
	Rejection   string            `json:"rejection"`
	Reason      string            `json:"reason"`
	Summary     []WithdrawalLine  `json:"summary"`
	Beneficiary []WithdrawalLine  `json:"beneficiary"`
	History     []WithdrawalEvent `json:"history"`
}

// rateText is a stored rate as people read it.
func rateText(from, to, rate string) string {
	return "1 " + from + " = " + money.FormatRate(rate) + " " + to
}

// StatusLabel names a withdrawal status for people.
func StatusLabel(status string) string {
	if status == "" {
		return ""
	}
	return strings.ToUpper(status[:1]) + status[1:]
}

// shorten keeps the ends of an account number over 20 characters (spec 001 §2).
func shorten(number string) string {
	if len(number) <= shortenAbove {
		return number
	}
	return number[:shortenKeep] + "…" + number[len(number)-shortenKeep:]
}

func (s area) base(orgID string) string { return s.Path("org.withdrawals", orgID) }

// accountLabel names a virtual account as the selectors do.
func accountLabel(a provider.Account) string {
	return a.Name + " (" + a.CurrencyCode + ") · No. " + a.AccountNumber
}

// readQuery reads the filters of the query string. A value the organisation has no use for
// (an account it does not own, an unknown status) is dropped, so the page never claims a
// filter it did not apply.
func (s area) readQuery(c fiber.Ctx, o *server.OrgContext) (provider.WithdrawalFilter, WithdrawalFiltersView, url.Values) {
	r := s.DateRange(c)
	f := provider.WithdrawalFilter{CreatedAfter: r.After(), CreatedBefore: r.Before()}
	v := WithdrawalFiltersView{Action: s.base(o.Org.ID), Accounts: []exports.Choice{{Value: "", Label: "All"}},
		Statuses: []exports.Choice{{Value: "", Label: "All"}}}
	kept := url.Values{}
	for _, a := range o.OwnedAccounts() {
		v.Accounts = append(v.Accounts, exports.Choice{Value: a.AccountNumber, Label: accountLabel(a)})
		if a.AccountNumber == c.Query(qAccount) {
			v.Account = strings.Clone(a.AccountNumber)
		}
	}
	for _, st := range provider.WithdrawalStatuses() {
		v.Statuses = append(v.Statuses, exports.Choice{Value: st, Label: StatusLabel(st)})
		if st == c.Query(qStatus) {
			v.Status = st
		}
	}
	if ref := strings.TrimSpace(c.Query(qReference)); ref != "" && len(ref) <= 64 {
		v.Reference = strings.Clone(ref)
	}
	f.DebtorAccountNumber, f.Status, f.Reference = v.Account, v.Status, v.Reference
	for k, val := range map[string]string{qAccount: v.Account, qStatus: v.Status, qReference: v.Reference} {
		if val != "" {
			kept.Set(k, val)
		}
	}
	if len(kept) > 0 {
		v.Clear = s.base(o.Org.ID)
	}
	return f, v, kept
}

func (s area) list(c fiber.Ctx) error { return s.page(c, "") }

func (s area) detail(c fiber.Ctx) error { return s.page(c, strings.Clone(c.Params("withdrawal"))) }

// page renders the Withdrawals page, with the details panel of ref open when ref is not "".
func (s area) page(c fiber.Ctx, ref string) error {
	rq := server.Req(c)
	o := rq.Org
	ctx := c.Context()
	path := s.base(o.Org.ID)
	title := pageTitle + " · " + o.Org.Name
	p := WithdrawalsPageProps{Rows: []WithdrawalRow{}, PageSize: provider.DefaultWithdrawalLimit}
	creditors, err := s.Withdrawals.WithdrawalAccounts(ctx, o.Org.ID)
	if err != nil {
		return err
	}
	if len(creditors) == 0 {
		p.Unavailable = provider.MsgWithdrawalsUnavailable
		status := fiber.StatusOK
		if ref != "" {
			status = fiber.StatusNotFound // no withdrawals, so none by that reference
		}
		return s.Render(c, server.View{Status: status, Title: title, Page: pageWithdrawals.With(p)})
	}
	f, view, kept := s.readQuery(c, o)
	p.Filters, p.Range = view, s.DateRange(c).Display()
	status := fiber.StatusOK
	cur := listpage.ReadCursor(c, qCursorAfter, qCursorBefore)
	pg, err := listpage.Load(&cur, func(cursor, direction string) (provider.WithdrawalPage, error) {
		f.Cursor, f.Direction = cursor, direction
		return s.Withdrawals.Withdrawals(ctx, o.Org.ID, f)
	})
	here := cur.Here(kept)
	p.Failure = listpage.Failure(s.Server, c, err, "withdrawal list", msgListFailed)
	for _, w := range pg.Withdrawals {
		date, clock := listpage.RowTime(w.CreatedAt)
		p.Rows = append(p.Rows, WithdrawalRow{Reference: w.Reference, Open: w.Reference == ref,
			Href: server.Link(path+"/"+url.PathEscape(w.Reference), here, "#withdrawal-panel"),
			Date: date, Time: clock,
			EndToEndID: w.ExternalReference, Account: w.DebtorAccountNumber, Beneficiary: w.CreditorAccount.Label,
			Amount: listpage.AmountCode(w.Amount, w.CurrencyCode), Status: w.Status, StatusLabel: StatusLabel(w.Status)})
	}
	p.Total = pg.Total
	p.Next, p.Prev = cur.Pager(path, kept, pg.HasNext, pg.CursorNext, pg.CursorPrev)
	if o.Can(access.WithdrawalsManage) {
		p.Withdraw = s.dialogProps(c, o, creditors, "")
	}
	if ref != "" {
		p.ClosePanel = server.Link(path, here, "#withdrawal-"+ref)
		w, err := s.Withdrawals.Withdrawal(ctx, o.Org.ID, ref)
		status, p.PanelError = listpage.PanelError(s.Server, c, status, err, "withdrawal detail", msgPanelNotFound, msgPanelNotFound)
		if p.PanelError == "" {
			panel := Panel(o, w)
			p.Panel = &panel
			p.ClosePanel = server.Link(path, here, "#withdrawal-"+w.Reference)
			title = "Withdrawal " + w.Reference + " · " + title
		}
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pageWithdrawals.With(p)})
}

// Panel lays out one withdrawal's details: the Withdrawals page's panel and the global search's withdrawals/{ref}.
func Panel(o *server.OrgContext, w provider.WithdrawalRequest) WithdrawalPanel {
	// Only account numbers are shortened (the whole one a click away); names are read whole.
	line := func(label, value string, number bool) WithdrawalLine {
		l := WithdrawalLine{Label: label, Value: value, Copy: number}
		if number {
			if l.Value = shorten(value); l.Value != value {
				l.Full = value
			}
		}
		return l
	}
	account := w.DebtorAccountNumber
	for _, a := range o.Accounts {
		if a.AccountNumber == account {
			account = accountLabel(a)
		}
	}
	p := WithdrawalPanel{Reference: w.Reference, Status: w.Status, StatusLabel: StatusLabel(w.Status),
		Summary: []WithdrawalLine{
			{Label: "Reference", Value: w.Reference, Copy: true},
			{Label: "End-to-end ID", Value: w.ExternalReference, Copy: w.ExternalReference != ""},
			{Label: "Created (UTC)", Value: w.CreatedAt.UTC().Format(listpage.DateTimeLayout)},
			{Label: "From account", Value: account},
			{Label: "Amount", Value: listpage.AmountCode(w.Amount, w.CurrencyCode)},
		}}
	if w.ConvertedCurrency != w.CurrencyCode {
		p.Summary = append(p.Summary, WithdrawalLine{Label: "Converted amount", Value: listpage.AmountCode(w.ConvertedAmount, w.ConvertedCurrency)},
			WithdrawalLine{Label: "Exchange rate", Value: rateText(w.CurrencyCode, w.ConvertedCurrency, w.ExchangeRate)})
	}
	p.Beneficiary = beneficiaryLines(w.CreditorAccount, line)
	if w.Status == provider.WithdrawalRejected {
		p.Rejection, p.Reason = provider.MsgWithdrawalRejected, provider.MsgWithdrawalReasonUnknown
		if r := w.Reason(); r != nil && r.ExternalMessage != "" {
			p.Reason = r.ExternalMessage
		}
	}
	for _, t := range w.StatusTransitions {
		e := WithdrawalEvent{Status: StatusLabel(t.Status), When: t.CreatedAt.UTC().Format(listpage.DateTimeLayout) + " UTC"}
		if t.ReasonCode != nil {
			e.Reason = t.ReasonCode.ExternalMessage
		}
		p.History = append(p.History, e)
	}
	return p
}

// beneficiaryLines are the creditor account's fields that it has, in the order the review and
// the details show them.
func beneficiaryLines(cr provider.WithdrawalCreditor, line func(label, value string, number bool) WithdrawalLine) []WithdrawalLine {
	var out []WithdrawalLine
	for _, f := range []struct {
		label, value string
		number       bool
	}{
		{"Withdrawal account", cr.Label, false},
		{"Account holder", cr.PartyIdentification.Name, false},
		{"Bank", cr.BankName, false},
		{"IBAN", cr.IBAN, true},
		{"Account number", cr.AccountNumber, true},
		{"Bank clearing code", cr.BankClearingSystemID, false},
		{"Transfer type", cr.LocalInstrument, false},
		{"Currency", cr.Currency, false},
	} {
		if f.value != "" {
			out = append(out, line(f.label, f.value, f.number))
		}
	}
	return out
}
