// Package createpayout is the manual payout wizard (spec 001 §2 "Create payout page and
// dialog", §4 "Manual payout flow", §5 "Manual payout steps", §8): the Create payout page
// and its steps without JavaScript, and the props of the PayoutWizard island, which is the
// same markup hydrated, on these pages and in the Payouts page's dialog.
//
// The draft is the provider's (provider.PayoutDrafts): without JavaScript each step is a
// page whose form posts here, and the section is saved in the draft as the island's API
// call saves it, so a user may stop and resume either way. The step pages' addresses hold
// the draft: /org/{id}/payouts/create/{draft}/{step}.
package createpayout

import (
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/currency"
	"portal/money"
	"portal/payoutfield"
	"portal/provider"
	"portal/server"
	"portal/session"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the create payout area for s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	manage := []access.Permission{access.PayoutsManage}
	r := func(name, method, path string, h fiber.Handler, also ...access.Permission) *server.Route {
		return &server.Route{Name: name, Method: method, Path: path, Access: server.Dashboard, Perms: append(also, manage...),
			Gate: abTesting, GateName: "configuration customer_ab_testing", Handler: h}
	}
	const step = "/org/:org/payouts/create/:draft"
	return server.Area{Name: "createpayout", Routes: []*server.Route{
		r("org.payouts.create", "GET", "/org/:org/payouts/create", s.productPage),
		r("org.payouts.create.submit", "POST", "/org/:org/payouts/create", s.productSubmit),
		r("org.payouts.create.delete", "GET", step+"/delete", s.deletePage),
		r("org.payouts.create.delete.submit", "POST", step+"/delete", s.deleteSubmit),
		r("org.payouts.create.done", "GET", step+"/done", s.donePage),
		r("org.payouts.create.receiver", "POST", step+"/receiver", s.useReceiver, access.ReceiversRead),
		r("org.payouts.create.receiver.save", "POST", step+"/save_receiver", s.saveReceiver, access.ReceiversManage),
		r("org.payouts.create.step", "GET", step+"/:step", s.stepPage),
		r("org.payouts.create.step.submit", "POST", step+"/:step", s.stepSubmit),
	}}
}

// abTesting is the route's configuration guard (spec 001 §2: payouts/create needs the
// customer A/B testing configuration flag).
func abTesting(o *server.OrgContext) bool { return o.Config.CustomerABTesting }

// Offered says whether the user may create payouts here: the Payouts page shows "Create
// payout" only then.
func Offered(o *server.OrgContext) bool { return o.Can(access.PayoutsManage) && abTesting(o) }

// Form field names of the steps (besides the schema's own field names).
const (
	fFamily       = "local_instrument"
	fProduct      = "product_id"
	fSchema       = "schema_id"
	fShownFamily  = "shown_family"
	fShownProduct = "shown_product"
	fIntent       = "intent"
	fSamePerson   = "same_person"
	intentBack    = "back"
	// DialogStep is the Payouts page's query parameter naming the dialog's step (spec 001
	// §2); DialogDraft names its draft, so a reload resumes it.
	DialogStep  = "createManualPayout"
	DialogDraft = "draft"
)

// Words of the pages that the spec leaves to us (its own are provider.Msg…).
const (
	msgCorridorReq = "Corridor is required"
	msgSchemaReq   = "Data required is required"
	msgClose       = "Are you sure? It will be deleted."
	pageTitle      = "Create payout"
)

// ProductChoice is the product step's three selects as chosen (Transfer type, Corridor,
// Data required).
type ProductChoice struct {
	Family  string `json:"family"`
	Product string `json:"product"`
	Schema  string `json:"schema"`
}

