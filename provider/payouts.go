package provider

import (
	"context"
	"slices"
	"time"
)

// ProductName is the provider's product name, which the spec writes as the placeholder
// {product} in field names ({product}_unique_reference, redirect_to_{product}...). Every such
// name is built from it; JSON tags cannot be computed, so a test holds them to it.
const ProductName = "vela"

// UniqueReferenceField is the JSON name of a payout's own reference (spec 001 §3
// "{product}_unique_reference").
const UniqueReferenceField = ProductName + "_unique_reference"

// Payouts is what the portal needs from the provider for payout requests (spec 001 §3, §4,
// §7): create (manual drafts and batches publish through it), list, read, find, cancel and
// the sandbox test cases, plus the lists the pages' filters and forms are built from.
//
// Like Ledger, calls are scoped to orgID and do not know who is asking: the caller checks
// Membership and the permission first. A payout of another organisation is ENOTFOUND, the
// same as an unknown one. Amounts are exact decimal strings with the currency's decimals.
type Payouts interface {
	// CreatePayout stores a new payout request in state created and queues it for the
	// lifecycle. Idempotent per (orgID, EndToEndID): the same end-to-end id with the same
	// request returns the stored payout with Replayed true; with another request it is
	// EINVALID on field end_to_end_id ("End-to-end ID must be unique"). EINVALID
	// (*FieldError) for a field the provider refuses outright: an account the organisation
	// does not own, an amount, currency, source, business unit or date it cannot read. What
	// the lifecycle checks later (receiver, sender and bank details, capability) ends in
	// rejected with a reason code instead.
	CreatePayout(ctx context.Context, orgID string, req PayoutCreate) (PayoutRequest, error)
	// Payouts lists payout requests newest first (spec sort -date) or, by f.Sort, oldest
	// first, with the filters of spec 001 §7, keyset paged; Total counts every match. Rows
	// carry every field except the history lists (StatusTransitions, Cancellations,
	// Reviews) and Errors. EINVALID for a bad filter value, sort, cursor or limit.
	Payouts(ctx context.Context, orgID string, f PayoutFilter) (PayoutPage, error)
	// Payout returns one payout request by its unique reference, with everything.
	Payout(ctx context.Context, orgID, reference string) (PayoutRequest, error)
	// FindPayouts finds the payout requests whose unique reference or end-to-end id equals
	// query exactly (global search), newest first; none is an empty list, not an error. The
	// provider's own references match in any case; an end-to-end id is the customer's, so
	// its case counts.
	FindPayouts(ctx context.Context, orgID, query string) ([]PayoutRequest, error)
	// CancelPayout asks for the payout's cancellation. Allowed while its status is one of
	// CancellableStatuses (spec 001 §4); the answer's Status is then "pending": cancellation
	// has started, and the lifecycle finishes it (state cancelled, status rejected, reason
	// requested_by_customer) and gives back any reserved funds. A second request while one
	// is pending answers the same. Outside those statuses it is ECONFLICT
	// (MsgPayoutCancelRefused).
	CancelPayout(ctx context.Context, orgID, reference string, by PayoutInitiator) (PayoutCancellation, error)
	// PayoutTestCase runs a sandbox test case (TestCaseHold, TestCaseSuccess,
	// TestCaseReturned) through the lifecycle and returns the payout afterwards. HOLD and
	// SUCCESS need a processing payout (HOLD one that is not already halted), RETURNED a
	// processing or completed one; anything else is ECONFLICT, an unknown test case
	// EINVALID. A return gives the funds back. The caller decides whether the sandbox
	// allows test cases at all (FlagSandboxTestCases).
	PayoutTestCase(ctx context.Context, orgID, reference, testCase string) (PayoutRequest, error)
	// PayoutReasonCodes is the status filter tree: every status category in the
	// dashboard's order with the reason codes a payout in it can carry.
	PayoutReasonCodes(ctx context.Context, orgID string) ([]PayoutStatusGroup, error)
	// BusinessUnits lists the organisation's business units by name.
	BusinessUnits(ctx context.Context, orgID string) ([]BusinessUnit, error)
	// PayoutProducts lists the organisation's contracted payout products by name.
	PayoutProducts(ctx context.Context, orgID string) ([]PayoutProduct, error)
	// LocalInstruments lists the transfer types the organisation's payouts can use (those
	// the provider serves for the currencies of its own accounts), sorted: the payout
	// list's transfer type filter.
	LocalInstruments(ctx context.Context, orgID string) ([]string, error)
}

