package collections

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/api"
)

// The collection calls of the JSON API (spec 001 §7 "Collection orders"): the list with its
// defaults, an order by uuid, the find by uuid or external reference, cancel (DELETE),
// refund, the sandbox test case, a payment by uuid and the find by uuid or unique reference.
// The status counts are the dashboard's (getCollectionOrderStatusCountsReport). Reads run
// api.ReadOp reads (membership 404, then the permission 403); the three changes check the
// same declared on the operation (api.Op.Needs), which the router checks first.

const (
	apiTag             = "Collection orders"
	apiOrders          = "/collection/organisations/{id}/orders"
	apiOrder           = "/collection/organisations/{id}/orders/{uuid}"
	apiPayments        = "/collection/organisations/{id}/payments"
	apiHeaderIdem      = "Idempotency-Key"
	apiFindOrderPath   = apiOrders + "/find_by_uuid_or_" + provider.ProductName + "_external_reference"
	apiFindPaymentPath = apiPayments + "/find_by_uuid_or_" + provider.ProductName + "_unique_reference"
)

// apiOrdersMeta is the list's meta (spec 001 §7: cursor_after and total).
type apiOrdersMeta struct {
	_            struct{} `name:"CollectionOrdersMeta" description:"Paging of the order list."`
	CursorAfter  string   `json:"cursor_after" description:"Pass as cursor_after for the next page; empty on the last."`
	CursorBefore string   `json:"cursor_before" description:"Pass as cursor_before for the page before; empty on the first."`
	Total        int      `json:"total" description:"Orders matching the filters."`
}

// apiRefundRequest is the refund call's body.
type apiRefundRequest struct {
	_      struct{} `description:"A refund of a completed order."`
	Amount string   `json:"amount" required:"true" description:"Up to the order's amount, with the currency's decimals; the order's whole amount is a full refund." example:"120.00"`
}

func apiRead[B api.Envelope](srv *server.Server, org func(fiber.Ctx, *api.Caller) (string, error),
	read func(fiber.Ctx, provider.Collections, api.OrgCall) (B, error)) api.Read[B] {
	return api.Read[B]{Org: org, Perms: []access.Permission{access.CollectionOrdersRead},
		Read: func(c fiber.Ctx, r api.OrgCall) (B, error) { return read(c, srv.Collections, r) }}
}

func apiQueryOrg(c fiber.Ctx, _ *api.Caller) (string, error) {
	return strings.Clone(c.Query("organisation_id")), nil
}

// apiDefaultRange is spec 001 §7's: from 30 days ago at the start of that day to the end of
// tomorrow.
func apiDefaultRange(now time.Time) (after, before time.Time) {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	return today.AddDate(0, 0, -30), today.AddDate(0, 0, 2)
}

func (s area) apiListOrders(c fiber.Ctx, col provider.Collections, r api.OrgCall) (api.PageBody[[]provider.CollectionOrder, apiOrdersMeta], error) {
	var out api.PageBody[[]provider.CollectionOrder, apiOrdersMeta]
	f := provider.CollectionOrderFilter{}
	var err error
	if f.CreatedAfter, f.CreatedBefore, err = api.ReadRange(c); err != nil {
		return out, err
	}
	after, before := apiDefaultRange(s.Now())
	if f.CreatedAfter.IsZero() {
		f.CreatedAfter = after
	}
	if f.CreatedBefore.IsZero() {
		f.CreatedBefore = before
	}
	var probs []api.Problem
	q := func(name string) string { return strings.Clone(c.Query(name)) }
	if f.Status = q("status"); f.Status != "" && !validStatus(f.Status) {
		probs = append(probs, api.ParamProblem("status", "Unknown status"))
	}
	f.VirtualAccountNumber = q("virtual_account_number")
	switch f.Sort = q("sort"); f.Sort {
	case "", provider.SortNewest, provider.SortOldest:
	default:
		probs = append(probs, api.ParamProblem("sort", "Sort by -date (newest first) or date (oldest first)"))
	}
	a, b := q("cursor_after"), q("cursor_before")
	switch {
	case a != "" && b != "":
		probs = append(probs, api.ParamProblem("cursor_before", "Give cursor_after or cursor_before, not both"))
	case a != "":
		f.Cursor, f.Direction = a, provider.DirectionNext
	case b != "":
		f.Cursor, f.Direction = b, provider.DirectionPrev
	}
	if v := q("page_size"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxCollectionLimit {
			probs = append(probs, api.ParamProblem("page_size", "Must be between 1 and "+strconv.Itoa(provider.MaxCollectionLimit)))
		}
		f.Limit = n
	}
	if len(probs) > 0 {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, probs...)
	}
	page, err := col.CollectionOrders(c.Context(), r.OrgID, f)
	if provider.ErrorCode(err) == provider.EINVALID {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("cursor_after", provider.ErrorMessage(err)))
	}
	if err != nil {
		return out, err
	}
	return api.Page(page.Orders, apiOrdersMeta{CursorAfter: page.CursorNext, CursorBefore: page.CursorPrev, Total: page.Total}), nil
}

