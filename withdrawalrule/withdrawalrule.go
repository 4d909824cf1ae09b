// Package withdrawalrule holds the withdrawal form's field rules (spec 001 §5 "Withdrawal
// form"): the server's pages and API check them, the reference provider checks them again as
// the authority, and the island mirrors them (islands/lib/withdrawal.ts). The cases live once,
// in testdata/withdrawal-form.json, which both go test and vitest run.
package withdrawalrule

import (
	"errors"
	"strings"

	"portal/money"
)

// Messages beside the fields. The first five are the spec's; the others are the words it
// leaves to us.
const (
	MsgAccount         = "Please select account"
	MsgWithdrawal      = "Please select a withdrawal account"
	MsgAmountLeading   = "Amount must be without leading zero"
	MsgAmountNumber    = "Amount must be a number"
	MsgEndToEnd        = "Please enter End-to-end ID"
	MsgAmountRequired  = "Please enter amount"
	MsgAmountPositive  = "Amount must be greater than zero"
	MsgEndToEndChars   = "End-to-end ID may contain only letters, numbers, - or _"
	MsgEndToEndTooLong = "End-to-end ID must be at most 35 characters"
)

// MaxEndToEndID is the longest end-to-end id (ISO 20022 EndToEndId).
const MaxEndToEndID = 35

// Amount reads a typed amount with at most dec decimals (the debit currency's). Digits with
// an optional point and decimals, commas grouping the whole part by three as the amount input
// writes them; a whole part that starts with 0 and goes on ("01", "00.5") has a leading zero,
// while "0.50" does not. msg is "" when the amount is good.
func Amount(typed string, dec int) (a money.Amount, msg string) {
	s := strings.TrimSpace(typed)
	if s == "" {
		return a, MsgAmountRequired
	}
	whole, _, _ := strings.Cut(s, ".")
	if w := strings.ReplaceAll(whole, ",", ""); len(w) > 1 && w[0] == '0' && digitsOnly(w) {
		return a, MsgAmountLeading
	}
	a, err := money.ParseInput(s, dec)
	var ie *money.InputError
	if errors.As(err, &ie) {
		switch ie.Msg {
		case money.MsgAmountFormat:
			return a, MsgAmountNumber
		case money.MsgAmountPositive:
			return a, MsgAmountPositive
		}
		return a, ie.Msg // the decimals and the ceiling say it best themselves
	}
	return a, ""
}

func digitsOnly(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// EndToEndID checks an end-to-end id as typed (spec 001 §5: required; letters, numbers, - or
// _); "" when it is good. Surrounding spaces are not part of it.
func EndToEndID(typed string) string {
	s := strings.TrimSpace(typed)
	switch {
	case s == "":
		return MsgEndToEnd
	case len(s) > MaxEndToEndID:
		return MsgEndToEndTooLong
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return MsgEndToEndChars
		}
	}
	return ""
}

// Form field names, as the page's form and the island's state name them.
const (
	FieldAccount    = "account"
	FieldWithdrawal = "withdrawal_account"
	FieldAmount     = "amount"
	FieldEndToEnd   = "end_to_end_id"
)

// Form checks the four fields that need no lookup (what is chosen, not whether it may be
// chosen): the errors by field, empty when all are good.
func Form(account, withdrawal, amount, e2e string, dec int) map[string]string {
	errs := map[string]string{}
	if strings.TrimSpace(account) == "" {
		errs[FieldAccount] = MsgAccount
	}
	if strings.TrimSpace(withdrawal) == "" {
		errs[FieldWithdrawal] = MsgWithdrawal
	}
	if _, m := Amount(amount, dec); m != "" {
		errs[FieldAmount] = m
	}
	if m := EndToEndID(e2e); m != "" {
		errs[FieldEndToEnd] = m
	}
	return errs
}
