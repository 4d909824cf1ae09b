// Package payouts is the payout requests area (spec 001 §2 "Payout requests", §3, §4, §7,
// §8): the Payouts page with its filters and cursor pages, the details panel with its
// sections, cancelling a payout, the sandbox test cases, and the payout calls of the JSON
// API. The CSV export and the payment document are package payoutreports'; this area links
// to them.
package payouts

import (
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/currency"
	"portal/daterange"
	"portal/money"
	"portal/provider"
	"portal/server"
	"portal/server/createpayout"
	"portal/server/listpage"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the payouts area for s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	read, manage := server.Perms(access.PayoutsRead), server.Perms(access.PayoutsRead, access.PayoutsManage)
	return server.Area{Name: "payouts", Off: s.Payouts == nil, Routes: []*server.Route{
		{Name: "org.payouts", Method: "GET", Path: "/org/:org/payouts", Access: server.Dashboard, Perms: read, Handler: s.list,
			Nav: &server.NavEntry{Slot: server.NavPayouts, LabelFor: menuLabel}},
		{Name: "org.payout", Method: "GET", Path: "/org/:org/payouts/:payout", Access: server.Dashboard, Perms: read, Handler: s.detail},
		{Name: "org.payout.cancel", Method: "GET", Path: "/org/:org/payouts/:payout/cancel", Access: server.Dashboard, Perms: manage,
			Handler: s.cancelPage},
		{Name: "org.payout.cancel.submit", Method: "POST", Path: "/org/:org/payouts/:payout/cancel", Access: server.Dashboard, Perms: manage,
			Handler: s.cancelSubmit},
		{Name: "org.payout.test_case", Method: "GET", Path: "/org/:org/payouts/:payout/test_case", Access: server.Dashboard, Perms: manage,
			Gate: s.TestCasesOn, GateName: server.TestCasesGate, Handler: s.testCasePage},
		{Name: "org.payout.test_case.submit", Method: "POST", Path: "/org/:org/payouts/:payout/test_case", Access: server.Dashboard, Perms: manage,
			Gate: s.TestCasesOn, GateName: server.TestCasesGate, Handler: s.testCaseSubmit},
	}, API: s.apiOperations()}
}

// menuLabel is the sidebar's name of the page (spec 001 §2): "Payouts" with manual payout
// approval on, "Payout requests" otherwise. The page's own title is always Payouts.
func menuLabel(o *server.OrgContext) string {
	if o.Flags.On(provider.FlagManualPayoutApproval) {
		return "Payouts"
	}
	return "Payout requests"
}

// Query parameters of the page. state and reasonCode are the spec's (the dashboard links
// with them), cursor_after and cursor_before its paging names; payout tabs are tab.
const (
	qState           = "state"
	qReason          = "reasonCode"
	qAccount         = "account"
	qCurrency        = "currency"
	qBusinessUnit    = "businessUnit"
	qLocalInstrument = "localInstrument"
	qAmountFrom      = "amountFrom"
	qAmountTo        = "amountTo"
	qSort            = "sort"
	qCursorAfter     = "cursor_after"
	qCursorBefore    = "cursor_before"
	qTab             = "tab"
)

// Words of the page that the spec does not give.
const (
	msgAmountMin   = "Enter an amount of 0 or more"
	msgAmountOrder = "Amount to must not be less than Amount from"
	pageTitle      = "Payouts"
)

// Props of the pages and islands.

// PayoutChoice is an option of a select; Selected marks the one chosen where a value can
// appear twice (the reason codes, grouped by status).
type PayoutChoice struct {
	Value    string `json:"value"`
	Label    string `json:"label"`
	Selected bool   `json:"selected,omitempty"`
}

// PayoutChoiceGroup is an optgroup.
type PayoutChoiceGroup struct {
	Label   string         `json:"label"`
	Options []PayoutChoice `json:"options"`
}

