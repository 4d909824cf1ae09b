package demo

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"portal/payoutfield"
	"portal/provider"
)

// makeIBAN completes an IBAN from its country and BBAN with the right check digits.
var makeIBAN = payoutfield.MakeIBAN

// The names, companies, cities and banks of the demo parties (payouts, batches, drafts,
// receivers).

var (
	FirstNames = []string{"Anna", "Lukas", "Marie", "Jonas", "Chloé", "Mateo", "Sofia", "Oliver", "Emma", "Noah", "Ingrid", "Pedro", "Aiko", "Fatima", "Liam"}
	LastNames  = []string{"Müller", "Dubois", "Jansen", "García", "Rossi", "Nowak", "Hansen", "Smith", "Jones", "Andersson", "Silva", "Tanaka"}
	Companies  = []string{"Baltic Timber GmbH", "Lumière Textiles SARL", "Delta Logistics B.V.", "Iberia Foods S.L.", "Thames Components Ltd", "Hudson Supply Co."}
	Cities     = map[string][2]string{"DE": {"Berlin", "10115"}, "FR": {"Lyon", "69001"}, "NL": {"Rotterdam", "3011"}, "ES": {"Valencia", "46001"},
		"IT": {"Milano", "20121"}, "DK": {"Aarhus", "8000"}, "GB": {"Manchester", "M1 1AE"}, "US": {"Chicago", "60601"}, "SG": {"Singapore", "018989"},
		"JP": {"Osaka", "530-0001"}, "BR": {"São Paulo", "01000-000"}}
	Banks = map[string][2]string{"DE": {"Commerzbank", "COBADEFFXXX"}, "FR": {"BNP Paribas", "BNPAFRPPXXX"}, "NL": {"ABN AMRO", "ABNANL2A"},
		"ES": {"CaixaBank", "CAIXESBBXXX"}, "IT": {"Intesa Sanpaolo", "BCITITMM"}, "DK": {"Danske Bank", "DABADKKK"}, "GB": {"Barclays", "BARCGB22"},
		"US": {"JPMorgan Chase", "CHASUS33"}, "SG": {"DBS Bank", "DBSSSGSG"}, "JP": {"MUFG Bank", "BOTKJPJT"}, "BR": {"Banco do Brasil", "BRASBRRJ"}}
)

// ReceiverSections makes valid receiver sections for a corridor, drawing from r.
func ReceiverSections(r *rand.Rand, code, instr string) provider.PayoutSections {
	var country string
	switch instr {
	case "SEPA", "SEPA_INSTANT":
		country = []string{"DE", "FR", "NL", "ES", "IT"}[r.IntN(5)]
	case "FPS", "CHAPS":
		country = "GB"
	case "ACH":
		country = "US"
	case "STRAKS":
		country = "DK"
	case "SWIFT":
		country = []string{"SG", "JP", "BR"}[r.IntN(3)]
	}
	var s provider.PayoutSections
	digits := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		return b.String()
	}
	c := &s.Creditor
	if r.IntN(3) == 0 {
		c.Type, c.FullName = provider.CreditorOrganization, Companies[r.IntN(len(Companies))]
	} else {
		c.Type = provider.CreditorPrivate
		c.FullName = FirstNames[r.IntN(len(FirstNames))] + " " + LastNames[r.IntN(len(LastNames))]
		c.Birthdate = fmt.Sprintf("%d-%02d-%02d", 1950+r.IntN(50), 1+r.IntN(12), 1+r.IntN(28))
	}
	c.Name = c.FullName
	c.Email = strings.ToLower(strings.NewReplacer(" ", ".", "é", "e", "ü", "u", "ç", "c").Replace(strings.Fields(c.FullName)[0])) + "@example.com"
	if country != "" {
		c.CountryCode, c.City, c.PostalCode = country, Cities[country][0], Cities[country][1]
		c.Address = fmt.Sprintf("%d Harbour Street, %s", 1+r.IntN(200), c.City)
	}
	a := &s.CreditorAccount
	a.CountryCode, a.Type = country, "bank_account"
	if bank, ok := Banks[country]; ok {
		a.BankName, a.BankBIC = bank[0], bank[1]
	}
	switch instr {
	case "SEPA", "SEPA_INSTANT":
		bban := map[string]string{"DE": digits(18), "FR": digits(23), "NL": "ABNA" + digits(10), "ES": digits(20), "IT": "X" + digits(22)}[country]
		a.IBAN = makeIBAN(country, bban)
	case "FPS", "CHAPS":
		a.AccountNumber, a.BankClearingSystemID, a.BankClearingSystemCode = digits(8), digits(6), "GBDSC"
	case "ACH":
		a.AccountNumber, a.BankClearingSystemID, a.BankClearingSystemCode = digits(10), digits(9), "USABA"
	case "STRAKS":
		a.IBAN = makeIBAN("DK", digits(14))
	case "SWIFT":
		a.AccountNumber = digits(12)
		if r.IntN(3) == 0 {
			s.IntermediaryAgent = provider.IntermediaryAgent{BankBIC: "CITIUS33", BankName: "Citibank N.A."}
			s.IntermediaryAgentAccount = provider.IntermediaryAgentAccount{AccountNumber: digits(10), IBAN: makeIBAN("DE", digits(18))}
		}
	case "CRYPTO":
		a.Type, a.BankName, a.BankBIC = "crypto_wallet", "", ""
		const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
		var b strings.Builder
		b.WriteByte('T')
		for range 33 {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		a.AccountNumber = b.String()
	}
	return s
}
