package provider

import (
	"slices"
	"testing"
)

// The sections a draft saves are the flow's steps between select_product and summary.
func TestDraftSections(t *testing.T) {
	want := []string{StepPayoutRequest, StepDebtor, StepUltimateDebtor, StepCreditor, StepCreditorAccount,
		StepIntermediaryAgent, StepIntermediaryAgentAccount}
	if got := DraftSections(); !slices.Equal(got, want) {
		t.Errorf("DraftSections() = %v, want %v", got, want)
	}
}
