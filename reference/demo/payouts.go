package demo

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/seeddata"
)

// businessUnits are the demo business units (spec 001 §3): Nordic has several, Atlantic one,
// so both the selectable and the preselected, disabled field can be seen.
var businessUnits = []struct{ org, name string }{
	{Org1ID, "Nordic Retail"}, {Org1ID, "Nordic Wholesale"}, {Org1ID, "Nordic Marine"},
	{Org2ID, "Atlantic Forwarding"},
}

// BusinessUnits are the demo business units with their ids.
func BusinessUnits() []seeddata.BusinessUnit {
	var out []seeddata.BusinessUnit
	for _, u := range businessUnits {
		out = append(out, seeddata.BusinessUnit{ID: ID("business-unit/" + u.org + "/" + u.name), OrganisationID: u.org, Name: u.name})
	}
	return out
}

// productInstruments are the transfer types of the demo contracted payout products.
var productInstruments = map[string]string{"SEPA Credit Transfer": "SEPA", "UK Faster Payments": "FPS"}

// MoveParty puts a receiver in another country: its city, postal code and address too, so
// the demo never shows a German receiver in Rotterdam.
func MoveParty(c *provider.Party, country string) {
	city := Cities[country]
	c.Address = strings.Replace(c.Address, c.City, city[0], 1)
	c.CountryCode, c.City, c.PostalCode = country, city[0], city[1]
}

// seedSender is the ultimate debtor: the organisation itself, or one of its customers.
func seedSender(r *rand.Rand, org provider.Organisation) provider.Party {
	if r.IntN(2) == 0 {
		return provider.Party{Type: provider.CreditorOrganization, FullName: org.Name, Name: org.Name, CountryCode: org.CountryISO,
			City: org.City, PostalCode: org.PostalCode, AddressLines: []string{org.Line1, org.Line2}, StreetName: org.Line1}
	}
	country := org.CountryISO
	return provider.Party{Type: provider.CreditorPrivate,
		FullName:    FirstNames[r.IntN(len(FirstNames))] + " " + LastNames[r.IntN(len(LastNames))],
		CountryCode: country, CountryOfResidenceCode: country, CountryOfBirthCode: country, City: org.City, PostalCode: org.PostalCode,
		Birthdate: fmt.Sprintf("%d-%02d-%02d", 1960+r.IntN(40), 1+r.IntN(12), 1+r.IntN(28)), IDType: "passport",
		IDNumber: fmt.Sprintf("P%08d", r.IntN(100000000)), AddressLines: []string{fmt.Sprintf("%d Market Road", 1+r.IntN(90))}}
}

// seedPayout is one demo payout as it will be stored.
type seedPayout struct {
	org, account, code, ref, e2e, state, reason, instr, purpose, unit, execOn, source, batch, creator string
	amount, fee                                                                                       money.Amount
	created                                                                                           time.Time
	transitions                                                                                       []provider.StatusTransition
	cancellations                                                                                     []provider.PayoutCancellationRecord
	reviews                                                                                           []provider.PayoutReview
	errs                                                                                              map[string][]provider.PayoutError
	sections                                                                                          provider.PayoutSections
	reserved, released                                                                                string
	due                                                                                               *time.Time
}

// path is the lifecycle's states up to and including the last, spaced out from created.
func (p *seedPayout) path(r *rand.Rand, states ...string) time.Time {
	at := p.created
	for i, st := range states {
		if i > 0 {
			at = at.Add(time.Duration(1+r.IntN(90)) * time.Second)
		}
		p.transitions = append(p.transitions, provider.StatusTransition{Name: st, Timestamp: at})
	}
	return at
}

func (p *seedPayout) to(state string, at time.Time) {
	p.transitions = append(p.transitions, provider.StatusTransition{Name: state, Timestamp: at})
}

var receivedPath = []string{provider.StateCreated, provider.StateCapabilitySelected, provider.StateValidatingExternal, provider.StateValidated}

type seedPayoutOrg struct {
	rules    seeddata.Rules
	org      provider.Organisation
	accounts []seeddata.Account
	units    []string
	creators []string
	batches  []string
}

