package collections

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"
	"github.com/google/uuid"

	"portal/currency"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
	"portal/session"
)

// Cancel, refund and the sandbox's complete_payment (spec 001 §4, §5, §8). Each is a
// confirmation (the island's dialog, or without JavaScript a page) and a form POST with the
// CSRF token, answered by a redirect to the order with the outcome as a flash message; a
// refund that fails comes back as its form with the error.

// Words of the dialogs, which the spec does not give, and its own texts.
const (
	msgCancelTitle    = "Cancel order?"
	msgCancelText     = "The payer will no longer be able to pay this order. A cancelled order cannot be reopened."
	msgCancelSubmit   = "Cancel order"
	msgCancelKeep     = "Keep order"
	msgTestCaseTitle  = "Complete payment?"
	msgTestCaseText   = "The sandbox answers for the payer's bank: the payment completes and the order's account is credited, less the collection fee."
	msgTestCaseSubmit = "Complete payment"
	msgTestCaseBack   = "Go back"
	msgTestCaseError  = "Server error occurred"
	msgRefundFailed   = "Refund failed"
	msgRefundTitle    = "Refund order"
	fieldPayment      = "payment_uuid"
	fieldKind         = "refund_type"
	fieldAmount       = "amount"
	fieldKey          = "idempotency_key"
	refundFull        = "full"
	refundPartial     = "partial"
)

func cancelConfirm(detail, csrf, returnTo string, here url.Values) OrderConfirm {
	return OrderConfirm{Href: server.Link(detail+"/cancel", here, ""), Title: msgCancelTitle, Text: msgCancelText, Action: detail + "/cancel",
		CSRF: csrf, ReturnTo: returnTo, Submit: msgCancelSubmit, Back: msgCancelKeep, Fields: []OrderHidden{}}
}

func testCaseConfirm(detail, csrf, returnTo, paymentID string) OrderConfirm {
	return OrderConfirm{Href: server.Link(detail+"/test_case", url.Values{fieldPayment: {paymentID}}, ""), Title: msgTestCaseTitle,
		Text: msgTestCaseText, Action: detail + "/test_case", CSRF: csrf, ReturnTo: returnTo, Submit: msgTestCaseSubmit,
		Back: msgTestCaseBack, Fields: []OrderHidden{{Name: fieldPayment, Value: paymentID}}}
}

func newRefundForm(detail, csrf, returnTo string, ord provider.CollectionOrder) RefundForm {
	return RefundForm{Href: detail + "/refund", Action: detail + "/refund", CSRF: csrf, ReturnTo: returnTo, IdempotencyKey: uuid.NewString(),
		Total: listpage.AmountCode(ord.Amount, ord.CurrencyCode), Amount: ord.Amount, Currency: ord.CurrencyCode,
		Decimals: currency.Decimals(ord.CurrencyCode), Kind: refundPartial}
}

// CollectionConfirmProps are the props of templates/pages/collections/CollectionConfirm.tsx:
// cancelling an order or completing a payment without JavaScript, and the refund form. Exactly
// one of Confirm and Refund is set when the order can take the action; otherwise Refused says
// why.
type CollectionConfirmProps struct {
	Shell       server.ShellProps `json:"shell"`
	Title       string            `json:"title"`
	Reference   string            `json:"reference"`
	Amount      string            `json:"amount"`
	StatusLabel string            `json:"statusLabel"`
	Payment     string            `json:"payment"`
	Confirm     *OrderConfirm     `json:"confirm"`
	Refund      *RefundForm       `json:"refund"`
	Refused     string            `json:"refused"`
	BackHref    string            `json:"backHref"`
}

// back is the order's page with the query the confirmation page was opened with (the list's
// filters and cursor), or the form's return_to when it is this order's page.
func back(c fiber.Ctx, detail string) string {
	if r := server.ReturnTo(c, detail, ""); r != "" {
		return r
	}
	if q := string(c.Request().URI().QueryString()); q != "" {
		if vals, err := url.ParseQuery(q); err == nil {
			vals.Del(fieldPayment)
			return server.Link(detail, vals, "#order-panel")
		}
	}
	return detail + "#order-panel"
}

