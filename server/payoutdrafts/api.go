package payoutdrafts

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/api"
)

// The manual payout calls of the JSON API (spec 001 §7 "Payout drafts" and the catalogue
// under "Batches": product schemas, payment instruments, external codes, countries,
// contracted local instruments). Membership first (404, the same for another
// organisation's draft), then the permission (403), on every organisation call.

const (
	apiTag          = "Payout drafts"
	apiDraftsPath   = "/payouts/organisations/{id}/payout_drafts"
	apiDraftPath    = "/payouts/organisations/{id}/payout_drafts/{draft_id}"
	apiSchemasPath  = "/payouts/product_schemas"
	apiOptionsPath  = "/payouts/organisations/{id}/product_options"
	apiInstrPath    = "/payouts/organisations/{id}/payment_instruments"
	apiLocalPath    = "/payouts/organisations/{id}/local_instruments"
	apiExternalPath = "/external_codes"
	apiCountryPath  = "/countries"
	// apiCoreCountryPath is spec 000's name for the same list (§7 "GET /core/countries").
	apiCoreCountryPath = "/core/countries"
	codePrecond        = "precondition_failure"
)

// apiCreateBody is the body of createPayoutDraft.
type apiCreateBody struct {
	_         struct{} `description:"The product and schema of a new draft."`
	ProductID string   `json:"product_id" required:"true" minLength:"1" description:"A product of productOptions." example:"sepa-eur-de"`
	SchemaID  string   `json:"schema_id" required:"true" minLength:"1" description:"One of the product's schemas." example:"sepa-eur-de-iban"`
}

// apiSections are a draft's sections as a request sends them: each a map of field to typed
// value. PATCH sends exactly one, PUT any number.
type apiSections struct {
	_                        struct{}          `description:"Sections of a draft, each field to its typed value (an amount may keep its commas, an IBAN its spaces)."`
	PayoutRequest            map[string]string `json:"payout_request,omitempty" description:"virtual_account_number, amount, end_to_end_id, purpose_code, business_unit, requested_execution_date."`
	Debtor                   map[string]string `json:"debtor,omitempty" description:"website."`
	UltimateDebtor           map[string]string `json:"ultimate_debtor,omitempty" description:"The sender."`
	Creditor                 map[string]string `json:"creditor,omitempty" description:"The receiver (type private or organization)."`
	CreditorAccount          map[string]string `json:"creditor_account,omitempty" description:"The receiver's bank account or wallet."`
	IntermediaryAgent        map[string]string `json:"intermediary_agent,omitempty" description:"bank_bic, bank_name."`
	IntermediaryAgentAccount map[string]string `json:"intermediary_agent_account,omitempty" description:"account_number, iban."`
}

// apiSectionEdit is PATCH's body: exactly one section (one wizard step).
type apiSectionEdit struct {
	_ struct{} `name:"PayoutDraftSectionEdit" description:"Exactly one section of a draft, its fields to their typed values (an amount may keep its commas, an IBAN its spaces)." minProperties:"1" maxProperties:"1"`
	apiSections
}

// apiSectionsEdit is PUT's body: one section or more.
type apiSectionsEdit struct {
	_ struct{} `name:"PayoutDraftSectionsEdit" description:"Sections of a draft, at least one, each field to its typed value." minProperties:"1"`
	apiSections
}

// list is the sections present, in the flow's order.
func (b apiSections) list() (names []string, values []map[string]string) {
	for i, v := range []map[string]string{b.PayoutRequest, b.Debtor, b.UltimateDebtor, b.Creditor, b.CreditorAccount,
		b.IntermediaryAgent, b.IntermediaryAgentAccount} {
		if v != nil {
			names, values = append(names, provider.DraftSections()[i]), append(values, v)
		}
	}
	return names, values
}

