// Package money holds exact decimal amounts. An Amount is an integer count of minor units
// (math/big, so ETH's 18 decimals never overflow) together with the number of decimals of its
// currency. Amounts travel as strings: Parse reads the one accepted form and String writes it
// with exactly the currency's decimals. There is no float anywhere.
package money

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"portal/currency"
)

// Amount is immutable: every operation returns a new value. The zero value is 0 with 0 decimals.
type Amount struct {
	minor *big.Int
	dec   int
}

// ErrSyntax is returned (wrapped) for a string that is not a plain decimal number.
var ErrSyntax = errors.New("money: not a decimal amount")

// ErrPrecision is returned (wrapped) for more fractional digits than the currency has.
var ErrPrecision = errors.New("money: too many decimals")

// Zero is 0 with dec decimals.
func Zero(dec int) Amount { return Amount{minor: new(big.Int), dec: dec} }

// FromMinor builds an Amount from minor units.
func FromMinor(minor int64, dec int) Amount { return Amount{minor: big.NewInt(minor), dec: dec} }

// Parse reads s as an amount with at most dec decimals. Accepted: an optional '-', at least
// one digit, optionally '.' and 1..dec digits. Rejected: '+', spaces, exponents, thousands
// separators, a bare '.', "1." and ".5".
func Parse(s string, dec int) (Amount, error) {
	if dec < 0 || dec > 36 {
		return Amount{}, fmt.Errorf("money: bad decimals %d", dec)
	}
	body := s
	neg := strings.HasPrefix(body, "-")
	if neg {
		body = body[1:]
	}
	intPart, frac, hasDot := strings.Cut(body, ".")
	if intPart == "" || (hasDot && frac == "") || !digits(intPart) || !digits(frac) {
		return Amount{}, fmt.Errorf("%w: %q", ErrSyntax, s)
	}
	if len(frac) > dec {
		return Amount{}, fmt.Errorf("%w: %q has %d, the currency %d", ErrPrecision, s, len(frac), dec)
	}
	v, ok := new(big.Int).SetString(intPart+frac+strings.Repeat("0", dec-len(frac)), 10)
	if !ok {
		return Amount{}, fmt.Errorf("%w: %q", ErrSyntax, s)
	}
	if neg {
		v.Neg(v)
	}
	return Amount{minor: v, dec: dec}, nil
}

// ParseCurrency parses s with the decimals of the currency code.
func ParseCurrency(s, code string) (Amount, error) { return Parse(s, currency.Decimals(code)) }

