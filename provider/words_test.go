package provider

import (
	"strings"
	"testing"
)

// Every payout state has words of its own, with no code left in them.
func TestStateWordsCoverEveryState(t *testing.T) {
	for _, cat := range []string{PayoutReceived, PayoutPending, PayoutActionRequired, PayoutProcessing, PayoutCompleted,
		PayoutRejected, PayoutReturned, StatusCancelled} {
		for _, st := range PayoutStates(cat) {
			w, ok := stateWords[st]
			if !ok || w == "" || strings.ContainsAny(w, "_") || strings.EqualFold(w, Sentence(st)) && st != StateCreated &&
				st != StateCompleted && st != StateRejected && st != StateReturned && st != StateCancelled {
				t.Errorf("state %s: %q", st, w)
			}
		}
	}
	for code, want := range map[string]string{"": "", "tstm_initiated": "Sent to the bank", "new_state": "New state"} {
		if got := StateWords(code); got != want {
			t.Errorf("StateWords(%q) = %q, want %q", code, got, want)
		}
	}
	if PartyWords(CreditorOrganization) != "Organisation" || PartyWords(CreditorPrivate) != "Private person" {
		t.Error("party kinds")
	}
}
