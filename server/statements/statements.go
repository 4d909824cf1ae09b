// Package statements is the statements area (spec 000 §2 "Exported
// statements", §4 statement export modal, §5, §8): the list of exported
// statements, the "Download statement" request (a modal with JavaScript, a
// page without), downloads, and the JSON API under
// /virtual_bank/organisations/{id}/statements.
package statements

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/currency"
	"portal/provider"
	"portal/server"
	"portal/server/api"
	"portal/server/exports"
	"portal/statement"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the statements area for s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	return server.Area{Name: "statements", Routes: []*server.Route{
		{Name: "org.exports", Method: "GET", Path: "/org/:org/exports", Access: server.Dashboard, Perms: exports.Perms(), Handler: s.exportsIndex},
		{Name: "org.exported_statements", Method: "GET", Path: "/org/:org/exported_statements", Access: server.Dashboard,
			Perms: exports.Perms(), Off: s.Statements == nil, Handler: s.exportedStatements, Nav: &server.NavEntry{Slot: server.NavExportedStatements, Label: "Statements"}},
		{Name: "org.exported_statements.create", Method: "POST", Path: "/org/:org/exported_statements", Access: server.Dashboard,
			Perms: exports.Perms(access.ExportsManage), Off: s.Statements == nil, Handler: s.createStatement},
		{Name: "org.exported_statements.download", Method: "GET", Path: "/org/:org/exported_statements/:statement/download",
			Access: server.Dashboard, Perms: exports.Perms(access.ExportsDownload), Off: s.Statements == nil, Handler: s.downloadStatement},
	}, API: s.apiOperations()}
}

// exportsIndex: /org/{id}/exports has no screen of its own; statements are the exports
// this area builds.
func (s area) exportsIndex(c fiber.Ctx) error {
	return server.Redirect(c, s.Path("org.exported_statements", server.Req(c).Org.Org.ID))
}

// Props of the pages and islands.

// StatementOption is the export areas' shared choice (exports.Choice).
type StatementOption = exports.Choice

type StatementRow struct {
	exports.Row
	Kind      string `json:"kind"`
	State     string `json:"state"`
	StatusURL string `json:"statusUrl"`
	// Downloads are the formats the statement can be downloaded in, the one it was
	// requested in first; none without exports:download.
	Downloads []StatementDownload `json:"downloads"`
}

// StatementDownload is one format's download: the page's link (URL) and, for the island's
// check of the reply, the API's (APIURL).
type StatementDownload struct {
	Format string `json:"format"`
	Label  string `json:"label"`
	URL    string `json:"url"`
	APIURL string `json:"apiUrl"`
}

// StatementsTableProps are the StatementsTable island's: the rows, and how to follow the
// ones still being generated.
type StatementsTableProps struct {
	Rows        []StatementRow `json:"rows"`
	CanDownload bool           `json:"canDownload"`
	RefreshURL  string         `json:"refreshUrl"`
	Interval    int            `json:"interval"`
}

// StatementValues are the request form's fields as typed; From and To are DD-MM-YYYY.
type StatementValues struct {
	exports.RequestValues
	Kind   string `json:"kind"`
	Format string `json:"format"`
}

// StatementExportProps are the StatementExport island's: the request form, as the opener
// of the modal (mode "opener") or as a page (mode "page").
type StatementExportProps struct {
	Mode string `json:"mode" tstype:"'page' | 'opener'"`
	exports.RequestForm
	Kinds   []StatementOption `json:"kinds"`
	Formats []StatementOption `json:"formats"`
	Values  StatementValues   `json:"values"`
	exports.FormState
	Done bool `json:"done"`
	// OpenOnLoad opens the dialog as the page loads (?download_statement).
	OpenOnLoad bool `json:"openOnLoad,omitempty"`
	// OpenerLabel and OpenerStyle dress the opener of another page ("Export to CSV").
	OpenerLabel string `json:"openerLabel,omitempty"`
	OpenerStyle string `json:"openerStyle,omitempty" tstype:"'primary' | 'secondary'"`
}

