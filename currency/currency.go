// Package currency holds per-currency facts of the spec: the country whose
// flag stands for a currency, and how many decimals its amounts have.
package currency

import (
	"slices"
	"strings"
)

// Unknown is the flag code for multi-country or unknown currencies (spec 000 §3).
const Unknown = "XX"

var countries = map[string]string{
	"EUR": Unknown, // many countries: no single flag
	"GBP": "GB", "USD": "US", "DKK": "DK", "SEK": "SE", "NOK": "NO", "CHF": "CH", "PLN": "PL",
	"CZK": "CZ", "HUF": "HU", "RON": "RO", "BGN": "BG", "JPY": "JP", "CNY": "CN", "INR": "IN",
	"AUD": "AU", "CAD": "CA", "NZD": "NZ", "SGD": "SG", "HKD": "HK", "MXN": "MX", "BRL": "BR",
	"ZAR": "ZA", "TRY": "TR", "AED": "AE", "NGN": "NG", "KES": "KE", "PHP": "PH", "IDR": "ID",
	"THB": "TH", "VND": "VN", "MYR": "MY", "ILS": "IL", "COP": "CO", "PEN": "PE", "CLP": "CL",
	"XOF": Unknown, "XAF": Unknown,
}

// Country returns the ISO country code whose flag shows for a currency.
func Country(code string) string {
	if c, ok := countries[strings.ToUpper(code)]; ok {
		return c
	}
	return Unknown
}

var decimals = map[string]int{"BTC": 8, "ETH": 18, "USDT": 6, "USDC": 6}

// Crypto reports whether a code is one of the spec's crypto assets (000 §9).
func Crypto(code string) bool {
	_, ok := decimals[strings.ToUpper(code)]
	return ok
}

// Decimals is the number of decimal places of a currency: crypto assets as
// the spec lists, fiat and unknown 2.
func Decimals(code string) int {
	if d, ok := decimals[strings.ToUpper(code)]; ok {
		return d
	}
	return 2
}

// FlagCountries are the distinct countries whose flags stand for currencies, sorted, without
// Unknown: the flags a build must be able to draw for currencies.
func FlagCountries() []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range countries {
		if c != Unknown && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}
