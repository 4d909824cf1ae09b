// Package payoutdrafts is the payout drafts area (spec 001 §2 "Payout drafts page", §3 "Payout
// draft", §4, §5 "Draft approve/decline", §7 "Payout drafts", §8): the list of drafts waiting
// for review or declined, the details panel with the draft's sections, four-eyes approval,
// decline and delete (confirmation pages + POST without JavaScript, dialogs with it), and the
// manual payout calls of the JSON API, which the wizard (package of its own) uses too.
package payoutdrafts

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/createpayout"
	"portal/server/listpage"
	"portal/session"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the payout drafts area for s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	const gate = "flag payout_draft_approval + manual_payouts_enabled + approvers > 0"
	route := func(name, method, path string, perms []access.Permission, h fiber.Handler) *server.Route {
		return &server.Route{Name: name, Method: method, Path: path, Access: server.Dashboard,
			Perms: perms, Gate: server.DraftApprovalGate, GateName: gate, Handler: h}
	}
	confirm := func(act action) fiber.Handler { return func(c fiber.Ctx) error { return s.confirmPage(c, act) } }
	submit := func(act action) fiber.Handler { return func(c fiber.Ctx) error { return s.submit(c, act) } }
	list := route("org.payout_drafts", "GET", "/org/:org/payout_drafts", actList.perms, s.list)
	list.Nav = &server.NavEntry{Slot: server.NavPayoutDrafts, Label: "Payout drafts"}
	routes := []*server.Route{list,
		route("org.payout_draft", "GET", "/org/:org/payout_drafts/:draft", actList.perms, s.detail),
		// Approving needs no confirmation (spec 001 §2: declining does), so it has no page.
		route("org.payout_draft.approve.submit", "POST", "/org/:org/payout_drafts/:draft/approve", actApprove.perms, submit(actApprove)),
		route("org.payout_draft.reject", "GET", "/org/:org/payout_drafts/:draft/reject", actReject.perms, confirm(actReject)),
		route("org.payout_draft.reject.submit", "POST", "/org/:org/payout_drafts/:draft/reject", actReject.perms, submit(actReject)),
		route("org.payout_draft.delete", "GET", "/org/:org/payout_drafts/:draft/delete", actDelete.perms, confirm(actDelete)),
		route("org.payout_draft.delete.submit", "POST", "/org/:org/payout_drafts/:draft/delete", actDelete.perms, submit(actDelete)),
	}
	return server.Area{Name: "payoutdrafts", Off: s.PayoutDrafts == nil, Routes: routes, API: s.apiOperations()}
}

// action is one of the decisions on a draft, with the spec's texts (001 §8) and the words
// of its confirmation.
type action struct {
	kind         string
	perms        []access.Permission
	ok, failed   string
	title, text  string
	submit, back string
}

var (
	actList    = action{perms: []access.Permission{access.PayoutDraftsRead}}
	actApprove = action{kind: "approve", perms: []access.Permission{access.PayoutDraftsReview, access.PayoutDraftsRead},
		ok: provider.MsgDraftApproveOK, failed: provider.MsgDraftApproveFailed,
	}
	actReject = action{kind: "reject", perms: []access.Permission{access.PayoutDraftsReview, access.PayoutDraftsRead},
		ok: provider.MsgDraftRejectOK, failed: provider.MsgDraftRejectFailed,
		title: "Decline draft?", text: "The payout will not be made. A declined draft cannot be restored.",
		submit: "Decline", back: "Cancel"}
	actDelete = action{kind: "delete", perms: []access.Permission{access.PayoutDraftsManage, access.PayoutDraftsRead},
		ok: provider.MsgDraftDeleteOK, failed: provider.MsgDraftDeleteFailed,
		title: "Delete draft?", text: "Are you sure you want to delete this payout draft?", submit: "Yes", back: "No"}
)

// outcome is what a decision did, for a page's flash or an API reply.
type outcome struct {
	message, refused           string
	draftID, status, reference string
	notFound                   bool
	err                        error
}

