package provider

import (
	"context"
	"time"
)

// Manual payouts (spec 001 §2 "Create payout page and dialog", "Payout drafts page", §3
// "Payout draft", "Manual payout draft response", "Product options", §4 "Manual payout flow",
// "Payout draft", §5, §7 "Payout drafts"): a payout built step by step as a draft that the
// provider keeps (the server's truth, so a user can stop and resume, with or without
// JavaScript), then published into a payout request (source manual) or, with the approval
// flow on, into a draft waiting for review by other users (four eyes).
//
// The provider owns the catalogue the drafts are built from: local instrument families →
// products (a corridor: currency and country) → product schemas, each saying which sections
// and fields a payout needs.

// Steps of the manual payout flow (spec 001 §2), in order. A field's Step is one of them;
// only steps that have fields are shown (select_product and summary always are).
const (
	StepSelectProduct            = "select_product"
	StepPayoutRequest            = "payout_request"
	StepDebtor                   = "debtor"
	StepUltimateDebtor           = "ultimate_debtor"
	StepCreditor                 = "creditor"
	StepCreditorAccount          = "creditor_account"
	StepIntermediaryAgent        = "intermediary_agent"
	StepIntermediaryAgentAccount = "intermediary_agent_account"
	StepSummary                  = "summary"
)

// DraftSteps lists the steps in the flow's order.
func DraftSteps() []string {
	return []string{StepSelectProduct, StepPayoutRequest, StepDebtor, StepUltimateDebtor, StepCreditor, StepCreditorAccount,
		StepIntermediaryAgent, StepIntermediaryAgentAccount, StepSummary}
}

// DraftStepLabel is a step's name on the screen (spec 001 §2: debtor is Website, ultimate_debtor
// Sender, creditor Receiver, creditor_account Receiver Bank).
func DraftStepLabel(step string) string {
	switch step {
	case StepSelectProduct:
		return "Select Product"
	case StepPayoutRequest:
		return "Payout Request"
	case StepDebtor:
		return "Website"
	case StepUltimateDebtor:
		return "Sender"
	case StepCreditor:
		return "Receiver"
	case StepCreditorAccount:
		return "Receiver Bank"
	case StepIntermediaryAgent:
		return "Intermediary Agent"
	case StepIntermediaryAgentAccount:
		return "Intermediary Agent Account"
	case StepSummary:
		return "Summary"
	}
	return step
}

// Draft sections (spec 001 §3 "Manual payout draft response"). The product section is
// fixed at creation; the others are saved one at a time (SaveDraftSection). Each section's
// step is the step of the same name.
const (
	DraftSectionProduct = "product"
)

// DraftSections lists the sections a draft's values are saved in, in the flow's order
// (every step but select_product and summary).
func DraftSections() []string {
	steps := DraftSteps()
	return steps[1 : len(steps)-1]
}

// Field kinds (ui_field): how a field is typed in. The validation of each lives in package
// payoutfield.
const (
	UIText         = "text"
	UIAmount       = "amount"
	UIIBAN         = "iban"
	UIBIC          = "bic"
	UIDateOfBirth  = "date_of_birth"
	UIDate         = "date"
	UICountry      = "country"
	UISelect       = "select"
	UIPurposeCode  = "purpose_code"
	UIEndToEndID   = "end_to_end_id"
	UIEmail        = "email"
	UIBusinessUnit = "business_unit"
	UICreditorType = "creditor_type"
	UIAccount      = "account" // the organisation's virtual account to debit
	UISortCode     = "sort_code"
	// UIUKAccountNumber is a UK account number (8 digits), UIAccountNumber any other
	// (letters and digits), UICryptoWallet a wallet address.
	UIUKAccountNumber = "uk_account_number"
	UIAccountNumber   = "account_number"
	UICryptoWallet    = "crypto_wallet"
)

// Access types of a field (spec 001 §3).
const (
	AccessRequired = "required"
	AccessOptional = "optional"
)