type ExportedStatementsProps struct {
	exports.ListHead
	Table StatementsTableProps `json:"table"`
	exports.Paging
	Request *StatementExportProps `json:"request"`
	// NoScript is the request form shown in the page when JavaScript is off and
	// ?download_statement asks for it (with JavaScript the dialog opens instead).
	NoScript *StatementExportProps `json:"noScript"`
	Error    string                `json:"error"`
}

type StatementRequestProps struct {
	Shell server.ShellProps    `json:"shell"`
	Form  StatementExportProps `json:"form"`
}

// Display format of a moment (spec 000 §9: DD-MM-YYYY); days use daterange.DisplayLayout.

var kindLabels = map[string]string{provider.KindTransactions: "Transactions", provider.KindCharges: "Charges"}

func statementKinds() []StatementOption {
	return []StatementOption{{Value: provider.KindTransactions, Label: kindLabels[provider.KindTransactions]},
		{Value: provider.KindCharges, Label: kindLabels[provider.KindCharges]}}
}

// statementFormats are the request form's formats, CSV (the default) first.
func statementFormats() []StatementOption {
	out := []StatementOption{}
	for _, f := range provider.StatementFormats() {
		out = append(out, StatementOption{Value: f, Label: provider.StatementFormatLabel(f)})
	}
	return out
}

func (s area) statementsBase(orgID string) string { return s.Path("org.exported_statements", orgID) }

func apiStatementsBase(orgID string) string {
	return "/api/v2/virtual_bank/organisations/" + orgID + "/statements"
}

// camtAvailable reports whether camt.053 can carry the currency's amounts.
func camtAvailable(code string) bool { return statement.CAMTSupported(code, currency.Decimals(code)) }

// formatAvailable reports whether a statement of the currency can be written in format.
func formatAvailable(format, code string) bool {
	switch format {
	case provider.FormatCAMT053:
		return camtAvailable(code)
	case provider.FormatMT940:
		return statement.MT940Supported(code)
	}
	return true
}

func (s area) statementRow(o *server.OrgContext, st provider.Statement, canDownload bool) StatementRow {
	base := s.statementsBase(o.Org.ID)
	r := StatementRow{Row: exports.RowOf(o, st.ID, st.AccountNumber, st.From, st.To, st.CreatedAt), Kind: kindLabels[st.Kind], State: st.State,
		StatusURL: apiStatementsBase(o.Org.ID) + "/" + st.ID, Downloads: []StatementDownload{}}
	if !canDownload {
		return r
	}
	page, api := base+"/"+st.ID+"/download", apiStatementsBase(o.Org.ID)+"/"+st.ID+"/download"
	formats := []string{st.Format}
	for _, f := range provider.StatementFormats() {
		if f != st.Format {
			formats = append(formats, f)
		}
	}
	for _, f := range formats {
		if !formatAvailable(f, st.Currency) {
			continue
		}
		q := "?format=" + f
		if f == st.Format {
			// The requested format is the download's default.
			q = ""
		}
		r.Downloads = append(r.Downloads, StatementDownload{Format: f, Label: provider.StatementFormatLabel(f), URL: page + q, APIURL: api + q})
	}
	return r
}