// decide runs act on a draft: the provider checks the rules (DraftReviewBlock,
// DraftDeleteBlock) in the transaction that records the decision, so a page, a form posted
// twice and the API all meet the same checks.
func (s area) decide(ctx context.Context, orgID, draftID string, by provider.DraftActor, act action) outcome {
	out := outcome{draftID: draftID}
	var err error
	switch act.kind {
	case actDelete.kind:
		err = s.PayoutDrafts.DeleteDraft(ctx, orgID, draftID, by)
		out.status = "deleted"
	default:
		review := s.PayoutDrafts.ApproveDraft
		if act.kind == actReject.kind {
			review = s.PayoutDrafts.RejectDraft
		}
		var res provider.DraftReviewResult
		res, err = review(ctx, orgID, draftID, by)
		out.status = res.Draft.Status
		if res.Published != nil {
			out.reference = res.Published.UniqueReference
		}
	}
	switch provider.ErrorCode(err) {
	case "":
		out.message = fmt.Sprintf(act.ok, draftID)
	case provider.ENOTFOUND:
		out.notFound = true
	case provider.ECONFLICT, provider.EINVALID:
		out.refused = provider.ErrorMessage(err)
	default:
		out.err = err
	}
	return out
}

// Query parameters of the page.
const (
	qStatus       = "status"
	qTab          = "tab"
	qCursorAfter  = "cursor_after"
	qCursorBefore = "cursor_before"
	pageSize      = 20
)

// DraftChoice is an option of the status filter.
type DraftChoice struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// DraftRow is one draft of the table, formatted for people.
type DraftRow struct {
	ID         string `json:"id"`
	Href       string `json:"href"`
	Open       bool   `json:"open"`
	Created    string `json:"created"`
	Creator    string `json:"creator"`
	EndToEndID string `json:"endToEndId"`
	Transfer   string `json:"transfer"`
	Account    string `json:"account"`
	Amount     string `json:"amount"`
	Currency   string `json:"currency"`
	Approvals  string `json:"approvals"`
	Status     string `json:"status"`
	// Resume and Deletion are an unfinished draft's: the step it continues at, and when the
	// cleanup deletes it.
	Resume   string `json:"resume"`
	Deletion string `json:"deletion"`
}

// DraftLine is a label and a value of the details panel: the provider's summary line, so
// the props types (cmd/gentypes) have one DraftLine.
type DraftLine = provider.DraftLine

// DraftTab is a section tab of the details panel.
type DraftTab struct {
	ID      string `json:"id"`
	Label   string `json:"label"`
	Href    string `json:"href"`
	Current bool   `json:"current"`
}

// DraftActionView is an action the user may take on the open draft: Href is its
// confirmation page (without JavaScript), Action the form's POST.
type DraftActionView struct {
	Kind   string `json:"kind"`
	Label  string `json:"label"`
	Href   string `json:"href"`
	Action string `json:"action"`
}

// DraftPanelProps are the open draft's details and the actions offered to this user.
type DraftPanelProps struct {
	ID          string      `json:"id"`
	Title       string      `json:"title"`
	Amount      string      `json:"amount"`
	StatusLabel string      `json:"statusLabel"`
	Facts       []DraftLine `json:"facts"`
	Tabs        []DraftTab  `json:"tabs"`
	Lines       []DraftLine `json:"lines"`
	Approvals   []DraftLine `json:"approvals"`
	Rejections  []DraftLine `json:"rejections"`
	Needed      string      `json:"needed"`
	// Copy are the labels of Lines whose values get a copy button (issue 27 item 10): ids,
	// references and account numbers. DraftLine is the API's type too, so it carries no flag.
	Copy    []string          `json:"copy"`
	Actions []DraftActionView `json:"actions"`
	// Island drives the actions with JavaScript: dialogs, the API, the row leaving.
	Island DraftDecisionProps `json:"island"`
	Close  string             `json:"close"`
}

// DraftDecisionProps are the props of the DraftDecision island (islands/DraftDecision.tsx).
type DraftDecisionProps struct {
	DraftID string              `json:"draftId"`
	API     string              `json:"api"`
	CSRF    string              `json:"csrf"`
	List    string              `json:"list"`
	Actions []DraftDecisionStep `json:"actions"`
}

// DraftDecisionStep is one action as the island offers it: Confirm is nil when it needs no
// dialog (approve).
type DraftDecisionStep struct {
	Kind   string `json:"kind"`
	Label  string `json:"label"`
	Action string `json:"action"`
	Method string `json:"method"`
	Href   string `json:"href"`
	// Failed is the spec's failure text (001 §8), shown with the reason.
	Failed  string        `json:"failed"`
	Confirm *DraftConfirm `json:"confirm"`
}

