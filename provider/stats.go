package provider

import (
	"context"
	"time"
)

// Stats is the provider's statistics for the dashboard (spec 000 §2 "Dashboard", §7
// "Statistics"): payout requests by state category and by reason code, collection orders by
// status, each over the half-open interval [after, before) of creation times. A zero after
// or before leaves that side open. The caller establishes the user's right to read orgID
// (Membership and the permission) first; an unknown organisation is ENOTFOUND.
type Stats interface {
	// PayoutStateCategoryCounts counts payout requests per state category, one entry per
	// category in PayoutStateCategories' order (zero counts included).
	PayoutStateCategoryCounts(ctx context.Context, orgID string, after, before time.Time) (StateCategoryCounts, error)
	// PayoutReasonCodeReport counts, per state category (same order), the payout requests
	// carrying each reason code.
	PayoutReasonCodeReport(ctx context.Context, orgID string, after, before time.Time) ([]ReasonCodeGroup, error)
	// CollectionOrderStatusCounts counts collection orders per status, in
	// CollectionOrderStatuses' order, statuses with no order left out.
	CollectionOrderStatusCounts(ctx context.Context, orgID string, after, before time.Time) (StatusCounts, error)
}

// Payout request state categories, in the dashboard's order (spec 000 §4); with
// StatusCancelled they are the rows of payoutStatuses.
const (
	PayoutReturned       = "returned"
	PayoutRejected       = "rejected"
	PayoutActionRequired = "action_required"
	PayoutReceived       = "received"
	PayoutProcessing     = "processing"
	PayoutPending        = "pending"
	PayoutCompleted      = "completed"
)

// StateCategory is a category code with its display name.
type StateCategory struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Payout reason codes (spec 001 §4); the id is the code.
const (
	ReasonInvalidCreditor        = "invalid_creditor"
	ReasonInvalidUltimateDebtor  = "invalid_ultimate_debtor"
	ReasonInvalidCreditorAccount = "invalid_creditor_account"
	ReasonInvalidGeneralData     = "invalid_general_data"
	ReasonMissingCapability      = "missing_capability"
	ReasonWaitingFutureExecution = "waiting_future_execution"
	ReasonInsufficientFunds      = "insufficient_funds"
	ReasonRequestedByCustomer    = "requested_by_customer"
	ReasonRequestedByMerchant    = "requested_by_merchant"
)

var reasonNames = map[string]string{
	ReasonInvalidCreditor: "Invalid creditor", ReasonInvalidUltimateDebtor: "Invalid ultimate debtor",
	ReasonInvalidCreditorAccount: "Invalid creditor account", ReasonInvalidGeneralData: "Invalid general data",
	ReasonMissingCapability: "Missing capability", ReasonWaitingFutureExecution: "Waiting future execution",
	ReasonInsufficientFunds: "Insufficient funds", ReasonRequestedByCustomer: "Requested by customer",
	ReasonRequestedByMerchant: "Requested by merchant",
}

// ReasonName is a reason code's display name (the code itself when unknown).
func ReasonName(code string) string {
	if n, ok := reasonNames[code]; ok {
		return n
	}
	return code
}

// Count is one counted thing with its share of the total. Percentage is rounded to two
// decimals; 0 when the total is 0.
type Count struct {
	Code       string  `json:"code"`
	Name       string  `json:"name"`
	Count      int     `json:"count"`
	Percentage float64 `json:"percentage"`
}

// StateCategoryCounts is the state category report: every category and the total.
type StateCategoryCounts struct {
	Categories []Count `json:"categories"`
	Total      int     `json:"total"`
}

// ReasonCodeGroup is one state category of the reason-code report: the category's own
// count and share of all payout requests, and its reason codes with their share of the
// category (most frequent first).
type ReasonCodeGroup struct {
	State Count   `json:"state"`
	Items []Count `json:"items"`
}

// Collection order statuses (spec 001 §4), in the order the dashboard lists them.
func CollectionOrderStatuses() []string {
	return []string{"pending", "received", "processing", "authorised", "action_required", "completed",
		"cancelled", "processing_refund", "refunded", "partially_refunded", "action_required_for_refund", "refund_returned"}
}

// StatusCounts is the collection order report.
type StatusCounts struct {
	Statuses []Count `json:"statuses"`
	Total    int     `json:"total"`
}

// Percent is n's share of total, rounded to two decimals (0 for an empty total).
func Percent(n, total int) float64 {
	if total == 0 {
		return 0
	}
	// Integer rounding of basis points keeps the result exact to two decimals.
	bp := (n*10000*2 + total) / (2 * total)
	return float64(bp) / 100
}

// CollectionStatusName is how a collection order status is shown: "action_required" as
// "Action required".
func CollectionStatusName(status string) string { return Sentence(status) }