// WizardProps are the props of islands/PayoutWizard.tsx.
type WizardProps struct {
	// Mode is "page" (a step page; without JavaScript the forms post to the server) or
	// "dialog" (the Payouts page's Create payout; without JavaScript a link to the page).
	Mode     string                           `json:"mode" tstype:"'page' | 'dialog'"`
	OrgID    string                           `json:"orgId"`
	CSRF     string                           `json:"csrf"`
	Base     string                           `json:"base"`
	Payouts  string                           `json:"payouts"`
	Families []provider.LocalInstrumentFamily `json:"families"`
	Choice   ProductChoice                    `json:"choice"`
	Step     string                           `json:"step"`
	Draft    *provider.PayoutDraft            `json:"draft"`
	// Decimals of the draft's currency (2 when unknown).
	Decimals int `json:"decimals"`
	// Typed is what the step's form sent, when it comes back refused.
	Typed map[string]string `json:"typed" tstype:"Record<string, string> | null"`
	// Errors are the messages beside fields, by field name (the product step's:
	// local_instrument, product_id, schema_id).
	Errors map[string]string `json:"errors"`
	// Alert is a message for the whole step (spec 001 §8).
	Alert    string                   `json:"alert"`
	Summary  *provider.DraftSummary   `json:"summary"`
	Problems []provider.DraftProblem  `json:"problems"`
	Result   *provider.DraftPublished `json:"result"`
	// Countries and PurposeCodes are empty when the draft has no field that needs them
	// (the island asks the API when a step does).
	Countries    []provider.Country      `json:"countries"`
	PurposeCodes []provider.ExternalCode `json:"purposeCodes"`
	SamePerson   string                  `json:"samePerson"`
	ApprovalFlow bool                    `json:"approvalFlow"`
	Open         bool                    `json:"open"`
	// CanPick offers the recent receivers picker on the Receiver step (receivers:read);
	// Receivers are those of the draft's product and schema, null when not read yet (the
	// dialog reads them through the API when it reaches that step).
	CanPick   bool                 `json:"canPick"`
	Receivers *[]provider.Receiver `json:"receivers"`
	// CanSave offers "Save receiver" (receivers:manage) on the summary and the done page.
	CanSave bool `json:"canSave"`
	// ReceiverNames and ReceiverAccount are the server's tables the island maps a saved
	// receiver with (ReceiverNames, provider.ReceiverAccountKeys).
	ReceiverNames   map[string]string `json:"receiverNames"`
	ReceiverAccount []string          `json:"receiverAccount"`
}

// CreatePayoutProps are the props of templates/pages/createpayout/CreatePayout.tsx.
type CreatePayoutProps struct {
	Shell  server.ShellProps `json:"shell"`
	Wizard WizardProps       `json:"wizard"`
	// Unfinished are the user's own drafts left half-way, newest first (shown on the
	// product step only), with KeepNotice saying when they go.
	Unfinished []UnfinishedDraft `json:"unfinished"`
	KeepNotice string            `json:"keepNotice"`
}

// UnfinishedDraft is a draft its creator left in the wizard: where to continue it.
type UnfinishedDraft struct {
	ID       string `json:"id"`
	Href     string `json:"href"`
	Label    string `json:"label"`
	Amount   string `json:"amount"`
	Step     string `json:"step"`
	Changed  string `json:"changed"`
	Deletion string `json:"deletion"`
}

// KeepNotice says how long an unfinished payout is kept (provider.DraftKeep).
var KeepNotice = "Unfinished payouts are deleted " + strconv.Itoa(provider.DraftKeepDays) + " days after their last change."

// unfinishedShown caps the Create payout page's list: a user has a few at most, and the
// Payout drafts page's Unfinished filter pages through any number.
const unfinishedShown = 10

// DisplayMoment is how the wizard and the drafts list write a moment (UTC).
const DisplayMoment = "02-01-2006 15:04"

// Resume is the address that continues an unfinished draft at the step it was left at,
// "" when the user may not use the wizard here (Offered).
func Resume(srv *server.Server, o *server.OrgContext, d provider.PayoutDraft) string {
	if !Offered(o) || d.Status != provider.DraftStatusDraft {
		return ""
	}
	return stepPath(srv, o.Org.ID, d.DraftID, d.ResumeStep())
}

// Deletion is when the cleanup deletes an unfinished draft unless it changes before.
func Deletion(d provider.PayoutDraft) string {
	return d.UpdatedAt.Add(provider.DraftKeep).UTC().Format(DisplayMoment)
}

