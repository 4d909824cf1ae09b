package reference

import (
	"regexp"
	"slices"
	"strings"

	"portal/currency"
	"portal/money"
	"portal/payoutfield"
	"portal/provider"
)

// corridor is a way the reference provider pays out a currency: a local instrument and the
// receiver countries it reaches (nil: any).
type corridor struct {
	instrument string
	countries  []string
}

var sepaCountries = []string{"AT", "BE", "BG", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GR", "HR", "HU",
	"IE", "IS", "IT", "LI", "LT", "LU", "LV", "MC", "MT", "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK", "SM", "VA"}

// payoutCorridors are the capabilities the lifecycle selects from, in order of preference.
var payoutCorridors = map[string][]corridor{
	"EUR":  {{"SEPA", sepaCountries}, {"SEPA_INSTANT", sepaCountries}, {"SWIFT", nil}},
	"GBP":  {{"FPS", []string{"GB"}}, {"CHAPS", []string{"GB"}}, {"SWIFT", nil}},
	"USD":  {{"ACH", []string{"US"}}, {"SWIFT", nil}},
	"DKK":  {{"STRAKS", []string{"DK"}}, {"SWIFT", nil}},
	"USDT": {{"CRYPTO", nil}},
}

// selectCapability picks the corridor of a payout: the requested instrument if it reaches
// the receiver's country, else (none requested) the first that does. The findings say why
// there is none.
func selectCapability(code, instr, country string) (string, map[string][]provider.PayoutError) {
	for _, c := range payoutCorridors[code] {
		if (instr == "" || instr == c.instrument) && (c.countries == nil || slices.Contains(c.countries, country)) {
			return c.instrument, nil
		}
	}
	detail := "No transfer type pays out " + code
	if instr != "" {
		detail = instr + " does not pay out " + code
	}
	if country != "" {
		detail += " to " + country
	}
	return "", map[string][]provider.PayoutError{provider.SectionPayoutRequest: {{Pointer: "/local_instrument", Details: detail + "."}}}
}

var (
	countryPattern  = regexp.MustCompile(`^[A-Z]{2}$`)
	purposePattern  = regexp.MustCompile(`^[A-Z0-9]{4}$`)
	bicPattern      = regexp.MustCompile(`^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$`)
	walletPattern   = regexp.MustCompile(`^[A-Za-z0-9]{26,64}$`)
	digits4to17     = regexp.MustCompile(`^[0-9]{4,17}$`)
	digits8         = regexp.MustCompile(`^[0-9]{8}$`)
	digits6         = regexp.MustCompile(`^[0-9]{6}$`)
	digits9         = regexp.MustCompile(`^[0-9]{9}$`)
	digits4         = regexp.MustCompile(`^[0-9]{4}$`)
	digits6to10     = regexp.MustCompile(`^[0-9]{6,10}$`)
	emailLikeSimple = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
)

// validIBAN checks an IBAN as typed (any case, spaces) by payoutfield's one rule.
func validIBAN(raw string) bool { return payoutfield.ValidIBAN(payoutfield.NormalizeIBAN(raw)) }

type findings map[string][]provider.PayoutError

func (f findings) add(section, pointer, details string) {
	f[section] = append(f[section], provider.PayoutError{Pointer: pointer, Details: details})
}

// match adds details at pointer unless v has the format re.
func (f findings) match(re *regexp.Regexp, v, section, pointer, details string) {
	if !re.MatchString(v) {
		f.add(section, pointer, details)
	}
}

func checkParty(f findings, section string, p provider.Party, countryRequired bool) {
	name := strings.TrimSpace(p.FullName)
	if name == "" {
		name = strings.TrimSpace(p.Name)
	}
	switch {
	case name == "":
		f.add(section, "/full_name", "The name is required.")
	case len(name) > 140:
		f.add(section, "/full_name", "The name is longer than 140 characters.")
	}
	if p.CountryCode == "" && countryRequired {
		f.add(section, "/country_code", "The country is required.")
	} else if p.CountryCode != "" && !countryPattern.MatchString(p.CountryCode) {
		f.add(section, "/country_code", "The country must be an ISO 3166 two-letter code.")
	}
	if p.Email != "" && !emailLikeSimple.MatchString(p.Email) {
		f.add(section, "/email", "The e-mail address is not valid.")
	}
	if p.Type != "" && p.Type != provider.CreditorPrivate && p.Type != provider.CreditorOrganization {
		f.add(section, "/type", "The type must be private or organization.")
	}
}

