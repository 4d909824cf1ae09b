// Package exports is what the export areas (statements, payout reports) share on the
// portal's side of the one export machinery: the owned-account selector, the period form's
// rules, the list page's cursor URLs and the file download.
package exports

import (
	"context"
	"errors"
	"mime"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/daterange"
	"portal/provider"
	"portal/server"
	"portal/server/api"
	"portal/session"
)

// AccountLabel is how an export selector shows an account.
func AccountLabel(a provider.Account) string {
	return a.Name + " (" + a.CurrencyCode + ") · No. " + a.AccountNumber
}

// Owned is the organisation's own account number, which exports may cover (spec 000 §3:
// shared accounts are excluded from the selectors).
func Owned(o *server.OrgContext, number string) (provider.Account, bool) {
	for _, a := range o.OwnedAccounts() {
		if a.AccountNumber == number {
			return a, true
		}
	}
	return provider.Account{}, false
}

// AccountName is the name of one of the organisation's accounts, "" when unknown.
func AccountName(o *server.OrgContext, number string) string {
	for _, a := range o.Accounts {
		if a.AccountNumber == number {
			return a.Name
		}
	}
	return ""
}

// PeriodWords are a form's messages for its period fields.
type PeriodWords struct {
	From, To           string // the field is empty
	FromAfter, ToAfter string // after the maximum date, %s = that date (DD-MM-YYYY)
	Order              string // the first day is after the last
}

// CheckPeriod reads a period typed as two DD-MM-YYYY fields, "from" and "to" (daterange's
// parser and its messages), neither empty nor after today, the maximum date, and from not
// after to. Errors go into errs by field; ok says whether both days are usable.
func CheckPeriod(fromText, toText string, today time.Time, w PeriodWords, errs map[string]string) (from, to time.Time, ok bool) {
	maxDay := today.Format(daterange.DisplayLayout)
	read := func(field, typed, empty, after string) (time.Time, bool) {
		if strings.TrimSpace(typed) == "" {
			errs[field] = empty
			return time.Time{}, false
		}
		t, err := daterange.ParseDisplay(typed, today)
		if err != nil {
			errs[field] = err.Error()
			return time.Time{}, false
		}
		if t.After(today) {
			errs[field] = strings.Replace(after, "%s", maxDay, 1)
			return time.Time{}, false
		}
		return t, true
	}
	from, fok := read("from", fromText, w.From, w.FromAfter)
	to, tok := read("to", toText, w.To, w.ToAfter)
	if fok && tok && from.After(to) {
		errs["from"] = w.Order
		return from, to, false
	}
	return from, to, fok && tok
}

// DefaultPeriod is a request form's starting period: the session's date range, capped at
// today, as DD-MM-YYYY.
func DefaultPeriod(s *server.Server, c fiber.Ctx, today time.Time) (from, to string) {
	r := s.DateRange(c)
	f, t := r.After(), r.Before().AddDate(0, 0, -1)
	if t.After(today) {
		t = today
	}
	if f.After(t) {
		f = t
	}
	return f.Format(daterange.DisplayLayout), t.Format(daterange.DisplayLayout)
}

// ListURL is an export list's URL with its account filter and a cursor (dir "after" or
// "before").
func ListURL(base, account, dir, cursor string) string {
	q := url.Values{}
	if account != "" {
		q.Set("account", account)
	}
	if cursor != "" {
		q.Set(dir, cursor)
	}
	if len(q) == 0 {
		return base
	}
	return base + "?" + q.Encode()
}

// ListCursor is a list page's cursor from its query (after: older, before: newer).
func ListCursor(c fiber.Ctx) (cursor, direction string) {
	if cur := c.Query("after"); cur != "" {
		return strings.Clone(cur), provider.DirectionNext
	}
	if cur := c.Query("before"); cur != "" {
		return strings.Clone(cur), provider.DirectionPrev
	}
	return "", ""
}

// Disposition names a download (RFC 6266; mime quotes or encodes as needed).
func Disposition(name string) string {
	return mime.FormatMediaType("attachment", map[string]string{"filename": name})
}

// SendFile answers with an export file as a download named by the server, never cached.
func SendFile(c fiber.Ctx, f *provider.ExportFile) error {
	c.Set(fiber.HeaderContentType, f.ContentType)
	c.Set(fiber.HeaderContentDisposition, Disposition(f.Filename))
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).SendStream(f)
}

