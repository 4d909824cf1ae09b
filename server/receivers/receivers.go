// Package receivers is the saved receivers area (spec 001 §2 "Receivers", §3 "Saved
// receiver", §7 "Receivers", §8 "Receiver delete"): the Receivers page with its cursor pages
// and details panel, deleting a receiver (a dialog with JavaScript, a confirmation page
// without), and the two receiver APIs (recent receivers by product and schema, and the
// creditors under /customer/organisations/{id}/creditors). Saving a receiver is the manual
// payout wizard's ("Save receiver"), through provider.Receivers.SaveReceiver, and the APIs'.
package receivers

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/daterange"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// gate is the receiver management feature flag (spec 001 §2 route requirements).
func gate(o *server.OrgContext) bool { return o.Flags.On(provider.FlagReceiverManagement) }

const gateName = "flag receiver_management"

// New is the receivers area for s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	read, manage := server.Perms(access.PayoutsRead), server.Perms(access.PayoutsRead, access.ReceiversManage)
	return server.Area{Name: "receivers", Off: s.Receivers == nil, Routes: []*server.Route{
		{Name: "org.receivers", Method: "GET", Path: "/org/:org/receivers", Access: server.Dashboard, Perms: read,
			Gate: gate, GateName: gateName, Handler: s.list, Nav: &server.NavEntry{Slot: server.NavReceivers, Label: "Receivers"}},
		{Name: "org.receiver.delete", Method: "GET", Path: "/org/:org/receivers/:receiver/delete", Access: server.Dashboard, Perms: manage,
			Gate: gate, GateName: gateName, Handler: s.deletePage},
		{Name: "org.receiver.delete.submit", Method: "POST", Path: "/org/:org/receivers/:receiver/delete", Access: server.Dashboard,
			Perms: manage, Gate: gate, GateName: gateName, Handler: s.deleteSubmit},
	}, API: s.apiOperations()}
}

// Query parameters of the page: the open receiver, the sort and the cursors (the API's
// names).
const (
	qReceiver   = "receiver"
	qSort       = "sort"
	qCursorNext = "cursor_next"
	qCursorPrev = "cursor_prev"
)

// pageSize: Nordic's demo receivers take three pages.
const pageSize = 25

// Words of the page the spec leaves to us.
const (
	pageTitle      = "Receivers"
	msgListFailed  = "Error while fetching the receivers"
	msgPanelFailed = "Something went wrong"
)

// Props of the page.

// ReceiverChoice is an option of a select.
type ReceiverChoice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// ReceiverRow is one receiver of the table, formatted for people.
type ReceiverRow struct {
	ID   string `json:"id"`
	Href string `json:"href"`
	Open bool   `json:"open"`
	Name string `json:"name"`
	Type string `json:"type"`
	// AccountLabel names the account column's value (IBAN, Account number, Account,
	// Wallet address); Account is "" when the receiver has none.
	AccountLabel string `json:"accountLabel"`
	Account      string `json:"account"`
	Currency     string `json:"currency"`
	Created      string `json:"created"`
	CreatedBy    string `json:"createdBy"`
}

// ReceiverField is one line of the details panel; an empty Value shows "Not given".
// Copy marks an account number or wallet address (issue 27 item 10): it gets a copy button.
type ReceiverField struct {
	Label string `json:"label"`
	Value string `json:"value"`
	Copy  bool   `json:"copy,omitempty"`
}

// copied are the creditor details worth a copy button: where the money goes, never names.
var copied = map[string]bool{"iban": true, "account_number": true, "account": true, "crypto_wallet_address": true}

// ReceiverDetailGroup is a part of creditor_details: Receiver Bank, Intermediary Agent or
// Intermediary Agent Account.
type ReceiverDetailGroup struct {
	Label  string          `json:"label"`
	Fields []ReceiverField `json:"fields"`
}

// ReceiverDeleteProps are the ReceiverDelete island's: "Delete receiver" leads to the
// confirmation page (Href); with JavaScript it opens the dialog, whose form posts to
// Action.
type ReceiverDeleteProps struct {
	Href     string `json:"href"`
	Action   string `json:"action"`
	CSRF     string `json:"csrf"`
	ReturnTo string `json:"returnTo"`
	Name     string `json:"name"`
	Title    string `json:"title"`
	Text     string `json:"text"`
	Submit   string `json:"submit"`
	Back     string `json:"back"`
}

