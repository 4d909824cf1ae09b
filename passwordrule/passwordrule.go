// Package passwordrule is the portal's one rule for a new password (spec 000
// §5, 001 §5): the server's password forms and the reference provider, which
// checks again before it stores a hash, both ask it, so the store can never
// refuse what a form allowed. testdata/password-rules.json holds its cases;
// this package's test runs them, and the PasswordStrength island's checker
// (islands/lib/password.ts) runs the same file.
//
//   - minLength: at least MinLength characters, counted as Unicode code
//     points;
//   - mixedCase: at least one upper-case (Lu) and one lower-case (Ll)
//     letter;
//   - numberAndSymbol: at least one number (N) and one symbol, a symbol
//     being anything that is neither a letter nor a number (punctuation,
//     symbols, emoji, spaces: a passphrase with spaces qualifies).
//
// Valid means all three and at most MaxBytes of UTF-8, what the store
// hashes: anything from 8 characters to well past the 64 docs/security.md asks to accept.
package passwordrule

import (
	"unicode"
	"unicode/utf8"
)

const (
	// MinLength is the fewest characters (code points) a password has.
	MinLength = 8
	// MaxBytes is the most UTF-8 bytes a password has: what the store
	// hashes, and what the server's edge lets through.
	MaxBytes = 1024
)

// The strength meter's labels, by rules met.
const (
	Weak    = "Weak"
	Average = "Average"
	Strong  = "Strong"
)

// rulesCount is how many rules there are.
const rulesCount = 3

// Rules says which rules a password meets.
type Rules struct {
	MinLength       bool `json:"minLength"`
	MixedCase       bool `json:"mixedCase"`
	NumberAndSymbol bool `json:"numberAndSymbol"`
}

// Met counts the rules met.
func (r Rules) Met() int {
	n := 0
	for _, ok := range []bool{r.MinLength, r.MixedCase, r.NumberAndSymbol} {
		if ok {
			n++
		}
	}
	return n
}

// Check applies the three rules.
func Check(pw string) Rules {
	var upper, lower, number, symbol bool
	for _, r := range pw {
		switch {
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsLower(r):
			lower = true
		}
		switch {
		case unicode.IsNumber(r):
			number = true
		case !unicode.IsLetter(r):
			symbol = true
		}
	}
	return Rules{
		MinLength:       utf8.RuneCountInString(pw) >= MinLength,
		MixedCase:       upper && lower,
		NumberAndSymbol: number && symbol,
	}
}

// Valid reports whether pw meets every rule and is not too long to store.
func Valid(pw string) bool {
	return Check(pw).Met() == rulesCount && len(pw) <= MaxBytes
}

// Strength is the meter's label: "" for an empty password, else Weak (0 or
// 1 rule met), Average (2) or Strong (3).
func Strength(pw string) string {
	if pw == "" {
		return ""
	}
	switch Check(pw).Met() {
	case rulesCount:
		return Strong
	case rulesCount - 1:
		return Average
	}
	return Weak
}