func (s area) exportedStatements(c fiber.Ctx) error {
	o := server.Req(c).Org
	open := server.QueryFlag(c, "download_statement")
	if open && !o.Can(access.ExportsManage) {
		// The permission guard's answer for the request screen.
		return server.Redirect(c, server.OrgHome(o.Org.ID))
	}
	if open && server.QueryFlag(c, "requested") {
		// What the form without JavaScript answers once the request is taken.
		return s.statementRequestPage(c, nil, nil, fiber.StatusOK)
	}
	list, f, err := exports.ListOf(s.Server, c)
	if err != nil {
		return err
	}
	p := ExportedStatementsProps{ListHead: list}
	page, err := s.Statements.Statements(c.Context(), o.Org.ID, f)
	if provider.ErrorCode(err) == provider.EINVALID {
		// A stale or edited cursor: start again from the first page.
		return server.Redirect(c, exports.ListURL(s.statementsBase(o.Org.ID), p.Account, "", ""))
	}
	if err != nil {
		return err
	}
	canDownload := o.Can(access.ExportsDownload)
	p.Table = StatementsTableProps{Rows: []StatementRow{}, CanDownload: canDownload,
		RefreshURL: string(c.Request().URI().RequestURI()), Interval: 2000}
	for _, st := range page.Statements {
		p.Table.Rows = append(p.Table.Rows, s.statementRow(o, st, canDownload))
	}
	p.Paging = exports.PagingOf(s.statementsBase(o.Org.ID), p.Account, page.Total, page.HasNext, page.CursorNext, page.CursorPrev)
	if o.Can(access.ExportsManage) {
		form := s.statementForm(c, nil, nil, c.Query("account"))
		page := form
		form.Mode, form.OpenOnLoad = "opener", open
		p.Request = &form
		if open {
			p.NoScript = &page
		}
	}
	return s.Render(c, server.View{Title: "Exported statements · " + o.Org.Name, Page: pageExportedStatements.With(p)})
}

// statementForm builds the request form. Without typed values it starts from the account
// in the query (the account page's "Export to CSV") and the session's date range, capped at
// today, the maximum date.
// Dialog is the "Download statement" dialog opened from another page (the account page's
// "Export to CSV", for that account and the session's range): a link to the request form
// without JavaScript, the dialog with it. nil without exports:manage.
func Dialog(srv *server.Server, c fiber.Ctx, account, label string) *StatementExportProps {
	o := server.Req(c).Org
	if !o.Can(access.ExportsManage) {
		return nil
	}
	p := area{srv}.statementForm(c, nil, nil, account)
	p.Mode, p.OpenerLabel, p.OpenerStyle = "opener", label, "secondary"
	p.OpenerURL = srv.Path("org.exported_statements", o.Org.ID) + "?" + url.Values{"download_statement": {"1"}, "account": {account}}.Encode()
	return &p
}

func (s area) statementForm(c fiber.Ctx, typed *StatementValues, errs map[string]string, account string) StatementExportProps {
	o := server.Req(c).Org
	today := s.Now().Truncate(24 * time.Hour)
	p := StatementExportProps{Mode: "page", RequestForm: exports.RequestFormOf(c, s.statementsBase(o.Org.ID), apiStatementsBase(o.Org.ID), "download_statement"),
		Kinds: statementKinds(), Formats: statementFormats(), FormState: exports.FormStateOf(errs, today)}
	if typed != nil {
		p.Values = *typed
		return p
	}
	from, to := exports.DefaultPeriod(s.Server, c, today)
	p.Values = StatementValues{RequestValues: exports.RequestValues{From: from, To: to}, Kind: provider.KindTransactions, Format: provider.FormatCSV}
	if a, ok := exports.Owned(o, account); ok {
		p.Values.Account = a.AccountNumber
	} else if acc := o.OwnedAccounts(); len(acc) == 1 {
		p.Values.Account = acc[0].AccountNumber
	}
	return p
}

func (s area) statementRequestPage(c fiber.Ctx, typed *StatementValues, errs map[string]string, status int) error {
	form := s.statementForm(c, typed, errs, c.Query("account"))
	form.Done = server.QueryFlag(c, "requested") && typed == nil
	return s.Render(c, server.View{Status: status, Title: "Download statement · " + server.Req(c).Org.Org.Name,
		Page: pageStatementRequest.With(StatementRequestProps{Form: form})})
}

// Words of the request form.
const (
	msgStatementAccount  = "Select an account"
	msgStatementFrom     = "Enter the first day of the statement"
	msgStatementTo       = "Enter the last day of the statement"
	msgStatementKind     = "Select a report type"
	msgStatementFormat   = "Select a file format"
	msgStatementOrder    = "The first day must be on or before the last day"
	msgStatementAfterMax = "The last day cannot be after %s"
	msgStatementFromMax  = "The first day cannot be after %s"
)

