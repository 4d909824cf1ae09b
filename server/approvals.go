package server

import "strconv"

// ApprovalsNeeded is spec 001 §2's "Needs to be approved by N person/people" for n
// approvals still needed, "" when none are: batches and payout drafts say it alike.
func ApprovalsNeeded(n int) string {
	if n <= 0 {
		return ""
	}
	if n == 1 {
		return "Needs to be approved by 1 person"
	}
	return "Needs to be approved by " + strconv.Itoa(n) + " people"
}