func validStatus(st string) bool {
	for _, s := range provider.CollectionOrderStatuses() {
		if s == st {
			return true
		}
	}
	return false
}

// apiMissingValue refuses a find without ?value=, as a missing required parameter is.
func apiMissingValue() error {
	return api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("value", "Enter a uuid or a reference"))
}

func apiGetOrder(c fiber.Ctx, col provider.Collections, r api.OrgCall) (api.DataBody[provider.CollectionOrder], error) {
	o, err := col.CollectionOrder(c.Context(), r.OrgID, strings.Clone(c.Params("uuid")))
	return api.DataOf(o), err
}

func apiFindOrder(c fiber.Ctx, col provider.Collections, r api.OrgCall) (api.DataBody[provider.CollectionOrder], error) {
	v := strings.Clone(c.Query("value"))
	if v == "" {
		return api.DataBody[provider.CollectionOrder]{}, apiMissingValue()
	}
	found, err := col.FindCollectionOrders(c.Context(), r.OrgID, v)
	if err != nil {
		return api.DataBody[provider.CollectionOrder]{}, err
	}
	if len(found) == 0 {
		return api.DataBody[provider.CollectionOrder]{}, provider.Errorf(provider.ENOTFOUND, "Collection order not found.")
	}
	o, err := col.CollectionOrder(c.Context(), r.OrgID, found[0].UUID)
	return api.DataOf(o), err
}

func apiGetPayment(c fiber.Ctx, col provider.Collections, r api.OrgCall) (api.DataBody[provider.CollectionPayment], error) {
	p, err := col.CollectionPayment(c.Context(), r.OrgID, strings.Clone(c.Params("uuid")))
	return api.DataOf(p), err
}

func apiFindPayment(c fiber.Ctx, col provider.Collections, r api.OrgCall) (api.DataBody[provider.CollectionPayment], error) {
	v := strings.Clone(c.Query("value"))
	if v == "" {
		return api.DataBody[provider.CollectionPayment]{}, apiMissingValue()
	}
	found, err := col.FindCollectionPayments(c.Context(), r.OrgID, v)
	if err != nil {
		return api.DataBody[provider.CollectionPayment]{}, err
	}
	if len(found) == 0 {
		return api.DataBody[provider.CollectionPayment]{}, provider.Errorf(provider.ENOTFOUND, "Payment not found.")
	}
	return api.DataOf(found[0]), nil
}

// apiManage is what the calls that change an order need.
var apiManage = []access.Permission{access.CollectionOrdersRead, access.CollectionOrdersMan}

func apiUUID(c fiber.Ctx) string { return strings.Clone(c.Params("uuid")) }

func (s area) apiCancel(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	o, err := s.Collections.CancelCollectionOrder(c.Context(), orgID, apiUUID(c))
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	return api.Data(c, o)
}

func (s area) apiRefund(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	key := strings.TrimSpace(c.Get(apiHeaderIdem))
	if len(key) > 255 {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.ParamProblem(apiHeaderIdem, "At most 255 characters"))
	}
	var body apiRefundRequest
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	o, err := s.Collections.RefundCollectionOrder(c.Context(), orgID, apiUUID(c), provider.CollectionRefundRequest{
		Amount: strings.TrimSpace(body.Amount), IdempotencyKey: strings.Clone(key)})
	var fe *provider.FieldError
	if errors.As(err, &fe) {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field(fe.Field, fe.Err.Message))
	}
	if provider.ErrorMessage(err) == provider.MsgRefundNoFeeProduct {
		return api.Errors(c, fiber.StatusConflict, api.Problem{Status: fiber.StatusConflict, Code: "missing_configuration",
			Title: provider.MsgRefundMissingConfig, Detail: provider.MsgRefundNoFeeProduct})
	}
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	return api.Data(c, o)
}

