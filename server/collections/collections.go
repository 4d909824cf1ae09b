// Package collections is the collection orders area (spec 001 §2 "Collection orders", §3,
// §4, §5 "Refund", §7 "Collection orders", §8 "Order"): the Orders page with its filters and
// cursor pages, the order's side panel with its tabs, a payment's details, cancelling and
// refunding an order, the sandbox's payment test case, and the collection calls of the JSON
// API. Search uses Lookup for its Collection Orders and Collection Order Payments groups.
package collections

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the collections area of s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	read, manage := server.Perms(access.CollectionOrdersRead), server.Perms(access.CollectionOrdersRead, access.CollectionOrdersMan)
	return server.Area{Name: "collections", Off: s.Collections == nil, Routes: []*server.Route{
		{Name: "org.collection_orders", Method: "GET", Path: "/org/:org/collections/orders", Access: server.Dashboard, Perms: read,
			Handler: s.list, Nav: &server.NavEntry{Slot: server.NavCollectionOrders, Label: "Orders"}},
		{Name: "org.collection_order", Method: "GET", Path: "/org/:org/collections/orders/:order", Access: server.Dashboard, Perms: read, Handler: s.detail},
		{Name: "org.collection_order.payment", Method: "GET", Path: "/org/:org/collections/orders/:order/payments/:payment", Access: server.Dashboard, Perms: read,
			Handler: s.payment},
		{Name: "org.collection_payment", Method: "GET", Path: "/org/:org/collections/payments/:payment", Access: server.Dashboard, Perms: read,
			Handler: s.paymentByID},
		{Name: "org.collection_order.cancel", Method: "GET", Path: "/org/:org/collections/orders/:order/cancel", Access: server.Dashboard, Perms: manage,
			Handler: s.cancelPage},
		{Name: "org.collection_order.cancel.submit", Method: "POST", Path: "/org/:org/collections/orders/:order/cancel", Access: server.Dashboard, Perms: manage,
			Handler: s.cancelSubmit},
		{Name: "org.collection_order.refund", Method: "GET", Path: "/org/:org/collections/orders/:order/refund", Access: server.Dashboard, Perms: manage,
			Handler: s.refundPage},
		{Name: "org.collection_order.refund.submit", Method: "POST", Path: "/org/:org/collections/orders/:order/refund", Access: server.Dashboard, Perms: manage,
			Handler: s.refundSubmit},
		{Name: "org.collection_order.test_case", Method: "GET", Path: "/org/:org/collections/orders/:order/test_case", Access: server.Dashboard, Perms: manage,
			Gate: s.TestCasesOn, GateName: server.TestCasesGate, Handler: s.testCasePage},
		{Name: "org.collection_order.test_case.submit", Method: "POST", Path: "/org/:org/collections/orders/:order/test_case", Access: server.Dashboard, Perms: manage,
			Gate: s.TestCasesOn, GateName: server.TestCasesGate, Handler: s.testCaseSubmit},
	}, API: s.apiOperations()}
}

// Query parameters of the page: the spec's names (001 §2), and the panel's tab.
const (
	qStatus       = "status"
	qAccount      = "accountNumber"
	qSort         = "sort"
	qCursorAfter  = "cursorAfter"
	qCursorBefore = "cursorBefore"
	qTab          = "tab"
)

// Words of the page that the spec does not give.
const (
	pageTitle       = "Orders"
	msgNotFound     = "Something went wrong"
	msgListFailed   = "Error while fetching the collection orders"
	msgNoPayments   = "No payments made to this order"
	msgUnknownBadge = "Unknown"
)

// Props of the pages and islands.

// OrderChoice is an option of a select.
type OrderChoice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// OrderFiltersView is the filter bar: a GET form of the page, values as applied (a value the
// organisation has no use for shows All).
type OrderFiltersView struct {
	Action   string        `json:"action"`
	Status   string        `json:"status"`
	Statuses []OrderChoice `json:"statuses"`
	Account  string        `json:"account"`
	Accounts []OrderChoice `json:"accounts"`
	Sort     string        `json:"sort"`
	Sorts    []OrderChoice `json:"sorts"`
	// Clear is the page without filters, "" when none is applied.
	Clear string `json:"clear"`
}