// parseStatementForm checks a request as typed and returns the provider request, or the
// errors by field.
func (s area) parseStatementForm(o *server.OrgContext, v StatementValues) (provider.StatementRequest, map[string]string) {
	return checkStatementForm(v, s.Now().Truncate(24*time.Hour), exports.OwnedNumbers(o))
}

// checkStatementForm is the form's rules (testdata/statement-request.json, also run by the
// island): From and To are masked DD-MM-YYYY inputs read by daterange.ParseDisplay (its
// messages), neither may be empty (the range cannot be cleared), today is the maximum date,
// a period's last day is inclusive, and the format is one of the formats (empty: CSV).
func checkStatementForm(v StatementValues, today time.Time, owned []string) (provider.StatementRequest, map[string]string) {
	errs := map[string]string{}
	r := provider.StatementRequest{AccountNumber: v.Account, Kind: v.Kind, Format: v.Format}
	if r.Format == "" {
		r.Format = provider.FormatCSV
	}
	from, to, _ := v.Check(today, owned, msgStatementAccount, statementPeriod, errs)
	if provider.StatementEntryTypes(v.Kind) == nil {
		errs["kind"] = msgStatementKind
	}
	if !slices.Contains(provider.StatementFormats(), r.Format) {
		errs["format"] = msgStatementFormat
	}
	r.CreatedAfter, r.CreatedBefore = from, to.AddDate(0, 0, 1)
	return r, errs
}

// statementPeriod are the period's words.
var statementPeriod = exports.PeriodWords{From: msgStatementFrom, To: msgStatementTo, FromAfter: msgStatementFromMax,
	ToAfter: msgStatementAfterMax, Order: msgStatementOrder}

// formFieldOf maps the provider's request fields to the form's.
var formFieldOf = map[string]string{"virtual_account_number": "account", "created_after": "from", "created_before": "to", "kind": "kind",
	"format": "format"}

func (s area) createStatement(c fiber.Ctx) error {
	rq := server.Req(c)
	o := rq.Org
	v := StatementValues{RequestValues: exports.RequestValuesOf(c), Kind: c.FormValue("kind"), Format: c.FormValue("format")}
	if o.Shared(v.Account) {
		// A shared account's entries are its owner's (docs/areas/accounts.md).
		return s.statementRequestPage(c, &v, map[string]string{"account": server.MsgSharedAccount}, fiber.StatusForbidden)
	}
	r, errs := s.parseStatementForm(o, v)
	if len(errs) == 0 {
		r.RequestedBy = rq.User.ID
		st, err := s.Statements.CreateStatement(c.Context(), o.Org.ID, r)
		if err == nil {
			return server.Redirect(c, s.statementsBase(o.Org.ID)+"?download_statement=1&requested="+url.QueryEscape(st.ID))
		}
		exports.RefusedForm(s.Server, rq, "create statement", err, formFieldOf, provider.MsgStatementCreate, errs)
	}
	return s.statementRequestPage(c, &v, errs, fiber.StatusUnprocessableEntity)
}

func (s area) downloadStatement(c fiber.Ctx) error {
	o := server.Req(c).Org
	// Without ?format the statement's own format.
	f, err := s.Statements.OpenStatement(c.Context(), o.Org.ID, strings.Clone(c.Params("statement")), strings.Clone(c.Query("format")))
	return exports.Download(s.Server, c, f, err, s.statementsBase(o.Org.ID))
}

// The JSON API of statements (spec 000 §7 "Virtual bank").

// apiStatement is a statement as the API shows it.
type apiStatement struct {
	provider.Statement
	CAMT053Available bool `json:"camt053_available" description:"Whether the camt.053 format can carry this currency (three-letter code, at most 5 decimals)."`
	MT940Available   bool `json:"mt940_available" description:"Whether the MT940 format can carry this currency (three-letter code)."`
}

func toAPIStatement(st provider.Statement) apiStatement {
	return apiStatement{Statement: st, CAMT053Available: camtAvailable(st.Currency), MT940Available: formatAvailable(provider.FormatMT940, st.Currency)}
}