// DraftAmount is a draft's amount grouped for people ("" before one was saved).
func DraftAmount(d provider.PayoutDraft) string {
	if d.Amount == "" {
		return ""
	}
	if a, err := money.ParseCurrency(d.Amount, d.CurrencyCode); err == nil {
		return money.Group(a.String())
	}
	return d.Amount
}

// unfinished lists the user's own unfinished drafts for the product step.
func (s area) unfinished(c fiber.Ctx) ([]UnfinishedDraft, error) {
	rq := server.Req(c)
	out := []UnfinishedDraft{}
	page, err := s.PayoutDrafts.Drafts(c.Context(), rq.Org.Org.ID, provider.DraftFilter{Status: provider.DraftStatusDraft,
		CreatedBy: rq.User.ID, Limit: unfinishedShown})
	if err != nil {
		return out, err
	}
	for _, d := range page.Drafts {
		label := d.LocalInstrument + " · " + d.Corridor.Name
		if d.EndToEndID != "" {
			label += " · " + d.EndToEndID
		}
		amount := ""
		if d.Amount != "" {
			amount = DraftAmount(d) + " " + d.CurrencyCode
		}
		out = append(out, UnfinishedDraft{ID: d.DraftID, Href: Resume(s.Server, rq.Org, d), Label: label, Amount: amount,
			Step: provider.DraftStepLabel(d.ResumeStep()), Changed: d.UpdatedAt.UTC().Format(DisplayMoment), Deletion: Deletion(d)})
	}
	return out, nil
}

// CreatePayoutDeleteProps are the props of templates/pages/createpayout/CreatePayoutDelete.tsx:
// closing the wizard without JavaScript asks first.
type CreatePayoutDeleteProps struct {
	Shell  server.ShellProps `json:"shell"`
	Text   string            `json:"text"`
	Action string            `json:"action"`
	CSRF   string            `json:"csrf"`
	Back   string            `json:"back"`
}

func (s area) base(orgID string) string { return s.Path("org.payouts.create", orgID) }

// stepPath is a step of the wizard for a draft.
func stepPath(srv *server.Server, orgID, draftID, step string) string {
	return srv.Path("org.payouts.create", orgID) + "/" + url.PathEscape(draftID) + "/" + step
}

func actor(c fiber.Ctx) provider.DraftActor {
	u := server.Req(c).User
	if u == nil {
		return provider.DraftActor{}
	}
	return provider.DraftActor{UserID: u.ID, Name: strings.TrimSpace(u.FirstName + " " + u.LastName)}
}

// props are the island's props for the organisation, without a step.
func (s area) props(c fiber.Ctx, mode string) (WizardProps, error) {
	o := server.Req(c).Org
	p := WizardProps{Mode: mode, OrgID: o.Org.ID, CSRF: server.Req(c).CSRF(), Base: s.base(o.Org.ID),
		Payouts: s.Path("org.payouts", o.Org.ID), Families: []provider.LocalInstrumentFamily{}, Step: provider.StepSelectProduct,
		Decimals: 2, Errors: map[string]string{}, Problems: []provider.DraftProblem{}, SamePerson: "no",
		Countries: []provider.Country{}, PurposeCodes: []provider.ExternalCode{},
		ReceiverNames: ReceiverNames, ReceiverAccount: provider.ReceiverAccountKeys,
		ApprovalFlow: provider.DraftApprovalOn(o.Config, o.Flags),
		CanPick:      s.Receivers != nil && o.Can(access.ReceiversRead),
		CanSave:      s.Receivers != nil && o.Can(access.ReceiversManage)}
	fams, err := s.PayoutDrafts.ProductOptions(c.Context(), o.Org.ID)
	if err != nil {
		return p, err
	}
	p.Families = fams
	return p, nil
}

