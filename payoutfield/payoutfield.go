// Package payoutfield is the one place the fields of a manual payout are validated (spec 001
// §5 "Manual payout steps", amount, IBAN, date of birth, end-to-end ID, purpose code,
// creditor type, business unit). The reference provider runs it on every draft save; the
// wizard island mirrors it for instant feedback, and both run the same cases from
// testdata/payoutfield/vectors.json.
package payoutfield

import (
	"math/big"
	"regexp"
	"slices"
	"strings"
	"time"

	"portal/money"
	"portal/provider"
)

// Field is what the rules need to know of a field: its schema and, for selects, the values
// allowed.
type Field struct {
	Label      string
	UIField    string
	AccessType string
	Step       string
	// Allowed are the values a select accepts (options, countries, external codes); nil
	// accepts anything of the field's shape.
	Allowed []string
	// Decimals of the corridor's currency, for an amount (2 when unknown, spec §9).
	Decimals int
}

// Messages beside a field. The spec words the required one ('{label} is required') and the
// end-to-end ID's uniqueness; the others are ours, in the same plain style.
const (
	msgRequired      = "%s is required"
	MsgIBANChars     = "IBAN may only contain letters, digits and spaces"
	MsgIBANInvalid   = "Enter a valid IBAN"
	MsgBICInvalid    = "Enter a valid BIC (8 or 11 letters and digits)"
	MsgDOBIncomplete = "Enter the date of birth as DD MM YYYY"
	MsgDOBInvalid    = "Enter a real date of birth"
	MsgDOBFuture     = "Date of birth must be in the past"
	MsgDateInvalid   = "Enter the date as YYYY-MM-DD"
	MsgDatePast      = "The date must be today or later"
	MsgE2EChars      = "End-to-end ID may only contain letters, numbers, - or _"
	MsgE2ETooLong    = "End-to-end ID must be at most 140 characters"
	MsgE2EUnique     = provider.MsgPayoutE2EUnique
	MsgPurposeFree   = "Enter a purpose code of 4 letters or digits, for example PC02"
	MsgSelect        = "Select one of the options"
	MsgCountry       = "Select a country"
	MsgEmail         = "Enter a valid email address"
	MsgSortCode      = "Enter a 6-digit sort code, for example 40-47-84"
	MsgUKAccount     = "Enter an 8-digit account number"
	MsgAccountNumber = "Enter an account number of 4 to 34 letters and digits"
	MsgWallet        = "Enter a wallet address of 26 to 64 letters and digits"
	msgTooLong       = "%s must be at most 140 characters"
	MaxText          = 140
)

// Required is the required message of a field labelled label (spec 001 §5).
func Required(label string) string { return strings.Replace(msgRequired, "%s", label, 1) }

// IsRequired says whether an empty value is refused: every field is, except optional ones
// in the payout_request step (spec 001 §5).
func IsRequired(f Field) bool {
	return !(f.AccessType == provider.AccessOptional && f.Step == provider.StepPayoutRequest)
}

