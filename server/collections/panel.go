package collections

import (
	"context"
	"net/url"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
)

// The order's side panel (spec 001 §2): tabs Summary (only for some orders), Order, Debtor,
// Payments, History; its actions (cancel, refund, the sandbox's complete_payment); and a
// payment's details (Payment information, Debtor information, History, a close link back to
// the order). Go decides every rule; the CollectionOrderDetails island lays it out, with the
// tabs as links (?tab=) without JavaScript and a tablist with it.

// Tab ids.
const (
	tabSummary  = "summary"
	tabOrder    = "order"
	tabDebtor   = "debtor"
	tabPayments = "payments"
	tabHistory  = "history"
)

var tabLabels = map[string]string{tabSummary: "Summary", tabOrder: "Order", tabDebtor: "Debtor", tabPayments: "Payments", tabHistory: "History"}

// OrderTab is one tab of the panel.
type OrderTab struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Href  string `json:"href"`
}

// OrderField is a labelled value.
// Copy marks a value people paste elsewhere (issue 27 item 10), which gets a copy button.
type OrderField struct {
	Label string `json:"label"`
	Value string `json:"value"`
	Copy  bool   `json:"copy,omitempty"`
}

// pair is a field as the panels list it, before shown decides what it shows.
type pair struct{ label, value string }

// copied are the labels of the ids and references, the values worth a copy button.
var copied = map[string]bool{"ID": true, "Reference": true, uniqueReferenceLabel: true, "Order": true}

var uniqueReferenceLabel = strings.ToUpper(provider.ProductName[:1]) + provider.ProductName[1:] + " unique reference"

// OrderReason is a reason code as Summary lists it.
type OrderReason struct {
	Symbol  string `json:"symbol"`
	Reason  string `json:"reason"`
	Message string `json:"message"`
}

// OrderEvent is one line of a status history.
type OrderEvent struct {
	Label string `json:"label"`
	When  string `json:"when"`
}

// OrderRefundView is a refund of the order.
type OrderRefundView struct {
	Amount string `json:"amount"`
	Fee    string `json:"fee"`
	Status string `json:"status"`
	When   string `json:"when"`
}

// OrderHidden is a hidden field of a form.
type OrderHidden struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// OrderConfirm is a confirmation: the island's dialog, posting Fields (hidden) with the CSRF
// token to Action, and without JavaScript the page at Href asking the same.
type OrderConfirm struct {
	Href     string        `json:"href"`
	Title    string        `json:"title"`
	Text     string        `json:"text"`
	Action   string        `json:"action"`
	CSRF     string        `json:"csrf"`
	ReturnTo string        `json:"returnTo"`
	Submit   string        `json:"submit"`
	Back     string        `json:"back"`
	Fields   []OrderHidden `json:"fields"`
}

// OrderPaymentRow is a payment in the Payments tab; TestCase is the sandbox's
// complete_payment when the payment may take it.
type OrderPaymentRow struct {
	Href        string        `json:"href"`
	Reference   string        `json:"reference"`
	Date        string        `json:"date"`
	Type        string        `json:"type"`
	StatusLabel string        `json:"statusLabel"`
	TestCase    *OrderConfirm `json:"testCase"`
}

// RefundForm is the refund (spec 001 §5): partial or full, posted with the CSRF token and an
// idempotency key made when the form was rendered, so a double submit refunds once.
type RefundForm struct {
	Href           string `json:"href"`
	Action         string `json:"action"`
	CSRF           string `json:"csrf"`
	ReturnTo       string `json:"returnTo"`
	IdempotencyKey string `json:"idempotencyKey"`
	// Total is the order's amount as shown, Amount and Currency as the rule reads them.
	Total    string `json:"total"`
	Amount   string `json:"amount"`
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
	// Kind is full or partial; Typed the partial amount as typed; Error its message, General a
	// failure of the refund itself (Title and Detail).
	Kind         string `json:"kind"`
	Typed        string `json:"typed"`
	Error        string `json:"error"`
	GeneralTitle string `json:"generalTitle"`
	General      string `json:"general"`
}

// OrderDetailsProps are the CollectionOrderDetails island's: one order.
type OrderDetailsProps struct {
	UUID            string            `json:"uuid"`
	Reference       string            `json:"reference"`
	UniqueReference string            `json:"uniqueReference"`
	Amount          string            `json:"amount"`
	Status          string            `json:"status"`
	StatusLabel     string            `json:"statusLabel"`
	Tabs            []OrderTab        `json:"tabs"`
	Active          string            `json:"active"`
	Reasons         []OrderReason     `json:"reasons"`
	Order           []OrderField      `json:"order"`
	Refunds         []OrderRefundView `json:"refunds"`
	Debtor          []OrderField      `json:"debtor"`
	Payments        []OrderPaymentRow `json:"payments"`
	NoPayments      string            `json:"noPayments"`
	History         []OrderEvent      `json:"history"`
	Close           string            `json:"close"`
	// Actions, nil when not offered.
	Cancel *OrderConfirm `json:"cancel"`
	Refund *RefundForm   `json:"refund"`
}

