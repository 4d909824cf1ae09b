// Package batches is the payout batches area (spec 001 §2 "Batches", §3, §4, §5, §7 "Batches
// (disbursement)", §8, §9): the list with its details panel, a batch's page with its rows or
// its payouts, the CSV template, the upload (the BatchUpload island, a multipart form
// without JavaScript), approving and declining, and the batch calls of the JSON API. An
// approved batch's rows are payout requests, shown with package payouts' pages.
package batches

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/daterange"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the batches area for s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	read := server.Perms(access.PayoutBatchesRead)
	manage := server.Perms(access.PayoutBatchesRead, access.PayoutBatchesManage)
	review := server.Perms(access.PayoutBatchesRead, access.PayoutBatchesReview)
	const gate = "flag batches_page + batches_enabled > 0"
	const reviewGate = gate + " + batch_number_of_approvers > 0"
	route := func(name, method, path string, perms []access.Permission, h fiber.Handler) *server.Route {
		return &server.Route{Name: name, Method: method, Path: path, Access: server.Dashboard, Perms: perms, Gate: server.BatchesGate,
			GateName: gate, Handler: h}
	}
	reviewRoute := func(name, method, path string, h fiber.Handler) *server.Route {
		r := route(name, method, path, review, h)
		r.Gate, r.GateName = approvalGate, reviewGate
		return r
	}
	list := route("org.batches", "GET", "/org/:org/batches", read, s.list)
	list.Nav = &server.NavEntry{Slot: server.NavBatches, Label: "Batches"}
	upload := route("org.batches.upload.submit", "POST", "/org/:org/batches/upload", manage, s.uploadSubmit)
	upload.BodyLimit = server.BatchUploadBodyLimit
	template := route("org.batches.template", "GET", "/org/:org/batches/template", manage, s.templatePage)
	template.Off = s.PayoutDrafts == nil
	return server.Area{Name: "batches", Off: s.Batches == nil, Routes: []*server.Route{
		list,
		route("org.batches.upload", "GET", "/org/:org/batches/upload", manage, s.uploadPage),
		upload,
		template,
		route("org.batches.template.download", "GET", "/org/:org/batches/template/download", manage, s.templateDownload),
		route("org.batch", "GET", "/org/:org/batches/:batch", read, s.batchPage),
		route("org.batch.payouts", "GET", "/org/:org/batches/:batch/batch_payouts", read, s.batchPayoutsPage),
		reviewRoute("org.batch.approve", "POST", "/org/:org/batches/:batch/approve", s.approve),
		reviewRoute("org.batch.decline", "GET", "/org/:org/batches/:batch/decline", s.declinePage),
		reviewRoute("org.batch.decline.submit", "POST", "/org/:org/batches/:batch/decline", s.decline),
	}, API: s.apiOperations()}
}

// approvalGate: approving and declining exist only when batches need approval (spec 001
// §5 "batch_number_of_approvers above 0").
func approvalGate(o *server.OrgContext) bool {
	return server.BatchesGate(o) && o.Config.BatchNumberOfApprovers > 0
}

// Query parameters of the list: status (the spec's), the paging cursors, and batch, the
// batch whose details panel is open.
const (
	qStatus       = "status"
	qBatch        = "batch"
	qCursorAfter  = "cursor_after"
	qCursorBefore = "cursor_before"
	qCursor       = "cursor"
)

// Words of the pages that the spec does not give.
const (
	msgListFailed   = "Error while fetching the batches"
	msgNotFound     = "Something went wrong"
	msgNoAmount     = "Total amount unavailable"
	msgNoDate       = "Not available"
	msgPayoutsLater = "The payouts of this batch are created when it is approved."
)

// BatchChoice is an option of a select.
type BatchChoice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// BatchRow is one batch of the list, formatted for people.
type BatchRow struct {
	ID              string `json:"id"`
	Href            string `json:"href"`
	Open            bool   `json:"open"`
	Name            string `json:"name"`
	LocalInstrument string `json:"localInstrument"`
	Date            string `json:"date"`
	Time            string `json:"time"`
	CreatedBy       string `json:"createdBy"`
	Country         string `json:"country"`
	CountryCode     string `json:"countryCode"`
	Payouts         int    `json:"payouts"`
	Amount          string `json:"amount"`
	Status          string `json:"status"`
	StatusLabel     string `json:"statusLabel"`
}

// BatchReviewView is an approval or a decline.
type BatchReviewView struct {
	Name string `json:"name"`
	Date string `json:"date"`
}

