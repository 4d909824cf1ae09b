package provider

import (
	"context"
	"time"
)

// Statement kinds (spec 000 §9 "Export kinds").
const (
	KindTransactions = "transactions"
	KindCharges      = "charges"
)

// ChargeEntryTypes are the entry types a "charges" statement holds: the fee types among the
// allowed entry types. A "transactions" statement holds every allowed type.
func ChargeEntryTypes() []string {
	return []string{EntryCollectionFee, EntryCollectionRefundFee, EntryPayoutFee, EntryIncidentChargesFee,
		EntryMonthlyFee, EntryMinimumProcessingFee}
}

// StatementEntryTypes are the entry types a statement of kind holds; nil for an unknown kind.
func StatementEntryTypes(kind string) []string {
	switch kind {
	case KindTransactions:
		return EntryTypes()
	case KindCharges:
		return ChargeEntryTypes()
	}
	return nil
}

// Statement states: the states every export goes through (ExportQueued…).
const (
	StatementQueued     = ExportQueued
	StatementGenerating = ExportGenerating
	StatementReady      = ExportReady
	StatementFailed     = ExportFailed
)

// Statement formats: the one a statement is requested in (its download's default) and the
// ones OpenStatement writes.
const (
	FormatCSV     = "csv"
	FormatCAMT053 = "camt053"
	FormatMT940   = "mt940"
)

// StatementFormats are the formats of a statement, CSV first (the default).
func StatementFormats() []string { return []string{FormatCSV, FormatCAMT053, FormatMT940} }

// StatementFormatLabel is a format's name as people read it: CSV, camt.053, MT940.
func StatementFormatLabel(format string) string {
	switch format {
	case FormatCAMT053:
		return "camt.053"
	case FormatMT940:
		return "MT940"
	}
	return "CSV"
}

// Texts of the spec's error catalogue (000 §8).
const (
	MsgStatementCreate   = "Unable to create statement"
	MsgStatementFetch    = "Could not fetch exported statement"
	MsgStatementDownload = "Error while downloading the file"
)

// StatementRequest is spec 000 §3's statement request. CreatedAfter is inclusive,
// CreatedBefore exclusive. RequestedBy is the user whose e-mail gets the notice.
type StatementRequest struct {
	AccountNumber string    `json:"virtual_account_number"`
	CreatedAfter  time.Time `json:"created_after"`
	CreatedBefore time.Time `json:"created_before"`
	Kind          string    `json:"kind"`
	// Format is the file format asked for (StatementFormats; empty is CSV).
	Format      string `json:"format"`
	RequestedBy string `json:"-"`
}

// Statement is spec 000 §3's exported statement plus its progress. From is inclusive, To
// exclusive. CSVFileID is empty until the statement is ready. OpeningBalance and
// ClosingBalance are the account's balances at From and at the end of the statement's last
// entry (for kind charges too); EntryCount is how many entries it holds.
type Statement struct {
	_              struct{}  `description:"An exported statement (spec: id, from, to, created_at, virtual_account_number, kind, csv_file_id) and its progress."`
	ID             string    `json:"id" description:"Statement id." format:"uuid"`
	From           time.Time `json:"from" description:"Start of the period, inclusive (UTC)."`
	To             time.Time `json:"to" description:"End of the period, exclusive (UTC)."`
	CreatedAt      time.Time `json:"created_at" description:"When it was requested (UTC)."`
	AccountNumber  string    `json:"virtual_account_number" description:"The account."`
	Currency       string    `json:"currency" description:"The account's currency."`
	Kind           string    `json:"kind" description:"transactions: every entry type; charges: the fee types only." enum:"@statement_kinds"`
	Format         string    `json:"format" description:"The format it was requested in, which its download gives unless another is asked for." enum:"@statement_formats"`
	CSVFileID      string    `json:"csv_file_id" description:"The stored CSV file; empty until ready."`
	State          string    `json:"state" description:"queued and generating: not ready yet; ready: downloadable." enum:"@statement_states"`
	EntryCount     int       `json:"entry_count" description:"Entries in the statement (once ready)."`
	OpeningBalance string    `json:"opening_balance" description:"Balance at the start of the period, exact decimal (once ready)."`
	ClosingBalance string    `json:"closing_balance" description:"Balance at the end of the period, exact decimal (once ready)."`
	ReadyAt        time.Time `json:"ready_at,omitzero" description:"When it became ready."`
}

// ExportFilter selects and pages exports (statements, payout reports), newest first.
// DateFrom and DateTo filter by creation day (both inclusive, UTC days); Cursor and
// Direction page like MovementFilter.
type ExportFilter struct {
	AccountNumber string
	DateFrom      time.Time
	DateTo        time.Time
	Cursor        string
	Direction     string
	Limit         int
}

// StatementFilter selects and pages statements.
type StatementFilter = ExportFilter

// Page sizes of Statements.
const (
	DefaultStatementLimit = 20
	MaxStatementLimit     = 100
)

// StatementPage is one page of Statements, paged like MovementPage.
type StatementPage struct {
	Statements []Statement `json:"statements"`
	CursorNext string      `json:"cursor_next"`
	CursorPrev string      `json:"cursor_prev"`
	HasNext    bool        `json:"has_next_page"`
	Total      int         `json:"total"`
}

// StatementFile is an open statement file: an export file like any other.
type StatementFile = ExportFile

// Statements is the provider's statement exports. Statements are generated in the
// background: CreateStatement queues the request, and the provider e-mails the requesting
// user when the file is ready. Only accounts the organisation owns can be exported; reads of
// another organisation's statement are ENOTFOUND, like an unknown one. The caller establishes
// the user's right to act for orgID first.
type Statements interface {
	// CreateStatement queues a statement. EINVALID (a *FieldError on "kind", "format",
	// "created_after", "created_before" or "virtual_account_number") for a bad request, a
	// format the account's currency cannot be written in among them; ENOTFOUND for an
	// account the organisation does not own.
	CreateStatement(ctx context.Context, orgID string, req StatementRequest) (Statement, error)
	// Statements lists the organisation's statements, newest first.
	Statements(ctx context.Context, orgID string, f StatementFilter) (StatementPage, error)
	// Statement is one statement with its current state.
	Statement(ctx context.Context, orgID, id string) (Statement, error)
	// OpenStatement opens a ready statement's file in format (one of StatementFormats; empty
	// is the format it was requested in). ECONFLICT while it is not ready; EINVALID for an
	// unknown format or a camt.053 or MT940 of an account whose currency it cannot carry.
	OpenStatement(ctx context.Context, orgID, id, format string) (*StatementFile, error)
}
