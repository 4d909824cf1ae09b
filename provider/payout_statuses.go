package provider

// PayoutStatus is one status a payout request is shown with: Code is at once the list's
// status, the filter value (pages' state, the API's state_category, a report's
// status_categories), the API's status field and the dashboard's count; Label is how people
// read it; States are the stored current states it stands for. Every stored state is in
// exactly one row, so filtering by each status in turn partitions the payouts, and a count
// equals its filter's total.
type PayoutStatus struct {
	Code   string
	Label  string
	States []string
}

// payoutStatuses is the one table every reader of a payout's status goes through: the
// payouts list and its filter, the store's query and counts, the API, the dashboard, the
// payout reports and the batch page. Spec 000 §4's seven categories in the dashboard's order
// (their states as spec 001 §4 groups them), then Cancelled, a list status of spec 001 §4
// that the v1 model folded into rejected: a finished cancellation is not a refusal, and
// a filter for Rejected must not return it. Pending approval (also a list status there) is
// last: its one state is no stored payout request's but the drafts in review and the rows of
// batches waiting for approval, which the store lists and counts alongside the payouts.
var payoutStatuses = []PayoutStatus{
	{PayoutReturned, "Returned", []string{StateReturned}},
	{PayoutRejected, "Rejected", []string{StateRejected}},
	{PayoutActionRequired, "Action required", []string{StateInsufficientFunds}},
	{PayoutReceived, "Received", []string{StateCreated, StateCapabilitySelected, StateValidatingExternal, StateValidated, StateUnableToValidateExternal}},
	{PayoutProcessing, "Processing", []string{StateAddedToPayoutPlanner, StateTSTMInitiated, StateHalted}},
	{PayoutPending, "Pending", []string{StateWaitingFutureExecution}},
	{PayoutCompleted, "Completed", []string{StateCompleted}},
	{StatusCancelled, "Cancelled", []string{StateCancelled}},
	{StatusPendingApproval, "Pending approval", []string{StatePendingApproval}},
}

// PayoutStatuses lists the statuses in the dashboard's order, Cancelled last.
func PayoutStatuses() []PayoutStatus {
	out := make([]PayoutStatus, len(payoutStatuses))
	for i, st := range payoutStatuses {
		st.States = append([]string(nil), st.States...)
		out[i] = st
	}
	return out
}

// PayoutStateCategories lists the statuses' codes and labels in PayoutStatuses' order.
func PayoutStateCategories() []StateCategory {
	out := make([]StateCategory, len(payoutStatuses))
	for i, st := range payoutStatuses {
		out[i] = StateCategory{st.Code, st.Label}
	}
	return out
}

// PayoutStates lists the current states of a status, in lifecycle order (nil for an
// unknown status).
func PayoutStates(status string) []string {
	for _, st := range payoutStatuses {
		if st.Code == status {
			return append([]string(nil), st.States...)
		}
	}
	return nil
}

// PayoutStateCategory is the status of a current state ("" for an unknown state).
func PayoutStateCategory(state string) string {
	for _, st := range payoutStatuses {
		for _, s := range st.States {
			if s == state {
				return st.Code
			}
		}
	}
	return ""
}

// PayoutStatusLabel is how a status is shown (the code itself when unknown).
func PayoutStatusLabel(status string) string {
	for _, st := range payoutStatuses {
		if st.Code == status {
			return st.Label
		}
	}
	return status
}

// PayoutStatusCodes lists the statuses' codes in PayoutStatuses' order: the values of the
// API's status and state_category, and of a report's categories.
func PayoutStatusCodes() []string {
	out := make([]string, len(payoutStatuses))
	for i, st := range payoutStatuses {
		out[i] = st.Code
	}
	return out
}
