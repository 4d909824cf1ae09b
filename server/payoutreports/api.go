package payoutreports

import (
	"errors"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server/api"
	"portal/server/exports"
)

// The JSON API of payout reports (spec 000 §7 "Payout reports"; spec 001 §7 "Export", the
// same call: its body is the report request's).

// apiPayoutReportRequest is the export's body (spec 001 §7).
type apiPayoutReportRequest struct {
	_                struct{} `description:"Payout report request: the payouts page's filters. The result is e-mailed to the requester when ready."`
	OrganisationID   string   `json:"organisation_id" description:"Optional; when given, the organisation of the path."`
	AccountNumber    string   `json:"virtual_account_number" required:"true" minLength:"1" description:"An account the organisation owns."`
	CreatedAfter     string   `json:"created_after" required:"true" description:"Start, inclusive: YYYY-MM-DD (midnight UTC) or RFC 3339 (ISO UTC)." example:"2026-10-01"`
	CreatedBefore    string   `json:"created_before" required:"true" description:"End, exclusive: YYYY-MM-DD or RFC 3339; at most the end of today and 90 days after the start." example:"2026-11-01"`
	StatusCategories []string `json:"status_categories" description:"Only payouts in these status categories; empty or absent: all." enum:"@payout_report_categories"`
	CurrencyCode     string   `json:"currency_code" description:"Only payouts in this currency."`
	AmountFrom       string   `json:"amount_from" description:"Lowest amount, inclusive, exact decimal ≥ 0." example:"100.00"`
	AmountTo         string   `json:"amount_to" description:"Highest amount, inclusive, exact decimal ≥ 0." example:"5000.00"`
}

// apiReportMeta is the list's meta (spec 000 §3: cursor_next, has_next_page, total_count).
type apiReportMeta struct {
	_           struct{} `description:"Paging."`
	CursorNext  string   `json:"cursor_next" description:"Cursor of the next (older) page, for cursor_after; empty when there is none."`
	CursorPrev  string   `json:"cursor_prev" description:"Cursor of the previous (newer) page, for cursor_before; empty on the first page."`
	HasNextPage bool     `json:"has_next_page" description:"Whether older reports exist."`
	TotalCount  int      `json:"total_count" description:"Reports matching the filters, across all pages."`
}

func (s area) apiCreate(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	var body apiPayoutReportRequest
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	after, before, probs := exports.APIPeriod(body.CreatedAfter, body.CreatedBefore)
	if body.OrganisationID != "" && body.OrganisationID != orgID {
		probs = append(probs, api.Field("organisation_id", "Must be the organisation of the path"))
	}
	if len(body.StatusCategories) > 16 {
		probs = append(probs, api.Field("status_categories", "Too many status categories"))
	}
	if len(probs) > 0 {
		return api.Errors(c, fiber.StatusUnprocessableEntity, probs...)
	}
	rep, err := s.PayoutReports.CreatePayoutReport(c.Context(), orgID, provider.PayoutReportRequest{AccountNumber: body.AccountNumber,
		CreatedAfter: after, CreatedBefore: before, StateCategories: body.StatusCategories, CurrencyCode: body.CurrencyCode,
		AmountFrom: body.AmountFrom, AmountTo: body.AmountTo, RequestedBy: a.User.ID})
	var fe *provider.FieldError
	switch {
	case err == nil:
		return api.Send(c, fiber.StatusCreated, api.DataOf(rep))
	case errors.Is(err, provider.ErrNoPayoutsFound):
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Problem{Status: fiber.StatusUnprocessableEntity,
			Code: provider.PayoutReportEmptyCode, Title: provider.MsgPayoutReportEmpty})
	case errors.As(err, &fe):
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field(fe.Field, fe.Err.Message))
	}
	return api.ProviderFail(c, err, nil)
}

func (s area) apiList(c fiber.Ctx, r api.OrgCall) (api.PageBody[[]provider.PayoutReport, apiReportMeta], error) {
	page, err := exports.ReadAPIPage(c, r, "Payout reports", provider.MaxPayoutReportLimit, "virtual_account_number", s.PayoutReports.PayoutReports)
	if err != nil {
		return api.PageBody[[]provider.PayoutReport, apiReportMeta]{}, err
	}
	return api.Page(page.Reports, apiReportMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, TotalCount: page.Total}), nil
}

func (s area) apiGet(c fiber.Ctx, r api.OrgCall) (api.DataBody[provider.PayoutReport], error) {
	rep, err := s.PayoutReports.PayoutReport(c.Context(), r.OrgID, strings.Clone(c.Params("uuid")))
	return api.DataOf(rep), err
}

