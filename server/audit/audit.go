// Package audit is Settings › Audit log (docs/areas/audit.md): the organisation's
// tamper-evident log of security- and money-relevant events, its CSV export, and its API (a
// list and a verify call). Only admins read it: every route needs users:manage, the
// permission the admin roles alone hold (spec 000 §6).
package audit

import (
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/daterange"
	"portal/provider"
	"portal/server"
	"portal/server/exports"
	"portal/server/listpage"
	"portal/statement"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// Perms are what every route and API call of the area needs.
var Perms = []access.Permission{access.UsersManage}

// New is the audit log area of s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	return server.Area{Name: "audit", Off: s.Audit == nil, Routes: []*server.Route{
		{Name: "org.audit", Method: "GET", Path: "/org/:org/settings/audit", Access: server.Dashboard, Perms: Perms,
			Handler: s.list, Nav: &server.NavEntry{Slot: server.NavAudit, Label: "Audit log"}},
		{Name: "org.audit.csv", Method: "GET", Path: "/org/:org/settings/audit/export.csv", Access: server.Dashboard, Perms: Perms,
			Handler: s.csv},
	}, API: s.apiOperations()}
}

// Query parameters of the page and the export.
const (
	qPerson       = "person"
	qKind         = "kind"
	qRecord       = "record"
	qCursorAfter  = "cursor_after"
	qCursorBefore = "cursor_before"
)

// Words of the page.
const (
	pageTitle        = "Audit log"
	msgListFailed    = "The audit log could not be loaded. Please try again."
	msgPersonInvalid = "Enter the person's e-mail address, like name@example.com."
	msgRecordTooLong = "Enter at most 128 characters."
	maxRecord        = 128
	// csvMax bounds one export; the period and filters narrow a larger log.
	csvMax = 10000
)

// AuditFiltersView is the filter bar: a GET form, values as typed.
type AuditFiltersView struct {
	Action string           `json:"action"`
	Person string           `json:"person"`
	Kind   string           `json:"kind"`
	Kinds  []exports.Choice `json:"kinds"`
	Record string           `json:"record"`
	// Errors are beside their fields, by field id.
	Errors map[string]string `json:"errors"`
	Clear  string            `json:"clear"`
}

// AuditRow is one entry, formatted for people.
type AuditRow struct {
	ID      int64  `json:"id"`
	Date    string `json:"date"`
	Time    string `json:"time"`
	Kind    string `json:"kind"`
	What    string `json:"what"`
	Person  string `json:"person"`
	Role    string `json:"role"`
	Record  string `json:"record"`
	Changes string `json:"changes"`
	Where   string `json:"where"`
	Address string `json:"address"`
	Session string `json:"session"`
}

// AuditLogProps are the props of templates/pages/audit/AuditLog.tsx.
type AuditLogProps struct {
	Shell    server.ShellProps `json:"shell"`
	Range    string            `json:"range"`
	Filters  AuditFiltersView  `json:"filters"`
	Rows     []AuditRow        `json:"rows"`
	Total    int               `json:"total"`
	PageSize int               `json:"pageSize"`
	Next     string            `json:"next"`
	Prev     string            `json:"prev"`
	Failure  string            `json:"failure"`
	Export   string            `json:"export"`
}

func (s area) base(orgID string) string { return s.Path("org.audit", orgID) }

// readQuery reads the filters. A kind this build does not know shows All; a person that is
// no e-mail address or a record too long comes back as typed with the error beside it.
func (s area) readQuery(c fiber.Ctx, orgID string) (provider.AuditFilter, AuditFiltersView, url.Values) {
	r := s.DateRange(c)
	f := provider.AuditFilter{From: r.After(), To: r.Before()}
	v := AuditFiltersView{Action: s.base(orgID), Kinds: kindChoices(), Errors: map[string]string{}}
	kept := url.Values{}
	if k := provider.AuditKind(c.Query(qKind)); k.Valid() {
		v.Kind, f.Kind = string(k), k
	}
	v.Person = strings.TrimSpace(strings.Clone(c.Query(qPerson)))
	if v.Person != "" {
		if at := strings.IndexByte(v.Person, '@'); at <= 0 || at == len(v.Person)-1 || len(v.Person) > 254 {
			v.Errors[qPerson] = msgPersonInvalid
		} else {
			f.Email = strings.ToLower(v.Person)
		}
	}
	v.Record = strings.TrimSpace(strings.Clone(c.Query(qRecord)))
	if len(v.Record) > maxRecord {
		v.Errors[qRecord] = msgRecordTooLong
	} else {
		f.Record = v.Record
	}
	for k, val := range map[string]string{qKind: v.Kind, qPerson: f.Email, qRecord: f.Record} {
		if val != "" {
			kept.Set(k, val)
		}
	}
	if len(kept) > 0 || len(v.Errors) > 0 {
		v.Clear = s.base(orgID)
	}
	return f, v, kept
}

func kindChoices() []exports.Choice {
	out := []exports.Choice{{Value: "", Label: "All"}}
	for _, k := range provider.AuditKinds() {
		out = append(out, exports.Choice{Value: string(k.Kind), Label: k.Label})
	}
	return out
}