// withDraft puts a draft in the props, with the lists its selects need.
func (s area) withDraft(c fiber.Ctx, p *WizardProps, d provider.PayoutDraft) error {
	p.Draft = &d
	p.Decimals = currency.Decimals(d.CurrencyCode)
	p.Choice = ProductChoice{Family: d.LocalInstrument, Product: d.ProductID, Schema: d.SchemaID}
	var countries, purpose bool
	for _, sec := range d.Sections {
		for _, f := range sec.Fields {
			countries = countries || f.UIField == provider.UICountry
			purpose = purpose || (f.UIField == provider.UIPurposeCode && f.Rules.ExternalCode != "")
		}
	}
	var err error
	if countries {
		if p.Countries, err = s.PayoutDrafts.Countries(c.Context()); err != nil {
			return err
		}
	}
	if purpose {
		if p.PurposeCodes, err = s.PayoutDrafts.ExternalCodes(c.Context(), provider.ExternalCodeB2BPurpose); err != nil {
			return err
		}
	}
	s.withReceivers(c, p, d)
	return nil
}

func (s area) render(c fiber.Ctx, status int, w WizardProps) error {
	title := pageTitle
	if w.Result == nil && w.Step != provider.StepSelectProduct {
		title = provider.DraftStepLabel(w.Step) + " · " + title
	}
	props := CreatePayoutProps{Wizard: w, Unfinished: []UnfinishedDraft{}, KeepNotice: KeepNotice}
	if w.Step == provider.StepSelectProduct && w.Draft == nil && w.Result == nil {
		var err error
		if props.Unfinished, err = s.unfinished(c); err != nil {
			// The wizard itself still works; the list is a convenience.
			s.logFailure(c, "unfinished drafts", err)
			props.Unfinished = []UnfinishedDraft{}
		}
	}
	return s.Render(c, server.View{Status: status, Title: title + " · " + server.Req(c).Org.Org.Name,
		Page: pageCreatePayout.With(props)})
}

// ── Product step ─────────────────────────────────────────────────────────────

func (s area) productPage(c fiber.Ctx) error {
	p, err := s.props(c, "page")
	if err != nil {
		return err
	}
	return s.render(c, fiber.StatusOK, p)
}

// productSubmit takes the three selects. Without JavaScript they cascade through the
// server: the form says for which transfer type and corridor it listed the choices below
// (shown_family, shown_product), so a changed choice above starts the ones below again
// without a message, and a choice left empty after its options were shown is required.
// With all three chosen it creates the draft and opens its first step.
func (s area) productSubmit(c fiber.Ctx) error {
	p, err := s.props(c, "page")
	if err != nil {
		return err
	}
	ch := ProductChoice{Family: c.FormValue(fFamily), Product: c.FormValue(fProduct), Schema: c.FormValue(fSchema)}
	if ch.Family == "" {
		p.Errors[fFamily] = provider.MsgTransferTypeReq
	}
	switch {
	case ch.Family != c.FormValue(fShownFamily):
		ch.Product, ch.Schema = "", ""
	case ch.Product == "" && ch.Family != "":
		p.Errors[fProduct] = msgCorridorReq
	case ch.Product != c.FormValue(fShownProduct):
		ch.Schema = ""
	case ch.Schema == "" && ch.Product != "":
		p.Errors[fSchema] = msgSchemaReq
	}
	p.Choice = ch
	if len(p.Errors) > 0 {
		return s.render(c, fiber.StatusUnprocessableEntity, p)
	}
	if ch.Product == "" || ch.Schema == "" {
		return s.render(c, fiber.StatusOK, p) // the next select's choices
	}
	o := server.Req(c).Org
	d, err := s.PayoutDrafts.CreateDraft(c.Context(), o.Org.ID, actor(c), ch.Product, ch.Schema)
	if err != nil {
		s.logFailure(c, "create draft", err)
		p.Alert = provider.MsgDraftCreateFailed
		return s.render(c, failStatus(err), p)
	}
	return server.Redirect(c, stepPath(s.Server, o.Org.ID, d.DraftID, nextStep(d, provider.StepSelectProduct)))
}

// failStatus answers a refused call 422 and a failing provider 503.
func failStatus(err error) int {
	switch provider.ErrorCode(err) {
	case provider.EINVALID, provider.ECONFLICT:
		return fiber.StatusUnprocessableEntity
	}
	return fiber.StatusServiceUnavailable
}

