package receivers

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

// The receiver calls of the JSON API (spec 001 §7 "Receivers"): the receivers (list with
// sort and cursors, detail, delete, create) with the recent receivers of a product and
// schema (the wizard's picker), and the same saved receivers as the organisation's
// creditors under /customer/organisations/{id}/creditors. One set of handlers serves both
// paths. Reads are api.ReadOp reads (membership 404, then receivers:read 403); create and
// delete check the same, plus receivers:manage, declared on the operation (api.Op.Needs), which the router checks first. The API is
// not behind the receiver management flag, which switches the page (spec 001 §2).

const apiTag = "Receivers"

// apiCollection is one path the saved receivers are served under.
type apiCollection struct {
	path  string // the list, under the API base
	param string // the path parameter of one
	noun  string // receiver or creditor, in operation ids and texts
}

var (
	apiReceivers = apiCollection{path: "/payouts/organisations/{id}/receivers", param: "receiver_id", noun: "receiver"}
	apiCreditors = apiCollection{path: "/customer/organisations/{id}/creditors", param: "creditor_id", noun: "creditor"}
)

const apiRecentPath = "/payouts/organisations/{id}/recent_receivers"

// apiCreateRequest is the body of a create: the creditor to save (spec 001 §7 "POST create
// with a creditor object").
type apiCreateRequest struct {
	_        struct{}                `description:"A receiver to save."`
	Creditor provider.ReceiverCreate `json:"creditor" required:"true" description:"The creditor: its fields, creditor_type, product_id, schema_id and creditor_details."`
}

// apiRead is a read of the receivers service needing receivers:read.
func apiRead[B api.Envelope](srv *server.Server, read func(fiber.Ctx, provider.Receivers, api.OrgCall) (B, error)) api.Read[B] {
	return api.Read[B]{Perms: []access.Permission{access.ReceiversRead},
		Read: func(c fiber.Ctx, r api.OrgCall) (B, error) { return read(c, srv.Receivers, r) }}
}

// apiFilter reads the list's query, every problem at once.
func apiFilter(c fiber.Ctx) (provider.ReceiverFilter, error) {
	var f provider.ReceiverFilter
	var probs []api.Problem
	switch v := c.Query("sort"); v {
	case "", provider.ReceiverSortNewest, provider.ReceiverSortOldest:
		f.Sort = strings.Clone(v)
	default:
		probs = append(probs, api.ParamProblem("sort", "Sort by -created_at (newest first) or created_at (oldest first)"))
	}
	pg, err := api.ReadPage(c, api.PagingNames{After: "cursor_next", Before: "cursor_prev", Size: "page_size"},
		provider.MaxReceiverLimit, probs)
	f.Cursor, f.Direction, f.Limit = pg.Cursor, pg.Direction, pg.Limit
	return f, err
}

func apiList(c fiber.Ctx, p provider.Receivers, r api.OrgCall) (api.PageBody[[]provider.Receiver, api.PageMeta], error) {
	var out api.PageBody[[]provider.Receiver, api.PageMeta]
	f, err := apiFilter(c)
	if err != nil {
		return out, err
	}
	page, err := p.Receivers(c.Context(), r.OrgID, f)
	if provider.ErrorCode(err) == provider.EINVALID {
		name := "cursor_next"
		if f.Direction == provider.DirectionPrev {
			name = "cursor_prev"
		}
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem(name, provider.ErrorMessage(err)))
	}
	if err != nil {
		return out, err
	}
	return api.Page(page.Receivers, api.PageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

func apiRecent(c fiber.Ctx, p provider.Receivers, r api.OrgCall) (api.DataBody[[]provider.Receiver], error) {
	var out api.DataBody[[]provider.Receiver]
	product, schema := strings.Clone(c.Query("product_id")), strings.Clone(c.Query("schema_id"))
	var probs []api.Problem
	if product == "" {
		probs = append(probs, api.ParamProblem("product_id", "product_id is required"))
	}
	if schema == "" {
		probs = append(probs, api.ParamProblem("schema_id", "schema_id is required"))
	}
	limit := 0
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxReceiverLimit {
			probs = append(probs, api.ParamProblem("limit", "Must be between 1 and "+strconv.Itoa(provider.MaxReceiverLimit)))
		}
		limit = n
	}
	if len(probs) > 0 {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, probs...)
	}
	list, err := p.RecentReceivers(c.Context(), r.OrgID, product, schema, limit)
	return api.DataOf(list), err
}