// APIList is the query of an API list of exports: the creation days (date_from, date_to,
// YYYY-MM-DD, both inclusive), the cursors, the page size, newest first.
type APIList struct {
	DateFrom, DateTo  time.Time
	Cursor, Direction string
	Limit             int
}

// Filter is the provider's filter of l, of one account when account is not empty.
func (l APIList) Filter(account string) provider.ExportFilter {
	return provider.ExportFilter{AccountNumber: account, DateFrom: l.DateFrom, DateTo: l.DateTo, Cursor: l.Cursor,
		Direction: l.Direction, Limit: l.Limit}
}

// APIDownload answers an API download: member is the caller's check (false: it has
// answered), open the export's file of the organisation; notFound is the title of an
// unknown export, and one not ready (or failed) says why.
func APIDownload(c fiber.Ctx, notFound string, open func() (*provider.ExportFile, error)) error {
	f, err := open()
	if err != nil {
		return api.ProviderFail(c, err, api.Texts{provider.ENOTFOUND: {Title: notFound},
			provider.ECONFLICT: {Title: provider.MsgStatementDownload, Detail: provider.ErrorMessage(err)}})
	}
	return SendFile(c, f)
}

// ReadAPIList reads an export list's query; what names the exports in the sort's refusal
// ("Statements"); max is the largest page. A bad parameter is an APIRefuse naming it.
func ReadAPIList(c fiber.Ctx, what string, max int) (APIList, error) {
	var l APIList
	var probs []api.Problem
	param := func(name, title string) {
		probs = append(probs, api.ParamProblem(name, title))
	}
	for _, d := range []struct {
		name string
		to   *time.Time
	}{{"date_from", &l.DateFrom}, {"date_to", &l.DateTo}} {
		if v := c.Query(d.name); v != "" {
			t, err := time.Parse(daterange.APILayout, v)
			if err != nil {
				param(d.name, "Must be a date (YYYY-MM-DD)")
			}
			*d.to = t
		}
	}
	if sort := c.Query("sort"); sort != "" && sort != "-created_at" {
		param("sort", what+" sort by -created_at (newest first)")
	}
	if v := c.Query("cursor_after"); v != "" {
		l.Cursor, l.Direction = strings.Clone(v), provider.DirectionNext
	} else if v := c.Query("cursor_before"); v != "" {
		l.Cursor, l.Direction = strings.Clone(v), provider.DirectionPrev
	}
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > max {
			param("limit", "Must be between 1 and "+strconv.Itoa(max))
		}
		l.Limit = n
	}
	if len(probs) > 0 {
		return l, api.Refuse(fiber.StatusUnprocessableEntity, probs...)
	}
	return l, nil
}

// Download answers a page's download of an export that open opened: the file, the
// not-found page, or, for one that cannot be downloaded (not ready, failed, a format it
// cannot take), back to the list with "Error while downloading the file" and why.
func Download(s *server.Server, c fiber.Ctx, f *provider.ExportFile, err error, listURL string) error {
	switch provider.ErrorCode(err) {
	case "":
		return SendFile(c, f)
	case provider.ENOTFOUND:
		return s.NotFound(c)
	case provider.ECONFLICT, provider.EINVALID:
		return s.FlashRedirect(c, session.FlashError, provider.MsgStatementDownload+": "+provider.ErrorMessage(err), listURL)
	}
	return err
}

// APIPeriod reads a request body's created_after and created_before (APITime), with a
// problem for each that is not a date or a time.
func APIPeriod(afterText, beforeText string) (after, before time.Time, probs []api.Problem) {
	after, okA := api.Time(afterText)
	before, okB := api.Time(beforeText)
	if !okA {
		probs = append(probs, api.Field("created_after", "Must be a date (YYYY-MM-DD) or a time (RFC 3339)"))
	}
	if !okB {
		probs = append(probs, api.Field("created_before", "Must be a date (YYYY-MM-DD) or a time (RFC 3339)"))
	}
	return after, before, probs
}