func (s area) logFailure(c fiber.Ctx, what string, err error) {
	if provider.ErrorCode(err) == provider.EINTERNAL || provider.ErrorCode(err) == "" {
		s.Logger.Error(what, "request_id", server.Req(c).ID, "err", err)
	}
}

// nextStep is the step after step in the draft's steps ("" after the summary); prev with
// -1 the one before.
func nextStep(d provider.PayoutDraft, step string) string { return beside(d, step, 1) }

func beside(d provider.PayoutDraft, step string, dir int) string {
	steps := d.Steps()
	i := slices.Index(steps, step) + dir
	if i < 0 || i >= len(steps) {
		return ""
	}
	return steps[i]
}

// ── Step pages ───────────────────────────────────────────────────────────────

// draft loads the draft of the address; ok false when the not-found page was sent (another
// organisation's or user's draft alike) or the draft is no longer being built (then the
// answer is a redirect to what became of it).
func (s area) draft(c fiber.Ctx) (provider.PayoutDraft, bool, error) {
	d, ok, err := s.ownDraft(c)
	if !ok {
		return d, false, err
	}
	o := server.Req(c).Org
	if d.Status != provider.DraftStatusDraft {
		return d, false, server.Redirect(c, stepPath(s.Server, o.Org.ID, d.DraftID, "done"))
	}
	return d, true, nil
}

// ownDraft loads the draft of the address whatever became of it; ok false when the
// not-found page was sent (another organisation's or user's draft alike).
func (s area) ownDraft(c fiber.Ctx) (provider.PayoutDraft, bool, error) {
	d, err := s.PayoutDrafts.Draft(c.Context(), server.Req(c).Org.Org.ID, c.Params("draft"), actor(c))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return d, false, s.NotFound(c)
	}
	return d, err == nil, err
}

func (s area) stepPage(c fiber.Ctx) error {
	d, ok, err := s.draft(c)
	if !ok {
		return err
	}
	step := c.Params("step")
	if !slices.Contains(d.Steps(), step) {
		return s.NotFound(c)
	}
	p, err := s.stepProps(c, d, step)
	if err != nil {
		return err
	}
	// A field left empty is not an error yet: only what the user gave and the server
	// refused is said on arrival (a save's whole answer shows when the form is sent).
	if sec := d.Section(step); sec != nil {
		for _, f := range sec.Fields {
			if len(f.Errors) > 0 && f.Value != "" {
				p.Errors[f.Name] = f.Errors[0]
			}
		}
	}
	return s.render(c, fiber.StatusOK, p)
}

func (s area) stepProps(c fiber.Ctx, d provider.PayoutDraft, step string) (WizardProps, error) {
	p, err := s.props(c, "page")
	if err != nil {
		return p, err
	}
	p.Step = step
	if err := s.withDraft(c, &p, d); err != nil {
		return p, err
	}
	if step == provider.StepSummary {
		sum, err := s.PayoutDrafts.DraftSummary(c.Context(), p.OrgID, d.DraftID, actor(c))
		if err != nil {
			return p, err
		}
		p.Summary = &sum
	}
	return p, nil
}