func (s area) apiDownload(c fiber.Ctx, a *api.Caller) error {
	return exports.APIDownload(c, provider.MsgPayoutReportNotFound, func() (*provider.ExportFile, error) {
		return s.PayoutReports.OpenPayoutReport(c.Context(), a.OrgID, strings.Clone(c.Params("uuid")))
	})
}

var apiUUIDParam = api.Parameter{Name: "uuid", In: "path", Required: true, Description: "Payout report id.",
	Schema: api.String("").WithFormat("uuid")}

func (s area) apiOperations() []api.Op {
	tag := "Payout reports"
	forbidden := api.ErrorReply(fiber.StatusForbidden, "The role lacks the permission (code forbidden: exports:read with accounts:read; exports:manage to create, exports:download to download), or MissingScope / invalid_csrf.")
	return []api.Op{
		{
			ID: "createPayoutReport", Method: fiber.MethodPost, Path: "/disbursement/organisations/{id}/payout_reports", Tag: tag,
			Summary: "Export payout requests (request a payout report)",
			Description: "Queues a CSV of an owned account's payout requests created in [created_after, created_before) (at most 90 days, " +
				"ending no later than today), filtered by status categories, currency and amount range. It is generated in the background; " +
				"when ready, the requesting user gets an e-mail. Filters that select no payout request answer 422 with code 1001 " +
				"(\"No requests found for the selected filters. Please adjust your filters and try again.\").",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: exports.Perms(access.ExportsManage), Off: s.PayoutReports == nil,
			Params: api.OrgParams(),
			Body:   api.Body[apiPayoutReportRequest](),
			Responses: []api.Response{api.OK[api.DataBody[provider.PayoutReport]](fiber.StatusCreated, "Queued."),
				api.ReplyUnauthorized, forbidden, api.ReplyNotFound,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "A field is wrong (source.pointer names it), or code 1001: no payout request matches.")},
			Handler: s.apiCreate,
		},
		api.ReadOp(api.Op{
			ID: "listPayoutReports", Path: "/disbursement/organisations/{id}/payout_reports", Tag: tag,
			Summary: "List payout reports", Description: "Newest first, paged by cursors, with the total count.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Params:    api.OrgParams(exports.APIListParams("virtual_account_number", "reports", provider.MaxPayoutReportLimit)...),
			Responses: exports.APIListReplies(forbidden),
		}, "One page.", exports.APIRead(s.PayoutReports == nil, s.apiList, api.Texts{provider.EINVALID: {Title: provider.MsgPayoutReportsFetch}})),
		api.ReadOp(api.Op{
			ID: "getPayoutReport", Path: "/disbursement/organisations/{id}/payout_reports/{uuid}", Tag: tag,
			Summary: "Get a payout report", Description: "With its state, to follow its generation.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: exports.Perms(access.ExportsDownload), Off: s.PayoutReports == nil,
			Params: api.OrgParams(apiUUIDParam),
			Responses: []api.Response{api.ReplyUnauthorized, forbidden,
				api.ErrorReply(fiber.StatusNotFound, "Could not find Payout Report with that uuid (also for another organisation's).")},
		}, "The report.", exports.APIRead(s.PayoutReports == nil, s.apiGet, api.Texts{provider.ENOTFOUND: {Title: provider.MsgPayoutReportNotFound}})),
		{
			ID: "downloadPayoutReport", Method: fiber.MethodGet, Path: "/disbursement/organisations/{id}/payout_reports/{uuid}/download", Tag: tag,
			Summary: "Download a payout report",
			Description: "The CSV, named in Content-Disposition (RFC 4180, UTF-8, header row, oldest first; cells starting with = + - @ tab or CR " +
				"get a leading apostrophe, except plain decimal numbers).",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: exports.Perms(access.ExportsDownload), Off: s.PayoutReports == nil,
			Params: api.OrgParams(apiUUIDParam),
			Responses: []api.Response{{Status: fiber.StatusOK, Description: "The file.", Media: []string{"text/csv"},
				Headers: map[string]api.Header{"Content-Disposition": {Description: "attachment; filename=…", Schema: api.String("")}}},
				api.ReplyUnauthorized, forbidden,
				api.ErrorReply(fiber.StatusNotFound, "Could not find Payout Report with that uuid."),
				api.ErrorReply(fiber.StatusConflict, "Error while downloading the file: not ready yet, or failed.")},
			Handler: s.apiDownload,
		},
	}
}