func (s area) apiTestCase(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	flags, err := s.Provider.FeatureFlags(c.Context(), orgID)
	if err != nil {
		return err
	}
	if !s.TestCasesOn(&server.OrgContext{Flags: flags}) {
		return api.Error(c, fiber.StatusForbidden, api.CodeForbidden, "Sandbox test cases are not enabled")
	}
	var body provider.CollectionTestCaseRequest
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	o, err := s.Collections.CollectionTestCase(c.Context(), orgID, apiUUID(c), body)
	if provider.ErrorCode(err) == provider.EINVALID {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("test_case", provider.ErrorMessage(err)))
	}
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	return api.Data(c, o)
}

var (
	apiForbidden       = api.ErrorReply(fiber.StatusForbidden, "The role lacks collection_orders:read (code forbidden), or MissingScope / invalid_csrf.")
	apiForbiddenManage = api.ErrorReply(fiber.StatusForbidden, "The role lacks collection_orders:manage (code forbidden), or MissingScope / invalid_csrf.")
	apiNotFound        = api.ErrorReply(fiber.StatusNotFound, "No such organisation, order or payment, or not the caller's (not told apart).")
	apiUUIDParam       = api.Parameter{Name: "uuid", In: "path", Required: true,
		Description: "The order's uuid. Another organisation's answers 404, as an unknown one does.", Schema: api.String("").WithFormat("uuid")}
)

// orderRead is a read of one organisation's collections named in the path.
func orderRead[B api.Envelope](srv *server.Server, id, path, summary, desc string, params []api.Parameter, ok string,
	read func(fiber.Ctx, provider.Collections, api.OrgCall) (B, error)) api.Op {
	return api.ReadOp(api.Op{ID: id, Path: path, Tag: apiTag, Summary: summary, Description: desc,
		Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: api.OrgParams(params...),
		Responses: []api.Response{api.ReplyUnauthorized, apiForbidden, apiNotFound}}, ok, apiRead(srv, nil, read))
}

