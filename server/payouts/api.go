package payouts

import (
	"errors"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/api"
)

// The payout calls of the JSON API (spec 001 §7 "Payout requests"): the list with every
// query parameter of the spec, the detail by reference and its cancellation (DELETE), the
// sandbox test case, the status filter tree, contracted payout products, business units and
// the short payout by reference. Reads are api.ReadOp reads (membership 404, then the
// permission 403); the two changes check the same declared on the operation (api.Op.Needs), which the router checks first.

// Paths of the operations. The list names its organisation in X-Organisation-ID, like the
// payout statistics beside it (/payouts/payout_requests/stats/…); the others in the path.
const (
	apiListPath     = "/payouts/payout_requests"
	apiDetailPath   = "/payouts/organisations/{id}/payout_requests/{reference}"
	apiPayoutPath   = "/payouts/organisations/{id}/payouts/{reference}"
	apiTestCasePath = apiPayoutPath + "/test_case"
)

// apiPayoutSummary is the payout by reference: what a success dialog shows.
type apiPayoutSummary struct {
	_               struct{} `name:"PayoutSummary" description:"A payout request in short."`
	UniqueReference string   `json:"vela_unique_reference" description:"The provider's reference of the payout."`
	Amount          string   `json:"amount" description:"Exact decimal with the currency's decimals." example:"1250.00"`
	Currency        string   `json:"currency" description:"ISO 4217 code, or the crypto asset." example:"EUR"`
	EndToEndID      string   `json:"end_to_end_id" description:"The customer's own reference."`
	Status          string   `json:"status" description:"State category." enum:"returned,rejected,action_required,received,processing,pending,completed"`
}

// apiTestCaseRequest is the body of the test case call.
type apiTestCaseRequest struct {
	_        struct{} `description:"Sandbox test case."`
	TestCase string   `json:"test_case" required:"true" description:"HOLD and SUCCESS need a processing payout (HOLD one not halted yet), RETURNED a processing or completed one." enum:"HOLD,SUCCESS,RETURNED"`
}

// apiPayoutRead is a read of the payouts service needing payouts:read.
func apiPayoutRead[B api.Envelope](srv *server.Server, org func(fiber.Ctx, *api.Caller) (string, error),
	read func(fiber.Ctx, provider.Payouts, api.OrgCall) (B, error)) api.Read[B] {
	return api.Read[B]{Org: org, Perms: []access.Permission{access.PayoutsRead},
		Read: func(c fiber.Ctx, r api.OrgCall) (B, error) { return read(c, srv.Payouts, r) }}
}

// apiPayoutFilter reads the list's query (spec 001 §7), every problem at once.
func apiPayoutFilter(c fiber.Ctx) (provider.PayoutFilter, error) {
	var f provider.PayoutFilter
	var probs []api.Problem
	var err error
	if f.CreatedAfter, f.CreatedBefore, err = api.ReadRange(c); err != nil {
		return f, err
	}
	q := func(name string) string { return strings.Clone(c.Query(name)) }
	f.BatchID, f.VirtualAccountNumber, f.CurrencyCode = q("batch_id"), q("virtual_account_number"), q("currency_code")
	f.BusinessUnit, f.LocalInstrument, f.ReasonCode = q("business_unit"), q("local_instrument"), q("reason_code_id")
	f.AmountFrom, f.AmountTo = q("amount_from"), q("amount_to")
	if v := q("state_category"); v != "" {
		if provider.PayoutStates(v) == nil {
			probs = append(probs, api.ParamProblem("state_category", "Unknown state category"))
		}
		f.StateCategory = v
	}
	switch v := q("sort"); v {
	case "", provider.SortNewest, provider.SortOldest:
		f.Sort = v
	default:
		probs = append(probs, api.ParamProblem("sort", "Sort by -date (newest first) or date (oldest first)"))
	}
	pg, err := api.ReadPage(c, api.PagingNames{After: "cursor_after", Before: "cursor_before",
		Include: "include_cursor", Size: "page_size"}, provider.MaxPayoutLimit, probs)
	f.Cursor, f.Direction, f.IncludeCursor, f.Limit = pg.Cursor, pg.Direction, pg.IncludeCursor, pg.Limit
	return f, err
}

