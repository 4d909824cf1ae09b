package payouts

import (
	"context"
	"net/url"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/server/listpage"
	"portal/session"
)

// Cancelling a payout and the sandbox test cases (spec 001 §2 Actions, §4, §8). Each is a
// confirmation (the island's dialog, or without JavaScript a page) and a form POST with the
// CSRF token, answered by a redirect to the payout with the outcome as a flash message.

// Texts of the spec (001 §8) that only the pages show, and the words it leaves to us.
const (
	msgCancelTitle    = "Cancel payout request?"
	msgCancelText     = "We'll do our best, but cancellation may not be possible once processing has started."
	msgCancelKeep     = "Keep it"
	msgCancelSubmit   = "Cancel request"
	msgCancelFailed   = "Cancellation of Payout failed"
	msgTestCaseTitle  = "Run sandbox test case?"
	msgTestCaseText   = "The sandbox answers for the bank: the payout moves on as that answer would move it, money included."
	msgTestCaseSubmit = "Run test case"
	msgTestCaseBack   = "Go back"
	msgTestCaseError  = "Server error occurred"
	msgTestCaseNone   = "This test case is not possible for this payout now."
	fieldTestCase     = "test_case"
)

// PayoutConfirmProps are the props of templates/pages/payouts/PayoutConfirm.tsx: the
// confirmation of a cancel or a test case without JavaScript. Confirm is nil, and Refused
// says why, when the payout cannot take it.
type PayoutConfirmProps struct {
	Shell       server.ShellProps `json:"shell"`
	Confirm     *PayoutConfirm    `json:"confirm"`
	Refused     string            `json:"refused"`
	Title       string            `json:"title"`
	Reference   string            `json:"reference"`
	Amount      string            `json:"amount"`
	StatusLabel string            `json:"statusLabel"`
	TestCase    string            `json:"testCase"`
	BackHref    string            `json:"backHref"`
}

func cancelConfirm(detail, csrf, returnTo string) PayoutConfirm {
	return PayoutConfirm{Title: msgCancelTitle, Text: msgCancelText, Action: detail + "/cancel", CSRF: csrf, ReturnTo: returnTo,
		Submit: msgCancelSubmit, Back: msgCancelKeep, Fields: []PayoutHidden{}}
}

// testCaseConfirm confirms test case code (the island adds the one chosen when code is "").
func testCaseConfirm(detail, csrf, returnTo, code string) PayoutConfirm {
	c := PayoutConfirm{Title: msgTestCaseTitle, Text: msgTestCaseText, Action: detail + "/test_case", CSRF: csrf, ReturnTo: returnTo,
		Submit: msgTestCaseSubmit, Back: msgTestCaseBack, Fields: []PayoutHidden{}}
	if code != "" {
		c.Fields = append(c.Fields, PayoutHidden{Name: fieldTestCase, Value: code})
	}
	return c
}

// detailOf is the payout's page and the way back to it with the list's query (the
// confirmation pages are opened with it).
func (s area) detailOf(c fiber.Ctx, orgID, ref string) (detail, back string) {
	detail = s.Path("org.payout", orgID, ref)
	back = detail
	if q := string(c.Request().URI().QueryString()); q != "" {
		vals, err := url.ParseQuery(q)
		if err == nil {
			vals.Del(fieldTestCase)
			back = server.Link(detail, vals, "")
		}
	}
	return detail, back + "#payout-panel"
}

// returnTo is where a POST goes back to: the form's return_to when it is this payout's
// page, else the payout's page.
func returnTo(c fiber.Ctx, detail string) string {
	return server.ReturnTo(c, detail, detail+"#payout-panel")
}

// confirmPage loads the payout of a confirmation page titled title; nil with the not-found
// page sent.
func (s area) confirmPage(c fiber.Ctx, title string) (*provider.PayoutRequest, PayoutConfirmProps, error) {
	o := server.Req(c).Org
	ref := strings.Clone(c.Params("payout"))
	p, err := s.Payouts.Payout(c.Context(), o.Org.ID, ref)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return nil, PayoutConfirmProps{}, s.NotFound(c)
	}
	if err != nil {
		return nil, PayoutConfirmProps{}, err
	}
	_, back := s.detailOf(c, o.Org.ID, p.UniqueReference)
	_, label := statusLabel(p)
	return &p, PayoutConfirmProps{Title: title, Reference: p.UniqueReference, Amount: listpage.AmountCode(p.Amount, p.Currency),
		StatusLabel: label, BackHref: back}, nil
}