func (s area) apiOperations() []api.Op {
	// The finders take what they look for as ?value=, not as a last path segment: a segment
	// would make …/orders/find_by_…/{value} and …/orders/{uuid}/refund the same shape, which a
	// client's router cannot tell apart (docs/api.md).
	value := func(desc string) api.Parameter {
		return api.Parameter{Name: "value", In: "query", Required: true, Description: desc, Schema: api.String("").WithMinLength(1)}
	}
	find := func(op api.Op) api.Op {
		op.Responses = append(op.Responses, api.ErrorReply(fiber.StatusUnprocessableEntity, "value is missing or empty (source.parameter value)."))
		return op
	}
	manage := func(op api.Op, h func(fiber.Ctx, *api.Caller) error) api.Op {
		op.Tag, op.Auth, op.Scopes = apiTag, api.Bearer, api.ScopesDashboard
		op.Needs = apiManage
		op.Params = append([]api.Parameter{api.OrgIDParam, apiUUIDParam}, op.Params...)
		op.Handler = h
		return op
	}
	return []api.Op{
		api.ReadOp(api.Op{
			ID: "listCollectionOrders", Path: "/collection/orders", Tag: apiTag, Summary: "List collection orders",
			Description: "The organisation's collection orders, newest first unless sort=date, cursor paged with the total. Rows leave " +
				"payments, refunds and status_history empty: getCollectionOrder has them.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Params: []api.Parameter{
				{Name: "organisation_id", In: "query", Required: true, Description: "The organisation; a non-member gets 404, as for an unknown one.",
					Schema: api.String("").WithFormat("uuid")},
				api.TimeParam("created_after", "Created at or after (YYYY-MM-DD, YYYY-MM-DD HH:mm:ss UTC or RFC 3339); default the start of the day 30 days ago."),
				api.TimeParam("created_before", "Created before, in the same forms; default the end of tomorrow."),
				{Name: "status", In: "query", Description: "Only orders in this status.", Schema: api.String("").WithEnum(provider.CollectionOrderStatuses()...)},
				api.QueryParam("virtual_account_number", "Only orders paid into this account."),
				{Name: "sort", In: "query", Description: "-date (default, newest first) or date.", Schema: api.String("").WithEnum(provider.SortNewest, provider.SortOldest)},
				api.QueryParam("cursor_after", "meta.cursor_after of a page: the page after it."),
				api.QueryParam("cursor_before", "meta.cursor_before of a page: the page before it."),
				{Name: "page_size", In: "query", Description: "Rows per page, 1 to " + strconv.Itoa(provider.MaxCollectionLimit) + " (default " +
					strconv.Itoa(provider.DefaultCollectionLimit) + ").", Schema: api.Integer("").WithRange(1, provider.MaxCollectionLimit)}},
			Responses: []api.Response{api.ReplyUnauthorized, apiForbidden, api.ReplyNotFound,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong (source.parameter names it).")},
		}, "One page: data, and meta with cursor_after, cursor_before and total.", apiRead(s.Server, apiQueryOrg, s.apiListOrders)),
		orderRead(s.Server, "getCollectionOrder", apiOrder, "Get a collection order", "Everything about one order: debtor, payments, refunds, "+
			"status history and reason codes.", []api.Parameter{apiUUIDParam}, "The order.", apiGetOrder),
		find(orderRead(s.Server, "findCollectionOrder", apiFindOrderPath, "Find a collection order",
			"The order whose uuid, merchant reference or "+provider.ProductName+"_unique_reference is exactly value (the newest when several).",
			[]api.Parameter{value("A uuid or a reference.")}, "The order.", apiFindOrder)),
		manage(api.Op{ID: "cancelCollectionOrder", Method: fiber.MethodDelete, Path: apiOrder, Summary: "Cancel a collection order",
			Description: "Cancels a pending or received order; a repeated call answers the cancelled order again.",
			Responses: []api.Response{api.DataOK[provider.CollectionOrder]("The cancelled order."), api.ReplyUnauthorized,
				apiForbiddenManage, apiNotFound, api.ErrorReply(fiber.StatusConflict, "The order's status does not allow it (the title says why).")},
		}, s.apiCancel),
		manage(api.Op{ID: "refundCollectionOrder", Method: fiber.MethodPost, Path: "/collection/organisations/{id}/orders/{uuid}/refund", Summary: "Refund a collection order",
			Description: "Refunds a completed order without a refund, wholly or in part: the amount and the currency's refund fee leave the order's " +
				"account at once and the order is processing_refund. With an Idempotency-Key, a repeated call with the same body answers the " +
				"first refund (another body: 409); without one, a second refund of the order is 409.",
			Params: []api.Parameter{{Name: apiHeaderIdem, In: "header", Description: "1 to 255 characters; the same key refunds once.", Schema: api.String("")}},
			Body:   api.Body[apiRefundRequest](),
			Responses: []api.Response{api.DataOK[provider.CollectionOrder]("Order successfully refunded: the order afterwards."),
				api.ReplyUnauthorized, apiForbiddenManage, apiNotFound,
				api.ErrorReply(fiber.StatusConflict, "The order cannot be refunded, the key was used for another refund, or (code missing_configuration) the currency has no refund-fee product."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "The amount is not a positive number, exceeds the total, or the account cannot cover it with the fee.")},
		}, s.apiRefund),
		manage(api.Op{ID: "runCollectionTestCase", Method: fiber.MethodPut, Path: "/collection/organisations/{id}/orders/{uuid}/test_case", Summary: "Run a sandbox test case",
			Description: "Sandbox only, with the sandbox test-case or canary UI flag: complete_payment completes a payment of the order as the " +
				"payer's bank would (the account is credited, less the collection fee).",
			Body: api.Body[provider.CollectionTestCaseRequest](),
			Responses: []api.Response{api.DataOK[provider.CollectionOrder]("Test case executed: the order afterwards."),
				api.ReplyUnauthorized,
				api.ErrorReply(fiber.StatusForbidden, "The role lacks collection_orders:manage, or test cases are not enabled (code forbidden)."),
				apiNotFound, api.ErrorReply(fiber.StatusConflict, "The payment or the order cannot take it (the title says why)."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Unknown test case.")},
		}, s.apiTestCase),
		orderRead(s.Server, "getCollectionPayment", apiPayments+"/{uuid}", "Get a collection payment", "One payment with its order's amount and debtor.",
			[]api.Parameter{{Name: "uuid", In: "path", Required: true, Description: "The payment's uuid.", Schema: api.String("").WithFormat("uuid")}},
			"The payment.", apiGetPayment),
		find(orderRead(s.Server, "findCollectionPayment", apiFindPaymentPath, "Find a collection payment",
			"The payment whose uuid or "+provider.ProductName+"_unique_reference is exactly value.",
			[]api.Parameter{value("A uuid or a reference.")}, "The payment.", apiFindPayment)),
	}
}