// Payout request sources (spec 001 §3).
const (
	SourceAPI      = "api"
	SourceCSV      = "csv"
	SourceManual   = "manual"
	SourceISO20022 = "iso_20022"
	SourceUnknown  = "unknown"
)

// PayoutSources lists the sources in the spec's order.
func PayoutSources() []string {
	return []string{SourceAPI, SourceCSV, SourceManual, SourceISO20022, SourceUnknown}
}

// Payout current states (spec 001 §4), besides the ones named like their category
// (completed, rejected, returned). Cancelled is the state a finished cancellation leaves,
// with reason requested_by_customer; its status is cancelled (payoutStatuses).
const (
	StateCreated                  = "created"
	StateCapabilitySelected       = "capability_selected"
	StateValidatingExternal       = "validating_external"
	StateValidated                = "validated"
	StateUnableToValidateExternal = "unable_to_validate_external"
	StateWaitingFutureExecution   = "waiting_future_execution"
	StateInsufficientFunds        = "insufficient_funds"
	StateAddedToPayoutPlanner     = "added_to_payout_planner"
	StateTSTMInitiated            = "tstm_initiated"
	StateHalted                   = "halted"
	StateCompleted                = "completed"
	StateRejected                 = "rejected"
	StateReturned                 = "returned"
	StateCancelled                = "cancelled"
)

// StatusCancelled is the status (spec 001 §4 "Payout list statuses") of a cancelled payout:
// listed, filtered, counted and answered by the API as such (payoutStatuses).
const StatusCancelled = "cancelled"

// StatusPendingApproval is the status (spec 001 §4 "Payout list statuses") of a payout that
// waits for its reviewers: a manual payout draft in review, or a row of a batch waiting for
// approval. It is not a stored payout request: the store lists these items alongside the
// payouts, with StatePendingApproval as their current state, the draft's id or the batch
// row's id as their id, the batch's id as their batch id and no unique reference. Once
// approved they are the payout requests they become (listed in those instead), once
// declined they are gone.
const StatusPendingApproval = "pending_approval"

// StatePendingApproval is the current state the list gives an item of StatusPendingApproval;
// no payout request is stored in it.
const StatePendingApproval = "pending_approval"

// CancellableStatuses are the status categories in which a payout may be cancelled.
func CancellableStatuses() []string {
	return []string{PayoutReceived, PayoutPending, PayoutActionRequired, PayoutProcessing}
}

// Sandbox payout test cases (spec 001 §4) with their labels.
const (
	TestCaseHold     = "HOLD"
	TestCaseSuccess  = "SUCCESS"
	TestCaseReturned = "RETURNED"
)

// PayoutTestCases lists the test cases with the selector's labels.
func PayoutTestCases() []StateCategory {
	return []StateCategory{{TestCaseHold, "Hold"}, {TestCaseSuccess, "Complete"}, {TestCaseReturned, "Returned"}}
}

// PayoutTestCasesFor lists the test cases a payout in current state state may take (spec 001
// §4): a processing one HOLD (unless already halted), SUCCESS and RETURNED; a completed one
// RETURNED; any other none. PayoutTestCase refuses the rest, and the pages offer only these.
func PayoutTestCasesFor(state string) []StateCategory {
	var out []StateCategory
	for _, tc := range PayoutTestCases() {
		switch PayoutStateCategory(state) {
		case PayoutProcessing:
			if tc.Code != TestCaseHold || state != StateHalted {
				out = append(out, tc)
			}
		case PayoutCompleted:
			if tc.Code == TestCaseReturned {
				out = append(out, tc)
			}
		}
	}
	return out
}

