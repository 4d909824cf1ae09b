package provider

import (
	"context"
	"slices"
	"time"
)

// Batches is what the portal needs from the provider for payout batches (spec 001 §2
// "Batches", §3 Batch, Batch upload result, Batch draft payout, §4, §7 "Batches
// (disbursement)"): the CSV template of a product schema, uploading a CSV as a batch (every
// row checked, nothing stored when one fails), the list, one batch, its approval and
// decline, and the rows of a batch that is not approved yet.
//
// The products and schemas a batch follows are the manual payout catalogue
// (PayoutDrafts.ProductOptions and ProductSchemas): a batch CSV has one column per schema
// field (BatchColumn), in the schema's order, and each row is checked with the same field
// rules as the wizard's.
//
// Like Payouts, calls are scoped to orgID and do not know who is asking: the caller checks
// Membership and the permission (payout_batches:read, :manage, :review) first. A batch of
// another organisation is ENOTFOUND, the same as an unknown one. When a batch is completed
// its rows are payout requests (source csv, batch_id the batch's id), read through Payouts.
type Batches interface {
	// BatchTemplate is the CSV template of one of the product schemas the organisation is
	// offered; ENOTFOUND for one it is not.
	BatchTemplate(ctx context.Context, orgID, schemaID string) (BatchTemplate, error)
	// CreateBatch reads an uploaded CSV (UTF-8, at most MaxBatchFileBytes, the header row of
	// one of the organisation's schemas) and checks every row. When anything is wrong it
	// stores nothing and answers a BatchUploadFailed (as a *BatchUploadError, code
	// EINVALID) whose report lists the rows with their errors. Otherwise it stores the
	// batch: waiting_review when the organisation's batches need approval, else completed,
	// with its rows created at once as payout requests. A file whose bytes equal an earlier
	// batch's is refused as a possible duplicate (ECONFLICT, *BatchUploadError) unless
	// up.AllowDuplicate.
	CreateBatch(ctx context.Context, orgID string, up BatchUpload) (BatchUploadResult, error)
	// Batches lists batches newest first, keyset paged, with the total.
	Batches(ctx context.Context, orgID string, f BatchFilter) (BatchPage, error)
	// Batch returns one batch with its approvals and rejections.
	Batch(ctx context.Context, orgID, batchID string) (Batch, error)
	// ApproveBatch records by's approval (spec 001 §5): the batch must be waiting_review with
	// no rejection, by must not be its creator nor have approved it already, and the
	// organisation's batches must need approval (ECONFLICT otherwise, with the reason). The
	// approval that reaches batch_number_of_approvers completes the batch and creates its
	// payout requests in the same transaction, once.
	ApproveBatch(ctx context.Context, orgID, batchID string, by BatchReviewer) (Batch, error)
	// RejectBatch records by's decline under the same conditions; the batch is rejected and
	// view-only for good.
	RejectBatch(ctx context.Context, orgID, batchID string, by BatchReviewer) (Batch, error)
	// BatchDrafts lists the rows of a batch in file order, keyset paged by Cursor (the last
	// row's id of the page before); Limit 0 means DefaultBatchDraftLimit.
	BatchDrafts(ctx context.Context, orgID, batchID string, f BatchDraftFilter) (BatchDraftPage, error)
	// BatchDraft is one row of a batch.
	BatchDraft(ctx context.Context, orgID, batchID, draftID string) (BatchDraftPayout, error)
}

// Batch statuses (spec 001 §4) and their labels.
const (
	BatchWaitingReview = "waiting_review"
	BatchCompleted     = "completed"
	BatchRejected      = "rejected"
)

// BatchStatuses are the statuses in the status filter's order (spec 001 §9) with their labels.
func BatchStatuses() []StateCategory {
	return []StateCategory{{BatchCompleted, "Approved"}, {BatchWaitingReview, "Pending approval"}, {BatchRejected, "Declined"}}
}

// BatchLabel is the label a batch is shown with: its status's, except that a completed batch
// nobody approved (its organisation needed no approval) is "Completed", not "Approved". The
// status filter keeps the spec's "Approved" for every completed batch.
func BatchLabel(b Batch) string {
	if b.Status == BatchCompleted && len(b.Approvals) == 0 {
		return "Completed"
	}
	return BatchStatusLabel(b.Status)
}