// DraftConfirm is a confirmation's words and form.
type DraftConfirm struct {
	Title    string `json:"title"`
	Text     string `json:"text"`
	Submit   string `json:"submit"`
	Back     string `json:"back"`
	Action   string `json:"action"`
	CSRF     string `json:"csrf"`
	ReturnTo string `json:"returnTo"`
}

// PayoutDraftsProps are the props of templates/pages/payoutdrafts/PayoutDrafts.tsx.
type PayoutDraftsProps struct {
	Shell    server.ShellProps `json:"shell"`
	Action   string            `json:"action"`
	Status   string            `json:"status"`
	Statuses []DraftChoice     `json:"statuses"`
	Rows     []DraftRow        `json:"rows"`
	Total    int               `json:"total"`
	Next     string            `json:"next"`
	Prev     string            `json:"prev"`
	Failure  string            `json:"failure"`
	Panel    *DraftPanelProps  `json:"panel"`
	// KeepNotice, with the Unfinished filter, says when unfinished drafts are deleted.
	KeepNotice string `json:"keepNotice"`
	// PanelError replaces the panel when the draft cannot be shown.
	PanelError string `json:"panelError"`
	ClosePanel string `json:"closePanel"`
}

// PayoutDraftConfirmProps are the props of templates/pages/payoutdrafts/PayoutDraftConfirm.tsx:
// a decision asked as a page. Confirm is nil, and Refused says why, when the user may not
// take it.
type PayoutDraftConfirmProps struct {
	Shell    server.ShellProps `json:"shell"`
	Title    string            `json:"title"`
	Facts    []DraftLine       `json:"facts"`
	Confirm  *DraftConfirm     `json:"confirm"`
	Refused  string            `json:"refused"`
	BackHref string            `json:"backHref"`
}

// Texts the spec does not give.
const (
	msgListFailed  = "Error while fetching the payout drafts"
	msgNotFound    = provider.MsgPayoutNotFound // "Something went wrong", the spec's detail failure
	msgNotAllowed  = "You cannot take this action on this draft."
	displayMoment  = createpayout.DisplayMoment
	pageTitle      = "Payout drafts"
	approveLabel   = "Approve"
	declineLabel   = "Decline"
	deleteLabel    = "Delete draft"
	statusDeclined = "Declined"
)

func (s area) base(orgID string) string { return s.Path("org.payout_drafts", orgID) }

func actor(rq *server.Request) provider.DraftActor { return actorOf(*rq.User) }

// draftPath is a draft's address on this page: the list with its details panel.
func (s area) draftPath(orgID, id string) string { return s.Path("org.payout_draft", orgID, id) }

// listed says whether the page shows d, with a panel and its decisions: drafts waiting for
// review or declined; one being built or already published is not here.
func listed(d provider.PayoutDraft) bool {
	return d.Status == provider.DraftStatusWaitingReview || d.Status == provider.DraftStatusRejected
}

func amountText(d provider.PayoutDraft) string { return createpayout.DraftAmount(d) }

func amountWithCurrency(d provider.PayoutDraft) string {
	return strings.TrimSpace(amountText(d) + " " + d.CurrencyCode)
}

func approvalsText(d provider.PayoutDraft) string {
	return strconv.Itoa(len(d.Approvals)) + " of " + strconv.Itoa(max(d.ApprovalsRequired, 1))
}

// neededText is how many approvals a draft still needs, in the words the spec gives batches.
func neededText(d provider.PayoutDraft) string {
	if d.Status != provider.DraftStatusWaitingReview {
		return ""
	}
	return server.ApprovalsNeeded(max(d.ApprovalsRequired, 1) - len(d.Approvals))
}