// apiManage is what the calls that change the receivers need.
var apiManage = []access.Permission{access.ReceiversRead, access.ReceiversManage}

func (s area) apiCreate(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	var body apiCreateRequest
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	in := body.Creditor
	in.CreatedBy = strings.TrimSpace(a.User.FirstName + " " + a.User.LastName)
	r, err := s.Receivers.SaveReceiver(c.Context(), orgID, in)
	var fe *provider.FieldError
	if errors.As(err, &fe) {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("creditor/"+fe.Field, fe.Err.Message))
	}
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	status := fiber.StatusCreated
	if r.Replayed {
		status = fiber.StatusOK
	}
	return api.Send(c, status, api.DataOf(r))
}

func (s area) apiDelete(param string) api.HandlerFunc {
	return func(c fiber.Ctx, a *api.Caller) error {
		orgID := a.OrgID
		r, err := s.Receivers.DeleteReceiver(c.Context(), orgID, strings.Clone(c.Params(param)))
		if err != nil {
			return api.ProviderFail(c, err, nil)
		}
		return api.Data(c, r)
	}
}

func (s area) apiOperations() []api.Op {
	ops := append(s.apiCollectionOps(apiReceivers), s.apiCollectionOps(apiCreditors)...)
	return append(ops, api.ReadOp(api.Op{
		ID: "listRecentReceivers", Path: apiRecentPath, Tag: apiTag, Summary: "Recent receivers of a product and schema",
		Description: "The receivers saved for one payout product and schema, newest first: the manual payout wizard's recent " +
			"receivers picker.",
		Auth: api.Bearer, Scopes: api.ScopesDashboard,
		Params: []api.Parameter{api.OrgIDParam,
			{Name: "product_id", In: "query", Required: true, Description: "The payout product.", Schema: api.String("")},
			{Name: "schema_id", In: "query", Required: true, Description: "The product schema.", Schema: api.String("")},
			{Name: "limit", In: "query", Description: "At most this many, 1 to " + strconv.Itoa(provider.MaxReceiverLimit) +
				" (default " + strconv.Itoa(provider.DefaultRecentReceivers) + ").", Schema: api.Integer("").WithRange(1, provider.MaxReceiverLimit)}},
		Responses: []api.Response{api.ReplyUnauthorized, apiForbiddenRead, api.ReplyNotFound,
			api.ErrorReply(fiber.StatusUnprocessableEntity, "product_id or schema_id missing, or a bad limit (source.parameter names it).")},
	}, "The receivers, newest first; none is an empty list.", apiRead(s.Server, apiRecent)))
}

var (
	apiForbiddenRead   = api.ErrorReply(fiber.StatusForbidden, "The role lacks receivers:read (code forbidden), or MissingScope / invalid_csrf.")
	apiForbiddenManage = api.ErrorReply(fiber.StatusForbidden, "The role lacks receivers:manage (code forbidden), or MissingScope / invalid_csrf.")
)

