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

// Each kind's words, and a kind the table does not know shown as a sentence of its code.
func TestKindWords(t *testing.T) {
	for _, tt := range []struct {
		words func(string) string
		code  string
		want  string
	}{
		{PartyWords, CreditorPrivate, "Private person"},
		{PartyWords, CreditorOrganization, "Organisation"},
		{PartyWords, "trust_fund", "Trust fund"},
		{AccountWords, "bank_account", "Bank account"},
		{AccountWords, "wallet", "Crypto wallet"},
		{AccountWords, "crypto_wallet", "Crypto wallet"},
		{AccountWords, "", ""},
		{SourceWords, SourceAPI, "API"},
		{SourceWords, SourceCSV, "CSV"},
		{SourceWords, SourceManual, "Manual"},
		{SourceWords, SourceISO20022, "ISO 20022"},
		{SourceWords, SourceUnknown, "Unknown"},
		{SourceWords, "sftp_drop", "Sftp drop"},
		{InitiatorWords, InitiatorUser, "A user of the organisation"},
		{InitiatorWords, "vela_support", "Vela support"},
	} {
		if got := tt.words(tt.code); got != tt.want {
			t.Errorf("words(%q) = %q, want %q", tt.code, got, tt.want)
		}
	}
}

func TestCollectionStatusName(t *testing.T) {
	want := []string{"Pending", "Received", "Processing", "Authorised", "Action required", "Completed", "Cancelled",
		"Processing refund", "Refunded", "Partially refunded", "Action required for refund", "Refund returned"}
	for i, st := range CollectionOrderStatuses() {
		if got := CollectionStatusName(st); got != want[i] {
			t.Errorf("CollectionStatusName(%q) = %q, want %q", st, got, want[i])
		}
	}
}