// MustParse is Parse for constants in code and tests; it panics on error.
func MustParse(s string, dec int) Amount {
	a, err := Parse(s, dec)
	if err != nil {
		panic(err)
	}
	return a
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func (a Amount) int() *big.Int {
	if a.minor == nil {
		return new(big.Int)
	}
	return a.minor
}

// Decimals is the number of decimals the amount carries.
func (a Amount) Decimals() int { return a.dec }

// Minor returns a copy of the amount in minor units.
func (a Amount) Minor() *big.Int { return new(big.Int).Set(a.int()) }

// String formats with exactly Decimals() fractional digits, '-' for negatives, no grouping.
func (a Amount) String() string {
	v := a.int()
	neg := v.Sign() < 0
	s := new(big.Int).Abs(v).String()
	if a.dec > 0 {
		if len(s) <= a.dec {
			s = strings.Repeat("0", a.dec-len(s)+1) + s
		}
		s = s[:len(s)-a.dec] + "." + s[len(s)-a.dec:]
	}
	if neg {
		return "-" + s
	}
	return s
}

func (a Amount) same(b Amount) {
	if a.dec != b.dec {
		panic(fmt.Sprintf("money: mixing %d and %d decimals", a.dec, b.dec))
	}
}

// Add returns a+b. Both must have the same decimals (it panics otherwise: mixing currencies
// is a programming error, never user input).
func (a Amount) Add(b Amount) Amount {
	a.same(b)
	return Amount{minor: new(big.Int).Add(a.int(), b.int()), dec: a.dec}
}

// Sub returns a-b (same decimals).
func (a Amount) Sub(b Amount) Amount {
	a.same(b)
	return Amount{minor: new(big.Int).Sub(a.int(), b.int()), dec: a.dec}
}

// Neg returns -a.
func (a Amount) Neg() Amount { return Amount{minor: new(big.Int).Neg(a.int()), dec: a.dec} }

// Cmp compares a and b (same decimals): -1, 0 or +1.
func (a Amount) Cmp(b Amount) int { a.same(b); return a.int().Cmp(b.int()) }

// Sign is -1, 0 or +1.
func (a Amount) Sign() int { return a.int().Sign() }

// IsZero reports a == 0.
func (a Amount) IsZero() bool { return a.int().Sign() == 0 }

// Convert multiplies a by rate and returns the result with dec decimals, rounded toward zero
// (the customer is never credited a fraction the house does not have).
func (a Amount) Convert(rate Rate, dec int) Amount {
	// a.minor / 10^a.dec * rate * 10^dec, truncated.
	r := new(big.Rat).SetInt(a.int())
	r.Mul(r, rate.r)
	r.Mul(r, new(big.Rat).SetFrac(pow10(dec), pow10(a.dec)))
	q := new(big.Int).Quo(r.Num(), r.Denom())
	return Amount{minor: q, dec: dec}
}

func pow10(n int) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// RateDecimals is the precision of quoted exchange rates.
const RateDecimals = 10

// Rate is an exact positive exchange rate (units of the buy currency per unit of the pay
// currency), always quoted with RateDecimals decimals.
type Rate struct{ r *big.Rat }

// ParseRate reads a quoted rate: a positive decimal with at most RateDecimals decimals.
func ParseRate(s string) (Rate, error) {
	a, err := Parse(s, RateDecimals)
	if err != nil {
		return Rate{}, err
	}
	if a.Sign() <= 0 {
		return Rate{}, fmt.Errorf("%w: rate %q must be positive", ErrSyntax, s)
	}
	return Rate{r: new(big.Rat).SetFrac(a.int(), pow10(RateDecimals))}, nil
}

// RateFromRat rounds r down to RateDecimals decimals.
func RateFromRat(r *big.Rat) Rate {
	scaled := new(big.Rat).Mul(r, new(big.Rat).SetInt(pow10(RateDecimals)))
	q := new(big.Int).Quo(scaled.Num(), scaled.Denom())
	return Rate{r: new(big.Rat).SetFrac(q, pow10(RateDecimals))}
}

// Rat returns a copy of the exact rate.
func (r Rate) Rat() *big.Rat { return new(big.Rat).Set(r.rat()) }

func (r Rate) rat() *big.Rat {
	if r.r == nil {
		return new(big.Rat)
	}
	return r.r
}

// Reciprocal is 1/r rounded down to RateDecimals decimals.
func (r Rate) Reciprocal() Rate {
	if r.rat().Sign() == 0 {
		return Rate{r: new(big.Rat)}
	}
	return RateFromRat(new(big.Rat).Inv(r.rat()))
}

// String formats with exactly RateDecimals decimals.
func (r Rate) String() string {
	scaled := new(big.Rat).Mul(r.rat(), new(big.Rat).SetInt(pow10(RateDecimals)))
	q := new(big.Int).Quo(scaled.Num(), scaled.Denom())
	return Amount{minor: q, dec: RateDecimals}.String()
}

// Shown rates: one rule for every page and island (islands/lib/fx.ts formatRate runs the
// same vectors, testdata/rate/vectors.json), so a pair reads the same on the dashboard,
// in the transfer hint and in a withdrawal's review.
const (
	rateShownDecimals    = 4
	rateShownSignificant = 5
)

// FormatRate shows a quoted rate: at least rateShownDecimals decimals and
// rateShownSignificant significant digits (a rate below 1 keeps its leading zeros), at
// most RateDecimals, rounded half away from zero, the whole part grouped. "" when s is not
// a positive decimal.
func FormatRate(s string) string {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok || r.Sign() <= 0 || strings.ContainsAny(s, "eE/") {
		return ""
	}
	dec := rateShownDecimals
	if r.Cmp(big.NewRat(1, 1)) < 0 {
		// The first significant digit's place after the point, then four more.
		lead := 0
		for x := new(big.Rat).Set(r); x.Cmp(big.NewRat(1, 10)) < 0 && lead < RateDecimals; lead++ {
			x.Mul(x, big.NewRat(10, 1))
		}
		dec = max(dec, lead+rateShownSignificant)
	}
	return Group(r.FloatString(min(dec, RateDecimals)))
}