// Texts of the spec's error catalogue and status messages (001 §4, §8).
const (
	MsgPayoutCancelRefused  = "Unable to cancel Payout"
	MsgPayoutCancelStarted  = "Payout cancellation process initaited" // sic: the spec's spelling
	MsgPayoutNotFound       = "Something went wrong"
	MsgPayoutListFailed     = "Error while fetching the payout requests"
	MsgPayoutTestCaseDone   = "Test case executed"
	MsgPayoutE2EUnique      = "End-to-end ID must be unique"
	MsgPayoutRejected       = "Sorry, we could not process this payout request."
	MsgPayoutPending        = "The payout request is Pending waiting future execution."
	MsgPayoutReturned       = "This payout has been returned."
	MsgPayoutActionRequired = "An action is needed in order to process this request. Please refer to the reason code for more information."
)

// CancelStatusPending is the cancel answer's status when cancellation has started.
const CancelStatusPending = "pending"

// Page sizes of Payouts (spec 001 §9: default 100).
const (
	DefaultPayoutLimit = 100
	MaxPayoutLimit     = 500
)

// Payout sections (spec 001 §2 details panel, §4 "Reason code to section"); errors are keyed
// by them.
const (
	SectionPayoutRequest            = "payout_request"
	SectionSender                   = "sender"
	SectionReceiver                 = "receiver"
	SectionReceiverBank             = "receiver_bank"
	SectionDebtor                   = "debtor"
	SectionIntermediaryAgent        = "intermediary_agent"
	SectionIntermediaryAgentAccount = "intermediary_agent_account"
)

// ReasonSection is the details-panel section a reason code points at (spec 001 §4); "" for
// the codes that point nowhere.
func ReasonSection(code string) string {
	switch code {
	case ReasonInvalidCreditor:
		return SectionReceiver
	case ReasonInvalidUltimateDebtor:
		return SectionSender
	case ReasonInvalidCreditorAccount:
		return SectionReceiverBank
	case ReasonInvalidGeneralData, ReasonMissingCapability, ReasonWaitingFutureExecution:
		return SectionPayoutRequest
	}
	return ""
}

// Reason code kinds: what the code asks of the customer.
const (
	ReasonKindError        = "error"        // data or capability: correct and send again
	ReasonKindAction       = "action"       // the customer must act (add funds)
	ReasonKindInfo         = "info"         // nothing to do (a future execution date)
	ReasonKindCancellation = "cancellation" // someone asked for it
)

// ReasonCode is a reason code as a payout carries it (spec 001 §3). ID is the code; Symbol
// its ISO 20022-style short code; Group the status category it was given in; Section the
// details-panel section it points at.
type ReasonCode struct {
	ID              string `json:"id"`
	Symbol          string `json:"symbol"`
	Reason          string `json:"reason"`
	Kind            string `json:"kind"`
	Group           string `json:"group"`
	ExternalMessage string `json:"external_message"`
	Section         string `json:"section,omitempty"`
}

type reasonInfo struct{ symbol, kind, message string }

var reasonCatalogue = map[string]reasonInfo{
	ReasonInvalidCreditor:        {"RR03", ReasonKindError, "The receiver's name or address is missing or invalid."},
	ReasonInvalidUltimateDebtor:  {"RR02", ReasonKindError, "The sender's name or address is missing or invalid."},
	ReasonInvalidCreditorAccount: {"AC01", ReasonKindError, "The receiver's bank account details are invalid or the account cannot receive payments."},
	ReasonInvalidGeneralData:     {"FF01", ReasonKindError, "Some of the payout request's data is invalid."},
	ReasonMissingCapability:      {"AG01", ReasonKindError, "This currency and transfer type cannot be paid out to the receiver's country."},
	ReasonWaitingFutureExecution: {"FUTR", ReasonKindInfo, "The payout will be executed on the requested execution date."},
	ReasonInsufficientFunds:      {"AM04", ReasonKindAction, "The account's balance does not cover the amount and the fee. The payout resumes when funds arrive."},
	ReasonRequestedByCustomer:    {"CUST", ReasonKindCancellation, "Cancelled at the customer's request."},
	ReasonRequestedByMerchant:    {"MERC", ReasonKindCancellation, "Cancelled at the merchant's request."},
}

// NewReasonCode describes code as given in status category group.
func NewReasonCode(code, group string) ReasonCode {
	info := reasonCatalogue[code]
	return ReasonCode{ID: code, Symbol: info.symbol, Reason: ReasonName(code), Kind: info.kind, Group: group,
		ExternalMessage: info.message, Section: ReasonSection(code)}
}