// FieldRules are a field's rules (spec 001 §3 "rules (external_code)"): ExternalCode names
// the external code list its values come from ("B2B Purpose Codes": a dropdown; empty: free
// text, e.g. PC02).
type FieldRules struct {
	_            struct{} `description:"Rules of a field."`
	ExternalCode string   `json:"external_code,omitempty" description:"The external code list the value is chosen from; empty: free text." example:"B2B Purpose Codes"`
}

// FieldOption is one choice of a select field.
type FieldOption struct {
	_     struct{} `description:"A choice of a select field."`
	Value string   `json:"value" description:"What is saved."`
	Label string   `json:"label" description:"What is shown."`
}

// SchemaField is one field a product schema asks for: Name is its key inside its section,
// Step the wizard step that shows it. Options are the choices of a select field whose list
// is short and the draft's own (accounts, business units, creditor types); countries and
// external codes have their own calls.
type SchemaField struct {
	_          struct{}      `description:"A field of a product schema."`
	Section    string        `json:"section" description:"The section it is saved in." enum:"payout_request,debtor,ultimate_debtor,creditor,creditor_account,intermediary_agent,intermediary_agent_account"`
	Name       string        `json:"name" description:"Its key inside the section." example:"iban"`
	Label      string        `json:"label" description:"Its label." example:"IBAN"`
	UIField    string        `json:"ui_field" description:"How it is typed in." enum:"text,amount,iban,bic,date_of_birth,date,country,select,purpose_code,end_to_end_id,email,business_unit,creditor_type,account,sort_code,uk_account_number,account_number,crypto_wallet"`
	AccessType string        `json:"access_type" description:"required or optional (optional is honoured in the payout_request step only)." enum:"required,optional"`
	Rules      FieldRules    `json:"rules" description:"Its rules."`
	Step       string        `json:"step" description:"The wizard step that shows it." enum:"payout_request,debtor,ultimate_debtor,creditor,creditor_account,intermediary_agent,intermediary_agent_account"`
	Options    []FieldOption `json:"options,omitempty" description:"The choices of a short select."`
}

// ProductSchema is a product schema (spec 001 §3 "Product options": id, label) with the
// fields it asks for.
type ProductSchema struct {
	_         struct{}      `description:"A product schema: which fields a payout of the product needs."`
	ID        string        `json:"id" description:"Schema id." example:"sepa-eur-de-iban"`
	Label     string        `json:"label" description:"Shown as Data required." example:"Bank account (IBAN)"`
	ProductID string        `json:"product_id" description:"The product it belongs to."`
	Fields    []SchemaField `json:"fields,omitempty" description:"The fields, in the flow's order (left out in productOptions)."`
}

// Corridor is where a product pays out: a currency to a country (CountryISO empty for a
// crypto network, which reaches no country in particular).
type Corridor struct {
	_           struct{} `description:"A currency paid out to a country."`
	CurrencyISO string   `json:"currency_iso" description:"ISO 4217 code, or the crypto asset." example:"EUR"`
	CountryISO  string   `json:"country_iso" description:"ISO 3166 alpha-2 code; empty for a crypto network." example:"DE"`
	Name        string   `json:"name" description:"Shown as Corridor." example:"EUR to Germany"`
}

// PayoutProductOption is a product (spec 001 §3 "Product options": id, corridor) with its
// schemas.
type PayoutProductOption struct {
	_               struct{}        `description:"A payout product: a corridor and the schemas it offers."`
	ID              string          `json:"id" description:"Product id." example:"sepa-eur-de"`
	Name            string          `json:"name" description:"Product name."`
	LocalInstrument string          `json:"local_instrument" description:"Transfer type." example:"SEPA"`
	Corridor        Corridor        `json:"corridor" description:"Where it pays out."`
	Schemas         []ProductSchema `json:"product_schemas" description:"Its schemas (fields left out: productSchemas has them)."`
}

// LocalInstrumentFamily is a transfer type with its products (spec 001 §3 "Product options":
// local_instrument_family with products), shown as Transfer type.
type LocalInstrumentFamily struct {
	_        struct{}              `description:"A transfer type and its products."`
	ID       string                `json:"id" description:"The local instrument." example:"SEPA"`
	Name     string                `json:"name" description:"Shown as Transfer type." example:"SEPA Credit Transfer"`
	Products []PayoutProductOption `json:"products" description:"Its products."`
}