// BatchStatusLabel is the label of a batch status, the status itself when unknown.
func BatchStatusLabel(status string) string {
	for _, s := range BatchStatuses() {
		if s.Code == status {
			return s.Name
		}
	}
	return status
}

// Limits of spec 001 §9.
const (
	MaxBatchFileBytes      = 2_097_152
	BatchPageSize          = 50
	DefaultBatchDraftLimit = 50
	MaxBatchDraftLimit     = 500
)

// Texts of the spec's error catalogue for batches (001 §5, §8).
const (
	MsgBatchFileRequired   = "File required"
	MsgBatchFileNotPresent = "File is not present"
	MsgBatchFileTooLarge   = "The file is too large"
	MsgBatchFailed         = "Payout batch failed"
	MsgBatchFixReport      = "Please download the error report, correct the data and try again."
	MsgBatchFixData        = "Please upload the batch with correct data, and try again."
	MsgBatchApproved       = "Batch has been approved"
	MsgBatchApproveFailed  = "Error while approving the batch"
	MsgBatchDeclined       = "Batch has been declined"
	MsgBatchDeclineFailed  = "Error while declining the batch"
	MsgDownloadFailed      = "Error while downloading the file"
)

// NamedCode is an ISO code with its name (spec 001 §3 Batch country and currency).
type NamedCode struct {
	ISO  string `json:"iso" example:"DE"`
	Name string `json:"name" example:"Germany"`
}

// BatchTemplate is a product schema's CSV template: the header row (one column per field,
// BatchColumn, in the schema's order) and an example row that uploads as it is.
type BatchTemplate struct {
	Schema  ProductSchema
	Columns []string
	Example []string
}

// BatchColumn is the CSV column of a schema field: the payout_request step's fields by
// their own name (end_to_end_id, amount, …), the others as section.name
// (creditor_account.iban), so no two fields of a schema share a column.
func BatchColumn(f SchemaField) string {
	if f.Section == StepPayoutRequest {
		return f.Name
	}
	return f.Section + "." + f.Name
}

// BatchUpload is an uploaded CSV: its name (blank → the file name), the file name as the
// browser gave it (never used as a path) and its bytes. CreatedBy is the user id and
// CreatorName the name the list shows.
type BatchUpload struct {
	Name           string
	Filename       string
	Content        []byte
	CreatedBy      string
	CreatorName    string
	AllowDuplicate bool
}

// BatchUploadMeta is what the upload's summary shows (spec 001 §3 meta).
type BatchUploadMeta struct {
	LocalInstrument     string    `json:"local_instrument" example:"SEPA"`
	Currency            NamedCode `json:"currency"`
	Country             NamedCode `json:"country"`
	TotalPayoutRequests int       `json:"total_payout_requests"`
}

// BatchUploadResult is an accepted upload: data {batch_id, filename} and meta.
type BatchUploadResult struct {
	BatchID  string          `json:"batch_id"`
	Name     string          `json:"name"`
	Filename string          `json:"filename"`
	Status   string          `json:"status" enum:"waiting_review,completed"`
	Meta     BatchUploadMeta `json:"-"`
}

// BatchUploadError is a refused upload (spec 001 §3 "failed result"): Details are the lines
// the dialog lists (each ending with a full stop); Report, when rows were wrong, is the CSV
// error report (the uploaded rows plus an error column); Duplicate names the earlier batch
// when the same file was uploaded before.
type BatchUploadError struct {
	Code      string
	Filename  string
	Details   []string
	Report    []byte
	Meta      BatchUploadMeta
	Duplicate *Batch
}

func (e *BatchUploadError) Error() string { return "provider: batch upload refused: " + e.Code }

// Unwrap makes ErrorCode and ErrorMessage read the refusal.
func (e *BatchUploadError) Unwrap() error { return &Error{Code: e.Code, Message: MsgBatchFailed} }

// BatchReview is one approval or rejection (spec 001 §3).
type BatchReview struct {
	UserID    string    `json:"user_id"`
	UserName  string    `json:"user_name"`
	CreatedAt time.Time `json:"created_at"`
}

// BatchReviewer is who approves or declines.
type BatchReviewer struct {
	UserID string
	Name   string
}