// BatchPanel is the details panel (spec 001 §2): who declined and approved, the approvals
// still needed, Approve and Decline when the user may (spec 001 §5), and View payouts.
type BatchPanel struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	StatusLabel string            `json:"statusLabel"`
	Status      string            `json:"status"`
	Summary     []BatchFact       `json:"summary"`
	ApprovedBy  []BatchReviewView `json:"approvedBy"`
	DeclinedBy  []BatchReviewView `json:"declinedBy"`
	// Needed is "Needs to be approved by N person/people", "" when none are needed.
	Needed string `json:"needed"`
	// Approve is the form that approves (nil when the user may not); Decline the
	// confirmation page's address ("" likewise).
	Approve     *BatchForm `json:"approve"`
	Decline     string     `json:"decline"`
	ViewPayouts string     `json:"viewPayouts"`
	Close       string     `json:"close"`
}

// BatchFact is one line of a summary.
type BatchFact struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// BatchForm is a POST form: where, its CSRF token and its button.
type BatchForm struct {
	Action string `json:"action"`
	CSRF   string `json:"csrf"`
	Submit string `json:"submit"`
}

// BatchesPageProps are the props of templates/pages/batches/Batches.tsx.
type BatchesPageProps struct {
	Shell server.ShellProps `json:"shell"`
	Range string            `json:"range"`
	// Approval says whether batches need approval: the status filter and column show.
	Approval bool          `json:"approval"`
	Status   string        `json:"status"`
	Statuses []BatchChoice `json:"statuses"`
	Action   string        `json:"action"`
	Rows     []BatchRow    `json:"rows"`
	Total    int           `json:"total"`
	Next     string        `json:"next"`
	Prev     string        `json:"prev"`
	Failure  string        `json:"failure"`
	// Upload is the "Upload batch file" button and its dialog (the BatchUpload island),
	// Template the "Create Batch template" link and its dialog (the BatchTemplate island);
	// nil without payout_batches:manage.
	Upload     *BatchUploadProps         `json:"upload"`
	Template   *BatchTemplateDialogProps `json:"template"`
	Panel      *BatchPanel               `json:"panel"`
	PanelError string                    `json:"panelError"`
	ClosePanel string                    `json:"closePanel"`
}

func (s area) base(orgID string) string { return s.Path("org.batches", orgID) }

func (s area) batchPath(orgID, id string) string { return s.Path("org.batch", orgID, id) }

// payoutsPath is the page of a batch's payout requests.
func (s area) payoutsPath(orgID, id string) string { return s.Path("org.batch.payouts", orgID, id) }

func displayAmount(amount, code string) string {
	if amount == "" {
		return msgNoAmount
	}
	return listpage.AmountCode(amount, code)
}

func displayDate(b provider.Batch) (date, clock string) {
	if b.CreatedAt.IsZero() {
		return msgNoDate, ""
	}
	return listpage.RowTime(b.CreatedAt)
}

func (s area) list(c fiber.Ctx) error {
	rq := server.Req(c)
	o := rq.Org
	ctx := c.Context()
	approval := o.Config.BatchNumberOfApprovers > 0
	r := s.DateRange(c)
	p := BatchesPageProps{Range: r.Display(), Approval: approval, Action: s.base(o.Org.ID), Rows: []BatchRow{},
		Statuses: []BatchChoice{{"", "All"}}}
	f := provider.BatchFilter{CreatedAfter: r.After(), CreatedBefore: r.Before()}
	kept := url.Values{}
	if approval {
		for _, st := range provider.BatchStatuses() {
			p.Statuses = append(p.Statuses, BatchChoice{st.Code, st.Name})
			if c.Query(qStatus) == st.Code {
				p.Status, f.Status = st.Code, st.Code
				kept.Set(qStatus, st.Code)
			}
		}
	}
	cur := listpage.ReadCursor(c, qCursorAfter, qCursorBefore)
	pg, err := listpage.Load(&cur, func(cursor, direction string) (provider.BatchPage, error) {
		f.Cursor, f.Direction = cursor, direction
		return s.Batches.Batches(ctx, o.Org.ID, f)
	})
	here := cur.Here(kept)
	p.Failure = listpage.Failure(s.Server, c, err, "batch list", msgListFailed)
	open := strings.Clone(c.Query(qBatch))
	for _, b := range pg.Batches {
		p.Rows = append(p.Rows, s.row(o, b, here, open))
	}
	p.Total = pg.Total
	p.Next, p.Prev = cur.Pager(s.base(o.Org.ID), kept, pg.HasNext, pg.CursorNext, pg.CursorPrev)
	if o.Can(access.PayoutBatchesManage) {
		p.Upload, p.Template = &BatchUploadProps{Dialog: true, Form: s.uploadForm(c)}, s.templateDialog(c, o.Org.ID)
	}
	status := fiber.StatusOK
	if open != "" {
		p.ClosePanel = server.Link(s.base(o.Org.ID), here, "#batch-"+open)
		b, err := s.Batches.Batch(ctx, o.Org.ID, open)
		status, p.PanelError = listpage.PanelError(s.Server, c, status, err, "batch detail", msgNotFound, msgNotFound)
		if p.PanelError == "" {
			panel := s.panel(c, b, here)
			p.Panel = &panel
		}
	}
	title := "Batches · " + o.Org.Name
	if p.Panel != nil {
		title = "Batch " + p.Panel.Name + " · " + title
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pageBatches.With(p)})
}

