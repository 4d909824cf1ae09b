package reference

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"portal/provider"
)

// demoReceiverCounts: enough for Nordic's list to take three pages and Atlantic's two.
var demoReceiverCounts = map[string]int{DemoOrg1ID: 64, DemoOrg2ID: 36}

func seedReceivers(ctx context.Context, tx *sql.Tx, now time.Time) error {
	for _, o := range demoOrgs() {
		org := o.ID
		n := demoReceiverCounts[org]
		r := rand.New(rand.NewPCG(0x5ece1e7, uint64(len(org)+n)))
		var savers []string
		for _, u := range demoUsers() {
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
			p := DemoReceiverProducts[i%len(DemoReceiverProducts)]
			in := demoReceiver(r, p, i)
			in.CreatedBy = savers[r.IntN(len(savers))]
			// Oldest first, an hour or more apart, the newest saved today.
			at := now.Add(-time.Duration(n-i)*26*time.Hour + time.Duration(r.IntN(3600))*time.Second)
			if err := checkReceiver(&in); err != nil {
				return fmt.Errorf("reference: seed receiver %d: %w", i, err)
			}
			if _, _, err := insertReceiver(ctx, tx, org, in, at); err != nil {
				return err
			}
		}
	}
	return nil
}

// demoReceiver is the i-th demo receiver of product p: a payout receiver of its corridor
// (seedReceiver), with an address, and for some a phone number and identity details.
func demoReceiver(r *rand.Rand, p DemoReceiverProduct, i int) provider.ReceiverCreate {
	var s provider.PayoutSections
	switch p.Instrument {
	case "PIX":
		s = seedReceiver(r, p.Currency, "SWIFT")
		s.Creditor.CountryCode, s.Creditor.City, s.Creditor.PostalCode = "BR", seedCities["BR"][0], seedCities["BR"][1]
		s.Creditor.Address = fmt.Sprintf("Rua Augusta %d, %s", 10+r.IntN(900), s.Creditor.City)
		s.IntermediaryAgent, s.IntermediaryAgentAccount = provider.IntermediaryAgent{}, provider.IntermediaryAgentAccount{}
		s.CreditorAccount = provider.CreditorAccount{CountryCode: "BR", BankName: seedBanks["BR"][0], Type: "pix_key"}
	default:
		// A receiver of the corridor's country.
		for s = seedReceiver(r, p.Currency, p.Instrument); s.CreditorAccount.CountryCode != p.Country; {
			s = seedReceiver(r, p.Currency, p.Instrument)
		}
	}
	// The intermediary schema's receivers have an intermediary agent (both parts), the
	// others none.
	if p.Instrument == "SWIFT" {
		s.IntermediaryAgent, s.IntermediaryAgentAccount = provider.IntermediaryAgent{}, provider.IntermediaryAgentAccount{}
		if strings.HasSuffix(p.SchemaID, "-intermediary") {
			s.IntermediaryAgent = provider.IntermediaryAgent{BankBIC: "CITIUS33", BankName: "Citibank N.A."}
			s.IntermediaryAgentAccount = provider.IntermediaryAgentAccount{AccountNumber: fmt.Sprintf("%010d", r.IntN(1e9)),
				IBAN: makeIBAN("DE", fmt.Sprintf("%018d", r.Int64N(1e17)))}
		}
	}
	// Every third one an organisation, so both creditor types show on each page and with
	// every product.
	if i%3 == 1 {
		s.Creditor.Type, s.Creditor.FullName, s.Creditor.Birthdate = provider.CreditorOrganization, seedCompanies[r.IntN(len(seedCompanies))], ""
	} else if s.Creditor.Type == provider.CreditorOrganization {
		s.Creditor.Type = provider.CreditorPrivate
		s.Creditor.FullName = seedFirstNames[r.IntN(len(seedFirstNames))] + " " + seedLastNames[r.IntN(len(seedLastNames))]
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