func (s area) renderConfirm(c fiber.Ctx, props PayoutConfirmProps) error {
	return s.Render(c, server.View{Title: props.Title + " · " + server.Req(c).Org.Org.Name, Page: pagePayoutConfirm.With(props)})
}

func (s area) cancelPage(c fiber.Ctx) error {
	p, props, err := s.confirmPage(c, msgCancelTitle)
	if p == nil {
		return err
	}
	if !p.Cancellable() || p.CancellationPending {
		props.Refused = provider.MsgPayoutCancelRefused
		return s.renderConfirm(c, props)
	}
	detail, _ := s.detailOf(c, server.Req(c).Org.Org.ID, p.UniqueReference)
	confirm := cancelConfirm(detail, server.Req(c).CSRF(), props.BackHref)
	props.Confirm = &confirm
	return s.renderConfirm(c, props)
}

// act answers a payout action's POST: do runs it and says what flash to show, or that the
// payout is not the organisation's (the not-found page, the same as for none); then back to
// the payout, where the form came from.
func (s area) act(c fiber.Ctx, do func(ctx context.Context, rq *server.Request, ref string) (kind, text string, notFound bool)) error {
	rq := server.Req(c)
	ref := strings.Clone(c.Params("payout"))
	kind, text, notFound := do(c.Context(), rq, ref)
	if notFound {
		return s.NotFound(c)
	}
	return s.FlashRedirect(c, kind, text, returnTo(c, s.base(rq.Org.Org.ID)+"/"+url.PathEscape(ref)))
}

func (s area) cancelSubmit(c fiber.Ctx) error {
	return s.act(c, func(ctx context.Context, rq *server.Request, ref string) (string, string, bool) {
		org := rq.Org.Org.ID
		by := provider.PayoutInitiator{Type: provider.InitiatorUser, Name: strings.TrimSpace(rq.User.FirstName + " " + rq.User.LastName)}
		res, err := s.Payouts.CancelPayout(ctx, org, ref, by)
		switch provider.ErrorCode(err) {
		case "":
			if res.Status != provider.CancelStatusPending {
				return session.FlashWarning, provider.MsgPayoutCancelRefused, false
			}
		case provider.ENOTFOUND:
			return "", "", true
		case provider.ECONFLICT:
			// A second submit of the same form finds the cancellation the first one started
			// already finished: it gets the first one's answer (and moves no money).
			if p, err := s.Payouts.Payout(ctx, org, ref); err != nil || p.CurrentStateName != provider.StateCancelled {
				return session.FlashWarning, provider.MsgPayoutCancelRefused, false
			}
		default:
			s.Logger.Error("cancel payout", "request_id", rq.ID, "err", err)
			return session.FlashError, msgCancelFailed, false
		}
		return session.FlashSuccess, provider.MsgPayoutCancelStarted, false
	})
}

func (s area) testCasePage(c fiber.Ctx) error {
	p, props, err := s.confirmPage(c, msgTestCaseTitle)
	if p == nil {
		return err
	}
	code := c.Query(fieldTestCase)
	i := slices.IndexFunc(provider.PayoutTestCasesFor(p.CurrentStateName), func(tc provider.StateCategory) bool { return tc.Code == code })
	if i < 0 || p.CancellationPending {
		props.Refused = msgTestCaseNone
		return s.renderConfirm(c, props)
	}
	props.TestCase = provider.PayoutTestCasesFor(p.CurrentStateName)[i].Name
	detail, _ := s.detailOf(c, server.Req(c).Org.Org.ID, p.UniqueReference)
	confirm := testCaseConfirm(detail, server.Req(c).CSRF(), props.BackHref, code)
	props.Confirm = &confirm
	return s.renderConfirm(c, props)
}

func (s area) testCaseSubmit(c fiber.Ctx) error {
	return s.act(c, func(ctx context.Context, rq *server.Request, ref string) (string, string, bool) {
		_, err := s.Payouts.PayoutTestCase(ctx, rq.Org.Org.ID, ref, c.FormValue(fieldTestCase))
		switch provider.ErrorCode(err) {
		case "":
			return session.FlashSuccess, provider.MsgPayoutTestCaseDone, false
		case provider.ENOTFOUND:
			return "", "", true
		case provider.ECONFLICT, provider.EINVALID:
			// The provider's own words: the spec's "server error title".
			return session.FlashError, provider.ErrorMessage(err), false
		}
		s.Logger.Error("payout test case", "request_id", rq.ID, "err", err)
		return session.FlashError, msgTestCaseError, false
	})
}