// PayoutFiltersView is the filter bar: a GET form of the page. Values are as applied (an
// unknown value shows All) or, for the amounts, as typed.
type PayoutFiltersView struct {
	Action           string              `json:"action"`
	State            string              `json:"state"`
	States           []PayoutChoice      `json:"states"`
	ReasonGroups     []PayoutChoiceGroup `json:"reasonGroups"`
	Reason           string              `json:"reason"`
	Account          string              `json:"account"`
	Accounts         []PayoutChoice      `json:"accounts"`
	Currency         string              `json:"currency"`
	Currencies       []PayoutChoice      `json:"currencies"`
	BusinessUnit     string              `json:"businessUnit"`
	BusinessUnits    []PayoutChoice      `json:"businessUnits"`
	LocalInstrument  string              `json:"localInstrument"`
	LocalInstruments []PayoutChoice      `json:"localInstruments"`
	AmountFrom       string              `json:"amountFrom"`
	AmountTo         string              `json:"amountTo"`
	Sort             string              `json:"sort"`
	Sorts            []PayoutChoice      `json:"sorts"`
	// Errors by parameter name (amountFrom, amountTo).
	Errors map[string]string `json:"errors"`
	// Clear is the page without filters, "" when none is applied.
	Clear string `json:"clear"`
}

// PayoutRow is one payout request of the list, formatted for people.
type PayoutRow struct {
	Reference       string `json:"reference"`
	Href            string `json:"href"`
	Open            bool   `json:"open"`
	Date            string `json:"date"`
	Time            string `json:"time"`
	EndToEndID      string `json:"endToEndId"`
	Account         string `json:"account"`
	BusinessUnit    string `json:"businessUnit"`
	LocalInstrument string `json:"localInstrument"`
	Amount          string `json:"amount"`
	Currency        string `json:"currency"`
	Status          string `json:"status"`
	StatusLabel     string `json:"statusLabel"`
	Reason          string `json:"reason"`
	// Note says when a pending payout executes.
	Note string `json:"note"`
}

// PayoutsPageProps are the props of templates/pages/payouts/Payouts.tsx.
type PayoutsPageProps struct {
	Shell   server.ShellProps `json:"shell"`
	Path    string            `json:"path"`
	Range   string            `json:"range"`
	Filters PayoutFiltersView `json:"filters"`
	Rows    []PayoutRow       `json:"rows"`
	Total   int               `json:"total"`
	Next    string            `json:"next"`
	Prev    string            `json:"prev"`
	// Failure replaces the table when the list cannot be read (spec 001 §8).
	Failure string `json:"failure"`
	// Create and Export are the buttons' links, "" when not offered.
	Create string `json:"create"`
	Export string `json:"export"`
	// CreateDialog is Create payout as the wizard's island (its link, and its dialog with
	// JavaScript); nil where the wizard is not served, and then Create is a plain link.
	CreateDialog *createpayout.WizardProps `json:"createDialog"`
	// Panel is the open payout's details; PanelError replaces it when it cannot be shown.
	Panel      *PayoutDetailsProps `json:"panel"`
	PanelError string              `json:"panelError"`
	ClosePanel string              `json:"closePanel"`
}

// statusLabel names a payout's status as the list shows it (spec 001 §4 "Payout list
// statuses", provider.PayoutStatuses).
func statusLabel(p provider.PayoutRequest) (code, label string) {
	return p.Status, provider.PayoutStatusLabel(p.Status)
}

// stateNote is the spec's text for a payout waiting for its execution date (001 §4).
func stateNote(p provider.PayoutRequest) string {
	if p.CurrentStateName != provider.StateWaitingFutureExecution {
		return ""
	}
	if d, err := time.Parse(daterange.APILayout, p.RequestedExecutionDate); err == nil {
		return "Payment will be executed on " + d.Format(daterange.DisplayLayout)
	}
	return ""
}

func (s area) base(orgID string) string { return s.Path("org.payouts", orgID) }

// listQuery is the page's filter as applied: the provider's filter, the values the links
// keep (kept), and the form's errors.
type listQuery struct {
	cur    listpage.Cursor // the page asked for
	filter provider.PayoutFilter
	view   PayoutFiltersView
	kept   url.Values // applied filters
	here   url.Values // applied filters and the cursor: this page
}