// Country is spec 001 §3's country (iso, name, id): id is the ISO 3166 numeric code.
type Country struct {
	_    struct{} `description:"An ISO 3166 country."`
	ISO  string   `json:"iso" description:"Alpha-2 code." example:"DK"`
	Name string   `json:"name" description:"English name." example:"Denmark"`
	ID   int      `json:"id" description:"ISO 3166 numeric code." example:"208"`
}

// ExternalCode is one code of an ISO 20022 external code list (purpose codes:
// ExternalPurpose1Code).
type ExternalCode struct {
	_    struct{} `description:"An ISO 20022 external code."`
	Code string   `json:"code" description:"The code." example:"GDDS"`
	Name string   `json:"name" description:"Its name." example:"Purchase Sale Of Goods"`
}

// ExternalCodeB2BPurpose is the external code filter of the purpose code dropdown (spec 001
// §7 "external_codes (purpose codes, filter name 'B2B Purpose Codes')").
const ExternalCodeB2BPurpose = "B2B Purpose Codes"

// ExternalCodePurpose is the whole purpose code list (ISO 20022 ExternalPurpose1Code).
const ExternalCodePurpose = "Purpose Codes"

// PaymentInstrument is a way the organisation can pay out (spec 001 §7 payment_instruments):
// one of its own accounts with the transfer types its currency can use.
type PaymentInstrument struct {
	_                    struct{} `description:"An account the organisation pays out from, with its transfer types."`
	VirtualAccountNumber string   `json:"virtual_account_number" description:"The account."`
	Name                 string   `json:"name" description:"Account name."`
	CurrencyISO          string   `json:"currency_iso" description:"Its currency." example:"EUR"`
	LocalInstruments     []string `json:"local_instruments" description:"The transfer types its payouts can use."`
}

// Draft statuses (spec 001 §4 "Payout draft": waiting_review, rejected), and the two the
// flow adds: draft while it is being built, published once it became a payout request.
const (
	DraftStatusDraft         = "draft"
	DraftStatusWaitingReview = "waiting_review"
	DraftStatusRejected      = "rejected"
	DraftStatusPublished     = "published"
)

// DraftStatusLabel is the status filter's label (spec 001 §2, §4).
func DraftStatusLabel(status string) string {
	switch status {
	case DraftStatusWaitingReview:
		return "Pending approval"
	case DraftStatusRejected:
		return "Declined"
	case DraftStatusPublished:
		return "Published"
	case DraftStatusDraft:
		return "Unfinished"
	}
	return status
}

// DraftField is one field of a draft as the draft response carries it (spec 001 §3: value,
// errors, access_type, ui_field, rules, step), with its schema's label and options.
type DraftField struct {
	_          struct{}      `description:"A field of a draft: its schema and what was saved."`
	Name       string        `json:"name" description:"Its key inside the section." example:"iban"`
	Label      string        `json:"label" description:"Its label." example:"IBAN"`
	Value      string        `json:"value" description:"What was saved (normalised: an IBAN without spaces, an amount without commas)."`
	Display    string        `json:"display" description:"The value as people read it: an amount grouped with its currency, an IBAN in blocks of 4, a country or option by name."`
	Errors     []string      `json:"errors" description:"Why the saved value is refused; empty when it is accepted."`
	AccessType string        `json:"access_type" description:"required or optional." enum:"required,optional"`
	UIField    string        `json:"ui_field" description:"How it is typed in." enum:"text,amount,iban,bic,date_of_birth,date,country,select,purpose_code,end_to_end_id,email,business_unit,creditor_type,account,sort_code,uk_account_number,account_number,crypto_wallet"`
	Rules      FieldRules    `json:"rules" description:"Its rules."`
	Step       string        `json:"step" description:"The step that shows it."`
	Options    []FieldOption `json:"options,omitempty" description:"The choices of a short select."`
	// Disabled: the field is shown but cannot be changed (a business unit when the
	// organisation has fewer than 2, spec 001 §5).
	Disabled bool `json:"disabled,omitempty" description:"Shown but not changeable (a business unit with fewer than 2 to choose from)."`
}

