package batches

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/api"
)

// The batch calls of the JSON API (spec 001 §7 "Batches (disbursement)"): the list with its
// filter[] and page[] parameters, the multipart upload, one batch, approve, reject, the rows
// of a batch and one row, the product schemas, a schema's CSV template and the payment
// instruments (transfer types with their corridors and schemas). Reads run
// api.ReadOp reads (membership 404, then the permission 403); the upload and the reviews
// check the same declared on the operation (api.Op.Needs), which the router checks first.

const (
	apiTag          = "Payout batches"
	apiListPath     = "/disbursement/organisations/{id}/payout_batches"
	apiBatchPath    = "/disbursement/organisations/{id}/payout_batches/{batchId}"
	apiDraftsPath   = "/disbursement/organisations/{id}/payout_batches/{batchId}/payout_drafts"
	apiTemplatePath = "/payouts/schemas/{schemaId}/csv_template"
)

func apiBatchesPath(orgID string) string {
	return strings.Replace(apiListPath, "{id}", orgID, 1)
}

// apiUploaded is an accepted upload (spec 001 §3 "Batch upload result").
type apiUploaded struct {
	_    struct{}                   `name:"BatchUploadAccepted" description:"An accepted upload."`
	Data provider.BatchUploadResult `json:"data"`
	Meta provider.BatchUploadMeta   `json:"meta"`
}

// apiUploadFailedData is what a failed upload gives back: the file's name and the error
// report (the uploaded rows plus an errors column), left out when no row was read.
type apiUploadFailedData struct {
	Filename string `json:"filename"`
	Content  string `json:"content" description:"The CSV error report; empty when the file itself was refused."`
}

// apiUploadFailed is a refused upload (spec 001 §3 "failed result"): 422 for wrong data,
// 409 for a possible duplicate. Its errors are the API's one error shape; data and meta
// come along once the file was read.
type apiUploadFailed struct {
	_      struct{}                 `name:"BatchUploadFailed" description:"A refused upload; nothing was stored. errors as in every error reply; a form part's problem points at it (source.pointer /file or /name)."`
	Data   apiUploadFailedData      `json:"data,omitzero"`
	Meta   provider.BatchUploadMeta `json:"meta,omitzero"`
	Errors []api.Problem            `json:"errors"`
}

// apiUploadForm is the multipart body the upload reads (upload.go's fields).
type apiUploadForm struct {
	_              struct{} `name:"BatchUploadForm" description:"The upload form."`
	File           string   `json:"file" required:"true" format:"binary" media:"*/*" description:"A CSV of at most 2,097,152 bytes, UTF-8, the header row of a template. Browsers label CSV files variously, so the part's Content-Type is not relied on: its content is checked."`
	Name           string   `json:"name,omitempty" description:"The batch's name; blank takes the file's name."`
	AllowDuplicate string   `json:"allow_duplicate,omitempty" description:"Any value (1): upload a file that was uploaded before."`
}

func apiRead[B api.Envelope](srv *server.Server, org func(fiber.Ctx, *api.Caller) (string, error),
	read func(fiber.Ctx, provider.Batches, api.OrgCall) (B, error)) api.Read[B] {
	return api.Read[B]{Org: org, Perms: []access.Permission{access.PayoutBatchesRead},
		Read: func(c fiber.Ctx, r api.OrgCall) (B, error) { return read(c, srv.Batches, r) }}
}