// payoutReasonTree is which reason codes each status can carry. A customer's request
// ends as cancelled, no longer as rejected; a merchant's stays a rejection.
var payoutReasonTree = map[string][]string{
	// A bank returns a payout for the receiver's account or details; the customer's own
	// request is a cancellation (state cancelled), never a return.
	PayoutReturned: {ReasonInvalidCreditorAccount, ReasonInvalidCreditor},
	PayoutRejected: {ReasonInvalidCreditor, ReasonInvalidUltimateDebtor, ReasonInvalidCreditorAccount, ReasonInvalidGeneralData,
		ReasonMissingCapability, ReasonRequestedByMerchant},
	PayoutActionRequired: {ReasonInsufficientFunds},
	PayoutPending:        {ReasonWaitingFutureExecution},
	StatusCancelled:      {ReasonRequestedByCustomer},
}

// PayoutStatusGroup is one node of the status filter tree.
type PayoutStatusGroup struct {
	Status      StateCategory `json:"status"`
	ReasonCodes []ReasonCode  `json:"reason_codes"`
}

// PayoutReasonTree is the status filter tree, the same for every organisation.
func PayoutReasonTree() []PayoutStatusGroup {
	var out []PayoutStatusGroup
	for _, c := range PayoutStateCategories() {
		g := PayoutStatusGroup{Status: c, ReasonCodes: []ReasonCode{}}
		for _, code := range payoutReasonTree[c.Code] {
			g.ReasonCodes = append(g.ReasonCodes, NewReasonCode(code, c.Code))
		}
		out = append(out, g)
	}
	return out
}

// PayoutStatusMessage is the message the details panel shows for a status (spec 001 §4): ""
// for none, and none for a rejection the customer or merchant asked for.
func PayoutStatusMessage(status, reason string) string {
	switch status {
	case PayoutRejected:
		if reason == ReasonRequestedByCustomer || reason == ReasonRequestedByMerchant {
			return ""
		}
		return MsgPayoutRejected
	case PayoutPending:
		return MsgPayoutPending
	case PayoutReturned:
		return MsgPayoutReturned
	case PayoutActionRequired:
		return MsgPayoutActionRequired
	}
	return ""
}

// Party is the sender (ultimate_debtor) or the receiver (creditor) of a payout. The receiver
// uses the fields of spec 001 §3's creditor; the sender has them all.
type Party struct {
	Type                   string   `json:"type,omitempty"` // private or organization
	FullName               string   `json:"full_name,omitempty"`
	Name                   string   `json:"name,omitempty"`
	Email                  string   `json:"email,omitempty"`
	MobileNumber           string   `json:"mobile_number,omitempty"`
	Birthdate              string   `json:"birthdate,omitempty"` // YYYY-MM-DD
	Address                string   `json:"address,omitempty"`
	AddressLines           []string `json:"address_lines,omitempty"`
	StreetName             string   `json:"street_name,omitempty"`
	PostalCode             string   `json:"postal_code,omitempty"`
	City                   string   `json:"city,omitempty"`
	CountryCode            string   `json:"country_code,omitempty"`
	State                  string   `json:"state,omitempty"`
	CountryOfBirthCode     string   `json:"country_of_birth_code,omitempty"`
	CountryOfResidenceCode string   `json:"country_of_residence_code,omitempty"`
	IDNumber               string   `json:"id_number,omitempty"`
	IDType                 string   `json:"id_type,omitempty"`
}

// Creditor types (spec 001 §9).
const (
	CreditorPrivate      = "private"
	CreditorOrganization = "organization"
)

// CreditorAccount is the receiver's bank account (spec 001 §3 creditor_account).
type CreditorAccount struct {
	IBAN                   string `json:"iban,omitempty"`
	CountryCode            string `json:"country_code,omitempty"`
	AccountNumber          string `json:"account_number,omitempty"`
	BankClearingSystemID   string `json:"bank_clearing_system_id,omitempty"`
	BankClearingSystemCode string `json:"bank_clearing_system_code,omitempty"`
	BankBIC                string `json:"bank_bic,omitempty"`
	BankBranchID           string `json:"bank_branch_id,omitempty"`
	BankName               string `json:"bank_name,omitempty"`
	Type                   string `json:"type,omitempty"`
}