// payoutsOf adds the demo payout requests: every payout whose money the ledger history
// moved (completed, processing, returned or cancelled, with the history's amounts, fees and
// times, linked to its reservation and release), and payouts that never reached processing
// (received, pending, action_required, rejected with each reason code, cancelled), spread
// over the sources, currencies and business units; and the business units they name. The
// generator is seeded.
func payoutsOf(h *seeddata.History, now time.Time, rules seeddata.Rules) error {
	h.BusinessUnits = BusinessUnits()
	orgs := map[string]*seedPayoutOrg{}
	var orgIDs []string
	for _, o := range Organisations() {
		so := &seedPayoutOrg{rules: rules, org: o.Organisation}
		for _, a := range Accounts() {
			if a.Owner == o.ID {
				so.accounts = append(so.accounts, a)
			}
		}
		for _, u := range h.BusinessUnits {
			if u.OrganisationID == o.ID {
				so.units = append(so.units, u.ID)
			}
		}
		for _, u := range Users("") {
			for _, m := range u.Memberships {
				if m.OrganisationID == o.ID && m.Role != provider.RoleDefault && !u.Disabled && u.MFA == (seeddata.MFA{}) {
					so.creators = append(so.creators, u.FirstName+" "+u.LastName)
				}
			}
		}
		for i := range 4 {
			so.batches = append(so.batches, ID(fmt.Sprintf("batch/%s/%d", o.ID, i)))
		}
		orgs[o.ID] = so
		orgIDs = append(orgIDs, o.ID)
	}
	r := rand.New(rand.NewPCG(20261122, 9))
	var all []*seedPayout
	booked, err := seedBookedPayouts(h.Ledger, r, orgs, now)
	if err != nil {
		return err
	}
	all = append(all, booked...)
	for _, id := range orgIDs {
		all = append(all, seedUnbookedPayouts(r, orgs[id], now)...)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].created.Before(all[j].created) })
	for _, p := range all {
		h.Payouts = append(h.Payouts, p.value())
	}
	return nil
}

// decorate fills what every demo payout has: source, batch, business unit, creator, sender,
// purpose code and e2e id.
func (so *seedPayoutOrg) decorate(r *rand.Rand, p *seedPayout, n int) {
	p.org = so.org.ID
	p.source = []string{provider.SourceAPI, provider.SourceAPI, provider.SourceCSV, provider.SourceManual,
		provider.SourceISO20022, provider.SourceUnknown}[r.IntN(6)]
	switch p.source {
	case provider.SourceCSV:
		p.batch = so.batches[r.IntN(len(so.batches))]
		p.creator = so.creators[r.IntN(len(so.creators))]
	case provider.SourceManual:
		p.creator = so.creators[r.IntN(len(so.creators))]
		if r.IntN(2) == 0 {
			p.reviews = []provider.PayoutReview{{ReviewerName: so.creators[r.IntN(len(so.creators))], CreatedAt: p.created.Add(-time.Duration(5+r.IntN(300)) * time.Minute)}}
		}
	case provider.SourceAPI, provider.SourceISO20022:
		p.creator = "ERP integration"
	}
	if len(so.units) > 0 && r.IntN(8) > 0 {
		p.unit = so.units[r.IntN(len(so.units))]
	}
	if r.IntN(3) == 0 {
		p.purpose = []string{"SUPP", "SALA", "PC02", "GDDS", "SCVE"}[r.IntN(5)]
	}
	if p.e2e == "" {
		p.e2e = fmt.Sprintf("E2E-%s-%05d", strings.ToUpper(so.org.ID[len(so.org.ID)-4:]), n)
	}
	p.sections.UltimateDebtor = seedSender(r, so.org)
	if r.IntN(3) == 0 {
		p.sections.Debtor.Website = "https://www." + strings.ToLower(strings.Fields(so.org.Name)[0]) + ".example"
	}
}