// PaymentView is a payment's details (spec 001 §2 "Payment details").
type PaymentView struct {
	UUID      string       `json:"uuid"`
	Reference string       `json:"reference"`
	Close     string       `json:"close"`
	Info      []OrderField `json:"info"`
	Debtor    []OrderField `json:"debtor"`
	History   []OrderEvent `json:"history"`
}

// words shows a code for people: "bank_transfer" → "Bank transfer".
func words(s string) string { return provider.CollectionStatusName(s) }

// tabIDs are the order's tabs in the spec's order.
func tabIDs(o provider.CollectionOrder) []string {
	ids := []string{tabOrder, tabDebtor, tabPayments, tabHistory}
	if provider.OrderSummaryShown(o) {
		ids = append([]string{tabSummary}, ids...)
	}
	return ids
}

// paymentLabel is a payment status's badge text; an unknown one is logged and not shown raw.
func (s area) paymentLabel(ctx context.Context, status string) string {
	if l, ok := provider.PaymentStatusLabel(status); ok {
		return l
	}
	s.Logger.WarnContext(ctx, "unknown payment badge type", "status", status)
	return msgUnknownBadge
}

func debtorFields(d provider.CollectionDebtor) []OrderField {
	return shown([]pair{{"Full name", d.FullName}, {"Date of birth", listpage.Day(d.DateOfBirth)}, {"Email", d.Email},
		{"Country of residence", d.CountryOfResidence}})
}

// shown drops the fields without a value.
func shown(fs []pair) []OrderField {
	out := []OrderField{}
	for _, f := range fs {
		if f.value != "" {
			out = append(out, OrderField{Label: f.label, Value: f.value, Copy: copied[f.label]})
		}
	}
	return out
}

func historyOf(h []provider.CollectionStatusChange, label func(string) string) []OrderEvent {
	out := []OrderEvent{}
	for _, c := range h {
		out = append(out, OrderEvent{Label: label(c.Status), When: listpage.Moment(c.CreatedAt)})
	}
	return out
}

// panel builds the details of ord for the page at here (the list's query); tab is the tab
// asked for, the first one when it is not among ord's.
func (s area) panel(c fiber.Ctx, ord provider.CollectionOrder, here url.Values, tab string) OrderDetailsProps {
	orgID := server.Req(c).Org.Org.ID
	return s.panelOn(c, ord, s.orderPath(orgID, ord.UUID), here, server.Link(s.base(orgID), here, "#order-"+ord.UUID), tab)
}

// panelOn builds the details of ord shown at the page at (here its query): its tabs link
// there, Close to closeHref; its actions stay the order's own pages.
func (s area) panelOn(c fiber.Ctx, ord provider.CollectionOrder, at string, here url.Values, closeHref, tab string) OrderDetailsProps {
	rq := server.Req(c)
	o := rq.Org
	ctx := c.Context()
	detail := s.orderPath(o.Org.ID, ord.UUID)
	d := OrderDetailsProps{UUID: ord.UUID, Reference: ord.Reference, UniqueReference: ord.UniqueReference,
		Amount: listpage.AmountCode(ord.Amount, ord.CurrencyCode), Status: ord.Status,
		StatusLabel: provider.CollectionStatusName(ord.Status), Reasons: []OrderReason{}, Refunds: []OrderRefundView{},
		Payments: []OrderPaymentRow{}, Close: closeHref}
	ids := tabIDs(ord)
	d.Active = ids[0]
	if slices.Contains(ids, tab) {
		d.Active = tab
	}
	for _, id := range ids {
		d.Tabs = append(d.Tabs, OrderTab{ID: id, Label: tabLabels[id], Href: server.Link(at, server.WithQuery(here, qTab, id), "#order-panel")})
	}
	for _, rc := range ord.ReasonCodes {
		d.Reasons = append(d.Reasons, OrderReason{Symbol: rc.Symbol, Reason: rc.Reason, Message: rc.ExternalMessage})
	}
	d.Order = shown([]pair{{"ID", ord.UUID}, {"Reference", ord.Reference},
		{uniqueReferenceLabel, ord.UniqueReference},
		{"Status", d.StatusLabel}, {"Amount", d.Amount}, {"Account", accountName(o, ord.VirtualAccountNumber)},
		{"Business unit", ord.BusinessUnit}, {"Created", listpage.Moment(ord.CreatedAt)}})
	for _, r := range ord.Refunds {
		d.Refunds = append(d.Refunds, OrderRefundView{Amount: listpage.AmountCode(r.Amount, r.CurrencyISO),
			Fee: listpage.AmountCode(r.Fee, r.CurrencyISO), Status: words(r.Status), When: listpage.Moment(r.CreatedAt)})
	}
	d.Debtor = debtorFields(ord.Debtor)
	d.History = historyOf(ord.StatusHistory, provider.CollectionStatusName)

	csrf := rq.CSRF()
	returnTo := server.Link(detail, here, "#order-panel")
	tests := s.TestCasesOn(o) && o.Can(access.CollectionOrdersMan)
	for _, ref := range ord.Payments {
		pay, err := s.Collections.CollectionPayment(ctx, o.Org.ID, ref.UUID)
		if err != nil {
			s.Logger.Error("collection payment", "request_id", rq.ID, "err", err)
			continue
		}
		row := OrderPaymentRow{Href: server.Link(PaymentHref(s.Server, o.Org.ID, pay), here, "#order-panel"), Reference: pay.UniqueReference,
			Date: listpage.Moment(pay.CreatedAt), Type: words(pay.Type), StatusLabel: s.paymentLabel(ctx, pay.Status)}
		if tests && provider.PaymentCompletable(ord, pay) {
			tc := testCaseConfirm(detail, csrf, server.Link(detail, server.WithQuery(here, qTab, tabPayments), "#order-panel"), pay.UUID)
			row.TestCase = &tc
		}
		d.Payments = append(d.Payments, row)
	}
	if len(d.Payments) == 0 {
		d.NoPayments = msgNoPayments
	}
	if o.Can(access.CollectionOrdersMan) {
		if provider.OrderCancellable(ord) {
			cc := cancelConfirm(detail, csrf, returnTo, here)
			d.Cancel = &cc
		}
		if provider.OrderRefundable(ord) {
			f := newRefundForm(detail, csrf, returnTo, ord)
			f.Href = server.Link(detail+"/refund", here, "")
			d.Refund = &f
		}
	}
	return d
}

