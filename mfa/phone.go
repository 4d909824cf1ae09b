package mfa

import (
	"strings"

	"portal/collation"
)

// DefaultCountry is the phone form's preselected country (spec: "phone default country dk").
const DefaultCountry = "dk"

// Phone number length after the calling code, in digits.
const (
	MinPhoneDigits = 6
	MaxPhoneDigits = 14
)

// Country is one country the phone form offers.
type Country struct {
	ISO         string // ISO 3166-1 alpha-2, lower case: what the form sends
	Name        string
	CallingCode string // without "+"
}

var countries = []Country{
	{"at", "Austria", "43"},
	{"be", "Belgium", "32"},
	{"ch", "Switzerland", "41"},
	{"de", "Germany", "49"},
	{"dk", "Denmark", "45"},
	{"es", "Spain", "34"},
	{"fi", "Finland", "358"},
	{"fr", "France", "33"},
	{"gb", "United Kingdom", "44"},
	{"ie", "Ireland", "353"},
	{"it", "Italy", "39"},
	{"nl", "Netherlands", "31"},
	{"no", "Norway", "47"},
	{"pl", "Poland", "48"},
	{"pt", "Portugal", "351"},
	{"se", "Sweden", "46"},
	{"us", "United States", "1"},
}

func init() {
	collation.SortFunc(countries, func(c Country) string { return c.Name })
}

// Countries lists the supported countries by name, for the country select.
func Countries() []Country {
	return append([]Country(nil), countries...)
}

// CallingCode returns the calling code (without "+") of an ISO alpha-2 country code, in
// any case.
func CallingCode(iso string) (string, bool) {
	iso = strings.ToLower(strings.TrimSpace(iso))
	for _, c := range countries {
		if c.ISO == iso {
			return c.CallingCode, true
		}
	}
	return "", false
}

// NormalizeNumber drops the spaces, dashes, dots and parentheses people type into a phone
// number and reports whether what is left is MinPhoneDigits to MaxPhoneDigits ASCII digits.
func NormalizeNumber(number string) (string, bool) {
	n := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.', '(', ')', '\t', '\u00a0':
			return -1
		}
		return r
	}, number)
	if len(n) < MinPhoneDigits || len(n) > MaxPhoneDigits || strings.Trim(n, "0123456789") != "" {
		return "", false
	}
	return n, true
}

// FormatPhone renders a number for people and SMS headers: "+45 20123456".
func FormatPhone(callingCode, number string) string {
	return "+" + callingCode + " " + number
}
