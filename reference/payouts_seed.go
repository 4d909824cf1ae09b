package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/payoutfield"
	"portal/provider"
	"portal/reference/demo"
	"portal/reference/seeddata"
)

// Demo business units (spec 001 §3): Nordic has several, Atlantic one, so both the
// selectable and the preselected, disabled field can be seen.
var seedBusinessUnits = []struct{ org, name string }{
	{demo.Org1ID, "Nordic Retail"}, {demo.Org1ID, "Nordic Wholesale"}, {demo.Org1ID, "Nordic Marine"},
	{demo.Org2ID, "Atlantic Forwarding"},
}

// seedProductInstruments are the transfer types of the demo contracted payout products.
var seedProductInstruments = map[string]string{"SEPA Credit Transfer": "SEPA", "UK Faster Payments": "FPS"}

// The party generators live in reference/demo (parties.go); the generators still here use
// them under their old names.
var (
	makeIBAN       = payoutfield.MakeIBAN
	seedFirstNames = demo.FirstNames
	seedLastNames  = demo.LastNames
	seedCompanies  = demo.Companies
	seedCities     = demo.Cities
	seedBanks      = demo.Banks
	seedReceiver   = demo.ReceiverSections
)

// moveParty puts a receiver in another country: its city, postal code and address too, so
// the demo never shows a German receiver in Rotterdam.
func moveParty(c *provider.Party, country string) {
	city := seedCities[country]
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
		FullName:    seedFirstNames[r.IntN(len(seedFirstNames))] + " " + seedLastNames[r.IntN(len(seedLastNames))],
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
	org      provider.Organisation
	accounts []seedAccount
	units    []string
	creators []string
	batches  []string
}