// readQuery reads the filters of the query string. A value the organisation has no use for
// (an unknown status, an account it does not own) is dropped, and the form shows All: the
// page never claims a filter it did not apply. Amounts that cannot be read are errors.
func (s area) readQuery(c fiber.Ctx, o *server.OrgContext, units []provider.BusinessUnit, instruments []string) listQuery {
	q := listQuery{kept: url.Values{}}
	v := &q.view
	v.Action, v.Errors = s.base(o.Org.ID), map[string]string{}
	r := s.DateRange(c)
	q.filter = provider.PayoutFilter{CreatedAfter: r.After(), CreatedBefore: r.Before(), Limit: provider.DefaultPayoutLimit}
	f := &q.filter
	keep := func(param, value string) {
		if value != "" {
			q.kept.Set(param, value)
		}
	}
	choose := func(param string, options []PayoutChoice, to *string) {
		want := strings.Clone(c.Query(param))
		for _, opt := range options {
			if opt.Value == want && want != "" {
				*to = want
				keep(param, want)
			}
		}
	}

	v.States = []PayoutChoice{{Value: "", Label: "All"}}
	for _, cat := range provider.PayoutStateCategories() {
		v.States = append(v.States, PayoutChoice{Value: cat.Code, Label: cat.Name})
	}
	choose(qState, v.States, &v.State)
	f.StateCategory = v.State

	// The reason codes as the status tree of the provider (spec 001 §7 "reason-code list
	// (status filter tree)"): one group per status. A code in several groups is chosen in
	// the group of the chosen status, else in the first.
	want := c.Query(qReason)
	found := false
	for _, g := range provider.PayoutReasonTree() {
		if len(g.ReasonCodes) == 0 {
			continue
		}
		grp := PayoutChoiceGroup{Label: g.Status.Name}
		for _, rc := range g.ReasonCodes {
			grp.Options = append(grp.Options, PayoutChoice{Value: rc.ID, Label: rc.Reason})
			found = found || rc.ID == want
		}
		v.ReasonGroups = append(v.ReasonGroups, grp)
	}
	if found {
		v.Reason, f.ReasonCode = strings.Clone(want), strings.Clone(want)
		keep(qReason, v.Reason)
		markReason(v.ReasonGroups, v.Reason, v.State)
	}

	v.Accounts = []PayoutChoice{{Value: "", Label: "All"}}
	codes := []string{}
	for _, a := range o.OwnedAccounts() {
		v.Accounts = append(v.Accounts, PayoutChoice{Value: a.AccountNumber, Label: a.Name + " (" + a.CurrencyCode + ") · No. " + a.AccountNumber})
		if !slices.Contains(codes, a.CurrencyCode) {
			codes = append(codes, a.CurrencyCode)
		}
	}
	choose(qAccount, v.Accounts, &v.Account)
	f.VirtualAccountNumber = v.Account
	slices.Sort(codes)
	v.Currencies = []PayoutChoice{{Value: "", Label: "All"}}
	for _, code := range codes {
		v.Currencies = append(v.Currencies, PayoutChoice{Value: code, Label: code})
	}
	choose(qCurrency, v.Currencies, &v.Currency)
	f.CurrencyCode = v.Currency

	v.BusinessUnits = []PayoutChoice{{Value: "", Label: "All"}}
	for _, u := range units {
		v.BusinessUnits = append(v.BusinessUnits, PayoutChoice{Value: u.UUID, Label: u.Name})
	}
	choose(qBusinessUnit, v.BusinessUnits, &v.BusinessUnit)
	f.BusinessUnit = v.BusinessUnit
	v.LocalInstruments = []PayoutChoice{{Value: "", Label: "All"}}
	for _, li := range instruments {
		v.LocalInstruments = append(v.LocalInstruments, PayoutChoice{Value: li, Label: li})
	}
	choose(qLocalInstrument, v.LocalInstruments, &v.LocalInstrument)
	f.LocalInstrument = v.LocalInstrument

	// Amounts compare whatever the currency; with a currency chosen, its decimals apply.
	dec := 18
	if v.Currency != "" {
		dec = currency.Decimals(v.Currency)
	}
	var from, to money.Amount
	v.AmountFrom, v.AmountTo = strings.Clone(c.Query(qAmountFrom)), strings.Clone(c.Query(qAmountTo))
	for _, a := range []struct {
		param, typed string
		to           *string
		amt          *money.Amount
	}{{qAmountFrom, v.AmountFrom, &f.AmountFrom, &from}, {qAmountTo, v.AmountTo, &f.AmountTo, &to}} {
		amt, msg := filterAmount(a.typed, dec)
		switch {
		case msg != "":
			v.Errors[a.param] = msg
		case a.typed != "" && strings.TrimSpace(a.typed) != "":
			*a.to, *a.amt = amt.String(), amt
			keep(a.param, strings.TrimSpace(a.typed))
		}
	}
	if f.AmountFrom != "" && f.AmountTo != "" && to.Cmp(from) < 0 {
		v.Errors[qAmountTo] = msgAmountOrder
	}

	v.Sorts = []PayoutChoice{{Value: provider.SortNewest, Label: "Newest first"}, {Value: provider.SortOldest, Label: "Oldest first"}}
	v.Sort = provider.SortNewest
	if c.Query(qSort) == provider.SortOldest {
		v.Sort, f.Sort = provider.SortOldest, provider.SortOldest
		keep(qSort, provider.SortOldest)
	}
	if len(q.kept) > 0 {
		v.Clear = s.base(o.Org.ID)
	}

	q.cur = listpage.ReadCursor(c, qCursorAfter, qCursorBefore)
	f.Cursor, f.Direction = q.cur.Value, q.cur.Direction
	q.here = q.cur.Here(q.kept)
	return q
}

