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

// StateWords names a payout state for people. A state this table does not know is shown
// as a sentence of its words ("some_state" → "Some state") rather than as a code.
func StateWords(state string) string {
	if w, ok := stateWords[state]; ok {
		return w
	}
	return Sentence(state)
}

// PartyWords names a sender's or receiver's kind.
func PartyWords(kind string) string {
	switch kind {
	case CreditorPrivate:
		return "Private person"
	case CreditorOrganization:
		return "Organisation"
	}
	return Sentence(kind)
}

// AccountWords names a receiving account's kind.
func AccountWords(kind string) string {
	switch kind {
	case "bank_account":
		return "Bank account"
	case "wallet", "crypto_wallet":
		return "Crypto wallet"
	}
	return Sentence(kind)
}

// SourceWords names where a payout came from.
func SourceWords(source string) string {
	switch source {
	case SourceAPI:
		return "API"
	case SourceCSV:
		return "CSV"
	case SourceManual:
		return "Manual"
	case SourceISO20022:
		return "ISO 20022"
	case SourceUnknown:
		return "Unknown"
	}
	return Sentence(source)
}

// InitiatorWords names who started a cancellation.
func InitiatorWords(kind string) string {
	if kind == InitiatorUser {
		return "A user of the organisation"
	}
	return Sentence(kind)
}

// Sentence turns a code into words: underscores become spaces, the first letter capital.
func Sentence(code string) string {
	s := strings.ReplaceAll(strings.TrimSpace(code), "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
