package demo

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"portal/payoutfield"
	"portal/provider"
	"portal/reference/seeddata"
)

// ReceiverCounts: enough for Nordic's list to take three pages and Atlantic's two.
var ReceiverCounts = map[string]int{Org1ID: 64, Org2ID: 36}

// Receivers are the organisations' saved receivers, every product of ReceiverProducts in
// turn, saved by the members who may, oldest first, an hour or more apart, the newest today.
func Receivers() []seeddata.Receiver {
	var rs []seeddata.Receiver
	for _, o := range Organisations() {
		org := o.ID
		n := ReceiverCounts[org]
		r := rand.New(rand.NewPCG(0x5ece1e7, uint64(len(org)+n)))
		var savers []string
		for _, u := range Users("") {
			for _, m := range u.Memberships {
				if m.OrganisationID == org && m.Role != provider.RoleDefault && m.Role != provider.RoleObserver && !u.Disabled {
					savers = append(savers, u.FirstName+" "+u.LastName)
				}
			}
		}
		if len(savers) == 0 {
			// Atlantic has no demo user who may save receivers: colleagues who have left
			// saved them.
			savers = []string{"Grace Walker", "Tom Hughes"}
		}
		for i := range n {
			p := ReceiverProducts[i%len(ReceiverProducts)]
			in := receiver(r, p, i)
			in.CreatedBy = savers[r.IntN(len(savers))]
			age := time.Duration(n-i)*26*time.Hour - time.Duration(r.IntN(3600))*time.Second
			rs = append(rs, seeddata.Receiver{OrganisationID: org, ReceiverCreate: in, Age: age})
		}
	}
	return rs
}

// receiver is the i-th demo receiver of product p: a payout receiver of its corridor
// (ReceiverSections), with an address, and for some a phone number and identity details.
func receiver(r *rand.Rand, p ReceiverProduct, i int) provider.ReceiverCreate {
	var s provider.PayoutSections
	switch p.Instrument {
	case "PIX":
		s = ReceiverSections(r, p.Currency, "SWIFT")
		s.Creditor.CountryCode, s.Creditor.City, s.Creditor.PostalCode = "BR", Cities["BR"][0], Cities["BR"][1]
		s.Creditor.Address = fmt.Sprintf("Rua Augusta %d, %s", 10+r.IntN(900), s.Creditor.City)
		s.IntermediaryAgent, s.IntermediaryAgentAccount = provider.IntermediaryAgent{}, provider.IntermediaryAgentAccount{}
		s.CreditorAccount = provider.CreditorAccount{CountryCode: "BR", BankName: Banks["BR"][0], Type: "pix_key"}
	default:
		// A receiver of the corridor's country.
		for s = ReceiverSections(r, p.Currency, p.Instrument); s.CreditorAccount.CountryCode != p.Country; {
			s = ReceiverSections(r, p.Currency, p.Instrument)
		}
	}
	// The intermediary schema's receivers have an intermediary agent (both parts), the
	// others none.
	if p.Instrument == "SWIFT" {
		s.IntermediaryAgent, s.IntermediaryAgentAccount = provider.IntermediaryAgent{}, provider.IntermediaryAgentAccount{}
		if strings.HasSuffix(p.SchemaID, "-intermediary") {
			s.IntermediaryAgent = provider.IntermediaryAgent{BankBIC: "CITIUS33", BankName: "Citibank N.A."}
			s.IntermediaryAgentAccount = provider.IntermediaryAgentAccount{AccountNumber: fmt.Sprintf("%010d", r.IntN(1e9)),
				IBAN: payoutfield.MakeIBAN("DE", fmt.Sprintf("%018d", r.Int64N(1e17)))}
		}
	}
	// Every third one an organisation, so both creditor types show on each page and with
	// every product.
	if i%3 == 1 {
		s.Creditor.Type, s.Creditor.FullName, s.Creditor.Birthdate = provider.CreditorOrganization, Companies[r.IntN(len(Companies))], ""
	} else if s.Creditor.Type == provider.CreditorOrganization {
		s.Creditor.Type = provider.CreditorPrivate
		s.Creditor.FullName = FirstNames[r.IntN(len(FirstNames))] + " " + LastNames[r.IntN(len(LastNames))]
		s.Creditor.Birthdate = fmt.Sprintf("%d-%02d-%02d", 1950+r.IntN(50), 1+r.IntN(12), 1+r.IntN(28))
	}
	s.Creditor.Email = strings.ToLower(strings.NewReplacer(" ", ".", "é", "e", "ü", "u", "ç", "c", ".", "").
		Replace(strings.Fields(s.Creditor.FullName)[0])) + fmt.Sprintf("%d@example.com", i+1)
	in := provider.ReceiverFromSections(s)
	in.ProductID, in.SchemaID, in.Currency = p.ProductID, p.SchemaID, p.Currency
	if in.CountryCode != "" {
		in.StreetName, _, _ = strings.Cut(in.AddressLines[0], ",")
	}
	if i%3 == 0 {
		in.MobileNumber = fmt.Sprintf("+45 %02d %02d %02d %02d", 20+r.IntN(70), r.IntN(100), r.IntN(100), r.IntN(100))
	}
	if in.CreditorType == provider.CreditorPrivate && i%4 == 1 {
		in.CountryOfBirthCode, in.CountryOfResidenceCode = in.CountryCode, in.CountryCode
		in.IDType, in.IDNumber, in.IDIssuingCountryCode = "passport", fmt.Sprintf("P%08d", r.IntN(100000000)), in.CountryCode
		in.IDIssuingDate, in.IDExpiryDate = fmt.Sprintf("%d-%02d-15", 2018+r.IntN(5), 1+r.IntN(12)), fmt.Sprintf("%d-%02d-15", 2028+r.IntN(5), 1+r.IntN(12))
	}
	switch p.Instrument {
	case "PIX":
		key := in.Email
		if i%2 == 0 {
			key = fmt.Sprintf("%03d.%03d.%03d-%02d", r.IntN(1000), r.IntN(1000), r.IntN(1000), r.IntN(100))
		}
		in.CreditorDetails = append([]provider.ReceiverDetail{{Key: "creditor_account.account", Value: key}}, in.CreditorDetails...)
	case "CRYPTO":
		// The reference payouts keep a wallet in account_number; a saved receiver names it.
		for j := range in.CreditorDetails {
			if in.CreditorDetails[j].Key == "creditor_account.account_number" {
				in.CreditorDetails[j].Key = "creditor_account.crypto_wallet_address"
			}
		}
		in.CreditorDetails = append(in.CreditorDetails, provider.ReceiverDetail{Key: "creditor_account.network", Value: "TRC20"})
	}
	return in
}