// apiDecision is what an approval, a rejection or a deletion did.
type apiDecision struct {
	_               struct{} `name:"PayoutDraftDecision" description:"The outcome of an approval, rejection or deletion."`
	Message         string   `json:"message" description:"The spec's success text." example:"Successfully approved draft with id: 6f1c…"`
	DraftID         string   `json:"draft_id" description:"The draft." format:"uuid"`
	Status          string   `json:"status" description:"The draft's status afterwards (deleted for a deletion)." enum:"waiting_review,rejected,published,deleted"`
	UniqueReference string   `json:"vela_unique_reference" description:"The payout request it became, when this approval was the last needed."`
}

// apiLocalInstrument is a contracted transfer type.
type apiLocalInstrument struct {
	_    struct{} `name:"LocalInstrument" description:"A transfer type the organisation can pay out with."`
	ID   string   `json:"id" description:"The local instrument." example:"SEPA"`
	Name string   `json:"name" description:"Its name." example:"SEPA Credit Transfer"`
}

func actorOf(u provider.User) provider.DraftActor {
	return provider.DraftActor{UserID: u.ID, Name: strings.TrimSpace(u.FirstName + " " + u.LastName)}
}

func apiDraftID(c fiber.Ctx) string { return strings.Clone(c.Params("draft_id")) }

// apiRead is an organisation read of the drafts service needing perms.
func apiRead[B api.Envelope](srv *server.Server, org func(fiber.Ctx, *api.Caller) (string, error), perms []access.Permission,
	read func(fiber.Ctx, provider.PayoutDrafts, api.OrgCall) (B, error)) api.Read[B] {
	return api.Read[B]{Org: org, Perms: perms,
		Read: func(c fiber.Ctx, r api.OrgCall) (B, error) { return read(c, srv.PayoutDrafts, r) }}
}

// apiDraftFilter reads the list's query (spec 001 §7: filter[status], page[…], created_*).
func apiDraftFilter(c fiber.Ctx) (provider.DraftFilter, error) {
	var f provider.DraftFilter
	var err error
	if f.CreatedAfter, f.CreatedBefore, err = api.ReadRange(c); err != nil {
		return f, err
	}
	q := func(name string) string { return strings.Clone(c.Query(name)) }
	var probs []api.Problem
	switch v := q("filter[status]"); v {
	case "", provider.DraftStatusWaitingReview, provider.DraftStatusRejected, provider.DraftStatusDraft:
		f.Status = v
	default:
		probs = append(probs, api.ParamProblem("filter[status]", "Status is waiting_review, rejected or draft"))
	}
	pg, err := api.ReadPage(c, api.PageParams, provider.MaxDraftLimit, probs)
	f.Cursor, f.Direction, f.IncludeCursor, f.Limit = pg.Cursor, pg.Direction, pg.IncludeCursor, pg.Limit
	return f, err
}

func apiListDrafts(c fiber.Ctx, p provider.PayoutDrafts, r api.OrgCall) (api.PageBody[[]provider.PayoutDraft, api.PageMeta], error) {
	var out api.PageBody[[]provider.PayoutDraft, api.PageMeta]
	f, err := apiDraftFilter(c)
	if err != nil {
		return out, err
	}
	if f.Status == provider.DraftStatusDraft {
		// Unfinished drafts are their creator's alone: the caller's own, never anyone else's.
		f.CreatedBy = r.Caller.User.ID
	}
	page, err := p.Drafts(c.Context(), r.OrgID, f)
	if provider.ErrorCode(err) == provider.EINVALID {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("page[cursor_after]", provider.ErrorMessage(err)))
	}
	if err != nil {
		return out, err
	}
	return api.Page(page.Drafts, api.PageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

func apiGetDraft(c fiber.Ctx, p provider.PayoutDrafts, r api.OrgCall) (api.DataBody[provider.PayoutDraft], error) {
	d, err := p.Draft(c.Context(), r.OrgID, apiDraftID(c), actorOf(r.Caller.User))
	return api.DataOf(d), err
}

func apiSummary(c fiber.Ctx, p provider.PayoutDrafts, r api.OrgCall) (api.DataBody[provider.DraftSummary], error) {
	sum, err := p.DraftSummary(c.Context(), r.OrgID, apiDraftID(c), actorOf(r.Caller.User))
	return api.DataOf(sum), err
}

func apiOptions(c fiber.Ctx, p provider.PayoutDrafts, r api.OrgCall) (api.DataBody[[]provider.LocalInstrumentFamily], error) {
	fams, err := p.ProductOptions(c.Context(), r.OrgID)
	return api.DataOf(fams), err
}

func apiSchemas(c fiber.Ctx, p provider.PayoutDrafts, r api.OrgCall) (api.DataBody[[]provider.ProductSchema], error) {
	id := strings.Clone(c.Query("product_id"))
	if id == "" {
		return api.DataBody[[]provider.ProductSchema]{}, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("product_id", "product_id is required"))
	}
	schemas, err := p.ProductSchemas(c.Context(), r.OrgID, id)
	return api.DataOf(schemas), err
}