// markReason selects code in the group of state, or in the first group holding it.
func markReason(groups []PayoutChoiceGroup, code, state string) {
	var names = map[string]string{}
	for _, c := range provider.PayoutStateCategories() {
		names[c.Name] = c.Code
	}
	gi := -1
	for i, g := range groups {
		if slices.ContainsFunc(g.Options, func(o PayoutChoice) bool { return o.Value == code }) && (gi < 0 || names[g.Label] == state) {
			gi = i
		}
	}
	for i := range groups[gi].Options {
		groups[gi].Options[i].Selected = groups[gi].Options[i].Value == code
	}
}

// filterAmount reads an amount bound as typed (spec 001 §5: minimum 0): digits, grouped by
// commas or not, at most dec decimals; "" is no bound.
func filterAmount(typed string, dec int) (money.Amount, string) {
	s := strings.TrimSpace(typed)
	if s == "" {
		return money.Amount{}, ""
	}
	if strings.HasPrefix(s, "-") {
		return money.Amount{}, msgAmountMin
	}
	a, err := money.ParseInput(s, dec)
	if ie, ok := err.(*money.InputError); ok && ie.Msg == money.MsgAmountPositive {
		return money.Zero(dec), ""
	}
	if ie, ok := err.(*money.InputError); ok {
		return money.Amount{}, ie.Msg
	}
	return a, ""
}

func (s area) list(c fiber.Ctx) error { return s.page(c, "") }

func (s area) detail(c fiber.Ctx) error { return s.page(c, strings.Clone(c.Params("payout"))) }