// DraftSection is one section of a draft with its fields in the schema's order. Saved says
// a save of it was accepted (the step is finished).
type DraftSection struct {
	_      struct{}     `description:"A section of a draft."`
	Name   string       `json:"name" description:"Section (and step) name." enum:"product,payout_request,debtor,ultimate_debtor,creditor,creditor_account,intermediary_agent,intermediary_agent_account"`
	Label  string       `json:"label" description:"The step's name on screen." example:"Receiver Bank"`
	Saved  bool         `json:"saved" description:"A save of the section was accepted: its step is finished."`
	Fields []DraftField `json:"fields" description:"Its fields."`
}

// DraftReview is an approval or a rejection of a draft (spec 001 §3 approvals, rejections).
type DraftReview struct {
	_         struct{}  `description:"An approval or rejection."`
	UserID    string    `json:"user_id" description:"The reviewer's user id."`
	UserName  string    `json:"user_name" description:"The reviewer's name."`
	CreatedAt time.Time `json:"created_at" description:"When (UTC)."`
}

// PayoutDraft is spec 001 §3's payout draft and manual payout draft response: the draft's
// facts and its sections. Amount, CurrencyCode and EndToEndID repeat the payout_request
// section's values (what the table shows); UniqueReference is set once it was published.
type PayoutDraft struct {
	_                 struct{}       `description:"A manual payout draft: its facts and its sections."`
	DraftID           string         `json:"draft_id" description:"Draft id." format:"uuid"`
	Status            string         `json:"status" description:"draft while being built; waiting_review (Pending approval) or rejected (Declined) after publishing with approval on; published once it is a payout request." enum:"draft,waiting_review,rejected,published"`
	UserID            string         `json:"user_id" description:"The creator's user id."`
	CreatorName       string         `json:"creator_name" description:"The creator's name."`
	CreatedAt         time.Time      `json:"created_at" description:"When it was created (UTC)."`
	UpdatedAt         time.Time      `json:"updated_at" description:"When it last changed (UTC)."`
	ProductID         string         `json:"product_id" description:"Its product."`
	SchemaID          string         `json:"schema_id" description:"Its product schema."`
	SchemaLabel       string         `json:"schema_label" description:"The schema's label."`
	LocalInstrument   string         `json:"local_instrument" description:"Transfer type." example:"SEPA"`
	Corridor          Corridor       `json:"corridor" description:"Where it pays out."`
	DebtorAccount     string         `json:"debtor_account" description:"The virtual account to debit (payout_request.virtual_account_number)."`
	Amount            string         `json:"amount" description:"payout_request.amount, without commas." example:"1250.00"`
	CurrencyCode      string         `json:"currency_code" description:"The corridor's currency." example:"EUR"`
	EndToEndID        string         `json:"end_to_end_id" description:"payout_request.end_to_end_id."`
	UniqueReference   string         `json:"vela_unique_reference" description:"The payout request's reference once published."`
	Approvals         []DraftReview  `json:"approvals" description:"Approvals so far."`
	Rejections        []DraftReview  `json:"rejections" description:"Rejections (one ends the review)."`
	ApprovalsRequired int            `json:"approvals_required" description:"Approvals it needs (manual_payout_number_of_approvers when it was sent for review)."`
	Sections          []DraftSection `json:"sections" description:"product first, then the sections of the schema's steps in order; a section without fields is left out."`
}

// Section returns the draft's section name, or nil.
func (d *PayoutDraft) Section(name string) *DraftSection {
	for i := range d.Sections {
		if d.Sections[i].Name == name {
			return &d.Sections[i]
		}
	}
	return nil
}

// Value is the saved value of section.field ("" when there is none).
func (d *PayoutDraft) Value(section, field string) string {
	if s := d.Section(section); s != nil {
		for _, f := range s.Fields {
			if f.Name == field {
				return f.Value
			}
		}
	}
	return ""
}

// Valid says whether every field of every section is accepted (nothing missing, no error).
func (d *PayoutDraft) Valid() bool {
	for _, s := range d.Sections {
		for _, f := range s.Fields {
			if len(f.Errors) > 0 {
				return false
			}
		}
	}
	return true
}