// OrderRow is one order of the list, formatted for people.
type OrderRow struct {
	UUID            string `json:"uuid"`
	Href            string `json:"href"`
	Open            bool   `json:"open"`
	Date            string `json:"date"`
	Time            string `json:"time"`
	Reference       string `json:"reference"`
	UniqueReference string `json:"uniqueReference"`
	Account         string `json:"account"`
	Amount          string `json:"amount"`
	Currency        string `json:"currency"`
	Status          string `json:"status"`
	StatusLabel     string `json:"statusLabel"`
}

// OrdersPageProps are the props of templates/pages/collections/CollectionOrders.tsx.
type OrdersPageProps struct {
	Shell   server.ShellProps `json:"shell"`
	Range   string            `json:"range"`
	Filters OrderFiltersView  `json:"filters"`
	Rows    []OrderRow        `json:"rows"`
	Total   int               `json:"total"`
	PerPage int               `json:"perPage"`
	Next    string            `json:"next"`
	Prev    string            `json:"prev"`
	// Failure replaces the table when the list cannot be read.
	Failure string `json:"failure"`
	// Panel is the open order; Payment the open payment's details; PanelError replaces
	// them when they cannot be shown.
	Panel      *OrderDetailsProps `json:"panel"`
	Payment    *PaymentView       `json:"payment"`
	PanelError string             `json:"panelError"`
	ClosePanel string             `json:"closePanel"`
}

func (s area) base(orgID string) string { return s.Path("org.collection_orders", orgID) }

func (s area) orderPath(orgID, id string) string { return s.Path("org.collection_order", orgID, id) }

// listQuery is the page's filter as applied: the provider's filter, the values the links
// keep (kept: filters; here: filters and the cursor, this very page).
type listQuery struct {
	cur        listpage.Cursor // the page asked for
	filter     provider.CollectionOrderFilter
	view       OrderFiltersView
	kept, here url.Values
}

// statusChoices are All and the statuses of spec 001 §4 in the dashboard's order.
func statusChoices() []OrderChoice {
	out := []OrderChoice{{Value: "", Label: "All"}}
	for _, st := range provider.CollectionOrderStatuses() {
		out = append(out, OrderChoice{Value: st, Label: provider.CollectionStatusName(st)})
	}
	return out
}

// readQuery reads the filters. A value the organisation has no use for (an unknown status, an
// account it does not own) is dropped and the form shows All.
func (s area) readQuery(c fiber.Ctx, o *server.OrgContext) listQuery {
	q := listQuery{kept: url.Values{}}
	v := &q.view
	v.Action = s.base(o.Org.ID)
	r := s.DateRange(c)
	q.filter = provider.CollectionOrderFilter{CreatedAfter: r.After(), CreatedBefore: r.Before()}
	choose := func(param string, options []OrderChoice, to *string) {
		want := c.Query(param)
		for _, opt := range options {
			if opt.Value == want && want != "" {
				*to = strings.Clone(want)
				q.kept.Set(param, *to)
			}
		}
	}
	v.Statuses = statusChoices()
	choose(qStatus, v.Statuses, &v.Status)
	q.filter.Status = v.Status
	v.Accounts = []OrderChoice{{Value: "", Label: "All"}}
	for _, a := range o.OwnedAccounts() {
		v.Accounts = append(v.Accounts, OrderChoice{Value: a.AccountNumber, Label: a.Name + " (" + a.CurrencyCode + ") · No. " + a.AccountNumber})
	}
	choose(qAccount, v.Accounts, &v.Account)
	q.filter.VirtualAccountNumber = v.Account
	v.Sorts = []OrderChoice{{Value: provider.SortNewest, Label: "Newest first"}, {Value: provider.SortOldest, Label: "Oldest first"}}
	v.Sort = provider.SortNewest
	if c.Query(qSort) == provider.SortOldest {
		v.Sort, q.filter.Sort = provider.SortOldest, provider.SortOldest
		q.kept.Set(qSort, provider.SortOldest)
	}
	if len(q.kept) > 0 {
		v.Clear = s.base(o.Org.ID)
	}
	q.cur = listpage.ReadCursor(c, qCursorAfter, qCursorBefore)
	q.filter.Cursor, q.filter.Direction = q.cur.Value, q.cur.Direction
	q.here = q.cur.Here(q.kept)
	return q
}

func (s area) list(c fiber.Ctx) error { return s.page(c, "", "") }