// seedBookedPayouts reads the payouts the ledger history booked back into payout requests:
// the postings on the organisations' own accounts, in booking order.
func seedBookedPayouts(ledger []seeddata.LedgerTransaction, r *rand.Rand, orgs map[string]*seedPayoutOrg, now time.Time) ([]*seedPayout, error) {
	owner := map[string]string{}
	for _, a := range Accounts() {
		owner[a.AccountNumber] = a.Owner
	}
	byRef := map[string]*seedPayout{}
	var order []*seedPayout
	releasedAt := map[*seedPayout]time.Time{}
	for _, t := range ledger {
		if t.Kind != provider.EntryPayout && t.Kind != provider.EntryPayoutReturned && t.Kind != provider.EntryPayoutCancelled {
			continue
		}
		for _, e := range t.Postings {
			org := owner[e.Account]
			if org == "" {
				continue
			}
			code, _ := accountCurrency(e.Account)
			key := org + "/" + e.Reference
			p := byRef[key]
			if p == nil {
				p = &seedPayout{org: org, account: e.Account, code: code, ref: e.Reference, amount: money.Zero(currency.Decimals(code)), fee: money.Zero(currency.Decimals(code))}
				byRef[key] = p
				order = append(order, p)
			}
			if t.Kind == provider.EntryPayout {
				p.reserved, p.created = t.ID, t.At.UTC()
				if e.EntryType == provider.EntryPayoutFee {
					p.fee = e.Amount.Neg()
				} else {
					p.amount = e.Amount.Neg()
				}
				continue
			}
			p.released, p.state = t.ID, t.Kind
			releasedAt[p] = t.At.UTC()
		}
	}
	// The newest payouts still in flight per organisation are processing.
	inFlight := map[string]int{}
	var out []*seedPayout
	for i := len(order) - 1; i >= 0; i-- {
		p := order[i]
		if p.reserved == "" {
			return nil, fmt.Errorf("reference: seed payouts: %s released without a reservation", p.ref)
		}
		so := orgs[p.org]
		reservedAt := p.created
		p.created = reservedAt.Add(-time.Duration(3+r.IntN(40)) * time.Minute)
		cs := so.rules.PayoutInstruments(p.code)
		p.instr = cs[r.IntN(len(cs))]
		p.sections = ReceiverSections(r, p.code, p.instr)
		so.decorate(r, p, len(order)-i)
		p.path(r, receivedPath...)
		p.to(provider.StateAddedToPayoutPlanner, reservedAt)
		initiated := reservedAt.Add(time.Duration(1+r.IntN(10)) * time.Minute)
		switch p.state {
		case provider.EntryPayoutReturned:
			p.to(provider.StateTSTMInitiated, initiated)
			p.to(provider.StateCompleted, initiated.Add(time.Duration(1+r.IntN(6))*time.Hour))
			p.state = provider.StateReturned
			// A bank returns a payout for the receiver's account or details, never "requested
			// by customer" (that is a cancellation's reason).
			p.reason = []string{provider.ReasonInvalidCreditorAccount, provider.ReasonInvalidCreditorAccount, provider.ReasonInvalidCreditor,
				provider.ReasonInvalidCreditorAccount}[r.IntN(4)]
			p.to(provider.StateReturned, releasedAt[p])
		case provider.EntryPayoutCancelled:
			p.state, p.reason = provider.StateCancelled, provider.ReasonRequestedByCustomer
			name := p.creator
			if name == "" || name == "ERP integration" {
				name = so.creators[r.IntN(len(so.creators))]
			}
			p.cancellations = []provider.PayoutCancellationRecord{{InitiatorType: provider.InitiatorUser, InitiatorName: name,
				CreatedAt: releasedAt[p].Add(-time.Duration(1+r.IntN(50)) * time.Second)}}
			p.to(provider.StateCancelled, releasedAt[p])
		default:
			if inFlight[p.org] < 6 {
				inFlight[p.org]++
				p.state = []string{provider.StateTSTMInitiated, provider.StateAddedToPayoutPlanner, provider.StateHalted}[inFlight[p.org]%3]
				if p.state != provider.StateAddedToPayoutPlanner {
					p.to(p.state, initiated)
				}
				break
			}
			p.state = provider.StateCompleted
			p.to(provider.StateTSTMInitiated, initiated)
			done := initiated.Add(time.Duration(10+r.IntN(600)) * time.Minute)
			if done.After(now) {
				done = now
			}
			p.to(provider.StateCompleted, done)
		}
		out = append(out, p)
	}
	return out, nil
}

