package audit

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/server/api"
)

const (
	apiTag  = "Audit log"
	apiBase = "/audit/organisations/{id}"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func apiRead[B api.Envelope](srv *server.Server, read func(fiber.Ctx, *server.Server, api.OrgCall) (B, error)) api.Read[B] {
	return api.Read[B]{Perms: Perms,
		Read: func(c fiber.Ctx, r api.OrgCall) (B, error) { return read(c, srv, r) }}
}

// apiFilter reads the list's query, every problem at once.
func apiFilter(c fiber.Ctx) (provider.AuditFilter, error) {
	var f provider.AuditFilter
	var err error
	if f.From, f.To, err = api.ReadRange(c); err != nil {
		return f, err
	}
	q := func(name string) string { return strings.TrimSpace(strings.Clone(c.Query(name))) }
	var probs []api.Problem
	f.UserID, f.Email, f.Record = q("filter[user_id]"), strings.ToLower(q("filter[email]")), q("filter[record_id]")
	if len(f.Record) > maxRecord {
		probs = append(probs, api.ParamProblem("filter[record_id]", msgRecordTooLong))
	}
	if v := q("filter[kind]"); v != "" {
		if !provider.AuditKind(v).Valid() {
			probs = append(probs, api.ParamProblem("filter[kind]", "Unknown kind"))
		}
		f.Kind = provider.AuditKind(v)
	}
	var p *api.Problem
	if f.Cursor, f.Direction, p = api.Cursors(c, "page[cursor_after]", "page[cursor_before]"); p != nil {
		probs = append(probs, *p)
	}
	if v := q("page[size]"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxAuditLimit {
			probs = append(probs, api.ParamProblem("page[size]", "Must be between 1 and "+strconv.Itoa(provider.MaxAuditLimit)))
		}
		f.Limit = n
	}
	if len(probs) > 0 {
		return f, api.Refuse(fiber.StatusUnprocessableEntity, probs...)
	}
	return f, nil
}

func apiList(c fiber.Ctx, s *server.Server, r api.OrgCall) (api.PageBody[[]provider.AuditEntry, api.PageMeta], error) {
	var out api.PageBody[[]provider.AuditEntry, api.PageMeta]
	f, err := apiFilter(c)
	if err != nil {
		return out, err
	}
	page, err := s.Audit.AuditEntries(c.Context(), r.OrgID, f)
	if provider.ErrorCode(err) == provider.EINVALID {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("page[cursor_after]", provider.ErrorMessage(err)))
	}
	if err != nil {
		return out, err
	}
	return api.Page(page.Entries, api.PageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

// apiVerify walks the organisation's chain only: another organisation's breaks are not the
// caller's to know.
func apiVerify(c fiber.Ctx, s *server.Server, r api.OrgCall) (api.DataBody[provider.AuditVerification], error) {
	v, err := s.Audit.VerifyAudit(c.Context(), r.OrgID)
	if err != nil {
		return api.DataBody[provider.AuditVerification]{}, err
	}
	return api.DataOf(v), nil
}

func (s area) apiOperations() []api.Op {
	forbidden := api.ErrorReply(fiber.StatusForbidden, "The role lacks users:manage (code forbidden), or MissingScope.")
	bad := api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong (source.parameter names it).")
	read := func(id, path, summary, desc string, params []api.Parameter, more ...api.Response) api.Op {
		return api.Op{ID: id, Path: path, Tag: apiTag, Summary: summary, Description: desc,
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: params,
			Responses: append([]api.Response{api.ReplyUnauthorized, forbidden}, more...)}
	}
	return []api.Op{
		api.ReadOp(read("listAuditEntries", apiBase+"/entries", "List audit entries",
			"The organisation's audit log, newest first, cursor paged with the total: who (user, e-mail, role, a short "+
				"session handle, client address), what (kind, record, changed fields), when and from where, with each entry's "+
				"hash and the previous entry's.",
			api.OrgParams(api.QueryParam("filter[user_id]", "Only this person's entries (user id)."),
				api.QueryParam("filter[email]", "Only this person's entries (e-mail, any case)."),
				api.Parameter{Name: "filter[kind]", In: "query", Description: "Only this kind.",
					Schema: api.String("").WithEnum(provider.AuditKindNames()...)},
				api.QueryParam("filter[record_id]", "Only entries about this record (id or reference)."),
				api.QueryParam("page[cursor_after]", "cursor_next of a page: the page after it."),
				api.QueryParam("page[cursor_before]", "cursor_prev of a page: the page before it."),
				api.Parameter{Name: "page[size]", In: "query", Description: "Rows per page, 1 to " + strconv.Itoa(provider.MaxAuditLimit) +
					" (default " + strconv.Itoa(provider.DefaultAuditLimit) + ").", Schema: api.Integer("").WithRange(1, provider.MaxAuditLimit)},
				api.TimeParam("created_after", "At or after: YYYY-MM-DD (UTC midnight), YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339."),
				api.TimeParam("created_before", "Before, in the same forms.")),
			api.ReplyNotFound, bad),
			"One page: data, and meta with total, cursor_next, cursor_prev and has_next_page.", apiRead(s.Server, apiList)),
		api.ReadOp(read("verifyAuditLog", apiBase+"/verify", "Verify the audit log",
			"Walks the organisation's hash chain: each entry must follow the one before it and hash to its stored hash, and the "+
				"chain's head must name its newest entry. ok false names the first broken link.",
			api.OrgParams(), api.ReplyNotFound),
			"The result.", apiRead(s.Server, apiVerify)),
	}
}