func apiListPayouts(c fiber.Ctx, p provider.Payouts, r api.OrgCall) (api.PageBody[[]provider.PayoutRequest, api.PageMeta], error) {
	var out api.PageBody[[]provider.PayoutRequest, api.PageMeta]
	f, err := apiPayoutFilter(c)
	if err != nil {
		return out, err
	}
	page, err := p.Payouts(c.Context(), r.OrgID, f)
	var fe *provider.FieldError
	if errors.As(err, &fe) {
		// The provider names the amount bounds as the query does.
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem(fe.Field, fe.Err.Message))
	}
	if provider.ErrorCode(err) == provider.EINVALID {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("cursor_after", provider.ErrorMessage(err)))
	}
	if err != nil {
		return out, err
	}
	for i := range page.Payouts {
		// Rows leave the history and the errors out (the detail has them): empty, not null.
		r := &page.Payouts[i]
		r.StatusTransitions, r.Cancellations, r.Reviews = []provider.StatusTransition{}, []provider.PayoutCancellationRecord{}, []provider.PayoutReview{}
		r.Errors = map[string][]provider.PayoutError{}
	}
	return api.Page(page.Payouts, api.PageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

func apiRef(c fiber.Ctx) string { return strings.Clone(c.Params("reference")) }

func apiGetPayout(c fiber.Ctx, p provider.Payouts, r api.OrgCall) (api.DataBody[provider.PayoutRequest], error) {
	pr, err := p.Payout(c.Context(), r.OrgID, apiRef(c))
	return api.DataOf(pr), err
}

func apiPayoutByReference(c fiber.Ctx, p provider.Payouts, r api.OrgCall) (api.DataBody[apiPayoutSummary], error) {
	pr, err := p.Payout(c.Context(), r.OrgID, apiRef(c))
	return api.DataOf(apiPayoutSummary{UniqueReference: pr.UniqueReference, Amount: pr.Amount, Currency: pr.Currency,
		EndToEndID: pr.EndToEndID, Status: pr.Status}), err
}

func apiReasonCodes(c fiber.Ctx, p provider.Payouts, r api.OrgCall) (api.DataBody[[]provider.PayoutStatusGroup], error) {
	groups, err := p.PayoutReasonCodes(c.Context(), r.OrgID)
	return api.DataOf(groups), err
}

func apiPayoutProducts(c fiber.Ctx, p provider.Payouts, r api.OrgCall) (api.DataBody[[]provider.PayoutProduct], error) {
	products, err := p.PayoutProducts(c.Context(), r.OrgID)
	return api.DataOf(products), err
}

func apiBusinessUnits(c fiber.Ctx, p provider.Payouts, r api.OrgCall) (api.DataBody[[]provider.BusinessUnit], error) {
	units, err := p.BusinessUnits(c.Context(), r.OrgID)
	return api.DataOf(units), err
}

// apiManage is what the two calls that change a payout need.
var apiManage = []access.Permission{access.PayoutsRead, access.PayoutsManage}

func (s area) apiCancel(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	by := provider.PayoutInitiator{Type: provider.InitiatorAPI, Name: strings.TrimSpace(a.User.FirstName + " " + a.User.LastName)}
	if a.Claims == nil {
		by.Type = provider.InitiatorUser // the portal's own page, through its session cookie
	}
	res, err := s.Payouts.CancelPayout(c.Context(), orgID, apiRef(c), by)
	if err != nil {
		return api.ProviderFail(c, err, api.Texts{provider.ECONFLICT: {Title: provider.MsgPayoutCancelRefused}})
	}
	return api.Data(c, res)
}

func (s area) apiTestCase(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	o, err := s.apiOrgContext(c, orgID)
	if err != nil {
		return err
	}
	if !s.TestCasesOn(o) {
		return api.Error(c, fiber.StatusForbidden, api.CodeForbidden, "Sandbox test cases are not enabled")
	}
	var body apiTestCaseRequest
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	pr, err := s.Payouts.PayoutTestCase(c.Context(), orgID, apiRef(c), body.TestCase)
	if provider.ErrorCode(err) == provider.EINVALID {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("test_case", provider.ErrorMessage(err)))
	}
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	return api.Data(c, pr)
}