// pageQuery is the page's query as applied: the status (unknown → the default) kept by
// every link, and the page asked for.
func pageQuery(c fiber.Ctx) (kept url.Values, f provider.DraftFilter, cur listpage.Cursor) {
	kept = url.Values{}
	f = provider.DraftFilter{Status: provider.DraftStatusWaitingReview, Limit: pageSize}
	switch v := c.Query(qStatus); v {
	case provider.DraftStatusRejected:
		f.Status = v
		kept.Set(qStatus, f.Status)
	case provider.DraftStatusDraft:
		// Unfinished drafts are their creator's alone: only the user's own are listed.
		f.Status, f.CreatedBy = v, server.Req(c).User.ID
		kept.Set(qStatus, f.Status)
	}
	cur = listpage.ReadCursor(c, qCursorAfter, qCursorBefore)
	f.Cursor, f.Direction = cur.Value, cur.Direction
	return kept, f, cur
}

func (s area) list(c fiber.Ctx) error   { return s.page(c, "") }
func (s area) detail(c fiber.Ctx) error { return s.page(c, strings.Clone(c.Params("draft"))) }

func (s area) page(c fiber.Ctx, draftID string) error {
	rq := server.Req(c)
	o := rq.Org
	kept, f, cur := pageQuery(c)
	props := PayoutDraftsProps{Action: s.base(o.Org.ID), Status: f.Status, Rows: []DraftRow{},
		Statuses: []DraftChoice{{provider.DraftStatusWaitingReview, provider.DraftStatusLabel(provider.DraftStatusWaitingReview)},
			{provider.DraftStatusRejected, provider.DraftStatusLabel(provider.DraftStatusRejected)},
			{provider.DraftStatusDraft, provider.DraftStatusLabel(provider.DraftStatusDraft)}}}
	if f.Status == provider.DraftStatusDraft {
		props.KeepNotice = createpayout.KeepNotice
	}
	page, err := listpage.Load(&cur, func(cursor, direction string) (provider.DraftPage, error) {
		f.Cursor, f.Direction = cursor, direction
		return s.PayoutDrafts.Drafts(c.Context(), o.Org.ID, f)
	})
	listQ := cur.Here(kept)
	props.Failure = listpage.Failure(s.Server, c, err, "payout drafts list", msgListFailed)
	for _, d := range page.Drafts {
		row := DraftRow{ID: d.DraftID, Href: server.Link(s.draftPath(o.Org.ID, d.DraftID), listQ, "") + "#draft-panel",
			Open: d.DraftID == draftID, Created: d.CreatedAt.UTC().Format(displayMoment), Creator: d.CreatorName,
			EndToEndID: d.EndToEndID, Transfer: d.LocalInstrument + " · " + d.Corridor.Name, Account: d.DebtorAccount,
			Amount: amountText(d), Currency: d.CurrencyCode, Approvals: approvalsText(d), Status: provider.DraftStatusLabel(d.Status)}
		if d.Status == provider.DraftStatusDraft {
			// Work in progress has no panel here: it is continued in the wizard, at the step it
			// was left at (no link where this user may not use the wizard).
			row.Href, row.Approvals = createpayout.Resume(s.Server, o, d), ""
			row.Resume = "Continue at " + provider.DraftStepLabel(d.ResumeStep())
			row.Deletion = createpayout.Deletion(d)
		}
		props.Rows = append(props.Rows, row)
	}
	props.Total = page.Total
	props.Next, props.Prev = cur.Pager(s.base(o.Org.ID), kept, page.HasNext, page.CursorNext, page.CursorPrev)
	title := pageTitle + " · " + o.Org.Name
	status := fiber.StatusOK
	if draftID != "" {
		props.ClosePanel = server.Link(s.base(o.Org.ID), listQ, "") + "#draft-" + draftID
		d, err := s.PayoutDrafts.Draft(c.Context(), o.Org.ID, draftID, actor(rq))
		if err == nil && !listed(d) {
			// A draft being built or already published is not on this page.
			err = provider.Errorf(provider.ENOTFOUND, msgNotFound)
		}
		status, props.PanelError = listpage.PanelError(s.Server, c, status, err, "payout draft", msgNotFound, msgNotFound)
		if props.PanelError == "" {
			p := s.panel(c, d, listQ)
			props.Panel = &p
			title = "Draft " + d.EndToEndID + " · " + title
		}
	}
	return s.Render(c, server.View{Title: title, Page: pagePayoutDrafts.With(props), Status: status})
}