func apiInstruments(c fiber.Ctx, p provider.PayoutDrafts, r api.OrgCall) (api.DataBody[[]provider.PaymentInstrument], error) {
	list, err := p.PaymentInstruments(c.Context(), r.OrgID)
	return api.DataOf(list), err
}

func apiLocalInstruments(c fiber.Ctx, p provider.PayoutDrafts, r api.OrgCall) (api.DataBody[[]apiLocalInstrument], error) {
	fams, err := p.ProductOptions(c.Context(), r.OrgID)
	out := []apiLocalInstrument{}
	for _, f := range fams {
		out = append(out, apiLocalInstrument{ID: f.ID, Name: f.Name})
	}
	return api.DataOf(out), err
}

// apiManage is what the calls that build a draft need.
var apiManage = []access.Permission{access.PayoutsManage}

// apiFieldProblems are a draft's field errors in the given sections, pointed at
// /section/field.
func apiFieldProblems(d provider.PayoutDraft, sections []string) []api.Problem {
	var out []api.Problem
	for _, sec := range d.Sections {
		if !slices.Contains(sections, sec.Name) {
			continue
		}
		for _, f := range sec.Fields {
			for _, m := range f.Errors {
				out = append(out, api.Problem{Status: fiber.StatusUnprocessableEntity, Code: api.CodeInvalid, Title: m,
					Detail: f.Label, Source: &api.Source{Pointer: "/" + sec.Name + "/" + f.Name}})
			}
		}
	}
	return out
}

func (s area) apiCreate(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	var body apiCreateBody
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	d, err := s.PayoutDrafts.CreateDraft(c.Context(), orgID, actorOf(a.User), strings.TrimSpace(body.ProductID), strings.TrimSpace(body.SchemaID))
	if fe, ok := errors.AsType[*provider.FieldError](err); ok {
		p := api.Field(fe.Field, fe.Err.Message)
		p.Detail = provider.MsgDraftCreateFailed
		return api.Errors(c, fiber.StatusUnprocessableEntity, p)
	}
	if err != nil {
		return api.ProviderFail(c, err, api.Texts{provider.ECONFLICT: {Title: provider.MsgDraftCreateFailed}})
	}
	return api.Send(c, fiber.StatusCreated, api.DataOf(d))
}