func checkCreditorAccount(f findings, instr string, a provider.CreditorAccount) {
	const sec = provider.SectionReceiverBank
	if instr != "CRYPTO" {
		if a.CountryCode == "" {
			f.add(sec, "/country_code", "The bank's country is required.")
		} else if !countryPattern.MatchString(a.CountryCode) {
			f.add(sec, "/country_code", "The bank's country must be an ISO 3166 two-letter code.")
		}
	}
	if a.BankBIC != "" && !bicPattern.MatchString(a.BankBIC) {
		f.add(sec, "/bank_bic", "The BIC is not valid.")
	}
	switch instr {
	case "SEPA", "SEPA_INSTANT":
		if !validIBAN(a.IBAN) {
			f.add(sec, "/iban", "The IBAN is not valid.")
		}
	case "FPS", "CHAPS":
		f.match(digits8, a.AccountNumber, sec, "/account_number", "The account number must have 8 digits.")
		f.match(digits6, a.BankClearingSystemID, sec, "/bank_clearing_system_id", "The sort code must have 6 digits.")
	case "ACH":
		f.match(digits4to17, a.AccountNumber, sec, "/account_number", "The account number must have 4 to 17 digits.")
		f.match(digits9, a.BankClearingSystemID, sec, "/bank_clearing_system_id", "The routing number must have 9 digits.")
	case "STRAKS":
		if a.IBAN != "" {
			if !validIBAN(a.IBAN) {
				f.add(sec, "/iban", "The IBAN is not valid.")
			}
			break
		}
		f.match(digits4, a.BankClearingSystemID, sec, "/bank_clearing_system_id", "The registration number must have 4 digits.")
		f.match(digits6to10, a.AccountNumber, sec, "/account_number", "The account number must have 6 to 10 digits.")
	case "SWIFT":
		f.match(bicPattern, a.BankBIC, sec, "/bank_bic", "The BIC is required.")
		if a.IBAN != "" && !validIBAN(a.IBAN) {
			f.add(sec, "/iban", "The IBAN is not valid.")
		} else if a.IBAN == "" && a.AccountNumber == "" {
			f.add(sec, "/account_number", "The IBAN or the account number is required.")
		}
	case "CRYPTO":
		f.match(walletPattern, a.AccountNumber, sec, "/account_number", "The wallet address is not valid.")
	}
}

// validatePayout is validating_external: the checks of the payout's data, with the reason
// code of the first failing section in the details panel's order and every finding.
func validatePayout(p *payoutRow) (string, map[string][]provider.PayoutError) {
	f := findings{}
	if limit := money.MustParse(payoutLimit, currency.Decimals(p.code)); p.amount.Cmp(limit) > 0 {
		f.add(provider.SectionPayoutRequest, "/amount", "The amount is above the limit of "+payoutLimit+" "+p.code+" per payout.")
	}
	if p.purpose != "" && !purposePattern.MatchString(p.purpose) {
		f.add(provider.SectionPayoutRequest, "/purpose_code", "The purpose code must be 4 capital letters or digits, e.g. PC02.")
	}
	checkParty(f, provider.SectionSender, p.sections.UltimateDebtor, false)
	checkParty(f, provider.SectionReceiver, p.sections.Creditor, p.instr != "CRYPTO")
	checkCreditorAccount(f, p.instr, p.sections.CreditorAccount)
	if ia := p.sections.IntermediaryAgent; ia.BankBIC != "" && !bicPattern.MatchString(ia.BankBIC) {
		f.add(provider.SectionIntermediaryAgent, "/bank_bic", "The BIC is not valid.")
	}
	if iaa := p.sections.IntermediaryAgentAccount; iaa.IBAN != "" && !validIBAN(iaa.IBAN) {
		f.add(provider.SectionIntermediaryAgentAccount, "/iban", "The IBAN is not valid.")
	}
	for _, c := range []struct{ section, reason string }{
		{provider.SectionPayoutRequest, provider.ReasonInvalidGeneralData},
		{provider.SectionSender, provider.ReasonInvalidUltimateDebtor},
		{provider.SectionReceiver, provider.ReasonInvalidCreditor},
		{provider.SectionReceiverBank, provider.ReasonInvalidCreditorAccount},
		{provider.SectionIntermediaryAgent, provider.ReasonInvalidGeneralData},
		{provider.SectionIntermediaryAgentAccount, provider.ReasonInvalidGeneralData},
	} {
		if len(f[c.section]) > 0 {
			return c.reason, f
		}
	}
	return "", nil
}