// panelSections are the details panel's tabs in the spec's order (001 §2: Payout Request,
// Sender, Receiver Bank, Receiver, the intermediary sections), each with the draft sections
// it shows (the website belongs to the payout request, as on the Payouts page).
var panelSections = []struct {
	id, label string
	sections  []string
}{
	{"payout_request", "Payout Request", []string{provider.StepPayoutRequest, provider.StepDebtor}},
	{"sender", "Sender", []string{provider.StepUltimateDebtor}},
	{"receiver_bank", "Receiver Bank", []string{provider.StepCreditorAccount}},
	{"receiver", "Receiver", []string{provider.StepCreditor}},
	{"intermediary_agent", "Intermediary Agent", []string{provider.StepIntermediaryAgent}},
	{"intermediary_agent_account", "Intermediary Agent Account", []string{provider.StepIntermediaryAgentAccount}},
}

func reviewLines(rs []provider.DraftReview) []DraftLine {
	out := []DraftLine{}
	for _, r := range rs {
		out = append(out, DraftLine{Label: r.UserName, Value: r.CreatedAt.UTC().Format(displayMoment)})
	}
	return out
}

// allowed is what the user may do with the draft: the spec's availability rules (001 §5),
// the same ones the provider enforces.
func allowed(o *server.OrgContext, d provider.PayoutDraft, userID string) []action {
	var out []action
	if o.Can(actApprove.perms...) && provider.DraftReviewBlock(d, userID, server.DraftApprovalGate(o)) == "" {
		out = append(out, actApprove, actReject)
	}
	if o.Can(actDelete.perms...) && provider.DraftDeleteBlock(d, userID) == "" {
		out = append(out, actDelete)
	}
	return out
}

// copiedFields are the kinds of field (ui_field) whose values get a copy button: the ids and
// the account numbers and addresses money goes to.
var copiedFields = map[string]bool{"end_to_end_id": true, "iban": true, "account": true, "account_number": true,
	"uk_account_number": true, "crypto_wallet": true}

func (s area) panel(c fiber.Ctx, d provider.PayoutDraft, listQ url.Values) DraftPanelProps {
	rq := server.Req(c)
	o := rq.Org
	detail := s.draftPath(o.Org.ID, d.DraftID)
	here := server.Link(detail, listQ, "") + "#draft-panel"
	p := DraftPanelProps{ID: d.DraftID, Title: d.EndToEndID, Amount: amountWithCurrency(d),
		StatusLabel: provider.DraftStatusLabel(d.Status), Approvals: reviewLines(d.Approvals), Rejections: reviewLines(d.Rejections),
		Needed: neededText(d), Tabs: []DraftTab{}, Lines: []DraftLine{}, Copy: []string{}, Actions: []DraftActionView{},
		Close: server.Link(s.base(o.Org.ID), listQ, "") + "#draft-" + d.DraftID,
		Facts: []DraftLine{{Label: "Created", Value: d.CreatedAt.UTC().Format(displayMoment)}, {Label: "Created by", Value: d.CreatorName},
			{Label: "Transfer type", Value: d.LocalInstrument}, {Label: "Corridor", Value: d.Corridor.Name},
			{Label: "Data required", Value: d.SchemaLabel}, {Label: "Approvals", Value: approvalsText(d)}}}
	tab := c.Query(qTab)
	for _, ps := range panelSections {
		var lines []DraftLine
		copies := []string{}
		for _, name := range ps.sections {
			if sec := d.Section(name); sec != nil {
				for _, f := range sec.Fields {
					if f.Value != "" {
						lines = append(lines, DraftLine{Label: f.Label, Value: f.Display})
						if copiedFields[f.UIField] {
							copies = append(copies, f.Label)
						}
					}
				}
			}
		}
		if lines == nil {
			continue
		}
		if tab == "" {
			tab = ps.id
		}
		t := DraftTab{ID: ps.id, Label: ps.label, Href: server.Link(detail, server.WithQuery(listQ, qTab, ps.id), "") + "#draft-panel", Current: ps.id == tab}
		if t.Current {
			p.Lines, p.Copy = lines, copies
		}
		p.Tabs = append(p.Tabs, t)
	}
	csrf := rq.CSRF()
	p.Island = DraftDecisionProps{DraftID: d.DraftID, CSRF: csrf, List: server.Link(s.base(o.Org.ID), server.WithQuery(listQ, qCursorAfter, "", qCursorBefore, ""), ""),
		API: "/api/v2/payouts/organisations/" + o.Org.ID + "/payout_drafts/" + url.PathEscape(d.DraftID), Actions: []DraftDecisionStep{}}
	for _, act := range allowed(o, d, rq.User.ID) {
		label := map[string]string{actApprove.kind: approveLabel, actReject.kind: declineLabel, actDelete.kind: deleteLabel}[act.kind]
		view := DraftActionView{Kind: act.kind, Label: label, Href: server.Link(detail+"/"+act.kind, listQ, ""), Action: detail + "/" + act.kind}
		p.Actions = append(p.Actions, view)
		step := DraftDecisionStep{Kind: act.kind, Label: label, Action: view.Action, Href: view.Href, Method: fiber.MethodPost, Failed: act.failed}
		if act.kind == actDelete.kind {
			step.Method = fiber.MethodDelete
		}
		if act.kind != actApprove.kind {
			cf := confirmOf(act, view.Action, csrf, here)
			step.Confirm = &cf
		}
		p.Island.Actions = append(p.Island.Actions, step)
	}
	return p
}