func apiListBatches(c fiber.Ctx, b provider.Batches, r api.OrgCall) (api.PageBody[[]provider.Batch, api.PageMeta], error) {
	var out api.PageBody[[]provider.Batch, api.PageMeta]
	var f provider.BatchFilter
	var probs []api.Problem
	var err error
	if f.CreatedAfter, f.CreatedBefore, err = api.ReadRange(c); err != nil {
		return out, err
	}
	q := func(name string) string { return strings.Clone(c.Query(name)) }
	f.Kind = q("filter[kind]")
	if v := q("filter[state]"); v != "" {
		if provider.BatchStatusLabel(v) == v {
			probs = append(probs, api.ParamProblem("filter[state]", "Unknown state"))
		}
		f.Status = v
	}
	if v := q("sort"); v != "" && v != "-created_at" {
		probs = append(probs, api.ParamProblem("sort", "Only -created_at (newest first)"))
	}
	pg, err := api.ReadPage(c, api.PageParams, provider.BatchPageSize, probs)
	if err != nil {
		return out, err
	}
	f.Cursor, f.Direction, f.IncludeCursor, f.Limit = pg.Cursor, pg.Direction, pg.IncludeCursor, pg.Limit
	page, err := b.Batches(c.Context(), r.OrgID, f)
	if provider.ErrorCode(err) == provider.EINVALID {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("page[cursor_after]", provider.ErrorMessage(err)))
	}
	return api.Page(page.Batches, api.PageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), err
}

func apiGetBatch(c fiber.Ctx, b provider.Batches, r api.OrgCall) (api.DataBody[provider.Batch], error) {
	out, err := b.Batch(c.Context(), r.OrgID, strings.Clone(c.Params("batchId")))
	return api.DataOf(out), err
}

func apiListDrafts(c fiber.Ctx, b provider.Batches, r api.OrgCall) (api.PageBody[[]provider.BatchDraftPayout, api.PageMeta], error) {
	var out api.PageBody[[]provider.BatchDraftPayout, api.PageMeta]
	f := provider.BatchDraftFilter{Cursor: strings.Clone(c.Query("page[cursor_after]"))}
	if v := c.Query("page[size]"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxBatchDraftLimit {
			return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("page[size]", "Must be between 1 and "+strconv.Itoa(provider.MaxBatchDraftLimit)))
		}
		f.Limit = n
	}
	pg, err := b.BatchDrafts(c.Context(), r.OrgID, strings.Clone(c.Params("batchId")), f)
	if provider.ErrorCode(err) == provider.EINVALID {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("page[cursor_after]", provider.ErrorMessage(err)))
	}
	return api.Page(pg.Drafts, api.PageMeta{CursorNext: pg.CursorNext, HasNextPage: pg.HasNext, Total: pg.Total}), err
}

func apiGetDraft(c fiber.Ctx, b provider.Batches, r api.OrgCall) (api.DataBody[provider.BatchDraftPayout], error) {
	out, err := b.BatchDraft(c.Context(), r.OrgID, strings.Clone(c.Params("batchId")), strings.Clone(c.Params("draftId")))
	return api.DataOf(out), err
}

// What the calls that are not reads need.
var (
	apiManage = []access.Permission{access.PayoutBatchesRead, access.PayoutBatchesManage}
	apiReview = []access.Permission{access.PayoutBatchesRead, access.PayoutBatchesReview}
)

func (s area) apiTemplate(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	t, err := s.Batches.BatchTemplate(c.Context(), orgID, strings.Clone(c.Params("schemaId")))
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	return sendTemplate(c, t)
}

func (s area) apiUpload(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	out := s.upload(c, orgID, &a.User)
	if out.internal != nil {
		return out.internal
	}
	if out.refusal == nil && len(out.errors) == 0 {
		return api.Send(c, fiber.StatusCreated, apiUploaded{Data: out.result, Meta: out.result.Meta})
	}
	code := api.CodeInvalid
	if out.status == fiber.StatusConflict {
		code = api.CodeConflict
	}
	problem := func(detail, field string) api.Problem {
		p := api.Problem{Status: out.status, Code: code, Title: provider.MsgBatchFailed, Detail: detail}
		if field != "" {
			p.Source = &api.Source{Pointer: "/" + field}
		}
		return p
	}
	failed := apiUploadFailed{Errors: []api.Problem{}}
	for _, field := range []string{fieldFile, fieldName} {
		if msg := out.errors[field]; msg != "" {
			failed.Errors = append(failed.Errors, problem(msg+".", field))
		}
	}
	if e := out.refusal; e != nil {
		failed.Data = apiUploadFailedData{Filename: e.Filename, Content: string(e.Report)}
		failed.Meta = e.Meta
		for _, d := range e.Details {
			failed.Errors = append(failed.Errors, problem(d, ""))
		}
	}
	return api.Send(c, out.status, failed)
}