// apiStatementRead is a read of statements: exports:read with accounts:read.
func apiStatementRead[B api.Envelope](srv *server.Server, read func(fiber.Ctx, api.OrgCall) (B, error), texts api.Texts) api.Read[B] {
	return exports.APIRead(srv.Statements == nil, read, texts)
}

type apiStatementRequest struct {
	_             struct{} `description:"Statement request."`
	AccountNumber string   `json:"virtual_account_number" required:"true" description:"An account the organisation owns."`
	CreatedAfter  string   `json:"created_after" required:"true" description:"Start, inclusive: YYYY-MM-DD (midnight UTC) or RFC 3339." example:"2026-10-01"`
	CreatedBefore string   `json:"created_before" required:"true" description:"End, exclusive: YYYY-MM-DD (midnight UTC) or RFC 3339; at most the end of today." example:"2026-11-01"`
	Kind          string   `json:"kind" required:"true" enum:"@statement_kinds"`
	Format        string   `json:"format,omitempty" description:"The file format, the download's default: csv when left out; camt053 and mt940 only for a currency they can carry (a three-letter code)." enum:"@statement_formats"`
}

func (s area) apiCreateStatement(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	var body apiStatementRequest
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	if accts, err := s.Provider.Accounts(c.Context(), orgID); err == nil && (&server.OrgContext{Accounts: accts}).Shared(body.AccountNumber) {
		return api.Errors(c, fiber.StatusForbidden, api.Problem{Status: fiber.StatusForbidden, Code: api.CodeForbidden,
			Title: server.MsgSharedAccount, Source: &api.Source{Pointer: "/virtual_account_number"}})
	}
	after, before, probs := exports.APIPeriod(body.CreatedAfter, body.CreatedBefore)
	if len(probs) > 0 {
		return api.Errors(c, fiber.StatusUnprocessableEntity, probs...)
	}
	st, err := s.Statements.CreateStatement(c.Context(), orgID, provider.StatementRequest{AccountNumber: body.AccountNumber,
		CreatedAfter: after, CreatedBefore: before, Kind: body.Kind, Format: body.Format, RequestedBy: a.User.ID})
	var fe *provider.FieldError
	if errors.As(err, &fe) {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field(fe.Field, fe.Err.Message))
	}
	if err != nil {
		if p := api.ProviderProblem(err, api.Texts{provider.ENOTFOUND: {Title: provider.MsgStatementCreate}}); p != nil {
			return api.Errors(c, p.Status, *p)
		}
		return err
	}
	return api.Send(c, fiber.StatusCreated, api.DataOf(toAPIStatement(st)))
}