// stepSubmit saves the step's section (Next, and Back, which keeps what was typed), or
// publishes the draft from the summary.
func (s area) stepSubmit(c fiber.Ctx) error {
	d, ok, err := s.draft(c)
	if !ok {
		return err
	}
	o := server.Req(c).Org
	step := c.Params("step")
	back := c.FormValue(fIntent) == intentBack
	switch {
	case !slices.Contains(d.Steps(), step):
		return s.NotFound(c)
	case step == provider.StepSelectProduct:
		return server.Redirect(c, stepPath(s.Server, o.Org.ID, d.DraftID, nextStep(d, step)))
	case step == provider.StepSummary && back:
		return server.Redirect(c, stepPath(s.Server, o.Org.ID, d.DraftID, beside(d, step, -1)))
	case step == provider.StepSummary:
		return s.publish(c, d)
	}
	sec := d.Section(step)
	values, typed := map[string]string{}, map[string]string{}
	for _, f := range sec.Fields {
		if f.Disabled {
			continue
		}
		if f.UIField == provider.UIDateOfBirth {
			dd, mm, yyyy := c.FormValue(f.Name+"-dd"), c.FormValue(f.Name+"-mm"), c.FormValue(f.Name+"-yyyy")
			typed[f.Name+"-dd"], typed[f.Name+"-mm"], typed[f.Name+"-yyyy"] = dd, mm, yyyy
			values[f.Name] = payoutfield.ComposeDate(dd, mm, yyyy)
			continue
		}
		typed[f.Name] = c.FormValue(f.Name)
		values[f.Name] = typed[f.Name]
	}
	nd, err := s.PayoutDrafts.SaveDraftSection(c.Context(), o.Org.ID, d.DraftID, actor(c), step, values)
	if err != nil {
		s.logFailure(c, "save draft section", err)
		p, perr := s.stepProps(c, d, step)
		if perr != nil {
			return perr
		}
		p.Typed, p.Alert = typed, provider.MsgDraftSaveFailed
		return s.render(c, failStatus(err), p)
	}
	if back {
		return server.Redirect(c, stepPath(s.Server, o.Org.ID, d.DraftID, beside(nd, step, -1)))
	}
	same := c.FormValue(fSamePerson)
	saved := nd.Section(step)
	if saved == nil {
		return s.NotFound(c)
	}
	if !saved.Saved {
		p, err := s.stepProps(c, nd, step)
		if err != nil {
			return err
		}
		p.Typed, p.SamePerson = typed, samePerson(same)
		for _, f := range saved.Fields {
			if len(f.Errors) > 0 {
				p.Errors[f.Name] = f.Errors[0]
			}
		}
		return s.render(c, fiber.StatusUnprocessableEntity, p)
	}
	if step == provider.StepUltimateDebtor && same == "yes" {
		if copy := senderCopy(nd, values); copy != nil {
			// The receiver's own checks speak when the user reaches that step.
			if _, err := s.PayoutDrafts.SaveDraftSection(c.Context(), o.Org.ID, d.DraftID, actor(c), provider.StepCreditor, copy); err != nil {
				s.logFailure(c, "copy sender", err)
			}
		}
	}
	return server.Redirect(c, stepPath(s.Server, o.Org.ID, d.DraftID, nextStep(nd, step)))
}

func samePerson(v string) string {
	if v == "yes" {
		return "yes"
	}
	return "no"
}

// senderCopy is "Is the Receiver the same person?" answered yes (spec 001 §4): the
// sender's values for the receiver's fields of the same name, when the receiver step is
// not finished; nil otherwise.
func senderCopy(d provider.PayoutDraft, sender map[string]string) map[string]string {
	rec := d.Section(provider.StepCreditor)
	if rec == nil || rec.Saved {
		return nil
	}
	out := map[string]string{}
	for _, f := range rec.Fields {
		if v := sender[f.Name]; v != "" {
			out[f.Name] = v
		}
	}
	return out
}

func (s area) publish(c fiber.Ctx, d provider.PayoutDraft) error {
	o := server.Req(c).Org
	_, err := s.PayoutDrafts.PublishDraft(c.Context(), o.Org.ID, d.DraftID, actor(c))
	if err == nil {
		return server.Redirect(c, stepPath(s.Server, o.Org.ID, d.DraftID, "done"))
	}
	p, perr := s.stepProps(c, d, provider.StepSummary)
	if perr != nil {
		return perr
	}
	var pe *provider.DraftPreconditionError
	if errors.As(err, &pe) {
		p.Problems = pe.Problems
		return s.render(c, fiber.StatusUnprocessableEntity, p)
	}
	s.logFailure(c, "publish draft", err)
	p.Alert = provider.MsgDraftPublishFailed
	return s.render(c, failStatus(err), p)
}

