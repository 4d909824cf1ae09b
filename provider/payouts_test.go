package provider

import (
	"slices"
	"testing"
)

// The sandbox test cases of spec 001 §4 by current state: a completed payout may be
// returned; a processing one completed, returned or (unless it already is) halted.
func TestPayoutTestCasesFor(t *testing.T) {
	want := map[string][]string{
		StateAddedToPayoutPlanner: {TestCaseHold, TestCaseSuccess, TestCaseReturned},
		StateTSTMInitiated:        {TestCaseHold, TestCaseSuccess, TestCaseReturned},
		StateHalted:               {TestCaseSuccess, TestCaseReturned},
		StateCompleted:            {TestCaseReturned},
	}
	for _, cat := range append(PayoutStateCategories(), StateCategory{Code: StatusCancelled}) {
		for _, state := range PayoutStates(cat.Code) {
			var got []string
			for _, tc := range PayoutTestCasesFor(state) {
				got = append(got, tc.Code)
			}
			if !slices.Equal(got, want[state]) {
				t.Errorf("%s: %v, want %v", state, got, want[state])
			}
		}
	}
}