// ReceiverDetails is the details panel of one receiver: the spec's fields in its order,
// then creditor_details by part.
type ReceiverDetails struct {
	ID      string                `json:"id"`
	Name    string                `json:"name"`
	Type    string                `json:"type"`
	Fields  []ReceiverField       `json:"fields"`
	Details []ReceiverDetailGroup `json:"details"`
	Close   string                `json:"close"`
	Delete  *ReceiverDeleteProps  `json:"delete"`
}

// ReceiversPageProps are the props of templates/pages/receivers/Receivers.tsx.
type ReceiversPageProps struct {
	Shell   server.ShellProps `json:"shell"`
	Path    string            `json:"path"`
	Sort    string            `json:"sort"`
	Sorts   []ReceiverChoice  `json:"sorts"`
	Rows    []ReceiverRow     `json:"rows"`
	Total   int               `json:"total"`
	PerPage int               `json:"perPage"`
	Next    string            `json:"next"`
	Prev    string            `json:"prev"`
	// Failure replaces the table when the list cannot be read.
	Failure string `json:"failure"`
	// Panel is the open receiver; PanelError replaces it when it cannot be shown.
	Panel      *ReceiverDetails `json:"panel"`
	PanelError string           `json:"panelError"`
	ClosePanel string           `json:"closePanel"`
}

func (s area) base(orgID string) string { return s.Path("org.receivers", orgID) }

// listQuery is the page's list as asked: the provider's filter and the query of this page
// without the open receiver (here), which every link of the page keeps.
type listQuery struct {
	cur    listpage.Cursor // the page asked for
	filter provider.ReceiverFilter
	sort   string
	kept   url.Values // the sort, when not the default
	here   url.Values // the sort and the cursor
}

func readQuery(c fiber.Ctx) listQuery {
	q := listQuery{kept: url.Values{}, sort: provider.ReceiverSortNewest}
	q.filter.Limit = pageSize
	if c.Query(qSort) == provider.ReceiverSortOldest {
		q.sort, q.filter.Sort = provider.ReceiverSortOldest, provider.ReceiverSortOldest
		q.kept.Set(qSort, q.sort)
	}
	q.cur = listpage.ReadCursor(c, qCursorNext, qCursorPrev)
	q.filter.Cursor, q.filter.Direction = q.cur.Value, q.cur.Direction
	q.here = q.cur.Here(q.kept)
	return q
}

// creditorTypes label the creditor types.
var creditorTypes = map[string]string{provider.CreditorPrivate: "Private", provider.CreditorOrganization: "Organization"}

// detailLabels name the creditor_details fields; a field not listed is shown by its key.
var detailLabels = map[string]string{
	"iban": "IBAN", "account_number": "Account number", "account": "Account", "crypto_wallet_address": "Wallet address",
	"bank_bic": "BIC", "bank_name": "Bank name", "country_code": "Country", "bank_clearing_system_id": "Bank clearing system ID",
	"bank_clearing_system_code": "Bank clearing system code", "bank_branch_id": "Bank branch ID", "type": "Type", "network": "Network",
}

// detailGroups are creditor_details' parts in the panel's order (the payout details' tab
// names).
var detailGroups = []struct{ prefix, label string }{
	{provider.SectionReceiverBankKey + ".", "Receiver Bank"}, {"intermediary_agent.", "Intermediary Agent"},
	{"intermediary_agent_account.", "Intermediary Agent Account"},
}

func detailLabel(field string) string {
	if l, ok := detailLabels[field]; ok {
		return l
	}
	l := strings.ReplaceAll(field, "_", " ")
	return strings.ToUpper(l[:1]) + l[1:]
}

// accountOf is the account column of r: its label, value and currency.
func accountOf(r provider.Receiver) (label, value string) {
	kind, value := r.Account()
	if kind == "" {
		return "", ""
	}
	return detailLabel(kind), value
}