func confirmOf(act action, formAction, csrf, returnTo string) DraftConfirm {
	return DraftConfirm{Title: act.title, Text: act.text, Submit: act.submit, Back: act.back, Action: formAction, CSRF: csrf, ReturnTo: returnTo}
}

// confirmPage asks for a decision without JavaScript; it says why when the user may not
// take it (the same rules as the buttons and the provider).
func (s area) confirmPage(c fiber.Ctx, act action) error {
	rq := server.Req(c)
	o := rq.Org
	id := strings.Clone(c.Params("draft"))
	d, err := s.PayoutDrafts.Draft(c.Context(), o.Org.ID, id, actor(rq))
	if provider.ErrorCode(err) == provider.ENOTFOUND || (err == nil && !listed(d)) {
		return s.NotFound(c)
	}
	if err != nil {
		return err
	}
	kept, _, cur := pageQuery(c)
	listQ := cur.Here(kept)
	detail := s.draftPath(o.Org.ID, d.DraftID)
	back := server.Link(detail, listQ, "") + "#draft-panel"
	props := PayoutDraftConfirmProps{Title: act.title, BackHref: back,
		Facts: []DraftLine{{Label: "End-to-end ID", Value: d.EndToEndID},
			{Label: "Amount", Value: amountWithCurrency(d)},
			{Label: "Created by", Value: d.CreatorName}, {Label: "Status", Value: provider.DraftStatusLabel(d.Status)}}}
	ok := false
	for _, a := range allowed(o, d, rq.User.ID) {
		ok = ok || a.kind == act.kind
	}
	if ok {
		cf := confirmOf(act, detail+"/"+act.kind, rq.CSRF(), back)
		props.Confirm = &cf
	} else {
		props.Refused = msgNotAllowed
	}
	return s.Render(c, server.View{Title: act.title + " · " + o.Org.Name, Page: pagePayoutDraftConfirm.With(props)})
}

// submit runs a decision posted by a form and goes back to the list (the row has left the
// table: spec 001 §4) with the spec's text as a flash.
func (s area) submit(c fiber.Ctx, act action) error {
	rq := server.Req(c)
	o := rq.Org
	id := strings.Clone(c.Params("draft"))
	out := s.decide(c.Context(), o.Org.ID, id, actor(rq), act)
	if out.notFound {
		return s.NotFound(c)
	}
	kind, text := session.FlashSuccess, out.message
	switch {
	case out.err != nil:
		s.Logger.Error("payout draft "+act.kind, "request_id", rq.ID, "err", out.err)
		kind, text = session.FlashError, act.failed
	case out.refused != "":
		kind, text = session.FlashError, act.failed+": "+out.refused
	}
	if err := s.Flash(c, kind, text); err != nil {
		return err
	}
	back := server.ReturnTo(c, s.base(o.Org.ID), s.base(o.Org.ID))
	if out.message != "" {
		// The draft has left the list it was in: back to that list, not to its panel.
		if u, err := url.Parse(back); err == nil {
			q := u.Query()
			q.Del(qTab)
			back = server.Link(s.base(o.Org.ID), q, "")
		}
	}
	return server.Redirect(c, back)
}
