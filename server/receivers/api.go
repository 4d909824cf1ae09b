package receivers

import (
	"errors"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
)

// The receiver calls of the JSON API (spec 001 §7 "Receivers"): the receivers (list with
// sort and cursors, detail, delete, create) with the recent receivers of a product and
// schema (the wizard's picker), and the same saved receivers as the organisation's
// creditors under /customer/organisations/{id}/creditors. One set of handlers serves both
// paths. Reads run server.APIOrgRead (membership 404, then receivers:read 403); create and
// delete check the same, plus receivers:manage, declared on the operation (APIOp.Needs), which the router checks first. The API is
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

var apiService = server.APIService(func(s *server.Server) bool { return s.Receivers != nil })

// apiRead is a read of the receivers service needing receivers:read.
func apiRead[B server.APIEnvelope](read func(fiber.Ctx, provider.Receivers, server.APIOrgCall) (B, error)) server.APIRead[B] {
	return server.APIRead[B]{Perms: []access.Permission{access.ReceiversRead}, Service: apiService,
		Read: func(s *server.Server, c fiber.Ctx, r server.APIOrgCall) (B, error) { return read(c, s.Receivers, r) }}
}

// apiFilter reads the list's query, every problem at once.
func apiFilter(c fiber.Ctx) (provider.ReceiverFilter, error) {
	var f provider.ReceiverFilter
	var probs []server.APIProblem
	switch v := c.Query("sort"); v {
	case "", provider.ReceiverSortNewest, provider.ReceiverSortOldest:
		f.Sort = strings.Clone(v)
	default:
		probs = append(probs, server.APIParamProblem("sort", "Sort by -created_at (newest first) or created_at (oldest first)"))
	}
	pg, err := server.APIReadPage(c, server.APIPagingNames{After: "cursor_next", Before: "cursor_prev", Size: "page_size"},
		provider.MaxReceiverLimit, probs)
	f.Cursor, f.Direction, f.Limit = pg.Cursor, pg.Direction, pg.Limit
	return f, err
}

func apiList(c fiber.Ctx, p provider.Receivers, r server.APIOrgCall) (server.APIPageBody[[]provider.Receiver, server.APIPageMeta], error) {
	var out server.APIPageBody[[]provider.Receiver, server.APIPageMeta]
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
		return out, server.APIRefuse(fiber.StatusUnprocessableEntity, server.APIParamProblem(name, provider.ErrorMessage(err)))
	}
	if err != nil {
		return out, err
	}
	return server.APIPage(page.Receivers, server.APIPageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

func apiRecent(c fiber.Ctx, p provider.Receivers, r server.APIOrgCall) (server.APIDataBody[[]provider.Receiver], error) {
	var out server.APIDataBody[[]provider.Receiver]
	product, schema := strings.Clone(c.Query("product_id")), strings.Clone(c.Query("schema_id"))
	var probs []server.APIProblem
	if product == "" {
		probs = append(probs, server.APIParamProblem("product_id", "product_id is required"))
	}
	if schema == "" {
		probs = append(probs, server.APIParamProblem("schema_id", "schema_id is required"))
	}
	limit := 0
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxReceiverLimit {
			probs = append(probs, server.APIParamProblem("limit", "Must be between 1 and "+strconv.Itoa(provider.MaxReceiverLimit)))
		}
		limit = n
	}
	if len(probs) > 0 {
		return out, server.APIRefuse(fiber.StatusUnprocessableEntity, probs...)
	}
	list, err := p.RecentReceivers(c.Context(), r.OrgID, product, schema, limit)
	return server.APIDataOf(list), err
}

// apiManage is what the calls that change the receivers need.
var apiManage = []access.Permission{access.ReceiversRead, access.ReceiversManage}

