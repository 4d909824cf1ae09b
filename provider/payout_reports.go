package provider

import (
	"context"
	"slices"
	"time"
)

// Payout reports (spec 000 §3 "Payout report", §7 "Payout reports"; spec 001 §4 "CSV export
// dialog", §5 "CSV export", §7 "Export"): a CSV of an account's payout requests, selected by
// the payouts page's filters, written in the background by the export machinery that writes
// statements, and e-mailed about when ready.

// MaxPayoutReportDays is the longest period a payout report may cover, both ends included
// (spec 001 §9 "Export date range max 90 days").
const MaxPayoutReportDays = 90

// Texts of the spec's error catalogue (000 §8, 001 §5 and §8).
const (
	MsgPayoutReportNotFound = "Could not find Payout Report with that uuid"
	MsgPayoutReportsFetch   = "Error while fetching the payout request reports"
	MsgPayoutReportEmpty    = "No requests found for the selected filters. Please adjust your filters and try again."
	MsgPayoutReportFailed   = "Something went wrong"
	MsgPayoutReportDays     = "Please choose less than 90 days"
	MsgPayoutReportAccount  = "Please choose account"
)

// PayoutReportEmptyCode is the error code the spec's export dialog reads as "no requests
// found" (001 §8 "error code 1001").
const PayoutReportEmptyCode = "1001"

// ErrNoPayoutsFound is CreatePayoutReport's answer when the filters select no payout request.
var ErrNoPayoutsFound = &Error{Code: EINVALID, Message: MsgPayoutReportEmpty}

// PayoutReportRequest is the export of spec 001 §7: an owned account, the creation period
// [CreatedAfter, CreatedBefore) of at most MaxPayoutReportDays, ending no later than the end
// of today, and the optional filters: statuses (PayoutStatusCodes; none
// means all), currency and an amount range (inclusive, ≥ 0).
// RequestedBy is the user whose e-mail gets the notice.
type PayoutReportRequest struct {
	AccountNumber   string
	CreatedAfter    time.Time
	CreatedBefore   time.Time
	StateCategories []string
	CurrencyCode    string
	AmountFrom      string
	AmountTo        string
	RequestedBy     string
}

// PayoutReport is spec 000 §3's payout report (uuid, created_after, created_before,
// created_at, virtual_account_number, state_categories) with the rest of its filters and its
// progress.
type PayoutReport struct {
	_               struct{}  `description:"An exported payout report (spec: uuid, created_after, created_before, created_at, virtual_account_number, state_categories), its other filters and its progress."`
	UUID            string    `json:"uuid" description:"Payout report id." format:"uuid"`
	CreatedAfter    time.Time `json:"created_after" description:"Payouts created from this moment, inclusive (UTC)."`
	CreatedBefore   time.Time `json:"created_before" description:"Payouts created before this moment, exclusive (UTC)."`
	CreatedAt       time.Time `json:"created_at" description:"When the report was requested (UTC)."`
	AccountNumber   string    `json:"virtual_account_number" description:"The account whose payouts it holds."`
	StateCategories []string  `json:"state_categories" description:"The status categories it holds; empty: all." enum:"@payout_report_categories"`
	CurrencyCode    string    `json:"currency_code" description:"Only payouts in this currency; empty: any."`
	AmountFrom      string    `json:"amount_from" description:"Lowest amount, inclusive; empty: none."`
	AmountTo        string    `json:"amount_to" description:"Highest amount, inclusive; empty: none."`
	State           string    `json:"state" description:"queued and generating: not ready yet; ready: downloadable; failed: request it again." enum:"@export_states"`
	RowCount        int       `json:"row_count" description:"Payout requests in the file (once ready)."`
	ReadyAt         time.Time `json:"ready_at,omitzero" description:"When it became ready."`
}

// PayoutReportCategories are the status category values a report (and the export dialog)
// accepts: the payout statuses but Pending approval, whose items are no payout requests and
// so are in no report.
func PayoutReportCategories() []string {
	return slices.DeleteFunc(PayoutStatusCodes(), func(c string) bool { return c == StatusPendingApproval })
}

// PayoutReportFilter selects and pages payout reports, newest first.
type PayoutReportFilter = ExportFilter

// Page sizes of PayoutReports.
const (
	DefaultPayoutReportLimit = 20
	MaxPayoutReportLimit     = 100
)

// PayoutReportPage is one page of PayoutReports.
type PayoutReportPage struct {
	Reports    []PayoutReport
	CursorNext string
	CursorPrev string
	HasNext    bool
	Total      int
}

// PayoutReports is the provider's payout report exports, generated in the background by the
// machinery of Statements: CreatePayoutReport queues the request, the provider e-mails the
// requesting user when the file is ready. Like Statements, calls are scoped to orgID and
// another organisation's report is ENOTFOUND, like an unknown one; the caller checks the
// user's right to act for orgID first.
type PayoutReports interface {
	// CreatePayoutReport queues a report. EINVALID (a *FieldError on
	// "virtual_account_number", "created_after", "created_before", "status_categories",
	// "currency_code", "amount_from" or "amount_to") for a bad request, ENOTFOUND (a
	// *FieldError on "virtual_account_number") for an account the organisation does not own,
	// ErrNoPayoutsFound when the filters select nothing.
	CreatePayoutReport(ctx context.Context, orgID string, req PayoutReportRequest) (PayoutReport, error)
	// PayoutReports lists the organisation's reports, newest first.
	PayoutReports(ctx context.Context, orgID string, f PayoutReportFilter) (PayoutReportPage, error)
	// PayoutReport is one report with its current state (ENOTFOUND:
	// MsgPayoutReportNotFound).
	PayoutReport(ctx context.Context, orgID, id string) (PayoutReport, error)
	// OpenPayoutReport opens a ready report's CSV; ECONFLICT while it is not ready.
	OpenPayoutReport(ctx context.Context, orgID, id string) (*ExportFile, error)
}