// Steps lists the draft's steps in order: select_product, each step that has fields, summary.
func (d *PayoutDraft) Steps() []string {
	out := []string{StepSelectProduct}
	for _, s := range d.Sections {
		if s.Name != DraftSectionProduct && len(s.Fields) > 0 {
			out = append(out, s.Name)
		}
	}
	return append(out, StepSummary)
}

// DraftPublished is PublishDraft's answer (spec 001 §7 publish: state, amount,
// currency_code, end_to_end_id, {product}_unique_reference). State is waiting_review when
// the draft went to review, else the payout request's current state.
type DraftPublished struct {
	_               struct{} `description:"What publishing a draft made."`
	DraftID         string   `json:"draft_id" description:"The draft." format:"uuid"`
	State           string   `json:"state" description:"waiting_review when it needs approval; otherwise the new payout request's state." example:"created"`
	Amount          string   `json:"amount" description:"Exact decimal." example:"1250.00"`
	CurrencyCode    string   `json:"currency_code" description:"Currency." example:"EUR"`
	EndToEndID      string   `json:"end_to_end_id" description:"The end-to-end id."`
	UniqueReference string   `json:"vela_unique_reference" description:"The payout request's reference; empty while waiting for review."`
}

// DraftSummary is a draft's summary step (spec 001 §7 "GET summary"): what will be paid,
// the sections as label and value lines, and the problems that stop publishing
// (Precondition Failure: a field and its message).
type DraftSummary struct {
	_              struct{}              `description:"The summary of a draft."`
	DraftID        string                `json:"draft_id" description:"The draft." format:"uuid"`
	Amount         string                `json:"amount" description:"Exact decimal."`
	CurrencyCode   string                `json:"currency_code" description:"Currency."`
	EndToEndID     string                `json:"end_to_end_id" description:"The end-to-end id."`
	ProductName    string                `json:"product_name" description:"Transfer type and corridor."`
	SchemaLabel    string                `json:"schema_label" description:"Data required."`
	Sections       []DraftSummarySection `json:"sections" description:"Each section's filled fields."`
	Preconditions  []DraftProblem        `json:"preconditions" description:"What stops publishing; empty when it can be published."`
	ApprovalNeeded bool                  `json:"approval_needed" description:"Publishing sends it for approval."`
}

// DraftSummarySection is a section of the summary.
type DraftSummarySection struct {
	_     struct{}    `description:"A section of the summary."`
	Name  string      `json:"name" description:"Section name."`
	Label string      `json:"label" description:"Its step's name on screen."`
	Lines []DraftLine `json:"lines" description:"Its filled fields."`
}

// DraftLine is a label and a value.
type DraftLine struct {
	_     struct{} `description:"A label and a value."`
	Label string   `json:"label" description:"The field's label."`
	Value string   `json:"value" description:"Its value as shown."`
}

// DraftProblem is a field that stops publishing (the spec's Precondition Failure lines: the
// field name plus the message).
type DraftProblem struct {
	_       struct{} `description:"A field that stops publishing."`
	Section string   `json:"section" description:"Its section."`
	Field   string   `json:"field" description:"Its key."`
	Label   string   `json:"label" description:"Its label."`
	Message string   `json:"message" description:"Why."`
}

// DraftActor is the user acting on a draft.
type DraftActor struct {
	UserID string
	Name   string
}

// DraftFilter selects and pages drafts (spec 001 §7: filter[status], created_after,
// created_before, page cursors). Status is waiting_review or rejected (the list's two; ""
// is waiting_review, spec §9), or draft: the unfinished drafts of CreatedBy, who must be
// named then (a draft being built is its creator's alone). Paging as PayoutFilter.
type DraftFilter struct {
	Status        string
	CreatedBy     string
	CreatedAfter  time.Time
	CreatedBefore time.Time
	Cursor        string
	Direction     string
	IncludeCursor bool
	Limit         int
}

// Draft list page sizes.
const (
	DefaultDraftLimit = 20
	MaxDraftLimit     = 100
)

// DraftKeepDays is how long an unfinished draft (status draft) is kept after its last
// change; the provider then deletes it (issue 27 item 15: a wizard left half-way must not
// pile up). The pages say it in these days.
const DraftKeepDays = 7