func (s area) apiCreate(c fiber.Ctx, a *server.APICaller) error {
	orgID := a.OrgID
	var body apiCreateRequest
	if p := server.DecodeJSON(c, &body); p != nil {
		return server.APIErrors(c, p.Status, *p)
	}
	in := body.Creditor
	in.CreatedBy = strings.TrimSpace(a.User.FirstName + " " + a.User.LastName)
	r, err := s.Receivers.SaveReceiver(c.Context(), orgID, in)
	var fe *provider.FieldError
	if errors.As(err, &fe) {
		return server.APIErrors(c, fiber.StatusUnprocessableEntity, server.APIField("creditor/"+fe.Field, fe.Err.Message))
	}
	if err != nil {
		return server.APIProviderFail(c, err, nil)
	}
	status := fiber.StatusCreated
	if r.Replayed {
		status = fiber.StatusOK
	}
	return server.APISend(c, status, server.APIDataOf(r))
}

func (s area) apiDelete(param string) server.APIHandlerFunc {
	return func(_ *server.Server, c fiber.Ctx, a *server.APICaller) error {
		orgID := a.OrgID
		r, err := s.Receivers.DeleteReceiver(c.Context(), orgID, strings.Clone(c.Params(param)))
		if err != nil {
			return server.APIProviderFail(c, err, nil)
		}
		return server.APIData(c, r)
	}
}

func (s area) apiOperations() []server.APIOp {
	ops := append(s.apiCollectionOps(apiReceivers), s.apiCollectionOps(apiCreditors)...)
	return append(ops, server.APIReadOp(server.APIOp{
		ID: "listRecentReceivers", Path: apiRecentPath, Tag: apiTag, Summary: "Recent receivers of a product and schema",
		Description: "The receivers saved for one payout product and schema, newest first: the manual payout wizard's recent " +
			"receivers picker.",
		Auth: server.APIBearer, Scopes: server.APIScopesDashboard,
		Params: []server.OAParameter{server.APIOrgIDParam,
			{Name: "product_id", In: "query", Required: true, Description: "The payout product.", Schema: server.OAString("")},
			{Name: "schema_id", In: "query", Required: true, Description: "The product schema.", Schema: server.OAString("")},
			{Name: "limit", In: "query", Description: "At most this many, 1 to " + strconv.Itoa(provider.MaxReceiverLimit) +
				" (default " + strconv.Itoa(provider.DefaultRecentReceivers) + ").", Schema: server.OAInteger("").WithRange(1, provider.MaxReceiverLimit)}},
		Responses: []server.APIResponse{server.APIReplyUnauthorized, apiForbiddenRead, server.APIReplyNotFound,
			server.APIErrorReply(fiber.StatusUnprocessableEntity, "product_id or schema_id missing, or a bad limit (source.parameter names it).")},
	}, "The receivers, newest first; none is an empty list.", apiRead(apiRecent)))
}

var (
	apiForbiddenRead   = server.APIErrorReply(fiber.StatusForbidden, "The role lacks receivers:read (code forbidden), or MissingScope / invalid_csrf.")
	apiForbiddenManage = server.APIErrorReply(fiber.StatusForbidden, "The role lacks receivers:manage (code forbidden), or MissingScope / invalid_csrf.")
)