// apiCollectionOps are the list, detail, create and delete of one path of the receivers.
func (s area) apiCollectionOps(col apiCollection) []api.Op {
	Noun := strings.ToUpper(col.noun[:1]) + col.noun[1:]
	one := col.path + "/{" + col.param + "}"
	idParam := api.Parameter{Name: col.param, In: "path", Required: true,
		Description: "The " + col.noun + "'s id. Another organisation's answers 404, as an unknown one does.", Schema: api.String("").WithFormat("uuid")}
	notFound := api.ErrorReply(fiber.StatusNotFound, "No such organisation or "+col.noun+", or not the caller's (not told apart).")
	other := "receivers"
	if col == apiReceivers {
		other = "creditors"
	}
	same := " The organisation's " + other + " are the same saved receivers."
	return []api.Op{
		api.ReadOp(api.Op{
			ID: "list" + Noun + "s", Path: col.path, Tag: apiTag, Summary: "List " + col.noun + "s",
			Description: "The organisation's saved receivers, newest first unless sort=created_at, cursor paged with the total." + same +
				"",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Params: []api.Parameter{api.OrgIDParam,
				{Name: "sort", In: "query", Description: "-created_at (default, newest first) or created_at (oldest first).",
					Schema: api.String("").WithEnum(provider.ReceiverSortNewest, provider.ReceiverSortOldest)},
				api.QueryParam("cursor_next", "meta.cursor_next of a page: the page after it."),
				api.QueryParam("cursor_prev", "meta.cursor_prev of a page: the page before it."),
				{Name: "page_size", In: "query", Description: "Rows per page, 1 to " + strconv.Itoa(provider.MaxReceiverLimit) +
					" (default " + strconv.Itoa(provider.DefaultReceiverLimit) + ").", Schema: api.Integer("").WithRange(1, provider.MaxReceiverLimit)}},
			Responses: []api.Response{api.ReplyUnauthorized, apiForbiddenRead, api.ReplyNotFound,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong (source.parameter names it).")},
		}, "One page: data, and meta with total, cursor_next, cursor_prev and has_next_page.", apiRead(s.Server, apiList)),
		api.ReadOp(api.Op{
			ID: "get" + Noun, Path: one, Tag: apiTag, Summary: "Get a " + col.noun,
			Description: "One saved receiver with every field and its creditor_details.",
			Auth:        api.Bearer, Scopes: api.ScopesDashboard, Params: []api.Parameter{api.OrgIDParam, idParam},
			Responses: []api.Response{api.ReplyUnauthorized, apiForbiddenRead, notFound},
		}, "The "+col.noun+".", apiRead(s.Server, func(c fiber.Ctx, p provider.Receivers, r api.OrgCall) (api.DataBody[provider.Receiver], error) {
			rc, err := p.Receiver(c.Context(), r.OrgID, strings.Clone(c.Params(col.param)))
			return api.DataOf(rc), err
		})),
		{
			ID: "create" + Noun, Method: fiber.MethodPost, Path: col.path, Tag: apiTag, Summary: "Save a " + col.noun,
			Description: "Saves a manual payout's creditor for reuse (the wizard's Save receiver). Saving the same creditor again " +
				"(every field equal, same product and schema) answers 200 with the one saved before rather than a duplicate. " +
				"currency and created_by are set by the portal.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: []api.Parameter{api.OrgIDParam}, Body: api.Body[apiCreateRequest](),
			Responses: []api.Response{api.OK[api.DataBody[provider.Receiver]](fiber.StatusCreated, "Saved."),
				api.DataOK[provider.Receiver]("Already saved: the same receiver."),
				api.ReplyUnauthorized, apiForbiddenManage, api.ReplyNotFound,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "A field of the creditor is refused (source.pointer names it).")},
			Handler: s.apiCreate,
		},
		{
			ID: "delete" + Noun, Method: fiber.MethodDelete, Path: one, Tag: apiTag, Summary: "Delete a " + col.noun,
			Description: "Removes the receiver from the organisation's contact list for good and answers it as it was.",
			Auth:        api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: []api.Parameter{api.OrgIDParam, idParam},
			Responses: []api.Response{api.DataOK[provider.Receiver]("Deleted: the receiver as it was."),
				api.ReplyUnauthorized, apiForbiddenManage, notFound},
			Handler: s.apiDelete(col.param),
		},
	}
}
