package money

import (
	"errors"
	"math/big"
	"strings"
)

// Amount input as people type it into the transfer form (spec 000 §5 "Amount input", "FX
// amount"): digits, an optional decimal point, and commas grouping the whole part by three.
// The island formats as the user types (islands/lib/amount.ts); the server reads the result
// here. Both follow testdata/amount/vectors.json.

// Messages of ParseInput's errors, shown beside the amount field.
const (
	MsgAmountRequired = "Enter an amount"
	MsgAmountFormat   = "Enter the amount in digits, for example 1,234.56"
	MsgAmountPositive = "Enter an amount above zero"
	MsgAmountTooBig   = "Amount too big" // spec 000 §5 "FX amount"
)

// InputError is ParseInput's error: Msg is for the user.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return "money: " + e.Msg }

// InputCeiling is the spec's FX amount ceiling, 1e13: amounts at or above it are refused.
var InputCeiling = new(big.Int).Exp(big.NewInt(10), big.NewInt(13), nil)

// ParseInput reads a typed amount with at most dec decimals. The whole part is either plain
// digits or grouped by three with commas ("1,234,567"); anything else (signs, spaces inside,
// misplaced commas, exponents) is refused, as are zero and amounts of 1e13 or more. Leading
// and trailing spaces are ignored.
func ParseInput(s string, dec int) (Amount, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Amount{}, &InputError{MsgAmountRequired}
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if !groupedDigits(whole) || (hasDot && (frac == "" || !digits(frac))) {
		return Amount{}, &InputError{MsgAmountFormat}
	}
	plain := strings.ReplaceAll(whole, ",", "")
	if hasDot {
		plain += "." + frac
	}
	a, err := Parse(plain, dec)
	if errors.Is(err, ErrPrecision) {
		return Amount{}, &InputError{decimalsMsg(dec)}
	}
	if err != nil {
		return Amount{}, &InputError{MsgAmountFormat}
	}
	if a.Sign() <= 0 {
		return Amount{}, &InputError{MsgAmountPositive}
	}
	if new(big.Int).Quo(a.int(), pow10(dec)).Cmp(InputCeiling) >= 0 {
		return Amount{}, &InputError{MsgAmountTooBig}
	}
	return a, nil
}

func decimalsMsg(dec int) string {
	switch dec {
	case 0:
		return "Enter a whole amount, without decimals"
	case 1:
		return "Enter the amount with at most 1 decimal"
	}
	return "Enter the amount with at most " + itoa(dec) + " decimals"
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// groupedDigits accepts "123", "1234" and "1,234" but not ",1", "1,23" or "12,34,567".
func groupedDigits(s string) bool {
	if s == "" {
		return false
	}
	if !strings.Contains(s, ",") {
		return digits(s)
	}
	parts := strings.Split(s, ",")
	if len(parts[0]) < 1 || len(parts[0]) > 3 || !digits(parts[0]) {
		return false
	}
	for _, p := range parts[1:] {
		if len(p) != 3 || !digits(p) {
			return false
		}
	}
	return true
}

// Group writes a plain decimal string ("-1234567.50") with its whole part grouped by three
// ("-1,234,567.50"), for display.
func Group(s string) string {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	var b strings.Builder
	for i := range len(whole) {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(whole[i])
	}
	out := b.String()
	if hasDot {
		out += "." + frac
	}
	if neg {
		out = "-" + out
	}
	return out
}