// seedPayouts adds the demo payout requests: every payout whose money the ledger history
// moved (completed, processing, returned or cancelled, with the history's amounts, fees and
// times, linked to its reservation and release), and payouts that never reached processing
// (received, pending, action_required, rejected with each reason code, cancelled), spread
// over the sources, currencies and business units. The generator is seeded.
func seedPayouts(ctx context.Context, tx *sql.Tx, now time.Time) error {
	for _, u := range seedBusinessUnits {
		if _, err := tx.ExecContext(ctx, `INSERT INTO business_units (id, organisation_id, name) VALUES (?, ?, ?)`,
			seedID("business-unit/"+u.org+"/"+u.name), u.org, u.name); err != nil {
			return fmt.Errorf("reference: seed business units: %w", err)
		}
	}
	for name, instr := range seedProductInstruments {
		if _, err := tx.ExecContext(ctx, `UPDATE contracted_products SET local_instrument = ? WHERE kind = 'payout' AND name = ?`,
			instr, name); err != nil {
			return fmt.Errorf("reference: seed payout products: %w", err)
		}
	}
	orgs := map[string]*seedPayoutOrg{}
	var orgIDs []string
	for _, o := range demoOrgs() {
		so := &seedPayoutOrg{org: o.Organisation}
		for _, a := range demoAccounts() {
			if a.Owner == o.ID {
				so.accounts = append(so.accounts, a)
			}
		}
		for _, u := range seedBusinessUnits {
			if u.org == o.ID {
				so.units = append(so.units, seedID("business-unit/"+u.org+"/"+u.name))
			}
		}
		for _, u := range demoUsers() {
			for _, m := range u.Memberships {
				if m.OrganisationID == o.ID && m.Role != provider.RoleDefault && !u.Disabled && u.MFA == (seeddata.MFA{}) {
					so.creators = append(so.creators, u.FirstName+" "+u.LastName)
				}
			}
		}
		for i := range 4 {
			so.batches = append(so.batches, seedID(fmt.Sprintf("batch/%s/%d", o.ID, i)))
		}
		orgs[o.ID] = so
		orgIDs = append(orgIDs, o.ID)
	}
	r := rand.New(rand.NewPCG(20261122, 9))
	var all []*seedPayout
	booked, err := seedBookedPayouts(ctx, tx, r, orgs, now)
	if err != nil {
		return err
	}
	all = append(all, booked...)
	for _, id := range orgIDs {
		all = append(all, seedUnbookedPayouts(r, orgs[id], now)...)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].created.Before(all[j].created) })
	for i, p := range all {
		if err := insertSeedPayout(ctx, tx, i, p); err != nil {
			return err
		}
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

// seedBookedPayouts reads the payouts the ledger history booked back into payout requests.
func seedBookedPayouts(ctx context.Context, tx *sql.Tx, r *rand.Rand, orgs map[string]*seedPayoutOrg, now time.Time) ([]*seedPayout, error) {
	rows, err := tx.QueryContext(ctx, `SELECT t.id, t.kind, t.created_at, e.account_number, a.owner_organisation_id, e.currency,
		e.entry_type, e.amount, e.reference FROM ledger_transactions t
		JOIN ledger_entries e ON e.transaction_id = t.id
		JOIN accounts a ON a.account_number = e.account_number
		WHERE a.kind = 'customer' AND a.owner_organisation_id IS NOT NULL AND t.kind IN ('payout', 'payout_returned', 'payout_cancelled')
		ORDER BY e.seq`)
	if err != nil {
		return nil, fmt.Errorf("reference: seed payouts: %w", err)
	}
	defer rows.Close()
	byRef := map[string]*seedPayout{}
	var order []*seedPayout
	releasedAt := map[*seedPayout]time.Time{}
	for rows.Next() {
		var txID, kind, at, acct, org, code, typ, amt, ref string
		if err := rows.Scan(&txID, &kind, &at, &acct, &org, &code, &typ, &amt, &ref); err != nil {
			return nil, fmt.Errorf("reference: seed payouts: %w", err)
		}
		key := org + "/" + ref
		p := byRef[key]
		if p == nil {
			p = &seedPayout{org: org, account: acct, code: code, ref: ref, amount: money.Zero(currency.Decimals(code)), fee: money.Zero(currency.Decimals(code))}
			byRef[key] = p
			order = append(order, p)
		}
		a, err := money.ParseCurrency(amt, code)
		if err != nil {
			return nil, fmt.Errorf("reference: seed payouts: %w", err)
		}
		t, err := parseTime(at)
		if err != nil {
			return nil, err
		}
		if kind == provider.EntryPayout {
			p.reserved, p.created = txID, t
			if typ == provider.EntryPayoutFee {
				p.fee = a.Neg()
			} else {
				p.amount = a.Neg()
			}
			continue
		}
		p.released, p.state = txID, kind
		releasedAt[p] = t
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: seed payouts: %w", err)
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
		cs := payoutCorridors[p.code]
		p.instr = cs[r.IntN(len(cs))].instrument
		p.sections = seedReceiver(r, p.code, p.instr)
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
			fee:     payoutFee(a.CurrencyCode),
			created: now.Add(-time.Duration(r.Int64N(int64(maxAge))))}
		cs := payoutCorridors[p.code]
		p.instr = cs[r.IntN(len(cs))].instrument
		p.sections = seedReceiver(r, p.code, p.instr)
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
		limit := money.MustParse(payoutLimit, dec)
		for range 3 {
			over := bal.Add(money.FromMinor(bal.Minor().Int64()/10+r.Int64N(bal.Minor().Int64()/4+1), dec))
			if over.Cmp(limit) > 0 {
				break
			}
			p := newPayout(25 * day)
			cs := payoutCorridors[a.CurrencyCode]
			p.account, p.code, p.amount, p.fee = a.AccountNumber, a.CurrencyCode, over, payoutFee(a.CurrencyCode)
			p.instr = cs[r.IntN(len(cs))].instrument
			sender, debtor := p.sections.UltimateDebtor, p.sections.Debtor
			p.sections = seedReceiver(r, p.code, p.instr)
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
			moveParty(&p.sections.Creditor, "DE")
		},
	}
	for range 40 + r.IntN(12) {
		p := newPayout(88 * day)
		breakers[r.IntN(len(breakers))](p)
		row := &payoutRow{code: p.code, instr: p.instr, amount: p.amount, purpose: p.purpose, sections: p.sections}
		p.state = provider.StateRejected
		if instr, errs := selectCapability(p.code, p.instr, p.sections.CreditorAccount.CountryCode); errs != nil {
			p.reason, p.errs = provider.ReasonMissingCapability, errs
			p.path(r, provider.StateCreated, provider.StateRejected)
			continue
		} else {
			row.instr = instr
		}
		reason, errs := validatePayout(row)
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

func insertSeedPayout(ctx context.Context, tx *sql.Tx, i int, p *seedPayout) error {
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	if p.errs == nil {
		p.errs = map[string][]provider.PayoutError{}
	}
	updated := p.created
	if n := len(p.transitions); n > 0 {
		updated = p.transitions[n-1].Timestamp
	}
	var reserved, released any
	if p.reserved != "" {
		reserved = p.reserved
	}
	if p.released != "" {
		released = p.released
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO payout_requests (id, organisation_id, virtual_account_number, state, reason_code,
		amount, currency, created_at, unique_reference, end_to_end_id, amount_key, fee, purpose_code, local_instrument, business_unit,
		requested_execution_date, source, batch_id, creator_name, sections, errors, status_transitions, cancellations, reviews,
		updated_at, reserved_tx, released_tx, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		seedID(fmt.Sprintf("payout/%s/%s", p.org, p.ref)), p.org, p.account, p.state, p.reason, p.amount.String(), p.code,
		formatTime(p.created), p.ref, p.e2e, amountKey(p.amount), p.fee.String(), p.purpose, p.instr, p.unit, p.execOn, p.source,
		p.batch, p.creator, js(p.sections), js(p.errs), js(nonNil(p.transitions)), js(nonNil(p.cancellations)), js(nonNil(p.reviews)),
		formatTime(updated), reserved, released, dueArg(p.due))
	if err != nil {
		return fmt.Errorf("reference: seed payout %d (%s): %w", i, p.ref, err)
	}
	return nil
}