// IntermediaryAgent is the intermediary bank.
type IntermediaryAgent struct {
	BankBIC  string `json:"bank_bic,omitempty"`
	BankName string `json:"bank_name,omitempty"`
}

// IntermediaryAgentAccount is the account at the intermediary bank.
type IntermediaryAgentAccount struct {
	AccountNumber string `json:"account_number,omitempty"`
	IBAN          string `json:"iban,omitempty"`
}

// Debtor is the debtor section: the paying organisation's website.
type Debtor struct {
	Website string `json:"website,omitempty"`
}

// PayoutSections are a payout's parties and accounts, as a request carries them.
type PayoutSections struct {
	Debtor                   Debtor                   `json:"debtor"`
	UltimateDebtor           Party                    `json:"ultimate_debtor"`
	Creditor                 Party                    `json:"creditor"`
	CreditorAccount          CreditorAccount          `json:"creditor_account"`
	IntermediaryAgent        IntermediaryAgent        `json:"intermediary_agent"`
	IntermediaryAgentAccount IntermediaryAgentAccount `json:"intermediary_agent_account"`
}

// HasIntermediary says whether the details panel shows the two intermediary sections: all
// four bank and account fields exist (spec 001 §2).
func (s PayoutSections) HasIntermediary() bool {
	return s.IntermediaryAgent.BankBIC != "" && s.IntermediaryAgent.BankName != "" &&
		s.IntermediaryAgentAccount.AccountNumber != "" && s.IntermediaryAgentAccount.IBAN != ""
}

// PayoutCancellationRecord is one cancellation of a payout's history.
type PayoutCancellationRecord struct {
	InitiatorType string    `json:"initiator_type"`
	InitiatorName string    `json:"initiator_name"`
	CreatedAt     time.Time `json:"created_at"`
}

// PayoutReview is an approval the payout went through before it was created (drafts,
// batches).
type PayoutReview struct {
	ReviewerName string    `json:"reviewer_name"`
	CreatedAt    time.Time `json:"created_at"`
}

// StatusTransition is one step of a payout's lifecycle: the state entered and when.
type StatusTransition struct {
	Name      string    `json:"name"`
	Timestamp time.Time `json:"timestamp"`
}

// PayoutError is one finding of the lifecycle's checks: Pointer is the field (a JSON
// pointer into the section, e.g. "/iban"), Details the text.
type PayoutError struct {
	Pointer string `json:"pointer"`
	Details string `json:"details"`
}

// PayoutRequest is spec 001 §3's payout request. Status is the state category of
// CurrentStateName; Fee is what the provider charges on top of Amount (both reserved when
// processing starts). Timestamp is when the payout last changed state.
type PayoutRequest struct {
	ID                     string                     `json:"id"`
	UniqueReference        string                     `json:"vela_unique_reference"`
	EndToEndID             string                     `json:"end_to_end_id"`
	Status                 string                     `json:"status" description:"The v1 model's status (received, processing, rejected, pending, action_required, completed, returned), or cancelled for a finished cancellation (current_state_name cancelled), which v1 reported as rejected, or pending_approval for a manual payout or batch row waiting for approval (listed only: no vela_unique_reference, id is the draft's or batch row's)." enum:"@payout_statuses"`
	CurrentStateName       string                     `json:"current_state_name"`
	ReasonCodes            []ReasonCode               `json:"reason_codes"`
	RequestedExecutionDate string                     `json:"requested_execution_date"` // YYYY-MM-DD or ""
	Amount                 string                     `json:"amount"`
	Fee                    string                     `json:"fee"`
	Currency               string                     `json:"currency"`
	PurposeCode            string                     `json:"purpose_code"`
	LocalInstrument        string                     `json:"local_instrument"`
	BusinessUnit           string                     `json:"business_unit"` // uuid, "" for none
	BusinessUnitName       string                     `json:"business_unit_name"`
	Timestamp              time.Time                  `json:"timestamp"`
	CreatedAt              time.Time                  `json:"created_at"`
	CreatorName            string                     `json:"creator_name"`
	Source                 string                     `json:"source"`
	BatchID                string                     `json:"batch_id"`
	Cancellations          []PayoutCancellationRecord `json:"cancellations"`
	Reviews                []PayoutReview             `json:"reviews"`
	StatusTransitions      []StatusTransition         `json:"status_transitions"`
	Errors                 map[string][]PayoutError   `json:"errors"`
	DebtorAccount          string                     `json:"debtor_account"` // the virtual account debited
	CancellationPending    bool                       `json:"cancellation_pending"`
	PayoutSections
	// Replayed is true when CreatePayout found this payout already stored for the same
	// end-to-end id and request.
	Replayed bool `json:"-"`
}