// apiSave saves the sections of body (PATCH: exactly one). A refused field answers 422 with
// the spec's warning first and each field's message pointed at it; what was typed is kept
// on the draft, as the page keeps it.
func (s area) apiSave(c fiber.Ctx, a *api.Caller, one bool) error {
	orgID := a.OrgID
	var body apiSections
	var p *api.Problem
	if one {
		var edit apiSectionEdit
		p, body = api.DecodeJSON(c, &edit), edit.apiSections
	} else {
		var edit apiSectionsEdit
		p, body = api.DecodeJSON(c, &edit), edit.apiSections
	}
	if p != nil {
		return api.Errors(c, p.Status, *p)
	}
	names, values := body.list()
	if len(names) == 0 || (one && len(names) > 1) {
		title := "Send the sections to save"
		if one {
			title = "Send exactly one section"
		}
		return api.Error(c, fiber.StatusUnprocessableEntity, api.CodeInvalid, title)
	}
	var d provider.PayoutDraft
	var err error
	for i, name := range names {
		d, err = s.PayoutDrafts.SaveDraftSection(c.Context(), orgID, apiDraftID(c), actorOf(a.User), name, values[i])
		if fe, ok := errors.AsType[*provider.FieldError](err); ok {
			p := api.Field(strings.ReplaceAll(fe.Field, ".", "/"), fe.Err.Message)
			p.Detail = provider.MsgDraftSaveFailed
			return api.Errors(c, fiber.StatusUnprocessableEntity, p)
		}
		if err != nil {
			return api.ProviderFail(c, err, api.Texts{provider.ECONFLICT: {Title: provider.MsgDraftSaveFailed}})
		}
	}
	if probs := apiFieldProblems(d, names); len(probs) > 0 {
		head := api.Problem{Status: fiber.StatusUnprocessableEntity, Code: api.CodeInvalid, Title: provider.MsgDraftSaveFailed}
		return api.Errors(c, fiber.StatusUnprocessableEntity, append([]api.Problem{head}, probs...)...)
	}
	return api.Data(c, d)
}

func (s area) apiPublish(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	pub, err := s.PayoutDrafts.PublishDraft(c.Context(), orgID, apiDraftID(c), actorOf(a.User))
	if pe, ok := errors.AsType[*provider.DraftPreconditionError](err); ok {
		var probs []api.Problem
		for _, p := range pe.Problems {
			probs = append(probs, api.Problem{Status: fiber.StatusPreconditionFailed, Code: codePrecond, Title: provider.MsgDraftPrecondition,
				Detail: p.Label + ": " + p.Message, Source: &api.Source{Pointer: "/" + p.Section + "/" + p.Field}})
		}
		return api.Errors(c, fiber.StatusPreconditionFailed, probs...)
	}
	if err != nil {
		return api.ProviderFail(c, err, api.Texts{provider.ECONFLICT: {Title: provider.MsgDraftPublishFailed}})
	}
	return api.Data(c, pub)
}

func (s area) apiDecide(c fiber.Ctx, a *api.Caller, act action) error {
	orgID := a.OrgID
	out := s.decide(c.Context(), orgID, apiDraftID(c), actorOf(a.User), act)
	switch {
	case out.notFound:
		return api.Error(c, fiber.StatusNotFound, api.CodeNotFound, api.MsgNotFound)
	case out.err != nil:
		return out.err
	case out.refused != "":
		return api.Errors(c, fiber.StatusConflict, api.Problem{Status: fiber.StatusConflict, Code: "conflict",
			Title: act.failed, Detail: out.refused})
	}
	return api.Data(c, apiDecision{Message: out.message, DraftID: out.draftID, Status: out.status, UniqueReference: out.reference})
}

func (s area) apiExternalCodes(c fiber.Ctx, _ *api.Caller) error {
	filter := strings.Clone(c.Query("filter[name]"))
	if filter == "" {
		filter = provider.ExternalCodePurpose
	}
	codes, err := s.PayoutDrafts.ExternalCodes(c.Context(), filter)
	if provider.ErrorCode(err) == provider.EINVALID {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.ParamProblem("filter[name]", provider.ErrorMessage(err)))
	}
	if err != nil {
		return err
	}
	return api.Data(c, codes)
}

func (s area) apiCountries(c fiber.Ctx, _ *api.Caller) error {
	list, err := s.PayoutDrafts.Countries(c.Context())
	if err != nil {
		return err
	}
	return api.Data(c, list)
}

var apiDraftParam = api.Parameter{Name: "draft_id", In: "path", Required: true,
	Description: "The draft's id. Another organisation's, or another user's unfinished draft, answers 404 as an unknown one does.",
	Schema:      api.String("").WithFormat("uuid")}