// page renders the Payouts page, with the details panel of ref open when ref is not "".
func (s area) page(c fiber.Ctx, ref string) error {
	rq := server.Req(c)
	o := rq.Org
	ctx := c.Context()
	// The filters' lists: without them the filters offer All only.
	units, err := s.Payouts.BusinessUnits(ctx, o.Org.ID)
	if err != nil {
		s.Logger.Error("business units", "request_id", rq.ID, "err", err)
	}
	instruments, err := s.Payouts.LocalInstruments(ctx, o.Org.ID)
	if err != nil {
		s.Logger.Error("local instruments", "request_id", rq.ID, "err", err)
	}
	q := s.readQuery(c, o, units, instruments)
	path := s.base(o.Org.ID)
	p := PayoutsPageProps{Path: path, Range: s.DateRange(c).Display(), Filters: q.view, Rows: []PayoutRow{}}
	status := fiber.StatusOK

	if len(q.view.Errors) > 0 {
		status = fiber.StatusUnprocessableEntity
	} else {
		pg, err := listpage.Load(&q.cur, func(cursor, direction string) (provider.PayoutPage, error) {
			q.filter.Cursor, q.filter.Direction = cursor, direction
			return s.Payouts.Payouts(ctx, o.Org.ID, q.filter)
		})
		q.here = q.cur.Here(q.kept)
		p.Failure = listpage.Failure(s.Server, c, err, "payout list", provider.MsgPayoutListFailed)
		for _, pr := range pg.Payouts {
			p.Rows = append(p.Rows, s.row(o, pr, path+"/"+url.PathEscape(pr.UniqueReference), q.here, ref))
		}
		p.Total = pg.Total
		p.Next, p.Prev = q.cur.Pager(path, q.kept, pg.HasNext, pg.CursorNext, pg.CursorPrev)
	}

	if createpayout.Offered(o) {
		p.Create = path + "/create"
		// Without the product options the button stays a link to the wizard's page.
		if d, err := createpayout.Dialog(s.Server, c); err != nil {
			s.Logger.Error("create payout dialog", "request_id", rq.ID, "err", err)
		} else {
			p.CreateDialog = d
		}
	}
	if o.Can(access.ExportsManage, access.ExportsRead, access.AccountsRead) {
		p.Export = s.exportLink(o.Org.ID, q, s.DateRange(c))
	}

	if ref != "" {
		p.ClosePanel = server.Link(path, q.here, "#payout-"+ref)
		pr, err := s.Payouts.Payout(ctx, o.Org.ID, ref)
		status, p.PanelError = listpage.PanelError(s.Server, c, status, err, "payout detail", provider.MsgPayoutNotFound, provider.MsgPayoutNotFound)
		if p.PanelError == "" {
			panel := s.panel(c, pr, q.here, c.Query(qTab))
			p.Panel = &panel
			p.ClosePanel = server.Link(path, q.here, "#payout-"+pr.UniqueReference)
		}
	}
	title := pageTitle + " · " + o.Org.Name
	if p.Panel != nil {
		title = "Payout " + p.Panel.Reference + " · " + title
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pagePayouts.With(p)})
}

func (s area) row(o *server.OrgContext, p provider.PayoutRequest, detail string, here url.Values, open string) PayoutRow {
	code, label := statusLabel(p)
	date, clock := listpage.RowTime(p.CreatedAt)
	r := PayoutRow{Reference: p.UniqueReference, Href: server.Link(detail, here, "#payout-panel"), Open: p.UniqueReference == open,
		Date: date, Time: clock,
		EndToEndID: p.EndToEndID, Account: p.DebtorAccount, BusinessUnit: p.BusinessUnitName, LocalInstrument: p.LocalInstrument,
		Amount: listpage.Amount(p.Amount, p.Currency), Currency: p.Currency, Status: code, StatusLabel: label, Note: stateNote(p)}
	if rc := p.ReasonCode(); rc != "" {
		r.Reason = provider.ReasonName(rc)
	}
	if p.Status == provider.StatusPendingApproval {
		// Not a payout request yet: no reference, no payout panel (nothing to cancel); the row
		// names the draft or batch row and opens where it is reviewed.
		r.Reference, r.Open = p.ID, false
		r.Href = s.Path("org.payout_draft", o.Org.ID, p.ID) + "#draft-panel"
		if p.BatchID != "" {
			r.Href = s.Path("org.batch", o.Org.ID, p.BatchID)
		}
	}
	return r
}

// exportLink is "Export to CSV": the exported payouts page opening its "Download payout
// requests" dialog with the page's filters (account, currency, state) and its period as
// from and to, DD-MM-YYYY, both days included.
func (s area) exportLink(orgID string, q listQuery, r daterange.Range) string {
	e := url.Values{"download_payouts": {"1"}}
	for _, k := range []string{qAccount, qCurrency, qState} {
		if v := q.kept.Get(k); v != "" {
			e.Set(k, v)
		}
	}
	e.Set("from", r.From.Format(daterange.DisplayLayout))
	e.Set("to", r.To.Format(daterange.DisplayLayout))
	return server.Link(s.Path("org.exported_payouts", orgID), e, "")
}