// PaymentHref is a payment's details page: under its order.
func PaymentHref(srv *server.Server, orgID string, p provider.CollectionPayment) string {
	return srv.Path("org.collection_order.payment", orgID, p.Order.UUID, p.UUID)
}

func (s area) paymentView(c fiber.Ctx, ord provider.CollectionOrder, p provider.CollectionPayment, here url.Values) PaymentView {
	o := server.Req(c).Org
	ctx := c.Context()
	v := PaymentView{UUID: p.UUID, Reference: p.UniqueReference,
		Close: server.Link(s.orderPath(o.Org.ID, ord.UUID), server.WithQuery(here, qTab, tabPayments), "#order-panel")}
	v.Info = shown([]pair{{"ID", p.UUID},
		{uniqueReferenceLabel, p.UniqueReference},
		{"Type", words(p.Type)}, {"Status", s.paymentLabel(ctx, p.Status)}, {"Created", listpage.Moment(p.CreatedAt)},
		{"Order", p.Order.Reference}, {"Order amount", listpage.AmountCode(p.Order.Amount, p.Order.Currency)}})
	v.Debtor = append(debtorFields(p.Order.Debtor), shown([]pair{{"Debtor country", p.Details.DebtorCountry},
		{"Debtor bank", p.Details.DebtorBankName}})...)
	v.History = historyOf(p.StatusHistory, func(st string) string { return s.paymentLabel(ctx, st) })
	return v
}

// Lookup is what the global search (spec 001 §2 "Global search") shows of collections: an
// order's or a payment's details beside its results. (The search finds them through the
// provider, the same lookups for its page and its API call.)
type Lookup struct{ s area }

// NewLookup is the search's view of the area.
func NewLookup(srv *server.Server) Lookup { return Lookup{area{srv}} }

// OrderPanel is the details panel of the organisation's order id on another area's page
// (the search's orders/{uuid}): its tabs link to at with here and ?tab=, Close to closeHref.
// ENOTFOUND for an unknown order or another organisation's.
func (l Lookup) OrderPanel(c fiber.Ctx, id, at string, here url.Values, closeHref string) (OrderDetailsProps, error) {
	if l.s.Collections == nil {
		return OrderDetailsProps{}, provider.Errorf(provider.ENOTFOUND, "collections are not offered")
	}
	ord, err := l.s.Collections.CollectionOrder(c.Context(), server.Req(c).Org.Org.ID, id)
	if err != nil {
		return OrderDetailsProps{}, err
	}
	return l.s.panelOn(c, ord, at, here, closeHref, c.Query(qTab)), nil
}

// PaymentPanel is the details of the organisation's payment id on another area's page, with
// Close leading to closeHref. ENOTFOUND for an unknown payment or another organisation's.
func (l Lookup) PaymentPanel(c fiber.Ctx, id, closeHref string) (PaymentView, error) {
	if l.s.Collections == nil {
		return PaymentView{}, provider.Errorf(provider.ENOTFOUND, "collections are not offered")
	}
	orgID := server.Req(c).Org.Org.ID
	pay, err := l.s.Collections.CollectionPayment(c.Context(), orgID, id)
	if err != nil {
		return PaymentView{}, err
	}
	ord, err := l.s.Collections.CollectionOrder(c.Context(), orgID, pay.Order.UUID)
	if err != nil {
		return PaymentView{}, err
	}
	v := l.s.paymentView(c, ord, pay, url.Values{})
	v.Close = closeHref
	return v, nil
}