// donePage is what publishing made: the success dialog's facts (currency, amount,
// end-to-end id, the payout's reference) or that the draft went for approval, shown by the
// island in place of the steps.
func (s area) donePage(c fiber.Ctx) error {
	o := server.Req(c).Org
	d, ok, err := s.ownDraft(c)
	if !ok {
		return err
	}
	if d.Status == provider.DraftStatusDraft {
		return server.Redirect(c, stepPath(s.Server, o.Org.ID, d.DraftID, provider.StepSummary))
	}
	p, err := s.props(c, "page")
	if err != nil {
		return err
	}
	state := d.Status
	if d.Status == provider.DraftStatusPublished {
		state = "created"
	}
	p.Step = "done"
	p.Result = &provider.DraftPublished{DraftID: d.DraftID, State: state, Amount: d.Amount, CurrencyCode: d.CurrencyCode,
		EndToEndID: d.EndToEndID, UniqueReference: d.UniqueReference}
	// Sent for review is the approval dialog's news even if the flow was turned off since.
	p.ApprovalFlow = p.ApprovalFlow || d.Status != provider.DraftStatusPublished
	return s.render(c, fiber.StatusOK, p)
}

// ── Closing ──────────────────────────────────────────────────────────────────

// deletePage asks before the draft is deleted (the dialog's close confirmation as a page).
func (s area) deletePage(c fiber.Ctx) error {
	d, ok, err := s.draft(c)
	if !ok {
		return err
	}
	o := server.Req(c).Org
	backStep := c.Query("step")
	if !slices.Contains(d.Steps(), backStep) {
		backStep = nextStep(d, provider.StepSelectProduct)
	}
	return s.Render(c, server.View{Title: pageTitle + " · " + o.Org.Name, Page: pageCreatePayoutDelete.With(CreatePayoutDeleteProps{
		Text: msgClose, Action: stepPath(s.Server, o.Org.ID, d.DraftID, "delete"), CSRF: server.Req(c).CSRF(),
		Back: stepPath(s.Server, o.Org.ID, d.DraftID, backStep)})})
}

// deleteSubmit abandons the draft: deleted, and the Payouts page says so.
func (s area) deleteSubmit(c fiber.Ctx) error {
	o := server.Req(c).Org
	err := s.PayoutDrafts.DeleteDraft(c.Context(), o.Org.ID, c.Params("draft"), actor(c))
	kind, msg := session.FlashSuccess, provider.MsgDraftDeleted
	switch {
	case provider.ErrorCode(err) == provider.ENOTFOUND:
		return s.NotFound(c)
	case err != nil:
		s.logFailure(c, "delete draft", err)
		kind, msg = session.FlashError, provider.MsgDraftDeleteFailed
	}
	return s.FlashRedirect(c, kind, msg, s.Path("org.payouts", o.Org.ID))
}

// ── The Payouts page's dialog ────────────────────────────────────────────────

// Dialog is the props of the Payouts page's Create payout (nil when the user may not
// create payouts): the island's link, and once hydrated its dialog, opened at once when
// the address names a step (?createManualPayout=, with the draft in ?draft=).
func Dialog(srv *server.Server, c fiber.Ctx) (*WizardProps, error) {
	o := server.Req(c).Org
	if srv.PayoutDrafts == nil || !Offered(o) {
		return nil, nil
	}
	s := area{srv}
	p, err := s.props(c, "dialog")
	if err != nil {
		return nil, err
	}
	step := c.Query(DialogStep)
	if step == "" {
		return &p, nil
	}
	p.Open = true
	id := c.Query(DialogDraft)
	if id == "" {
		return &p, nil
	}
	d, err := s.PayoutDrafts.Draft(c.Context(), o.Org.ID, id, actor(c))
	if err != nil || d.Status != provider.DraftStatusDraft {
		return &p, nil // a draft that is gone opens the product step
	}
	if !slices.Contains(d.Steps(), step) {
		step = nextStep(d, provider.StepSelectProduct)
	}
	pp, err := s.stepProps(c, d, step)
	if err != nil {
		return nil, err
	}
	pp.Mode, pp.Open = "dialog", true
	return &pp, nil
}