// confirmPage loads the order of an action's page; ok false with the not-found page sent.
func (s area) confirmPage(c fiber.Ctx, title string) (provider.CollectionOrder, CollectionConfirmProps, bool, error) {
	o := server.Req(c).Org
	ord, err := s.Collections.CollectionOrder(c.Context(), o.Org.ID, strings.Clone(c.Params("order")))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return ord, CollectionConfirmProps{}, false, s.NotFound(c)
	}
	if err != nil {
		return ord, CollectionConfirmProps{}, false, err
	}
	return ord, CollectionConfirmProps{Title: title, Reference: ord.Reference,
		Amount: listpage.AmountCode(ord.Amount, ord.CurrencyCode), StatusLabel: provider.CollectionStatusName(ord.Status),
		BackHref: back(c, s.orderPath(o.Org.ID, ord.UUID))}, true, nil
}

func (s area) renderConfirm(c fiber.Ctx, status int, p CollectionConfirmProps) error {
	return s.Render(c, server.View{Status: status, Title: p.Title + " · " + server.Req(c).Org.Org.Name, Page: pageCollectionConfirm.With(p)})
}

func (s area) cancelPage(c fiber.Ctx) error {
	ord, p, ok, err := s.confirmPage(c, msgCancelTitle)
	if !ok {
		return err
	}
	if !provider.OrderCancellable(ord) {
		p.Refused = fmt.Sprintf(provider.MsgOrderNotCancellable, p.StatusLabel)
	} else {
		detail := s.orderPath(server.Req(c).Org.Org.ID, ord.UUID)
		cc := cancelConfirm(detail, server.Req(c).CSRF(), p.BackHref, nil)
		p.Confirm = &cc
	}
	return s.renderConfirm(c, fiber.StatusOK, p)
}

// done flashes the outcome and goes back to the order.
func (s area) done(c fiber.Ctx, kind, text string) error {
	rq := server.Req(c)
	return s.FlashRedirect(c, kind, text, back(c, s.orderPath(rq.Org.Org.ID, strings.Clone(c.Params("order")))))
}

func (s area) cancelSubmit(c fiber.Ctx) error {
	rq := server.Req(c)
	ord, err := s.Collections.CancelCollectionOrder(c.Context(), rq.Org.Org.ID, strings.Clone(c.Params("order")))
	switch provider.ErrorCode(err) {
	case "":
		return s.done(c, session.FlashSuccess, fmt.Sprintf(provider.MsgOrderCancelled, ord.UUID))
	case provider.ENOTFOUND:
		return s.NotFound(c)
	case provider.ECONFLICT, provider.EINVALID:
		return s.done(c, session.FlashError, fmt.Sprintf(provider.MsgOrderCancelFailed, provider.ErrorMessage(err)))
	}
	s.Logger.Error("cancel collection order", "request_id", rq.ID, "err", err)
	return s.done(c, session.FlashError, fmt.Sprintf(provider.MsgOrderCancelFailed, provider.ErrorMessage(err)))
}

func (s area) refundPage(c fiber.Ctx) error {
	ord, p, ok, err := s.confirmPage(c, msgRefundTitle)
	if !ok {
		return err
	}
	if !provider.OrderRefundable(ord) {
		p.Refused = provider.MsgOrderNotRefundable
	} else {
		f := newRefundForm(s.orderPath(server.Req(c).Org.Org.ID, ord.UUID), server.Req(c).CSRF(), p.BackHref, ord)
		p.Refund = &f
	}
	return s.renderConfirm(c, fiber.StatusOK, p)
}