var (
	ibanChars     = regexp.MustCompile(`^[A-Za-z0-9 ]*$`)
	ibanShape     = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$`)
	bicShape      = regexp.MustCompile(`^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$`)
	e2eChars      = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	purposeShape  = regexp.MustCompile(`^[A-Z0-9]{4}$`)
	emailShape    = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
	sortCode      = regexp.MustCompile(`^[0-9]{6}$`)
	ukAccount     = regexp.MustCompile(`^[0-9]{8}$`)
	accountNumber = regexp.MustCompile(`^[A-Z0-9]{4,34}$`)
	wallet        = regexp.MustCompile(`^[A-Za-z0-9]{26,64}$`)
)

// Check validates a typed value. It answers the value to store (normalised: trimmed, an
// IBAN or BIC upper-cased without spaces, an amount plain with the currency's decimals) and
// the message to show, "" when the value is accepted. today is the caller's date (UTC) for
// dates of birth and execution dates.
func Check(f Field, raw string, today time.Time) (string, string) {
	v := strings.TrimSpace(raw)
	if v == "" {
		if IsRequired(f) {
			return "", Required(f.Label)
		}
		return "", ""
	}
	switch f.UIField {
	case provider.UIAmount:
		a, err := money.ParseInput(v, f.Decimals)
		if err != nil {
			return v, err.(*money.InputError).Msg
		}
		return a.String(), ""
	case provider.UIIBAN:
		if !ibanChars.MatchString(v) {
			return v, MsgIBANChars
		}
		n := NormalizeIBAN(v)
		if !ValidIBAN(n) {
			return n, MsgIBANInvalid
		}
		return n, ""
	case provider.UIBIC:
		n := strings.ToUpper(strings.ReplaceAll(v, " ", ""))
		if !bicShape.MatchString(n) {
			return n, MsgBICInvalid
		}
		return n, ""
	case provider.UIDateOfBirth:
		d, err := time.Parse(time.DateOnly, v)
		if err != nil {
			if len(v) == 10 {
				return v, MsgDOBInvalid
			}
			return v, MsgDOBIncomplete
		}
		if !d.Before(day(today)) {
			return v, MsgDOBFuture
		}
		return v, ""
	case provider.UIDate:
		d, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return v, MsgDateInvalid
		}
		if d.Before(day(today)) {
			return v, MsgDatePast
		}
		return v, ""
	case provider.UIEndToEndID:
		if !e2eChars.MatchString(v) {
			return v, MsgE2EChars
		}
		if len(v) > MaxText {
			return v, MsgE2ETooLong
		}
		return v, ""
	case provider.UIPurposeCode:
		if f.Allowed != nil {
			if !slices.Contains(f.Allowed, v) {
				return v, MsgSelect
			}
			return v, ""
		}
		v = strings.ToUpper(v)
		if !purposeShape.MatchString(v) {
			return v, MsgPurposeFree
		}
		return v, ""
	case provider.UICountry:
		v = strings.ToUpper(v)
		if f.Allowed != nil && !slices.Contains(f.Allowed, v) {
			return v, MsgCountry
		}
		return v, ""
	case provider.UISelect, provider.UIBusinessUnit, provider.UIAccount, provider.UICreditorType:
		allowed := f.Allowed
		if f.UIField == provider.UICreditorType {
			allowed = []string{provider.CreditorPrivate, provider.CreditorOrganization}
		}
		if !slices.Contains(allowed, v) {
			return v, MsgSelect
		}
		return v, ""
	case provider.UISortCode:
		n := strings.NewReplacer("-", "", " ", "").Replace(v)
		if !sortCode.MatchString(n) {
			return v, MsgSortCode
		}
		return n, ""
	case provider.UIUKAccountNumber:
		if !ukAccount.MatchString(v) {
			return v, MsgUKAccount
		}
		return v, ""
	case provider.UIAccountNumber:
		n := strings.ToUpper(strings.ReplaceAll(v, " ", ""))
		if !accountNumber.MatchString(n) {
			return v, MsgAccountNumber
		}
		return n, ""
	case provider.UICryptoWallet:
		if !wallet.MatchString(v) {
			return v, MsgWallet
		}
		return v, ""
	case provider.UIEmail:
		if !emailShape.MatchString(v) || len(v) > 254 {
			return v, MsgEmail
		}
		return v, ""
	}
	if len([]rune(v)) > MaxText {
		return v, strings.Replace(msgTooLong, "%s", f.Label, 1)
	}
	return v, ""
}

func day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// NormalizeIBAN is an IBAN as stored: upper case, no spaces.
func NormalizeIBAN(s string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
}

// FormatIBAN groups a typed IBAN in blocks of 4 as the field shows it (spec 001 §5), keeping
// only letters and digits, upper-cased.
func FormatIBAN(s string) string {
	var clean []rune
	for _, r := range strings.ToUpper(s) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			clean = append(clean, r)
		}
	}
	var b strings.Builder
	for i, r := range clean {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ValidIBAN checks a normalised IBAN: its shape, its country's length in the IBAN registry
// (a country outside it: 15 to 34 characters) and its ISO 13616 check digits (mod 97 = 1).
func ValidIBAN(iban string) bool {
	if !ibanShape.MatchString(iban) {
		return false
	}
	if n, ok := ibanLengths[iban[:2]]; ok && len(iban) != n {
		return false
	}
	var b strings.Builder
	for _, r := range iban[4:] + iban[:4] {
		if r >= 'A' && r <= 'Z' {
			b.WriteString(big.NewInt(int64(r - 'A' + 10)).String())
		} else {
			b.WriteRune(r)
		}
	}
	n, ok := new(big.Int).SetString(b.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

// MakeIBAN completes an IBAN from its country and BBAN with the right check digits (demo
// data and tests).
func MakeIBAN(country, bban string) string {
	var b strings.Builder
	for _, r := range bban + country + "00" {
		if r >= 'A' && r <= 'Z' {
			b.WriteString(big.NewInt(int64(r - 'A' + 10)).String())
		} else {
			b.WriteRune(r)
		}
	}
	n, _ := new(big.Int).SetString(b.String(), 10)
	check := 98 - new(big.Int).Mod(n, big.NewInt(97)).Int64()
	d := big.NewInt(check).String()
	if len(d) == 1 {
		d = "0" + d
	}
	return country + d + bban
}

// ValidBIC checks a BIC (ISO 9362): 8 or 11 characters, bank and country letters.
func ValidBIC(s string) bool { return bicShape.MatchString(s) }

// ComposeDate joins the three date of birth inputs (DD, MM, YYYY) into YYYY-MM-DD, only when
// the year has 4 digits and day and month 2 each (spec 001 §5); "" otherwise, which the
// field then refuses as incomplete (or as missing when all three are empty).
func ComposeDate(dd, mm, yyyy string) string {
	dd, mm, yyyy = strings.TrimSpace(dd), strings.TrimSpace(mm), strings.TrimSpace(yyyy)
	if len(dd) != 2 || len(mm) != 2 || len(yyyy) != 4 || !allDigits(dd+mm+yyyy) {
		if dd == "" && mm == "" && yyyy == "" {
			return ""
		}
		return dd + "/" + mm + "/" + yyyy // kept so the field says it is incomplete, not missing
	}
	return yyyy + "-" + mm + "-" + dd
}

// SplitDate is ComposeDate's inverse for showing a stored date in the three inputs.
func SplitDate(s string) (dd, mm, yyyy string) {
	if y, rest, ok := strings.Cut(s, "-"); ok {
		if m, d, ok := strings.Cut(rest, "-"); ok {
			return d, m, y
		}
	}
	if d, rest, ok := strings.Cut(s, "/"); ok {
		if m, y, ok := strings.Cut(rest, "/"); ok {
			return d, m, y
		}
	}
	return "", "", ""
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// BusinessUnitChoice is how the business unit field behaves with n units to choose from
// (spec 001 §5): the only one is selected, and the field is disabled below 2.
func BusinessUnitChoice(n int) (autoSelect, disabled bool) { return n == 1, n < 2 }

// ibanLengths are the IBAN lengths of the SWIFT IBAN registry by country.
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27, "BR": 29,
	"BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28, "EE": 20, "EG": 29,
	"ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28,
	"HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28,
	"LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20,
	"MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25,
	"QA": 29, "RO": 24, "RS": 22, "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27,
	"SO": 23, "ST": 25, "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}