// DraftKeep is DraftKeepDays as a duration.
const DraftKeep = DraftKeepDays * 24 * time.Hour

// ResumeStep is the step a user left an unfinished draft at: the first step after the
// product whose section is not saved yet, else the summary (the wizard lets no step be
// skipped on the way there).
func (d *PayoutDraft) ResumeStep() string {
	for _, step := range d.Steps()[1:] {
		if sec := d.Section(step); sec != nil && !sec.Saved {
			return step
		}
	}
	return StepSummary
}

// DraftPage is one page of Drafts, newest first.
type DraftPage struct {
	Drafts     []PayoutDraft `json:"data"`
	CursorNext string        `json:"cursor_next"`
	CursorPrev string        `json:"cursor_prev"`
	HasNext    bool          `json:"has_next_page"`
	Total      int           `json:"total"`
}

// DraftReviewResult is what an approval or a rejection did: the draft afterwards and, when
// this approval was the last one needed, the payout request it became.
type DraftReviewResult struct {
	Draft     PayoutDraft
	Published *DraftPublished
}

// Texts of the spec's error catalogue (001 §5, §8) for drafts.
const (
	MsgDraftCreateFailed  = "Error creating draft"
	MsgDraftSaveFailed    = "Error occurred while updating Payout draft"
	MsgDraftPublishFailed = "Error publishing draft"
	MsgDraftPrecondition  = "Precondition Failure"
	MsgDraftDeleted       = "Draft has been deleted"
	MsgDraftDeleteOK      = "Successfully deleted draft %s"
	MsgDraftDeleteFailed  = "Error while deleting the draft"
	MsgDraftApproveOK     = "Successfully approved draft with id: %s"
	MsgDraftApproveFailed = "Error while approving the draft"
	MsgDraftRejectOK      = "Successfully rejected draft with id: %s"
	MsgDraftRejectFailed  = "Error while rejecting the draft"
	MsgTransferTypeReq    = "Transfer type is required"
)

// DraftApprovalOn says whether the payout draft approval flow is on (spec 001 §6: the flag,
// manual payouts enabled, and approvers above 0). The route guard and the provider's
// publish both ask it.
func DraftApprovalOn(cfg Configuration, flags FeatureFlags) bool {
	return flags.On(FlagPayoutDraftApproval) && cfg.ManualPayoutsEnabled && cfg.ManualPayoutNumberOfApprovers > 0
}

// DraftReviewBlock says why a user may not approve or decline a draft (spec 001 §5 "Draft
// approve/decline": the flow on, the draft waiting for review, no rejection yet, the user
// has not approved, the user is not the creator); "" when they may. The permission
// (payout_drafts:review) is the caller's check. The page's buttons and the provider's
// approve and reject ask this one rule.
func DraftReviewBlock(d PayoutDraft, userID string, flowOn bool) string {
	switch {
	case !flowOn:
		return "The draft approval flow is off."
	case d.Status != DraftStatusWaitingReview:
		return "The draft is not waiting for review."
	case len(d.Rejections) > 0:
		return "The draft was declined."
	case d.UserID == userID:
		return "The creator of a draft cannot review it."
	}
	for _, a := range d.Approvals {
		if a.UserID == userID {
			return "You have already approved this draft."
		}
	}
	return ""
}

// DraftDeleteBlock says why a user may not delete a draft (spec 001 §5: only its creator;
// payout_drafts:manage is the caller's check); "" when they may. A published draft is a
// payout request now and cannot be deleted.
func DraftDeleteBlock(d PayoutDraft, userID string) string {
	switch {
	case d.UserID != userID:
		return "Only the creator of a draft can delete it."
	case d.Status == DraftStatusPublished:
		return "The draft has been published."
	}
	return ""
}