// apiOrgContext is what TestCasesOn reads of the organisation: its flags.
func (s area) apiOrgContext(c fiber.Ctx, orgID string) (*server.OrgContext, error) {
	flags, err := s.Provider.FeatureFlags(c.Context(), orgID)
	if err != nil {
		return nil, err
	}
	return &server.OrgContext{Flags: flags}, nil
}

var apiReferenceParam = api.Parameter{Name: "reference", In: "path", Required: true,
	Description: "The payout's " + provider.UniqueReferenceField + ". Another organisation's answers 404, as an unknown one does.",
	Schema:      api.String("")}

func (s area) apiOperations() []api.Op {
	const tag = apiTag
	forbidden := apiForbidden
	forbiddenManage := api.ErrorReply(fiber.StatusForbidden, "The role lacks payouts:manage (code forbidden), or MissingScope / invalid_csrf.")
	notFound := api.ErrorReply(fiber.StatusNotFound, "No such organisation or payout, or not the caller's (not told apart).")
	return []api.Op{
		api.ReadOp(api.Op{
			ID: "listPayoutRequests", Path: apiListPath, Tag: tag, Summary: "List payout requests",
			Description: "The organisation's payout requests with the filters of the Payouts page, newest first unless sort=date, " +
				"cursor paged with the total. Rows leave status_transitions, cancellations, reviews and errors empty: " +
				"getPayoutRequest has them.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Params: []api.Parameter{api.OrgHeaderParam,
				api.QueryParam("sort", "-date (default, newest first) or date (oldest first)."),
				api.QueryParam("cursor_after", "cursor_next of a page: the page after it."),
				api.QueryParam("cursor_before", "cursor_prev of a page: the page before it."),
				{Name: "include_cursor", In: "query", Description: "true: with cursor_after, the page starts at the cursor's own row.", Schema: api.String("").WithEnum("true", "false")},
				{Name: "page_size", In: "query", Description: "Rows per page, 1 to " + strconv.Itoa(provider.MaxPayoutLimit) + " (default " + strconv.Itoa(provider.DefaultPayoutLimit) + ").", Schema: api.Integer("").WithRange(1, provider.MaxPayoutLimit)},
				api.TimeParam("created_after", "Created at or after: YYYY-MM-DD (UTC midnight), YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339."),
				api.TimeParam("created_before", "Created before, in the same forms."),
				api.QueryParam("batch_id", "Only the payouts of this batch."),
				{Name: "state_category", In: "query", Description: "Status: the v1 model's seven categories, or cancelled (finished cancellations, no longer under rejected).", Schema: api.String("").WithEnum(apiStatuses()...)},
				api.QueryParam("virtual_account_number", "Only those debiting this account."),
				api.QueryParam("currency_code", "ISO 4217 code, or the crypto asset."),
				{Name: "business_unit", In: "query", Description: "Business unit uuid.", Schema: api.String("").WithFormat("uuid")},
				api.QueryParam("local_instrument", "Transfer type, e.g. SEPA."),
				api.QueryParam("reason_code_id", "Reason code id, e.g. invalid_creditor."),
				api.QueryParam("amount_from", "Amount at least this (0 or more), whatever the currency."),
				api.QueryParam("amount_to", "Amount at most this (0 or more).")},
			Responses: []api.Response{api.ReplyUnauthorized, forbidden, api.ReplyNotFound,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong (source.parameter names it).")},
		}, "One page: data, and meta with total, cursor_next, cursor_prev and has_next_page.", apiPayoutRead(s.Server, api.HeaderOrg, apiListPayouts)),
		payoutRead(s.Server, "getPayoutRequest", apiDetailPath, "Get a payout request",
			"Everything about one payout request: its parts, reason codes, errors by section and history.",
			api.OrgParams(apiReferenceParam), notFound, "The payout request.", apiGetPayout),
		{
			ID: "cancelPayoutRequest", Method: fiber.MethodDelete, Path: apiDetailPath, Tag: tag, Summary: "Cancel a payout request",
			Description: "Asks for the cancellation of a payout that is received, pending, action_required or processing. data.status " +
				"pending means cancellation started (the same for a repeated call); reserved funds come back when it finishes.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: api.OrgParams(apiReferenceParam),
			Responses: []api.Response{api.DataOK[provider.PayoutCancellation]("Cancellation started."),
				api.ReplyUnauthorized, forbiddenManage, notFound,
				api.ErrorReply(fiber.StatusConflict, "Unable to cancel Payout: its status does not allow it.")},
			Handler: s.apiCancel,
		},
		{
			ID: "runPayoutTestCase", Method: fiber.MethodPut, Path: apiTestCasePath, Tag: tag, Summary: "Run a sandbox test case",
			Description: "Sandbox only, with the sandbox test-case or canary UI flag: moves the payout as the bank's answer would " +
				"(a return gives the funds back).",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: api.OrgParams(apiReferenceParam), Body: api.Body[apiTestCaseRequest](),
			Responses: []api.Response{api.DataOK[provider.PayoutRequest]("Test case executed: the payout afterwards."),
				api.ReplyUnauthorized,
				api.ErrorReply(fiber.StatusForbidden, "The role lacks payouts:manage, or test cases are not enabled (code forbidden)."),
				notFound, api.ErrorReply(fiber.StatusConflict, "The payout's state does not allow this test case (the title says why)."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Unknown test case.")},
			Handler: s.apiTestCase,
		},
		payoutRead(s.Server, "getPayoutByReference", apiPayoutPath, "Get a payout by reference",
			"Amount, currency, end-to-end id and status of one payout.", api.OrgParams(apiReferenceParam), notFound, "The payout in short.",
			apiPayoutByReference),
		payoutRead(s.Server, "listPayoutReasonCodes", "/payouts/organisations/{id}/reason_codes", "Reason codes by status",
			"The status filter tree: every status category in the dashboard's order with the reason codes a payout in it can carry.",
			api.OrgParams(), api.ReplyNotFound, "The tree.", apiReasonCodes),
		payoutRead(s.Server, "listPayoutProducts", "/payouts/organisations/{id}/payout_products", "Contracted payout products",
			"The organisation's contracted payout products with their currency (product_currency_iso) and transfer type.",
			api.OrgParams(), api.ReplyNotFound, "The products, by name.", apiPayoutProducts),
		payoutRead(s.Server, "listBusinessUnits", "/customer/organisations/{id}/business_units", "Business units",
			"The organisation's business units, by name.", api.OrgParams(), api.ReplyNotFound, "The business units.", apiBusinessUnits),
	}
}

const apiTag = "Payout requests"

var apiForbidden = api.ErrorReply(fiber.StatusForbidden, "The role lacks payouts:read (code forbidden), or MissingScope / invalid_csrf.")

// payoutRead is a read of one organisation's payouts service, named in the path, needing
// payouts:read; missing documents its 404.
func payoutRead[B api.Envelope](srv *server.Server, id, path, summary, desc string, params []api.Parameter, missing api.Response, ok string,
	read func(fiber.Ctx, provider.Payouts, api.OrgCall) (B, error)) api.Op {
	return api.ReadOp(api.Op{ID: id, Path: path, Tag: apiTag, Summary: summary, Description: desc,
		Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: params,
		Responses: []api.Response{api.ReplyUnauthorized, apiForbidden, missing}}, ok, apiPayoutRead(srv, nil, read))
}

// apiStatuses are the state_category values.
func apiStatuses() []string { return provider.PayoutStatusCodes() }
