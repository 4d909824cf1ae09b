package audit

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
)

const (
	apiTag  = "Audit log"
	apiBase = "/audit/organisations/{id}"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

var apiService = server.APIService(func(s *server.Server) bool { return s.Audit != nil })

func apiRead[B server.APIEnvelope](read func(fiber.Ctx, *server.Server, server.APIOrgCall) (B, error)) server.APIRead[B] {
	return server.APIRead[B]{Perms: Perms, Service: apiService,
		Read: func(s *server.Server, c fiber.Ctx, r server.APIOrgCall) (B, error) { return read(c, s, r) }}
}

// apiFilter reads the list's query, every problem at once.
func apiFilter(c fiber.Ctx) (provider.AuditFilter, error) {
	var f provider.AuditFilter
	var err error
	if f.From, f.To, err = server.APIReadRange(c); err != nil {
		return f, err
	}
	q := func(name string) string { return strings.TrimSpace(strings.Clone(c.Query(name))) }
	var probs []server.APIProblem
	f.UserID, f.Email, f.Record = q("filter[user_id]"), strings.ToLower(q("filter[email]")), q("filter[record_id]")
	if len(f.Record) > maxRecord {
		probs = append(probs, server.APIParamProblem("filter[record_id]", msgRecordTooLong))
	}
	if v := q("filter[kind]"); v != "" {
		if !provider.AuditKind(v).Valid() {
			probs = append(probs, server.APIParamProblem("filter[kind]", "Unknown kind"))
		}
		f.Kind = provider.AuditKind(v)
	}
	var p *server.APIProblem
	if f.Cursor, f.Direction, p = server.APICursors(c, "page[cursor_after]", "page[cursor_before]"); p != nil {
		probs = append(probs, *p)
	}
	if v := q("page[size]"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxAuditLimit {
			probs = append(probs, server.APIParamProblem("page[size]", "Must be between 1 and "+strconv.Itoa(provider.MaxAuditLimit)))
		}
		f.Limit = n
	}
	if len(probs) > 0 {
		return f, server.APIRefuse(fiber.StatusUnprocessableEntity, probs...)
	}
	return f, nil
}

func apiList(c fiber.Ctx, s *server.Server, r server.APIOrgCall) (server.APIPageBody[[]provider.AuditEntry, server.APIPageMeta], error) {
	var out server.APIPageBody[[]provider.AuditEntry, server.APIPageMeta]
	f, err := apiFilter(c)
	if err != nil {
		return out, err
	}
	page, err := s.Audit.AuditEntries(c.Context(), r.OrgID, f)
	if provider.ErrorCode(err) == provider.EINVALID {
		return out, server.APIRefuse(fiber.StatusUnprocessableEntity, server.APIParamProblem("page[cursor_after]", provider.ErrorMessage(err)))
	}
	if err != nil {
		return out, err
	}
	return server.APIPage(page.Entries, server.APIPageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

// apiVerify walks the organisation's chain only: another organisation's breaks are not the
// caller's to know.
func apiVerify(c fiber.Ctx, s *server.Server, r server.APIOrgCall) (server.APIDataBody[provider.AuditVerification], error) {
	v, err := s.Audit.VerifyAudit(c.Context(), r.OrgID)
	if err != nil {
		return server.APIDataBody[provider.AuditVerification]{}, err
	}
	return server.APIDataOf(v), nil
}

func (s area) apiOperations() []server.APIOp {
	forbidden := server.APIErrorReply(fiber.StatusForbidden, "The role lacks users:manage (code forbidden), or MissingScope.")
	bad := server.APIErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong (source.parameter names it).")
	read := func(id, path, summary, desc string, params []server.OAParameter, more ...server.APIResponse) server.APIOp {
		return server.APIOp{ID: id, Path: path, Tag: apiTag, Summary: summary, Description: desc,
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard, Params: params,
			Responses: append([]server.APIResponse{server.APIReplyUnauthorized, forbidden}, more...)}
	}
	return []server.APIOp{
		server.APIReadOp(read("listAuditEntries", apiBase+"/entries", "List audit entries",
			"The organisation's audit log, newest first, cursor paged with the total: who (user, e-mail, role, a short "+
				"session handle, client address), what (kind, record, changed fields), when and from where, with each entry's "+
				"hash and the previous entry's.",
			server.APIOrgParams(server.APIQueryParam("filter[user_id]", "Only this person's entries (user id)."),
				server.APIQueryParam("filter[email]", "Only this person's entries (e-mail, any case)."),
				server.OAParameter{Name: "filter[kind]", In: "query", Description: "Only this kind.",
					Schema: server.OAString("").WithEnum(provider.AuditKindNames()...)},
				server.APIQueryParam("filter[record_id]", "Only entries about this record (id or reference)."),
				server.APIQueryParam("page[cursor_after]", "cursor_next of a page: the page after it."),
				server.APIQueryParam("page[cursor_before]", "cursor_prev of a page: the page before it."),
				server.OAParameter{Name: "page[size]", In: "query", Description: "Rows per page, 1 to " + strconv.Itoa(provider.MaxAuditLimit) +
					" (default " + strconv.Itoa(provider.DefaultAuditLimit) + ").", Schema: server.OAInteger("").WithRange(1, provider.MaxAuditLimit)},
				server.APITimeParam("created_after", "At or after: YYYY-MM-DD (UTC midnight), YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339."),
				server.APITimeParam("created_before", "Before, in the same forms.")),
			server.APIReplyNotFound, bad),
			"One page: data, and meta with total, cursor_next, cursor_prev and has_next_page.", apiRead(apiList)),
		server.APIReadOp(read("verifyAuditLog", apiBase+"/verify", "Verify the audit log",
			"Walks the organisation's hash chain: each entry must follow the one before it and hash to its stored hash, and the "+
				"chain's head must name its newest entry. ok false names the first broken link.",
			server.APIOrgParams(), server.APIReplyNotFound),
			"The result.", apiRead(apiVerify)),
	}
}