// PayoutDrafts is what the portal needs from the provider for manual payouts: the
// catalogue (product options, schemas, countries, external codes, payment instruments) and
// the drafts with their review. Calls are scoped to orgID; the caller checks Membership
// and the permission first. Another organisation's draft is ENOTFOUND, as is a draft still
// being built (status draft) of another user: it is its creator's work in progress.
//
// Field values are validated by the provider on every save (package payoutfield's rules);
// a refused value comes back in the draft as the field's errors, not as an error.
type PayoutDrafts interface {
	// ProductOptions lists the transfer types with the products the organisation can pay out
	// with (those whose currency one of its own accounts holds) and their schemas.
	ProductOptions(ctx context.Context, orgID string) ([]LocalInstrumentFamily, error)
	// ProductSchemas lists a product's schemas with their fields (spec 001 §7
	// product_schemas?product_id=). ENOTFOUND for a product the organisation cannot use.
	ProductSchemas(ctx context.Context, orgID, productID string) ([]ProductSchema, error)
	// PaymentInstruments lists the organisation's own accounts with their transfer types.
	PaymentInstruments(ctx context.Context, orgID string) ([]PaymentInstrument, error)
	// ExternalCodes lists an external code list by filter name (ExternalCodeB2BPurpose,
	// ExternalCodePurpose); EINVALID for an unknown one.
	ExternalCodes(ctx context.Context, filter string) ([]ExternalCode, error)
	// Countries lists the ISO 3166 countries by name.
	Countries(ctx context.Context) ([]Country, error)

	// CreateDraft makes a draft of a product and schema (both required: EINVALID on field
	// product_id or schema_id) with every field empty except those with one possible value
	// (the only business unit, the only account in the corridor's currency).
	CreateDraft(ctx context.Context, orgID string, by DraftActor, productID, schemaID string) (PayoutDraft, error)
	// Draft returns one draft with its sections; errors are those of the last save of each
	// section (none for a section never saved).
	Draft(ctx context.Context, orgID, draftID string, by DraftActor) (PayoutDraft, error)
	// SaveDraftSection saves one section's values (unknown keys are EINVALID) and validates
	// them; the answer carries each field's errors and the section is Saved only when it has
	// none. Only the creator, only while the status is draft (else ECONFLICT).
	SaveDraftSection(ctx context.Context, orgID, draftID string, by DraftActor, section string, values map[string]string) (PayoutDraft, error)
	// DraftSummary is the summary step: lines and the preconditions that stop publishing.
	DraftSummary(ctx context.Context, orgID, draftID string, by DraftActor) (DraftSummary, error)
	// PublishDraft turns a valid draft into a payout request (source manual), or with the
	// approval flow on (DraftApprovalOn) into waiting_review. EINVALID (*DraftPreconditionError)
	// when a section is unsaved or a field refused. Publishing a draft again answers what
	// the first publish did.
	PublishDraft(ctx context.Context, orgID, draftID string, by DraftActor) (DraftPublished, error)
	// DeleteDraft deletes a draft that is not published; only its creator (DraftDeleteBlock,
	// else ECONFLICT).
	DeleteDraft(ctx context.Context, orgID, draftID string, by DraftActor) error
	// Drafts lists the drafts waiting for review or declined, or one user's unfinished
	// drafts (DraftFilter.CreatedBy), newest first.
	Drafts(ctx context.Context, orgID string, f DraftFilter) (DraftPage, error)
	// ApproveDraft records an approval (DraftReviewBlock, else ECONFLICT with its text).
	// The approval that makes ApprovalsRequired publishes the draft into a payout request
	// in the same transaction: however many reviewers approve at once, one payout request.
	ApproveDraft(ctx context.Context, orgID, draftID string, by DraftActor) (DraftReviewResult, error)
	// RejectDraft records a rejection, which ends the review (status rejected).
	RejectDraft(ctx context.Context, orgID, draftID string, by DraftActor) (DraftReviewResult, error)
}

// DraftPreconditionError is PublishDraft's refusal of an incomplete or invalid draft: the
// spec's Precondition Failure with its lines.
type DraftPreconditionError struct {
	Problems []DraftProblem
}

func (e *DraftPreconditionError) Error() string { return "provider: " + MsgDraftPrecondition }

// Unwrap makes ErrorCode read EINVALID and ErrorMessage the spec's title.
func (e *DraftPreconditionError) Unwrap() error {
	return &Error{Code: EINVALID, Message: MsgDraftPrecondition}
}