// Batch is spec 001 §3's batch. TotalAmount is "" when it cannot be given (rows in more
// than one currency). ApprovalsNeeded is what the organisation requires (0: none).
type Batch struct {
	ID                       string        `json:"id"`
	Name                     string        `json:"name"`
	Status                   string        `json:"status" enum:"waiting_review,completed,rejected"`
	LocalInstrument          string        `json:"local_instrument" example:"SEPA"`
	CreatedAt                time.Time     `json:"created_at"`
	CreatorID                string        `json:"creator_id"`
	CreatorName              string        `json:"creator_name"`
	Country                  NamedCode     `json:"country"`
	Currency                 NamedCode     `json:"currency"`
	TotalPayoutRequestsCount int           `json:"total_payout_requests_count"`
	TotalAmount              string        `json:"total_amount" description:"Exact decimal; empty when unavailable."`
	Approvals                []BatchReview `json:"approvals"`
	Rejections               []BatchReview `json:"rejections"`
	Filename                 string        `json:"filename"`
	SchemaID                 string        `json:"schema_id"`
	BatchNumberOfApprovers   int           `json:"batch_number_of_approvers"`
}

// ApprovalsStillNeeded is batch_number_of_approvers minus the approvals so far (spec 001
// §4), never below 0.
func (b Batch) ApprovalsStillNeeded() int { return max(0, b.BatchNumberOfApprovers-len(b.Approvals)) }

// Reviewed says whether userID approved or declined the batch already.
func (b Batch) Reviewed(userID string) bool {
	by := func(r BatchReview) bool { return r.UserID == userID }
	return slices.ContainsFunc(b.Approvals, by) || slices.ContainsFunc(b.Rejections, by)
}

// Reviewable is spec 001 §5's availability of Approve and Decline, except the permission,
// which the caller holds: approval required, waiting_review, no rejection, not approved by
// userID, not its creator.
func (b Batch) Reviewable(userID string) bool {
	return b.BatchNumberOfApprovers > 0 && b.Status == BatchWaitingReview && len(b.Rejections) == 0 &&
		!b.Reviewed(userID) && b.CreatorID != userID
}

// BatchFilter selects and pages batches (spec 001 §7): Status one of the statuses or "";
// Kind a local instrument or ""; CreatedAfter inclusive, CreatedBefore exclusive; paged like
// MovementFilter, IncludeCursor as PayoutFilter's. Limit 0 means BatchPageSize.
type BatchFilter struct {
	Status        string
	Kind          string
	CreatedAfter  time.Time
	CreatedBefore time.Time
	Cursor        string
	Direction     string
	IncludeCursor bool
	Limit         int
}

// BatchPage is one page of Batches.
type BatchPage struct {
	Batches    []Batch `json:"data"`
	CursorNext string  `json:"cursor_next"`
	CursorPrev string  `json:"cursor_prev"`
	HasNext    bool    `json:"has_next_page"`
	Total      int     `json:"total"`
}

// BatchDraftFilter pages a batch's rows.
type BatchDraftFilter struct {
	Cursor string
	Limit  int
}

// BatchDraftPayout is one row of a batch (spec 001 §3 "Batch draft payout"). State is the
// batch's status while it is not completed.
type BatchDraftPayout struct {
	ID              string          `json:"id"`
	Line            int             `json:"line" description:"The row's line in the uploaded file (the header is line 1)."`
	CreatedAt       time.Time       `json:"created_at"`
	EndToEndID      string          `json:"end_to_end_id"`
	DebtorAccount   string          `json:"debtor_account"`
	Amount          string          `json:"amount"`
	CurrencyCode    string          `json:"currency_code"`
	State           string          `json:"state"`
	LocalInstrument string          `json:"local_instrument"`
	PurposeCode     string          `json:"purpose_code"`
	ExecutionDate   string          `json:"requested_execution_date"`
	Creditor        Party           `json:"creditor"`
	CreditorAccount CreditorAccount `json:"creditor_account"`
	UltimateDebtor  Party           `json:"ultimate_debtor"`
}

// BatchDraftPage is one page of a batch's rows.
type BatchDraftPage struct {
	Drafts     []BatchDraftPayout `json:"data"`
	CursorNext string             `json:"cursor_next"`
	HasNext    bool               `json:"has_next_page"`
	Total      int                `json:"total"`
}