func (s area) list(c fiber.Ctx) error {
	rq := server.Req(c)
	o := rq.Org
	ctx := c.Context()
	q := readQuery(c)
	path := s.base(o.Org.ID)
	p := ReceiversPageProps{Path: path, Sort: q.sort, Rows: []ReceiverRow{}, PerPage: pageSize,
		Sorts: []ReceiverChoice{{Value: provider.ReceiverSortNewest, Label: "Newest first"}, {Value: provider.ReceiverSortOldest, Label: "Oldest first"}}}
	status := fiber.StatusOK
	open := strings.Clone(c.Query(qReceiver))

	pg, err := listpage.Load(&q.cur, func(cursor, direction string) (provider.ReceiverPage, error) {
		q.filter.Cursor, q.filter.Direction = cursor, direction
		return s.Receivers.Receivers(ctx, o.Org.ID, q.filter)
	})
	q.here = q.cur.Here(q.kept)
	if err != nil {
		s.Logger.Error("receiver list", "request_id", rq.ID, "err", err)
		p.Failure, status = msgListFailed, fiber.StatusServiceUnavailable
	}
	for _, r := range pg.Receivers {
		label, account := accountOf(r)
		p.Rows = append(p.Rows, ReceiverRow{ID: r.ID, Href: server.Link(path, server.WithQuery(q.here, qReceiver, r.ID), "#receiver-panel"), Open: r.ID == open,
			Name: r.FullName, Type: creditorTypes[r.CreditorType], AccountLabel: label, Account: account, Currency: r.Currency,
			Created: r.CreatedAt.UTC().Format(daterange.DisplayLayout), CreatedBy: r.CreatedBy})
	}
	p.Total = pg.Total
	p.Next, p.Prev = q.cur.Pager(path, q.kept, pg.HasNext, pg.CursorNext, pg.CursorPrev)

	if open != "" {
		p.ClosePanel = server.Link(path, q.here, "#receiver-"+open)
		r, err := s.Receivers.Receiver(ctx, o.Org.ID, open)
		status, p.PanelError = listpage.PanelError(s.Server, c, status, err, "receiver detail", provider.MsgReceiverNotFound, msgPanelFailed)
		if p.PanelError == "" {
			panel := s.panel(c, r, q.here)
			p.Panel = &panel
		}
	}
	title := pageTitle + " · " + o.Org.Name
	if p.Panel != nil {
		title = p.Panel.Name + " · " + title
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pageReceivers.With(p)})
}

// panel is the details of r for the page at here.
func (s area) panel(c fiber.Ctx, r provider.Receiver, here url.Values) ReceiverDetails {
	rq := server.Req(c)
	o := rq.Org
	path := s.base(o.Org.ID)
	d := ReceiverDetails{ID: r.ID, Name: r.FullName, Type: creditorTypes[r.CreditorType], Details: []ReceiverDetailGroup{},
		Close: server.Link(path, here, "#receiver-"+r.ID),
		Fields: []ReceiverField{{Label: "Full name", Value: r.FullName}, {Label: "Date of birth", Value: daterange.DisplayDay(r.Birthdate)}, {Label: "Address", Value: strings.Join(nonEmpty(r.AddressLines), ", ")},
			{Label: "Postcode", Value: r.Postcode}, {Label: "City", Value: r.City}, {Label: "Country", Value: r.CountryCode}, {Label: "Created by", Value: r.CreatedBy}, {Label: "Email", Value: r.Email},
			{Label: "Mobile number", Value: r.MobileNumber}}}
	for _, g := range detailGroups {
		grp := ReceiverDetailGroup{Label: g.label, Fields: []ReceiverField{}}
		for _, kv := range r.CreditorDetails {
			if field, ok := strings.CutPrefix(kv.Key, g.prefix); ok {
				grp.Fields = append(grp.Fields, ReceiverField{Label: detailLabel(field), Value: kv.Value, Copy: copied[field] && kv.Value != ""})
			}
		}
		if len(grp.Fields) > 0 {
			d.Details = append(d.Details, grp)
		}
	}
	if o.Can(access.ReceiversManage) {
		del := deleteConfirm(path, r, rq.CSRF(), server.Link(path, here, ""))
		d.Delete = &del
	}
	return d
}

func nonEmpty(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