// refundSubmit refunds the whole order or the typed amount. The form's idempotency key makes
// a second submit of the same form answer the first refund instead of refunding again.
func (s area) refundSubmit(c fiber.Ctx) error {
	ord, p, ok, err := s.confirmPage(c, msgRefundTitle)
	if !ok {
		return err
	}
	rq := server.Req(c)
	f := newRefundForm(s.orderPath(rq.Org.Org.ID, ord.UUID), rq.CSRF(), p.BackHref, ord)
	if k := strings.TrimSpace(c.FormValue(fieldKey)); k != "" && len(k) <= 255 {
		f.IdempotencyKey = strings.Clone(k) // a retry of this form keeps its key
	}
	f.Kind = refundPartial
	if c.FormValue(fieldKind) == refundFull {
		f.Kind = refundFull
	}
	amount := ord.Amount
	if f.Kind == refundPartial {
		f.Typed = strings.Clone(c.FormValue(fieldAmount))
		a, msg := provider.RefundAmount(f.Typed, ord)
		if msg != "" {
			f.Error = msg
			p.Refund = &f
			return s.renderConfirm(c, fiber.StatusUnprocessableEntity, p)
		}
		amount = a.String()
	}
	_, err = s.Collections.RefundCollectionOrder(c.Context(), rq.Org.Org.ID, ord.UUID, provider.CollectionRefundRequest{Amount: amount, IdempotencyKey: f.IdempotencyKey})
	var fe *provider.FieldError
	switch {
	case err == nil:
		return s.done(c, session.FlashSuccess, provider.MsgOrderRefunded)
	case errors.As(err, &fe):
		f.Error = fe.Err.Message
		if f.Kind == refundFull {
			f.GeneralTitle, f.General, f.Error = msgRefundFailed, fe.Err.Message, ""
		}
	case provider.ErrorMessage(err) == provider.MsgRefundNoFeeProduct:
		f.GeneralTitle, f.General = provider.MsgRefundMissingConfig, provider.MsgRefundContactSupport
	case provider.ErrorCode(err) == provider.ECONFLICT:
		// Not refundable (any more): refunded from another form, or the key of another refund.
		p.Refused = provider.ErrorMessage(err)
		if cur, err := s.Collections.CollectionOrder(c.Context(), rq.Org.Org.ID, ord.UUID); err == nil {
			p.StatusLabel = provider.CollectionStatusName(cur.Status)
		}
		return s.renderConfirm(c, fiber.StatusConflict, p)
	default:
		s.Logger.Error("refund collection order", "request_id", rq.ID, "err", err)
		f.GeneralTitle, f.General = msgRefundFailed, provider.ErrorMessage(err)
	}
	p.Refund = &f
	return s.renderConfirm(c, fiber.StatusUnprocessableEntity, p)
}

// payment finds the payment of the confirmation or POST among the order's.
func paymentOf(ord provider.CollectionOrder, id string) bool {
	for _, p := range ord.Payments {
		if p.UUID == id {
			return true
		}
	}
	return false
}

func (s area) testCasePage(c fiber.Ctx) error {
	ord, p, ok, err := s.confirmPage(c, msgTestCaseTitle)
	if !ok {
		return err
	}
	rq := server.Req(c)
	id := strings.Clone(c.Query(fieldPayment))
	if !paymentOf(ord, id) {
		return s.NotFound(c)
	}
	pay, err := s.Collections.CollectionPayment(c.Context(), rq.Org.Org.ID, id)
	if err != nil {
		return err
	}
	p.Payment = pay.UniqueReference + " · " + s.paymentLabel(c.Context(), pay.Status)
	if !provider.PaymentCompletable(ord, pay) {
		p.Refused = "This payment cannot be completed now."
	} else {
		tc := testCaseConfirm(s.orderPath(rq.Org.Org.ID, ord.UUID), rq.CSRF(), p.BackHref, id)
		p.Confirm = &tc
	}
	return s.renderConfirm(c, fiber.StatusOK, p)
}

func (s area) testCaseSubmit(c fiber.Ctx) error {
	rq := server.Req(c)
	_, err := s.Collections.CollectionTestCase(c.Context(), rq.Org.Org.ID, strings.Clone(c.Params("order")),
		provider.CollectionTestCaseRequest{PaymentUUID: strings.Clone(c.FormValue(fieldPayment)), TestCase: provider.CollectionTestCaseCompletePayment})
	switch provider.ErrorCode(err) {
	case "":
		return s.done(c, session.FlashSuccess, provider.MsgCollectionTestDone)
	case provider.ENOTFOUND:
		return s.NotFound(c)
	case provider.ECONFLICT, provider.EINVALID:
		return s.done(c, session.FlashError, provider.ErrorMessage(err))
	}
	s.Logger.Error("collection test case", "request_id", rq.ID, "err", err)
	return s.done(c, session.FlashError, msgTestCaseError)
}