// row formats one entry.
func row(e provider.AuditEntry) AuditRow {
	r := AuditRow{ID: e.ID, Date: e.At.UTC().Format(daterange.DisplayLayout), Time: e.At.UTC().Format("15:04:05") + " UTC",
		Kind: string(e.Kind), What: e.KindLabel, Person: e.Actor.Email, Address: e.Actor.ClientIP, Session: e.Actor.Session,
		Record: strings.TrimSpace(e.RecordKind + " " + e.RecordID), Changes: changesText(e.Changes), Where: whereText(e.Actor)}
	if r.What == "" {
		r.What = "Other event"
	}
	if r.Person == "" {
		r.Person = "System"
	}
	if e.Actor.Role != "" {
		r.Role = access.Label(e.Actor.Role)
	}
	return r
}

// changesText is the changed fields as people read them: "status: a → b; amount: 10.00 EUR".
func changesText(cs []provider.AuditChange) string {
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		field := strings.ReplaceAll(c.Field, "_", " ")
		switch {
		case c.Before == "" && c.After == "":
			parts = append(parts, field+" changed")
		case c.Before == "":
			parts = append(parts, field+": "+c.After)
		default:
			parts = append(parts, field+": "+c.Before+" → "+c.After)
		}
	}
	return strings.Join(parts, "; ")
}

func whereText(a provider.AuditActor) string {
	switch a.Origin {
	case provider.AuditOriginAPI:
		return "API " + a.Path
	case provider.AuditOriginPage:
		return "Page " + a.Path
	}
	return "System"
}

func (s area) list(c fiber.Ctx) error {
	rq := server.Req(c)
	o := rq.Org
	path := s.base(o.Org.ID)
	f, view, kept := s.readQuery(c, o.Org.ID)
	p := AuditLogProps{Range: s.DateRange(c).Display(), Filters: view, Rows: []AuditRow{},
		PageSize: provider.DefaultAuditLimit, Export: server.Link(path+"/export.csv", kept, "")}
	status := fiber.StatusOK
	if len(view.Errors) > 0 {
		status = fiber.StatusUnprocessableEntity
	}
	cur := listpage.ReadCursor(c, qCursorAfter, qCursorBefore)
	pg, err := listpage.Load(&cur, func(cursor, direction string) (provider.AuditPage, error) {
		f.Cursor, f.Direction = cursor, direction
		return s.Audit.AuditEntries(c.Context(), o.Org.ID, f)
	})
	p.Failure = listpage.Failure(s.Server, c, err, "audit list", msgListFailed)
	for _, e := range pg.Entries {
		p.Rows = append(p.Rows, row(e))
	}
	p.Total = pg.Total
	p.Next, p.Prev = cur.Pager(path, kept, pg.HasNext, pg.CursorNext, pg.CursorPrev)
	return s.Render(c, server.View{Status: status, Title: pageTitle + " · " + o.Org.Name, Page: pageAuditLog.With(p)})
}

// CSVHeader is the export's header row.
var CSVHeader = []string{"id", "position", "time_utc", "kind", "event", "person", "role", "session", "client_address",
	"origin", "path", "record_kind", "record_id", "changes", "previous_hash", "hash"}

type csvRecords struct {
	entries []provider.AuditEntry
	i       int
	rec     []string
}

func (r *csvRecords) Next() bool { r.i++; return r.i <= len(r.entries) }
func (r *csvRecords) Err() error { return nil }
func (r *csvRecords) Record() []string {
	e := r.entries[r.i-1]
	r.rec = append(r.rec[:0], itoa(e.ID), itoa(e.Seq), e.At.UTC().Format(statement.DateLayout), string(e.Kind), e.KindLabel,
		e.Actor.Email, e.Actor.Role, e.Actor.Session, e.Actor.ClientIP, e.Actor.Origin, e.Actor.Path, e.RecordKind, e.RecordID,
		changesText(e.Changes), e.PrevHash, e.Hash)
	return r.rec
}

// csv is the filtered log (the page's filters and period), newest first, at most csvMax
// entries, through the one CSV writer of the exports (RFC 4180, every cell formula-guarded).
// The download is itself recorded.
func (s area) csv(c fiber.Ctx) error {
	o := server.Req(c).Org
	f, view, _ := s.readQuery(c, o.Org.ID)
	if len(view.Errors) > 0 {
		return s.list(c)
	}
	var all []provider.AuditEntry
	f.Limit = provider.MaxAuditLimit
	for len(all) < csvMax {
		pg, err := s.Audit.AuditEntries(c.Context(), o.Org.ID, f)
		if err != nil {
			return err
		}
		all = append(all, pg.Entries...)
		if !pg.HasNext {
			break
		}
		f.Cursor, f.Direction = pg.CursorNext, provider.DirectionNext
	}
	if len(all) > csvMax {
		all = all[:csvMax]
	}
	if err := s.Audit.RecordAudit(c.Context(), provider.AuditEvent{OrgID: o.Org.ID, Kind: provider.AuditDownload,
		RecordKind: "audit log", RecordID: "csv", Changes: []provider.AuditChange{{Field: "entries", After: itoa(int64(len(all)))}}}); err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="audit-log-`+time.Now().UTC().Format("20060102-150405")+`.csv"`)
	_, err := statement.WriteRecords(c.Response().BodyWriter(), CSVHeader, &csvRecords{entries: all})
	return err
}