// ReasonCode is the payout's reason code id, "" without one.
func (p PayoutRequest) ReasonCode() string {
	if len(p.ReasonCodes) == 0 {
		return ""
	}
	return p.ReasonCodes[0].ID
}

// Cancellable says whether CancelPayout would accept the payout now.
func (p PayoutRequest) Cancellable() bool { return slices.Contains(CancellableStatuses(), p.Status) }

// PayoutCreate is a new payout request. AccountNumber is the organisation's account to debit
// (debtor_account); Currency, when given, must be its currency. RequestedExecutionDate is
// YYYY-MM-DD or empty (as soon as possible). CreatedBy is the user id, CreatorName the name
// shown; Reviews the approvals a draft or batch went through.
type PayoutCreate struct {
	AccountNumber          string
	Amount                 string
	Currency               string
	EndToEndID             string
	PurposeCode            string
	LocalInstrument        string
	BusinessUnit           string
	RequestedExecutionDate string
	Source                 string
	BatchID                string
	CreatedBy              string
	CreatorName            string
	Reviews                []PayoutReview
	PayoutSections
}

// PayoutInitiator is who asks for a cancellation.
type PayoutInitiator struct {
	Type string // InitiatorUser, InitiatorAPI
	Name string
}

// Cancellation initiator types.
const (
	InitiatorUser = "user"
	InitiatorAPI  = "api"
)

// PayoutCancellation is CancelPayout's answer (spec 001 §7: data.status).
type PayoutCancellation struct {
	Status string `json:"status"`
}

// PayoutFilter selects and pages payout requests (spec 001 §3 "Payout filters", §7). Zero
// values mean no filter. StateCategory is one of PayoutStatusCodes; ReasonCode a reason code id; AmountFrom and AmountTo are inclusive
// decimal strings compared whatever the currency; CreatedAfter is inclusive,
// CreatedBefore exclusive. Paging as MovementFilter; Limit 0 means DefaultPayoutLimit.
// Sort is SortNewest (also "") or SortOldest, the list's order and the direction
// DirectionNext pages in; IncludeCursor starts a DirectionNext page at the cursor's own row
// (spec 001 §7 include_cursor) and is EINVALID with DirectionPrev.
type PayoutFilter struct {
	CreatedAfter         time.Time
	CreatedBefore        time.Time
	VirtualAccountNumber string
	CurrencyCode         string
	BusinessUnit         string
	LocalInstrument      string
	StateCategory        string
	ReasonCode           string
	AmountFrom           string
	AmountTo             string
	BatchID              string
	Cursor               string
	Direction            string
	IncludeCursor        bool
	Limit                int
	Sort                 string
}

// Sorts of the payout list (spec 001 §7 sort, §9 default -date): by creation time.
const (
	SortNewest = "-date"
	SortOldest = "date"
)

// PayoutPage is one page of Payouts, paged like MovementPage.
type PayoutPage struct {
	Payouts    []PayoutRequest `json:"data"`
	CursorNext string          `json:"cursor_next"`
	CursorPrev string          `json:"cursor_prev"`
	HasNext    bool            `json:"has_next_page"`
	Total      int             `json:"total"`
}

// BusinessUnit is spec 001 §3's business unit.
type BusinessUnit struct {
	UUID string `json:"uuid"`
	Name string `json:"name"`
}

// PayoutProduct is a contracted payout product (spec 001 §7 payout_products).
type PayoutProduct struct {
	ID                 string `json:"id"`
	Name               string `json:"name"`
	ProductCurrencyISO string `json:"product_currency_iso"`
	LocalInstrument    string `json:"local_instrument"`
}