func (s area) detail(c fiber.Ctx) error { return s.page(c, strings.Clone(c.Params("order")), "") }

func (s area) payment(c fiber.Ctx) error {
	return s.page(c, strings.Clone(c.Params("order")), strings.Clone(c.Params("payment")))
}

// paymentByID is a payment's address without its order (the search's payments/{uuid}): it
// leads to the payment under its order.
func (s area) paymentByID(c fiber.Ctx) error {
	o := server.Req(c).Org
	p, err := s.Collections.CollectionPayment(c.Context(), o.Org.ID, strings.Clone(c.Params("payment")))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return s.NotFound(c)
	}
	if err != nil {
		return err
	}
	return server.Redirect(c, PaymentHref(s.Server, o.Org.ID, p)+"#order-panel")
}

// page renders the Orders page; with orderID the order's panel is open, and with paymentID
// that payment's details instead.
func (s area) page(c fiber.Ctx, orderID, paymentID string) error {
	rq := server.Req(c)
	o := rq.Org
	ctx := c.Context()
	q := s.readQuery(c, o)
	path := s.base(o.Org.ID)
	p := OrdersPageProps{Range: s.DateRange(c).Display(), Filters: q.view, Rows: []OrderRow{}, PerPage: provider.DefaultCollectionLimit}
	status := fiber.StatusOK
	pg, err := listpage.Load(&q.cur, func(cursor, direction string) (provider.CollectionOrderPage, error) {
		q.filter.Cursor, q.filter.Direction = cursor, direction
		return s.Collections.CollectionOrders(ctx, o.Org.ID, q.filter)
	})
	q.here = q.cur.Here(q.kept)
	p.Failure = listpage.Failure(s.Server, c, err, "collection orders", msgListFailed)
	for _, ord := range pg.Orders {
		p.Rows = append(p.Rows, s.row(o, ord, q.here, orderID))
	}
	p.Total = pg.Total
	p.Next, p.Prev = q.cur.Pager(path, q.kept, pg.HasNext, pg.CursorNext, pg.CursorPrev)
	title := pageTitle + " · " + o.Org.Name
	if orderID != "" {
		p.ClosePanel = server.Link(path, q.here, "#order-"+orderID)
		ord, err := s.Collections.CollectionOrder(ctx, o.Org.ID, orderID)
		if err == nil && paymentID != "" {
			var pay provider.CollectionPayment
			pay, err = s.Collections.CollectionPayment(ctx, o.Org.ID, paymentID)
			if err == nil && pay.Order.UUID != ord.UUID {
				err = provider.Errorf(provider.ENOTFOUND, "Payment not found.")
			}
			if err == nil {
				view := s.paymentView(c, ord, pay, q.here)
				p.Payment, title = &view, "Payment "+pay.UniqueReference+" · "+title
			}
		} else if err == nil {
			panel := s.panel(c, ord, q.here, c.Query(qTab))
			p.Panel, title = &panel, "Order "+ord.Reference+" · "+title
		}
		status, p.PanelError = listpage.PanelError(s.Server, c, status, err, "collection order detail", msgNotFound, msgNotFound)
		if paymentID != "" && p.PanelError != "" {
			p.PanelError = provider.MsgPaymentDetailsFailed
		}
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pageCollectionOrders.With(p)})
}

func (s area) row(o *server.OrgContext, ord provider.CollectionOrder, here url.Values, open string) OrderRow {
	date, clock := listpage.RowTime(ord.CreatedAt)
	return OrderRow{UUID: ord.UUID, Href: server.Link(s.orderPath(o.Org.ID, ord.UUID), here, "#order-panel"), Open: ord.UUID == open,
		Date: date, Time: clock,
		Reference: ord.Reference, UniqueReference: ord.UniqueReference, Account: accountName(o, ord.VirtualAccountNumber),
		Amount: listpage.Amount(ord.Amount, ord.CurrencyCode), Currency: ord.CurrencyCode, Status: ord.Status,
		StatusLabel: provider.CollectionStatusName(ord.Status)}
}

// accountName is the account as the sidebar names it, or its number.
func accountName(o *server.OrgContext, number string) string {
	for _, a := range o.Accounts {
		if a.AccountNumber == number {
			return a.Name + " · No. " + number
		}
	}
	return number
}
