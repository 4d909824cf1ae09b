package provider

import "strings"

// Human words for the codes of the payout model: no state name, party kind or initiator
// code reaches a person as it is stored. Every page, the payment document and the exports'
// readable columns use these.

var stateWords = map[string]string{
	StateCreated:                  "Created",
	StateCapabilitySelected:       "Payment route chosen",
	StateValidatingExternal:       "Being checked by the bank",
	StateValidated:                "Checked",
	StateUnableToValidateExternal: "Could not be checked by the bank",
	StateWaitingFutureExecution:   "Waiting for the execution date",
	StateInsufficientFunds:        "Waiting for funds",
	StateAddedToPayoutPlanner:     "Scheduled for payment",
	StateTSTMInitiated:            "Sent to the bank",
	StateHalted:                   "On hold",
	StateCompleted:                "Completed",
	StateRejected:                 "Rejected",
	StateReturned:                 "Returned",
	StateCancelled:                "Cancelled",
}

var partyWords = map[string]string{
	CreditorPrivate:      "Private person",
	CreditorOrganization: "Organisation",
}

var accountWords = map[string]string{
	"bank_account":  "Bank account",
	"wallet":        "Crypto wallet",
	"crypto_wallet": "Crypto wallet",
}

var sourceWords = map[string]string{
	SourceAPI:      "API",
	SourceCSV:      "CSV",
	SourceManual:   "Manual",
	SourceISO20022: "ISO 20022",
	SourceUnknown:  "Unknown",
}

var initiatorWords = map[string]string{
	InitiatorUser: "A user of the organisation",
}

// StateWords names a payout state for people.
func StateWords(state string) string { return wordsFor(stateWords, state) }

// PartyWords names a sender's or receiver's kind.
func PartyWords(kind string) string { return wordsFor(partyWords, kind) }

// AccountWords names a receiving account's kind.
func AccountWords(kind string) string { return wordsFor(accountWords, kind) }

// SourceWords names where a payout came from.
func SourceWords(source string) string { return wordsFor(sourceWords, source) }

// InitiatorWords names who started a cancellation.
func InitiatorWords(kind string) string { return wordsFor(initiatorWords, kind) }

// wordsFor is code's words in table. A code the table does not know is shown as a sentence
// of its words ("some_state" → "Some state") rather than as a code.
func wordsFor(table map[string]string, code string) string {
	if w, ok := table[code]; ok {
		return w
	}
	return Sentence(code)
}

// Sentence turns a code into words: underscores become spaces, the first letter capital.
func Sentence(code string) string {
	s := strings.ReplaceAll(strings.TrimSpace(code), "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