func (s area) apiListStatements(c fiber.Ctx, r api.OrgCall) (api.PageBody[[]apiStatement, api.PageMeta], error) {
	page, err := exports.ReadAPIPage(c, r, "Statements", provider.MaxStatementLimit, "account_number", s.Statements.Statements)
	if err != nil {
		return api.PageBody[[]apiStatement, api.PageMeta]{}, err
	}
	data := make([]apiStatement, len(page.Statements))
	for i, st := range page.Statements {
		data[i] = toAPIStatement(st)
	}
	return api.Page(data, api.PageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

func (s area) apiGetStatement(c fiber.Ctx, r api.OrgCall) (api.DataBody[apiStatement], error) {
	st, err := s.Statements.Statement(c.Context(), r.OrgID, strings.Clone(c.Params("statement")))
	return api.DataOf(toAPIStatement(st)), err
}

func (s area) apiDownloadStatement(c fiber.Ctx, a *api.Caller) error {
	return exports.APIDownload(c, provider.MsgStatementFetch, func() (*provider.ExportFile, error) {
		return s.Statements.OpenStatement(c.Context(), a.OrgID, strings.Clone(c.Params("statement")), strings.Clone(c.Query("format")))
	})
}

var apiStatementIDParam = api.Parameter{Name: "statement", In: "path", Required: true, Description: "Statement id.",
	Schema: api.String("").WithFormat("uuid")}

func (s area) apiOperations() []api.Op {
	tag := "Statements"
	forbidden := api.ErrorReply(fiber.StatusForbidden, "The role lacks the permission (code forbidden: exports:read, exports:manage or exports:download, with accounts:read), or MissingScope / invalid_csrf.")
	forbiddenShared := api.ErrorReply(fiber.StatusForbidden, "The role lacks the permission (code forbidden: exports:manage with accounts:read), "+
		"or the account is shared with the organisation, not owned (code forbidden, title \"Please reach out to account owner for account information\", "+
		"pointer /virtual_account_number), or MissingScope / invalid_csrf.")
	return []api.Op{
		{
			ID: "createStatement", Method: fiber.MethodPost, Path: "/virtual_bank/organisations/{id}/statements", Tag: tag,
			Summary: "Request a statement", Description: "Queues a statement of an owned account for the period [created_after, created_before). " +
				"It is generated in the background; when ready, the requesting user gets an e-mail.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: []access.Permission{access.ExportsManage, access.AccountsRead},
			Off: s.Statements == nil, Params: api.OrgParams(),
			Body: api.Body[apiStatementRequest](),
			Responses: []api.Response{api.OK[api.DataBody[apiStatement]](fiber.StatusCreated, "Queued."),
				api.ReplyUnauthorized, forbiddenShared, api.ReplyNotFound,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "A field is wrong (source.pointer names it).")},
			Handler: s.apiCreateStatement,
		},
		api.ReadOp(api.Op{
			ID: "listStatements", Path: "/virtual_bank/organisations/{id}/statements", Tag: tag,
			Summary: "List exported statements", Description: "Newest first, paged by cursors, with the total.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Params:    api.OrgParams(exports.APIListParams("account_number", "statements", provider.MaxStatementLimit)...),
			Responses: exports.APIListReplies(forbidden),
		}, "One page.", apiStatementRead(s.Server, s.apiListStatements, nil)),
		api.ReadOp(api.Op{
			ID: "getStatement", Path: "/virtual_bank/organisations/{id}/statements/{statement}", Tag: tag,
			Summary: "Get an exported statement", Description: "With its state, to follow its generation.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: api.OrgParams(apiStatementIDParam),
			Responses: []api.Response{api.ReplyUnauthorized, forbidden,
				api.ErrorReply(fiber.StatusNotFound, "Could not fetch exported statement (also for another organisation's).")},
		}, "The statement.", apiStatementRead(s.Server, s.apiGetStatement, api.Texts{provider.ENOTFOUND: {Title: provider.MsgStatementFetch}})),
		{
			ID: "downloadStatement", Method: fiber.MethodGet, Path: "/virtual_bank/organisations/{id}/statements/{statement}/download", Tag: tag,
			Summary: "Download an exported statement", Description: "The file, named in Content-Disposition: CSV (RFC 4180, UTF-8, header row; " +
				"cells starting with = + - @ tab or CR get a leading apostrophe, except plain decimal numbers such as -12.50), " +
				"camt.053.001.08 XML, or SWIFT MT940 (.sta, the SWIFT X character set, CRLF lines).",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: []access.Permission{access.ExportsDownload, access.AccountsRead},
			Off: s.Statements == nil,
			Params: api.OrgParams(apiStatementIDParam, api.Parameter{Name: "format", In: "query", Description: "csv, camt053 or mt940; by default the format the statement was requested in.",
				Schema: api.String("").WithEnum(provider.StatementFormats()...)}),
			Responses: []api.Response{{Status: fiber.StatusOK, Description: "The file: CSV, camt.053 XML or MT940 text.", Media: []string{"text/csv", "application/xml", "text/plain"},
				Headers: map[string]api.Header{"Content-Disposition": {Description: "attachment; filename=…", Schema: api.String("")}}},
				api.ReplyUnauthorized, forbidden,
				api.ErrorReply(fiber.StatusNotFound, "Could not fetch exported statement."),
				api.ErrorReply(fiber.StatusConflict, "Error while downloading the file: not ready yet."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Unknown format, or camt.053 or MT940 for a currency it cannot carry.")},
			Handler: s.apiDownloadStatement,
		},
	}
}