func (s area) apiOperations() []api.Op {
	const tag = apiTag
	forbidden := func(perm string) api.Response {
		return api.ErrorReply(fiber.StatusForbidden, "The role lacks "+perm+" (code forbidden), or MissingScope / invalid_csrf.")
	}
	notFound := api.ErrorReply(fiber.StatusNotFound, "No such organisation or draft, or not the caller's (not told apart).")
	scopeOnly := api.ErrorReply(fiber.StatusForbidden, "MissingScope (a login waiting for its second factor) or invalid_csrf.")
	q := func(name, desc string) api.Parameter {
		return api.Parameter{Name: name, In: "query", Description: desc, Schema: api.String("")}
	}
	read := func(id, method, path, summary, desc string, perm access.Permission, params []api.Parameter, ok string) api.Op {
		return api.Op{ID: id, Method: method, Path: path, Tag: tag, Summary: summary, Description: desc,
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: params,
			Responses: []api.Response{api.ReplyUnauthorized, forbidden(string(perm)), notFound}}
	}
	reads := []access.Permission{access.PayoutDraftsRead}
	payoutsRead := []access.Permission{access.PayoutsRead}
	decision := func(id, method, path, summary, desc string, act action) api.Op {
		op := read(id, method, path, summary, desc, act.perms[0], api.OrgParams(apiDraftParam), "")
		op.Responses = append([]api.Response{api.DataOK[apiDecision]("Done: the spec's success text.")},
			append(op.Responses, api.ErrorReply(fiber.StatusConflict, "The title is the spec's failure text ("+act.failed+"); the detail says why."))...)
		op.Needs = act.perms
		op.Handler = func(c fiber.Ctx, a *api.Caller) error { return s.apiDecide(c, a, act) }
		return op
	}
	ops := []api.Op{
		api.ReadOp(read("listPayoutDrafts", "", apiDraftsPath, "List payout drafts",
			"The drafts waiting for review (filter[status]=waiting_review, the default) or declined (rejected), or the caller's own unfinished "+
				"drafts (draft: left in the wizard; deleted "+strconv.Itoa(provider.DraftKeepDays)+" days after their last change), newest first, "+
				"cursor paged with the total; each with its sections, approvals and rejections.", access.PayoutDraftsRead,
			api.OrgParams(q("filter[status]", "waiting_review (default), rejected, or draft (the caller's own unfinished drafts)."),
				q("page[cursor_after]", "cursor_next of a page: the page after it."),
				q("page[cursor_before]", "cursor_prev of a page: the page before it."),
				api.Parameter{Name: "page[include_cursor]", In: "query", Description: "true: with page[cursor_after], the page starts at the cursor's own row.",
					Schema: api.String("").WithEnum("true", "false")},
				api.Parameter{Name: "page[size]", In: "query", Description: "Rows per page (default " + strconv.Itoa(provider.DefaultDraftLimit) + ").",
					Schema: api.Integer("").WithRange(1, provider.MaxDraftLimit)},
				api.TimeParam("created_after", "Created at or after: YYYY-MM-DD, YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339."),
				api.TimeParam("created_before", "Created before, in the same forms.")), "").WithReplies(
			api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong: an unknown status, a page size out of range, "+
				"a bad date or cursor (source.parameter names it).")),
			"One page: data, and meta with total, cursor_next, cursor_prev and has_next_page.",
			apiRead(s.Server, nil, reads, apiListDrafts)),
		{
			ID: "createPayoutDraft", Method: fiber.MethodPost, Path: apiDraftsPath, Tag: tag, Summary: "Create a payout draft",
			Description: "Starts a manual payout of a product and schema (both required). The answer is the draft with every section's " +
				"fields (value, errors, access_type, ui_field, rules, step); a field with one possible value starts with it.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: api.OrgParams(), Body: api.Body[apiCreateBody](),
			Responses: []api.Response{api.OK[api.DataBody[provider.PayoutDraft]](fiber.StatusCreated, "The new draft."),
				api.ReplyUnauthorized, forbidden("payouts:manage"), api.ReplyNotFound,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "product_id or schema_id missing or not offered (source.pointer names it; detail: Error creating draft).")},
			Handler: s.apiCreate,
		},
		api.ReadOp(read("getPayoutDraft", "", apiDraftPath, "Get a payout draft",
			"A draft with its sections and each field's value and errors from the last save.", access.PayoutDraftsRead, api.OrgParams(apiDraftParam), ""),
			"The draft.", apiRead(s.Server, nil, reads, apiGetDraft)),
		{
			ID: "savePayoutDraftSection", Method: fiber.MethodPatch, Path: apiDraftPath, Tag: tag, Summary: "Save one section of a draft",
			Description: "Saves exactly one section (a wizard step) and validates it. 200: every field accepted, the section is saved. " +
				"422: the first error is the spec's warning 'Error occurred while updating Payout draft', then one per refused field " +
				"(title its message, source.pointer /section/field); what was typed is kept on the draft. Only the creator, while the " +
				"draft is being built (409 otherwise).",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: api.OrgParams(apiDraftParam), Body: api.Body[apiSectionEdit](),
			Responses: []api.Response{api.DataOK[provider.PayoutDraft]("Saved: the draft."), api.ReplyUnauthorized,
				forbidden("payouts:manage"), notFound, api.ErrorReply(fiber.StatusConflict, "The draft can no longer be changed."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Refused fields, or not exactly one section.")},
			Handler: func(c fiber.Ctx, a *api.Caller) error { return s.apiSave(c, a, true) },
		},
		{
			ID: "updatePayoutDraft", Method: fiber.MethodPut, Path: apiDraftPath, Tag: tag, Summary: "Save sections of a draft",
			Description: "savePayoutDraftSection for several sections at once, in the flow's order.",
			Auth:        api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: api.OrgParams(apiDraftParam), Body: api.Body[apiSectionsEdit](),
			Responses: []api.Response{api.DataOK[provider.PayoutDraft]("Saved: the draft."), api.ReplyUnauthorized,
				forbidden("payouts:manage"), notFound, api.ErrorReply(fiber.StatusConflict, "The draft can no longer be changed."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Refused fields, or no section.")},
			Handler: func(c fiber.Ctx, a *api.Caller) error { return s.apiSave(c, a, false) },
		},
		api.ReadOp(read("getPayoutDraftSummary", "", "/payouts/organisations/{id}/payout_drafts/{draft_id}/summary", "Summary of a draft",
			"The summary step: amount, the filled fields of each section as label and value, whether publishing sends it for approval, "+
				"and the preconditions (field and message) that stop publishing.", access.PayoutDraftsRead, api.OrgParams(apiDraftParam), ""),
			"The summary.", apiRead(s.Server, nil, reads, apiSummary)),
		{
			ID: "publishPayoutDraft", Method: fiber.MethodPost, Path: "/payouts/organisations/{id}/payout_drafts/{draft_id}/publish", Tag: tag, Summary: "Publish a draft",
			Description: "Turns a complete draft into a payout request (source manual), or with the draft approval flow on into a draft " +
				"waiting for review (state waiting_review). Publishing again answers the same. 412: the spec's Precondition Failure, one " +
				"error per field (detail 'label: message', source.pointer /section/field).",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: api.OrgParams(apiDraftParam),
			Responses: []api.Response{api.DataOK[provider.DraftPublished]("What publishing made."), api.ReplyUnauthorized,
				forbidden("payouts:manage"), notFound,
				api.ErrorReply(fiber.StatusConflict, "Error publishing draft: it was declined."),
				api.ErrorReply(fiber.StatusPreconditionFailed, "Precondition Failure: fields missing or refused.")},
			Handler: s.apiPublish,
		},
		decision("deletePayoutDraft", fiber.MethodDelete, apiDraftPath, "Delete a draft",
			"Deletes a draft that is not published; only its creator. Also what abandoning the wizard does.", actDelete),
		decision("approvePayoutDraft", fiber.MethodPost, apiDraftPath+"/approve", "Approve a draft",
			"Approves a draft waiting for review: the approval flow on, no rejection, not its creator, not approved by the caller before. "+
				"The approval that completes manual_payout_number_of_approvers publishes it into a payout request, once.", actApprove),
		decision("rejectPayoutDraft", fiber.MethodPost, apiDraftPath+"/reject", "Decline a draft",
			"Declines a draft waiting for review under the same rules as approving; one rejection ends the review.", actReject),
		api.ReadOp(read("listProductSchemas", "", apiSchemasPath, "Product schemas",
			"The schemas of one product with their fields (section, name, label, ui_field, access_type, rules, step).", access.PayoutsRead,
			[]api.Parameter{{Name: api.HeaderOrganisation, In: "header", Required: true, Description: "The organisation.",
				Schema: api.String("").WithFormat("uuid")}, {Name: "product_id", In: "query", Required: true, Description: "The product.",
				Schema: api.String("").WithMinLength(1)}}, "").WithReplies(
			api.ErrorReply(fiber.StatusUnprocessableEntity, "product_id is missing or not a product the organisation has (source.parameter).")),
			"The schemas.", apiRead(s.Server, api.HeaderOrg, payoutsRead, apiSchemas)),
		api.ReadOp(read("listProductOptions", "", apiOptionsPath, "Product options",
			"The transfer types (local_instrument_family) with their products (id, corridor) and each product's schemas (id, label): "+
				"the first step of the wizard.", access.PayoutsRead, api.OrgParams(), ""),
			"The families.", apiRead(s.Server, nil, payoutsRead, apiOptions)),
		api.ReadOp(read("listPaymentInstruments", "", apiInstrPath, "Payment instruments",
			"The organisation's own accounts with the transfer types each can pay out with.", access.PayoutsRead, api.OrgParams(), ""),
			"The instruments.", apiRead(s.Server, nil, payoutsRead, apiInstruments)),
		api.ReadOp(read("listContractedLocalInstruments", "", apiLocalPath, "Contracted local instruments",
			"The transfer types the organisation can create manual payouts with.", access.PayoutsRead, api.OrgParams(), ""),
			"The transfer types.", apiRead(s.Server, nil, payoutsRead, apiLocalInstruments)),
		{
			ID: "listExternalCodes", Method: fiber.MethodGet, Path: apiExternalPath, Tag: tag, Summary: "External codes",
			Description: "An ISO 20022 external code list: filter[name]='B2B Purpose Codes' (the purpose code dropdown) or 'Purpose Codes' (all, the default).",
			Auth:        api.Bearer, Scopes: api.ScopesDashboard,
			Params: []api.Parameter{{Name: "filter[name]", In: "query", Description: "The list.",
				Schema: api.String("").WithEnum(provider.ExternalCodeB2BPurpose, provider.ExternalCodePurpose)}},
			Responses: []api.Response{api.DataOK[[]provider.ExternalCode]("The codes."), api.ReplyUnauthorized, scopeOnly,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Unknown list.")},
			Handler: s.apiExternalCodes,
		},
		{
			ID: "listCountries", Method: fiber.MethodGet, Path: apiCountryPath, Tag: tag, Summary: "Countries",
			Description: "The ISO 3166 countries (iso, name, id = the numeric code), by name.",
			Auth:        api.Bearer, Scopes: api.ScopesDashboard,
			Responses: []api.Response{api.DataOK[[]provider.Country]("The countries."), api.ReplyUnauthorized, scopeOnly},
			Handler:   s.apiCountries,
		},
		{
			ID: "listCoreCountries", Method: fiber.MethodGet, Path: apiCoreCountryPath, Tag: tag, Summary: "Countries (core)",
			Description: "The same ISO 3166 countries as listCountries, at the address the foundation calls use.",
			Auth:        api.Bearer, Scopes: api.ScopesDashboard,
			Responses: []api.Response{api.DataOK[[]provider.Country]("The countries."), api.ReplyUnauthorized, scopeOnly},
			Handler:   s.apiCountries,
		},
	}
	return ops
}