// row is a batch of the list. With approval a row opens the details panel, else the
// batch's payouts (spec 001 §2).
func (s area) row(o *server.OrgContext, b provider.Batch, here url.Values, open string) BatchRow {
	date, clock := displayDate(b)
	r := BatchRow{ID: b.ID, Open: b.ID == open, Name: b.Name, LocalInstrument: b.LocalInstrument, Date: date, Time: clock,
		CreatedBy: b.CreatorName, Country: b.Country.Name, CountryCode: b.Country.ISO, Payouts: b.TotalPayoutRequestsCount,
		Amount: displayAmount(b.TotalAmount, b.Currency.ISO), Status: b.Status, StatusLabel: provider.BatchLabel(b)}
	if o.Config.BatchNumberOfApprovers > 0 {
		r.Href = server.Link(s.base(o.Org.ID), server.WithQuery(here, qBatch, b.ID), "#batch-panel")
	} else {
		r.Href = s.payoutsPath(o.Org.ID, b.ID)
	}
	return r
}

func reviews(rs []provider.BatchReview) []BatchReviewView {
	out := []BatchReviewView{}
	for _, r := range rs {
		out = append(out, BatchReviewView{Name: r.UserName, Date: r.CreatedAt.UTC().Format(daterange.DisplayLayout+" 15:04") + " UTC"})
	}
	return out
}

// corridorText is a batch's currency to its country, with the country's code when iso; the
// currency alone for a product that reaches no country (a crypto network).
func corridorText(code, country provider.NamedCode, iso bool) string {
	switch {
	case country.ISO == "":
		return code.ISO
	case iso:
		return code.ISO + " → " + country.Name + " (" + country.ISO + ")"
	}
	return code.ISO + " → " + country.Name
}

// facts are a batch's summary lines.
func facts(b provider.Batch) []BatchFact {
	date, clock := displayDate(b)
	return []BatchFact{
		{"Status", provider.BatchLabel(b)},
		{"Type", b.LocalInstrument},
		{"Corridor", corridorText(b.Currency, b.Country, false)},
		{"Created", strings.TrimSpace(date + " " + clock)},
		{"Created by", b.CreatorName},
		{"Payouts", strconv.Itoa(b.TotalPayoutRequestsCount)},
		{"Total amount", displayAmount(b.TotalAmount, b.Currency.ISO)},
		{"File", b.Filename},
	}
}

// panel is a batch's details panel for the user of c.
func (s area) panel(c fiber.Ctx, b provider.Batch, here url.Values) BatchPanel {
	rq := server.Req(c)
	o := rq.Org
	p := BatchPanel{ID: b.ID, Name: b.Name, Status: b.Status, StatusLabel: provider.BatchLabel(b), Summary: facts(b),
		ApprovedBy: reviews(b.Approvals), DeclinedBy: reviews(b.Rejections), ViewPayouts: s.batchPath(o.Org.ID, b.ID),
		Close: server.Link(s.base(o.Org.ID), here, "#batch-"+b.ID)}
	if b.Status == provider.BatchWaitingReview {
		p.Needed = server.ApprovalsNeeded(b.ApprovalsStillNeeded())
	}
	if b.Status == provider.BatchCompleted {
		p.ViewPayouts = s.payoutsPath(o.Org.ID, b.ID)
	}
	if o.Can(access.PayoutBatchesReview) && b.Reviewable(rq.User.ID) {
		p.Approve = &BatchForm{Action: s.batchPath(o.Org.ID, b.ID) + "/approve", CSRF: rq.CSRF(), Submit: "Approve"}
		p.Decline = s.batchPath(o.Org.ID, b.ID) + "/decline"
	}
	return p
}