// APIListParams document an export list's query (ReadAPIPage's): the account filter named
// account, then ReadAPIList's; items names what is listed ("statements").
func APIListParams(account, items string, max int) []api.Parameter {
	return []api.Parameter{
		{Name: account, In: "query", Description: "Only this account's.", Schema: api.String("")},
		{Name: "date_from", In: "query", Description: "Created on or after this day (YYYY-MM-DD, UTC).", Schema: api.String("").WithFormat("date")},
		{Name: "date_to", In: "query", Description: "Created on or before this day (YYYY-MM-DD, UTC).", Schema: api.String("").WithFormat("date")},
		{Name: "cursor_after", In: "query", Description: "cursor_next of a page: the older " + items + " after it.", Schema: api.String("")},
		{Name: "cursor_before", In: "query", Description: "cursor_prev of a page: the newer " + items + " before it.", Schema: api.String("")},
		{Name: "sort", In: "query", Description: "Only -created_at.", Schema: api.String("").WithEnum("-created_at")},
		{Name: "limit", In: "query", Description: "Page size, 1 to " + strconv.Itoa(max) + " (default 20).", Schema: api.Integer("").WithRange(1, max)},
	}
}

// APIListReplies are an export list's replies but its page: forbidden is the area's 403.
func APIListReplies(forbidden api.Response) []api.Response {
	return []api.Response{api.ReplyUnauthorized, forbidden, api.ReplyNotFound,
		api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong (source.parameter names it).")}
}

// ReadAPIPage reads an export list's query (ReadAPIList, with the account filter named
// account) and gives that page of the caller's organisation, as list answers it.
func ReadAPIPage[P any](c fiber.Ctx, r api.OrgCall, what string, max int, account string,
	list func(ctx context.Context, orgID string, f provider.ExportFilter) (P, error)) (P, error) {
	l, err := ReadAPIList(c, what, max)
	if err != nil {
		var none P
		return none, err
	}
	return list(c.Context(), r.OrgID, l.Filter(strings.Clone(c.Query(account))))
}

// APIRead is a read of exports: exports:read with accounts:read.
func APIRead[B api.Envelope](off bool, read func(fiber.Ctx, api.OrgCall) (B, error),
	texts api.Texts) api.Read[B] {
	return api.Read[B]{Perms: Perms(), Off: off, Texts: texts,
		Read: read}
}

// Choice is one choice of an export form's selector or checkbox group
// (accounts, kinds, status categories), the same in every export area.
type Choice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Row is what every export list's row starts with: the period (DD-MM-YYYY, the last day
// inclusive), when it was requested, and the account. Embedded first, it keeps the
// rows' JSON in the order the tables read it.
type Row struct {
	ID          string `json:"id"`
	From        string `json:"from"`
	To          string `json:"to"`
	Created     string `json:"created"`
	Account     string `json:"account"`
	AccountName string `json:"accountName"`
}

// RowOf is the row of the export id over [from, to) on account, requested at created.
func RowOf(o *server.OrgContext, id, account string, from, to, created time.Time) Row {
	return Row{ID: id, From: from.UTC().Format(daterange.DisplayLayout), To: to.UTC().Add(-time.Nanosecond).Format(daterange.DisplayLayout),
		Created: created.UTC().Format("02-01-2006 15:04"), Account: account, AccountName: AccountName(o, account)}
}

// RefusedForm puts why the provider refused a form's request into errs: the error of one
// of its fields on that field (fieldOf maps the provider's field names to the form's),
// else failed on the form, logged as what when the fault is the provider's own.
func RefusedForm(s *server.Server, rq *server.Request, what string, err error, fieldOf map[string]string, failed string, errs map[string]string) {
	var fe *provider.FieldError
	switch {
	case errors.As(err, &fe) && fieldOf[fe.Field] != "":
		errs[fieldOf[fe.Field]] = fe.Err.Message
	default:
		if provider.ErrorCode(err) == provider.EINTERNAL {
			s.Logger.Error(what, "request_id", rq.ID, "err", err)
		}
		errs["form"] = failed
	}
}

// Perms are the permissions of an export route: exports:read with accounts:read, and more
// (exports:manage to request, exports:download to download).
func Perms(more ...access.Permission) []access.Permission {
	return append([]access.Permission{access.ExportsRead, access.AccountsRead}, more...)
}

// AccountChoices are an export selector's accounts: the owned ones only (spec 000 §3).
func AccountChoices(o *server.OrgContext) []Choice {
	out := []Choice{}
	for _, a := range o.OwnedAccounts() {
		out = append(out, Choice{Value: a.AccountNumber, Label: AccountLabel(a)})
	}
	return out
}

// RequestForm is what every export request form's props hold after their mode: where the
// form posts (the page's action, the API), the list it leads back to, the link that opens
// it, and the accounts it offers.
type RequestForm struct {
	CSRF      string   `json:"csrf"`
	Action    string   `json:"action"`
	APIURL    string   `json:"apiUrl"`
	ListURL   string   `json:"listUrl"`
	OpenerURL string   `json:"openerUrl"`
	Accounts  []Choice `json:"accounts"`
}

// FormState is what a request form's props hold after its values: the errors by field and
// the last day a request may cover.
type FormState struct {
	Errors map[string]string `json:"errors"`
	Max    string            `json:"max"` // today, YYYY-MM-DD
}

// FormStateOf is the state of a form with errs (nil: none) on today.
func FormStateOf(errs map[string]string, today time.Time) FormState {
	if errs == nil {
		errs = map[string]string{}
	}
	return FormState{Errors: errs, Max: today.Format(daterange.APILayout)}
}

// RequestFormOf is the request form of the export list at base, whose API is api and whose
// page opens the form when its query has the flag open.
func RequestFormOf(c fiber.Ctx, base, api, open string) RequestForm {
	rq := server.Req(c)
	return RequestForm{CSRF: rq.CSRF(), Action: base, APIURL: api, ListURL: base, OpenerURL: base + "?" + open + "=1",
		Accounts: AccountChoices(rq.Org)}
}

// ListHead is what an export list page's props start with: the shell and the account filter
// (the owned accounts, the one chosen).
type ListHead struct {
	Shell    server.ShellProps `json:"shell"`
	Accounts []Choice          `json:"accounts"`
	Account  string            `json:"account"`
}

// ListOf is an export list page's start and the provider's filter of its query: the owned
// account asked for, and the cursor.
func ListOf(s *server.Server, c fiber.Ctx) (ListHead, provider.ExportFilter, error) {
	o := server.Req(c).Org
	l := ListHead{Accounts: AccountChoices(o)}
	f := provider.ExportFilter{}
	if a, ok := Owned(o, c.Query("account")); ok {
		l.Account, f.AccountNumber = a.AccountNumber, a.AccountNumber
	}
	f.Cursor, f.Direction = ListCursor(c)
	return l, f, nil
}

// Paging is an export list page's count and its links to the older and newer pages.
type Paging struct {
	Total   int    `json:"total"`
	NextURL string `json:"nextUrl"`
	PrevURL string `json:"prevUrl"`
}

// PagingOf is the paging of the list at base filtered by account: total exports, the cursor
// of the next (older) page when hasNext, of the previous one when not empty.
func PagingOf(base, account string, total int, hasNext bool, next, prev string) Paging {
	p := Paging{Total: total}
	if hasNext {
		p.NextURL = ListURL(base, account, "after", next)
	}
	if prev != "" {
		p.PrevURL = ListURL(base, account, "before", prev)
	}
	return p
}

// RequestValues are what every export request form's values start with, as typed: the
// account and the period (DD-MM-YYYY).
type RequestValues struct {
	Account string `json:"account"`
	From    string `json:"from"`
	To      string `json:"to"`
}

// RequestValuesOf are the request values a form posted.
func RequestValuesOf(c fiber.Ctx) RequestValues {
	return RequestValues{Account: c.FormValue("account"), From: c.FormValue("from"), To: c.FormValue("to")}
}

// Check checks the account, one of owned (else noAccount on "account"), and the period
// (CheckPeriod, whose answers it gives).
func (v RequestValues) Check(today time.Time, owned []string, noAccount string, w PeriodWords, errs map[string]string) (from, to time.Time, ok bool) {
	if !slices.Contains(owned, v.Account) {
		errs["account"] = noAccount
	}
	return CheckPeriod(v.From, v.To, today, w, errs)
}

// OwnedNumbers are the numbers of the accounts the organisation owns.
func OwnedNumbers(o *server.OrgContext) []string {
	var out []string
	for _, a := range o.OwnedAccounts() {
		out = append(out, a.AccountNumber)
	}
	return out
}