// seedUnbookedPayouts makes the payouts that never reached processing.
func seedUnbookedPayouts(r *rand.Rand, so *seedPayoutOrg, now time.Time) []*seedPayout {
	var out []*seedPayout
	n := 0
	newPayout := func(maxAge time.Duration) *seedPayout {
		n++
		a := so.accounts[r.IntN(len(so.accounts))]
		dec := currency.Decimals(a.CurrencyCode)
		bal, _ := money.Parse(a.Balance, dec)
		// Around 1% of the balance, as the history's payouts.
		scale := max(bal.Minor().Int64()/100, 100)
		p := &seedPayout{account: a.AccountNumber, code: a.CurrencyCode,
			ref:     fmt.Sprintf("PO-%s-S%04d", strings.ToUpper(so.org.ID[len(so.org.ID)-4:]), n),
			amount:  money.FromMinor(scale/4+r.Int64N(scale), dec),
			fee:     so.rules.PayoutFee(a.CurrencyCode),
			created: now.Add(-time.Duration(r.Int64N(int64(maxAge))))}
		cs := so.rules.PayoutInstruments(p.code)
		p.instr = cs[r.IntN(len(cs))]
		p.sections = ReceiverSections(r, p.code, p.instr)
		so.decorate(r, p, 90000+n)
		p.e2e = fmt.Sprintf("E2E-%s-S%04d", strings.ToUpper(so.org.ID[len(so.org.ID)-4:]), n)
		out = append(out, p)
		return p
	}
	const day = 24 * time.Hour
	// received: waiting on the outside validator (parked).
	for _, st := range []string{provider.StateCreated, provider.StateCapabilitySelected, provider.StateValidatingExternal,
		provider.StateValidated, provider.StateUnableToValidateExternal, provider.StateValidatingExternal} {
		p := newPayout(2 * day)
		p.state = st
		switch st {
		case provider.StateUnableToValidateExternal:
			p.path(r, provider.StateCreated, provider.StateCapabilitySelected, provider.StateValidatingExternal, st)
		default:
			i := 0
			for receivedPath[i] != st {
				i++
			}
			p.path(r, receivedPath[:i+1]...)
		}
	}
	// pending: a future execution date; the lifecycle really picks them up on that day.
	for range 8 + r.IntN(4) {
		p := newPayout(10 * day)
		on := now.Add(time.Duration(1+r.IntN(20)) * day)
		p.execOn = on.Format(time.DateOnly)
		due, _ := time.Parse(time.DateOnly, p.execOn)
		p.due = &due
		p.state, p.reason = provider.StateWaitingFutureExecution, provider.ReasonWaitingFutureExecution
		p.path(r, append(receivedPath, p.state)...)
	}
	// action_required: more than the account holds (and under the payout limit); they resume
	// when the account is funded.
	for _, a := range so.accounts {
		dec := currency.Decimals(a.CurrencyCode)
		bal, _ := money.Parse(a.Balance, dec)
		limit := so.rules.PayoutLimit(a.CurrencyCode)
		for range 3 {
			over := bal.Add(money.FromMinor(bal.Minor().Int64()/10+r.Int64N(bal.Minor().Int64()/4+1), dec))
			if over.Cmp(limit) > 0 {
				break
			}
			p := newPayout(25 * day)
			cs := so.rules.PayoutInstruments(a.CurrencyCode)
			p.account, p.code, p.amount, p.fee = a.AccountNumber, a.CurrencyCode, over, so.rules.PayoutFee(a.CurrencyCode)
			p.instr = cs[r.IntN(len(cs))]
			sender, debtor := p.sections.UltimateDebtor, p.sections.Debtor
			p.sections = ReceiverSections(r, p.code, p.instr)
			p.sections.UltimateDebtor, p.sections.Debtor = sender, debtor
			p.state, p.reason = provider.StateInsufficientFunds, provider.ReasonInsufficientFunds
			p.path(r, append(receivedPath, p.state)...)
		}
	}
	// rejected by the lifecycle's own checks: the findings are what the checks say.
	breakers := []func(p *seedPayout){
		func(p *seedPayout) { p.sections.Creditor.FullName, p.sections.Creditor.Name = "", "" },
		func(p *seedPayout) { p.sections.Creditor.CountryCode = "Denmark" },
		func(p *seedPayout) { p.sections.UltimateDebtor.FullName, p.sections.UltimateDebtor.Name = "", "" },
		func(p *seedPayout) {
			if p.sections.CreditorAccount.IBAN != "" {
				ib := []byte(p.sections.CreditorAccount.IBAN)
				ib[len(ib)-1] = '0' + (ib[len(ib)-1]-'0'+1)%10
				p.sections.CreditorAccount.IBAN = string(ib)
			} else {
				p.sections.CreditorAccount.AccountNumber = "12-34"
			}
		},
		func(p *seedPayout) { p.purpose = "P-02" },
		func(p *seedPayout) {
			p.instr = "ACH"
			p.sections.CreditorAccount.CountryCode = "DE"
			MoveParty(&p.sections.Creditor, "DE")
		},
	}
	for range 40 + r.IntN(12) {
		p := newPayout(88 * day)
		breakers[r.IntN(len(breakers))](p)
		p.state = provider.StateRejected
		capable, reason, errs := so.rules.CheckPayout(p.code, p.instr, p.purpose, p.amount, p.sections)
		if !capable {
			p.reason, p.errs = provider.ReasonMissingCapability, errs
			p.path(r, provider.StateCreated, provider.StateRejected)
			continue
		}
		if reason == "" {
			reason, errs = provider.ReasonInvalidGeneralData, map[string][]provider.PayoutError{provider.SectionPayoutRequest: {{Pointer: "/", Details: "Rejected."}}}
		}
		p.reason, p.errs = reason, errs
		p.path(r, provider.StateCreated, provider.StateCapabilitySelected, provider.StateValidatingExternal, provider.StateRejected)
	}
	// rejected at the merchant's request, and cancelled before processing started.
	for i := range 16 {
		p := newPayout(80 * day)
		if i < 3 {
			p.state, p.reason = provider.StateRejected, provider.ReasonRequestedByMerchant
			p.path(r, append(receivedPath, p.state)...)
			continue
		}
		at := p.path(r, receivedPath...)
		if i%2 == 0 {
			p.execOn = p.created.Add(72 * time.Hour).Format(time.DateOnly)
			at = at.Add(time.Second)
			p.to(provider.StateWaitingFutureExecution, at)
		}
		at = at.Add(time.Duration(10+r.IntN(3000)) * time.Minute)
		p.state, p.reason = provider.StateCancelled, provider.ReasonRequestedByCustomer
		p.cancellations = []provider.PayoutCancellationRecord{{InitiatorType: provider.InitiatorUser,
			InitiatorName: so.creators[r.IntN(len(so.creators))], CreatedAt: at.Add(-2 * time.Second)}}
		p.to(provider.StateCancelled, at)
	}
	return out
}

// value is the payout as the store writes it.
func (p *seedPayout) value() seeddata.Payout {
	return seeddata.Payout{ID: ID(fmt.Sprintf("payout/%s/%s", p.org, p.ref)), OrganisationID: p.org, AccountNumber: p.account,
		Currency: p.code, UniqueReference: p.ref, EndToEndID: p.e2e, State: p.state, ReasonCode: p.reason, LocalInstrument: p.instr,
		PurposeCode: p.purpose, BusinessUnit: p.unit, RequestedExecutionDate: p.execOn, Source: p.source, BatchID: p.batch,
		CreatorName: p.creator, Amount: p.amount, Fee: p.fee, Created: p.created, Transitions: p.transitions,
		Cancellations: p.cancellations, Reviews: p.reviews, Errors: p.errs, Sections: p.sections, ReservedTx: p.reserved,
		ReleasedTx: p.released, Due: p.due}
}