// apiCollectionOps are the list, detail, create and delete of one path of the receivers.
func (s area) apiCollectionOps(col apiCollection) []server.APIOp {
	Noun := strings.ToUpper(col.noun[:1]) + col.noun[1:]
	one := col.path + "/{" + col.param + "}"
	idParam := server.OAParameter{Name: col.param, In: "path", Required: true,
		Description: "The " + col.noun + "'s id. Another organisation's answers 404, as an unknown one does.", Schema: server.OAString("").WithFormat("uuid")}
	notFound := server.APIErrorReply(fiber.StatusNotFound, "No such organisation or "+col.noun+", or not the caller's (not told apart).")
	other := "receivers"
	if col == apiReceivers {
		other = "creditors"
	}
	same := " The organisation's " + other + " are the same saved receivers."
	return []server.APIOp{
		server.APIReadOp(server.APIOp{
			ID: "list" + Noun + "s", Path: col.path, Tag: apiTag, Summary: "List " + col.noun + "s",
			Description: "The organisation's saved receivers, newest first unless sort=created_at, cursor paged with the total." + same +
				"",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard,
			Params: []server.OAParameter{server.APIOrgIDParam,
				{Name: "sort", In: "query", Description: "-created_at (default, newest first) or created_at (oldest first).",
					Schema: server.OAString("").WithEnum(provider.ReceiverSortNewest, provider.ReceiverSortOldest)},
				server.APIQueryParam("cursor_next", "meta.cursor_next of a page: the page after it."),
				server.APIQueryParam("cursor_prev", "meta.cursor_prev of a page: the page before it."),
				{Name: "page_size", In: "query", Description: "Rows per page, 1 to " + strconv.Itoa(provider.MaxReceiverLimit) +
					" (default " + strconv.Itoa(provider.DefaultReceiverLimit) + ").", Schema: server.OAInteger("").WithRange(1, provider.MaxReceiverLimit)}},
			Responses: []server.APIResponse{server.APIReplyUnauthorized, apiForbiddenRead, server.APIReplyNotFound,
				server.APIErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong (source.parameter names it).")},
		}, "One page: data, and meta with total, cursor_next, cursor_prev and has_next_page.", apiRead(apiList)),
		server.APIReadOp(server.APIOp{
			ID: "get" + Noun, Path: one, Tag: apiTag, Summary: "Get a " + col.noun,
			Description: "One saved receiver with every field and its creditor_details.",
			Auth:        server.APIBearer, Scopes: server.APIScopesDashboard, Params: []server.OAParameter{server.APIOrgIDParam, idParam},
			Responses: []server.APIResponse{server.APIReplyUnauthorized, apiForbiddenRead, notFound},
		}, "The "+col.noun+".", apiRead(func(c fiber.Ctx, p provider.Receivers, r server.APIOrgCall) (server.APIDataBody[provider.Receiver], error) {
			rc, err := p.Receiver(c.Context(), r.OrgID, strings.Clone(c.Params(col.param)))
			return server.APIDataOf(rc), err
		})),
		{
			ID: "create" + Noun, Method: fiber.MethodPost, Path: col.path, Tag: apiTag, Summary: "Save a " + col.noun,
			Description: "Saves a manual payout's creditor for reuse (the wizard's Save receiver). Saving the same creditor again " +
				"(every field equal, same product and schema) answers 200 with the one saved before rather than a duplicate. " +
				"currency and created_by are set by the portal.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard, Needs: apiManage, Service: apiService,
			Params: []server.OAParameter{server.APIOrgIDParam}, Body: server.APIBody[apiCreateRequest](),
			Responses: []server.APIResponse{server.APIOK[server.APIDataBody[provider.Receiver]](fiber.StatusCreated, "Saved."),
				server.APIDataOK[provider.Receiver]("Already saved: the same receiver."),
				server.APIReplyUnauthorized, apiForbiddenManage, server.APIReplyNotFound,
				server.APIErrorReply(fiber.StatusUnprocessableEntity, "A field of the creditor is refused (source.pointer names it).")},
			Handler: func(_ *server.Server, c fiber.Ctx, a *server.APICaller) error { return s.apiCreate(c, a) },
		},
		{
			ID: "delete" + Noun, Method: fiber.MethodDelete, Path: one, Tag: apiTag, Summary: "Delete a " + col.noun,
			Description: "Removes the receiver from the organisation's contact list for good and answers it as it was.",
			Auth:        server.APIBearer, Scopes: server.APIScopesDashboard, Needs: apiManage, Service: apiService,
			Params: []server.OAParameter{server.APIOrgIDParam, idParam},
			Responses: []server.APIResponse{server.APIDataOK[provider.Receiver]("Deleted: the receiver as it was."),
				server.APIReplyUnauthorized, apiForbiddenManage, notFound},
			Handler: s.apiDelete(col.param),
		},
	}
}