func (s area) apiReview(c fiber.Ctx, a *api.Caller, approve bool) error {
	orgID := a.OrgID
	b, failed, err := s.reviewBatch(c.Context(), orgID, strings.Clone(c.Params("batchId")), reviewer(a.User), approve)
	if err != nil {
		return api.ProviderFail(c, err, api.Texts{provider.ECONFLICT: {Title: failed, Detail: provider.ErrorMessage(err)}})
	}
	return api.Data(c, b)
}

func (s area) apiOperations() []api.Op {
	batchID := api.Parameter{Name: "batchId", In: "path", Required: true,
		Description: "The batch's id. Another organisation's answers 404, as an unknown one does.", Schema: api.String("").WithFormat("uuid")}
	draftID := api.Parameter{Name: "draftId", In: "path", Required: true, Description: "The row's id.",
		Schema: api.String("").WithFormat("uuid")}
	forbidden := api.ErrorReply(fiber.StatusForbidden, "The role lacks payout_batches:read (code forbidden), or MissingScope / invalid_csrf.")
	notFound := api.ErrorReply(fiber.StatusNotFound, "No such organisation or batch, or not the caller's (not told apart).")
	read := func(id, path, summary, desc string, params []api.Parameter, ok string, r api.Op) api.Op {
		r.ID, r.Path, r.Tag, r.Summary, r.Description = id, path, apiTag, summary, desc+""
		r.Auth, r.Scopes, r.Params = api.Bearer, api.ScopesDashboard, params
		r.Responses = append([]api.Response{api.ReplyUnauthorized, forbidden, notFound}, r.Responses...)
		return r
	}
	reviewOp := func(id, path string, approve bool) api.Op {
		return api.Op{ID: id, Method: fiber.MethodPost, Path: path, Tag: apiTag,
			Summary: map[bool]string{true: "Approve a batch", false: "Decline a batch"}[approve],
			Description: "Allowed when the organisation's batches need approval, the batch is waiting_review with no rejection, and the " +
				"caller has not reviewed it and did not create it. The last approval needed completes the batch and creates its payout " +
				"requests, once; a decline rejects it for good.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiReview, Params: api.OrgParams(batchID),
			Responses: []api.Response{api.DataOK[provider.Batch]("The batch afterwards."), api.ReplyUnauthorized,
				api.ErrorReply(fiber.StatusForbidden, "The role lacks payout_batches:review (code forbidden), or MissingScope / invalid_csrf."),
				notFound, api.ErrorReply(fiber.StatusConflict, "The rules do not allow it; the detail says which.")},
			Handler: func(c fiber.Ctx, a *api.Caller) error { return s.apiReview(c, a, approve) },
		}
	}
	return []api.Op{
		api.ReadOp(read("listPayoutBatches", apiListPath, "List payout batches",
			"The organisation's batches, newest first, 50 a page by cursors, with the total.", api.OrgParams(
				api.QueryParam("filter[state]", "waiting_review, completed or rejected."),
				api.QueryParam("filter[kind]", "Transfer type, e.g. SEPA."),
				api.QueryParam("page[cursor_after]", "cursor_next of a page: the page after it."),
				api.QueryParam("page[cursor_before]", "cursor_prev of a page: the page before it."),
				api.QueryParam("page[include_cursor]", "true: with page[cursor_after], the page starts at the cursor's own row."),
				api.Parameter{Name: "page[size]", In: "query", Description: "Rows per page (default 50).", Schema: api.Integer("").WithRange(1, provider.BatchPageSize)},
				api.QueryParam("sort", "Only -created_at."),
				api.TimeParam("created_after", "Created at or after: YYYY-MM-DD, YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339."),
				api.TimeParam("created_before", "Created before, in the same forms.")),
			"", api.Op{Responses: []api.Response{api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong.")}}),
			"One page: data, and meta with total, cursor_next, cursor_prev and has_next_page.", apiRead(s.Server, nil, apiListBatches)),
		{
			ID: "uploadPayoutBatch", Method: fiber.MethodPost, Path: apiListPath, Tag: apiTag, Summary: "Upload a payout batch",
			Description: "A multipart form with the file and an optional name. Every row is checked; " +
				"when one is wrong nothing is stored and the reply carries the error report. With approval on the batch waits for it, " +
				"else its rows become payout requests at once.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: api.OrgParams(), BodyLimit: server.BatchUploadBodyLimit,
			Form: api.Body[apiUploadForm](),
			Responses: []api.Response{api.OK[apiUploaded](fiber.StatusCreated, "Stored."), api.ReplyUnauthorized,
				api.ErrorReply(fiber.StatusForbidden, "The role lacks payout_batches:manage (code forbidden), or MissingScope / invalid_csrf."),
				api.ReplyNotFound,
				api.OK[apiUploadFailed](fiber.StatusConflict, "A possible duplicate: the same file was uploaded before."),
				api.OK[apiUploadFailed](fiber.StatusUnprocessableEntity, "Refused: the form, the file or its rows (see errors and data.content).")},
			Handler: s.apiUpload,
		},
		api.ReadOp(read("getPayoutBatch", apiBatchPath, "Get a payout batch", "One batch with its approvals and rejections.",
			api.OrgParams(batchID), "", api.Op{}), "The batch.", apiRead(s.Server, nil, apiGetBatch)),
		reviewOp("approvePayoutBatch", "/disbursement/organisations/{id}/payout_batches/{batchId}/approve", true),
		reviewOp("rejectPayoutBatch", "/disbursement/organisations/{id}/payout_batches/{batchId}/reject", false),
		api.ReadOp(read("listBatchPayoutDrafts", apiDraftsPath, "List a batch's rows",
			"The rows of a batch in file order, 50 a page (page[size] up to 500); state is the batch's status.",
			api.OrgParams(batchID, api.QueryParam("page[cursor_after]", "cursor_next of a page."),
				api.Parameter{Name: "page[size]", In: "query", Description: "Rows per page (default 50).", Schema: api.Integer("").WithRange(1, provider.MaxBatchDraftLimit)}),
			"", api.Op{Responses: []api.Response{api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong.")}}),
			"One page of rows.", apiRead(s.Server, nil, apiListDrafts)),
		api.ReadOp(read("getBatchPayoutDraft", apiDraftsPath+"/{draftId}", "Get a batch's row", "One row of a batch.",
			api.OrgParams(batchID, draftID), "", api.Op{}), "The row.", apiRead(s.Server, nil, apiGetDraft)),
		{
			ID: "getSchemaCSVTemplate", Method: fiber.MethodGet, Path: apiTemplatePath, Tag: apiTag, Summary: "Download a CSV template",
			Description: "The batch template of a schema: a header row of its columns and one example row, named in Content-Disposition.",
			Auth:        api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage, Org: api.HeaderOrg,
			Params: []api.Parameter{api.OrgHeaderParam, {Name: "schemaId", In: "path", Required: true, Description: "The schema's id.", Schema: api.String("")}},
			Responses: []api.Response{{Status: fiber.StatusOK, Description: "The file.", Media: []string{"text/csv"},
				Headers: map[string]api.Header{"Content-Disposition": {Description: "attachment; filename=…", Schema: api.String("")}}},
				api.ReplyUnauthorized, api.ErrorReply(fiber.StatusForbidden, "The role lacks payout_batches:manage (code forbidden)."),
				api.ErrorReply(fiber.StatusNotFound, "No such organisation or schema.")},
			Handler: s.apiTemplate,
		},
	}
}
