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

// Demo payout drafts (spec 001 §4 "Payout draft"): for both organisations, drafts in every
// status — waiting for review (more than a page of 20), declined, still being built, and
// published into one of the organisation's manual payout requests — from several creators,
// so four eyes can be tried at once: Nordic needs 1 approval (operations_member creates,
// operations_member_reviewer and admin_reviewer approve; a draft of the reviewer Jonas can
// only be approved by Henrik), Atlantic 2 (atlantic-ops creates, atlantic-reviewer and
// atlantic-approver approve; some drafts already hold one approval).

type seedDraftOrg struct {
	org         string
	creators    []string // user ids
	reviewers   []string
	schemas     [][2]string // product, schema
	waiting     int
	declined    int
	approvalsOf int // approvals a waiting draft may already hold
}

func seedDraftOrgs() []seedDraftOrg {
	return []seedDraftOrg{
		{org: Org1ID, creators: []string{UserOperationsMemberID, UserOperationsMemberID, UserAdminID, UserOperationsMemberReviewerID},
			reviewers: []string{UserOperationsMemberReviewerID, UserAdminReviewerID},
			schemas: [][2]string{{"sepa-eur-de", "sepa-eur-de-iban"}, {"sepa-eur-de", "sepa-eur-de-iban-typed"}, {"sepa-eur-fr", "sepa-eur-fr-iban"},
				{"fps-gbp-gb", "fps-gbp-gb-scan"}, {"swift-usd-sg", "swift-usd-sg-bank"}, {"swift-usd-sg", "swift-usd-sg-intermediary"},
				{"usdt-tron", "usdt-tron-wallet"}},
			waiting: 26, declined: 7},
		{org: Org2ID, creators: []string{UserAtlanticOpsID},
			reviewers: []string{UserAtlanticReviewerID, UserAtlanticApproverID},
			schemas:   [][2]string{{"fps-gbp-gb", "fps-gbp-gb-scan"}, {"swift-usd-sg", "swift-usd-sg-bank"}, {"swift-usd-sg", "swift-usd-sg-intermediary"}},
			waiting:   23, declined: 5, approvalsOf: 1},
	}
}

// draftsOf adds the demo payout drafts, the published ones made from the organisations'
// newest manual payouts.
func draftsOf(h *seeddata.History, now time.Time, rules seeddata.Rules) error {
	r := rand.New(rand.NewPCG(12, 2026))
	names := map[string]string{}
	for _, u := range Users("") {
		names[u.ID] = u.FirstName + " " + u.LastName
	}
	for _, m := range Members() {
		names[m.ID] = m.FirstName + " " + m.LastName
	}
	userName := func(id string) (string, error) {
		if n, ok := names[id]; ok {
			return n, nil
		}
		return "", fmt.Errorf("demo: drafts: no user %s", id)
	}
	for _, so := range seedDraftOrgs() {
		if err := draftsOfOrg(h, r, so, now, rules, userName); err != nil {
			return fmt.Errorf("demo: drafts: %w", err)
		}
	}
	return nil
}

func draftsOfOrg(h *seeddata.History, r *rand.Rand, so seedDraftOrg, now time.Time, rules seeddata.Rules, userName func(string) (string, error)) error {
	var cfgN int
	for _, o := range Organisations() {
		if o.ID == so.org {
			cfgN = o.Config.ManualPayoutNumberOfApprovers
		}
	}
	// The organisation's first business unit by name.
	var unit, unitName string
	for _, u := range h.BusinessUnits {
		if u.OrganisationID == so.org && (unit == "" || u.Name < unitName) {
			unit, unitName = u.ID, u.Name
		}
	}
	total := so.waiting + so.declined + 2
	// Published drafts are the organisation's newest manual payout requests.
	type published struct {
		ref, e2e, amount, code, account, state string
		at                                     time.Time
	}
	var pubs []published
	for _, p := range h.Payouts {
		if p.OrganisationID == so.org && p.Source == provider.SourceManual && strings.Contains(" EUR GBP USD USDT ", " "+p.Currency+" ") {
			pubs = append(pubs, published{p.UniqueReference, p.EndToEndID, p.Amount.String(), p.Currency, p.AccountNumber, p.State, p.Created.UTC()})
		}
	}
	sort.SliceStable(pubs, func(i, j int) bool { return pubs[i].at.After(pubs[j].at) })
	pubs = pubs[:min(len(pubs), 3)]
	// The organisation's first account in a currency, by number.
	accountIn := func(code string) (string, error) {
		var n string
		for _, a := range Accounts() {
			if a.Owner == so.org && a.CurrencyCode == code && (n == "" || a.AccountNumber < n) {
				n = a.AccountNumber
			}
		}
		if n == "" {
			return "", fmt.Errorf("%s has no account in %s", so.org, code)
		}
		return n, nil
	}
	short := strings.ToUpper(so.org[len(so.org)-2:])
	for i := 0; i < total; i++ {
		ps := so.schemas[i%len(so.schemas)]
		prod, sch := rules.DraftSchema(ps[0], ps[1])
		account, err := accountIn(prod.Currency)
		if err != nil {
			return err
		}
		creator := so.creators[i%len(so.creators)]
		name, err := userName(creator)
		if err != nil {
			return err
		}
		created := now.Add(-time.Duration(i)*7*time.Hour - time.Duration(r.IntN(3600))*time.Second)
		status := provider.DraftStatusWaitingReview
		switch {
		case i >= so.waiting+so.declined:
			status = provider.DraftStatusDraft
			// Left in the last two days, so the cleanup (provider.DraftKeep after the last
			// change) keeps them for the demo's first days.
			created = now.Add(-time.Duration(i-so.waiting-so.declined+1)*20*time.Hour - time.Duration(r.IntN(3600))*time.Second)
		case i >= so.waiting:
			status = provider.DraftStatusRejected
		}
		e2e := fmt.Sprintf("DRAFT-%s-%04d", short, 1000+i)
		values := seedDraftValues(r, sch, prod, account, e2e, unit)
		d := seeddata.PayoutDraft{ID: ID(fmt.Sprintf("draft/%s/%d", so.org, i)), OrganisationID: so.org, CreatedBy: creator, CreatorName: name,
			ProductID: ps[0], SchemaID: sch.ID, Status: status, Values: values, Errors: map[string]map[string][]string{},
			Currency: prod.Currency, DebtorAccount: account, Amount: values[provider.StepPayoutRequest]["amount"], EndToEndID: e2e,
			Created: created, Updated: created, SavedSections: []string{}}
		for _, sec := range provider.DraftSections() {
			if sectionHasFields(sch, sec) {
				d.SavedSections = append(d.SavedSections, sec)
			}
		}
		if status == provider.DraftStatusDraft {
			// Stopped after the first step: resumable in the wizard.
			d.SavedSections = d.SavedSections[:1]
			for _, sec := range provider.DraftSections()[1:] {
				delete(d.Values, sec)
			}
		} else {
			d.ApprovalsRequired = cfgN
		}
		var reviews []struct{ user, kind string }
		switch status {
		case provider.DraftStatusWaitingReview:
			if so.approvalsOf > 0 && i%3 == 0 {
				reviews = append(reviews, struct{ user, kind string }{so.reviewers[0], "approve"})
			}
		case provider.DraftStatusRejected:
			rev := so.reviewers[i%len(so.reviewers)]
			if rev == creator {
				rev = so.reviewers[(i+1)%len(so.reviewers)]
			}
			if so.approvalsOf > 0 && rev != so.reviewers[0] {
				reviews = append(reviews, struct{ user, kind string }{so.reviewers[0], "approve"})
			}
			reviews = append(reviews, struct{ user, kind string }{rev, "reject"})
		}
		// Reviews follow the draft, 37 minutes apart, closer for a draft of the last hour:
		// none is dated after the seeding.
		gap := min(37*time.Minute, now.Sub(created)/time.Duration(len(reviews)+1))
		for j, rv := range reviews {
			n, err := userName(rv.user)
			if err != nil {
				return err
			}
			d.Reviews = append(d.Reviews, seeddata.DraftReview{UserID: rv.user, UserName: n, Kind: rv.kind, At: created.Add(time.Duration(j+1) * gap)})
		}
		h.PayoutDrafts = append(h.PayoutDrafts, d)
	}
	for j, p := range pubs {
		at := p.at
		prodID, schemaID := seedCurrencySchema[p.code][0], seedCurrencySchema[p.code][1]
		creator := so.creators[0]
		name, err := userName(creator)
		if err != nil {
			return err
		}
		h.PayoutDrafts = append(h.PayoutDrafts, seeddata.PayoutDraft{ID: ID(fmt.Sprintf("draft/%s/published/%d", so.org, j)),
			OrganisationID: so.org, CreatedBy: creator, CreatorName: name, ProductID: prodID, SchemaID: schemaID,
			Status: provider.DraftStatusPublished,
			Values: map[string]map[string]string{provider.StepPayoutRequest: {"virtual_account_number": p.account, "amount": p.amount, "end_to_end_id": p.e2e}},
			Errors: map[string]map[string][]string{}, SavedSections: []string{}, Currency: p.code, DebtorAccount: p.account,
			Amount: p.amount, EndToEndID: p.e2e, ApprovalsRequired: cfgN, PayoutReference: p.ref, PayoutState: p.state,
			Created: at.Add(-6 * time.Hour), Updated: at})
	}
	return nil
}

// seedCurrencySchema is the product and schema a published demo draft of a currency had.
var seedCurrencySchema = map[string][2]string{"EUR": {"sepa-eur-de", "sepa-eur-de-iban"}, "GBP": {"fps-gbp-gb", "fps-gbp-gb-scan"},
	"USD": {"swift-usd-sg", "swift-usd-sg-bank"}, "USDT": {"usdt-tron", "usdt-tron-wallet"}}

func sectionHasFields(sch *provider.ProductSchema, section string) bool {
	for _, f := range sch.Fields {
		if f.Section == section {
			return true
		}
	}
	return false
}

// seedDraftValues fills every field of a schema with a value its rules accept.
func seedDraftValues(r *rand.Rand, sch *provider.ProductSchema, prod seeddata.DraftProduct, account, e2e, unit string) map[string]map[string]string {
	digits := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		return b.String()
	}
	country := prod.Country
	if country == "" {
		country = "SG"
	}
	first := FirstNames[r.IntN(len(FirstNames))] + " " + LastNames[r.IntN(len(LastNames))]
	company := Companies[r.IntN(len(Companies))]
	out := map[string]map[string]string{}
	for _, f := range sch.Fields {
		if out[f.Section] == nil {
			out[f.Section] = map[string]string{}
		}
		var v string
		switch f.UIField {
		case provider.UIAccount:
			v = account
		case provider.UIAmount:
			dec := currency.Decimals(prod.Currency)
			v = money.FromMinor(int64(5000+r.IntN(2_500_000))*int64(pow10i(dec-2)), dec).String()
		case provider.UIEndToEndID:
			v = e2e
		case provider.UIPurposeCode:
			if f.Rules.ExternalCode != "" {
				v = []string{"SUPP", "GDDS", "SCVE", "TRAD"}[r.IntN(4)]
			}
		case provider.UIBusinessUnit:
			v = unit
		case provider.UIDate:
		case provider.UICountry:
			v = country
			if f.Section == provider.StepUltimateDebtor {
				v = "DK"
			}
		case provider.UIDateOfBirth:
			v = fmt.Sprintf("%d-%02d-%02d", 1955+r.IntN(45), 1+r.IntN(12), 1+r.IntN(28))
		case provider.UICreditorType:
			v = []string{provider.CreditorPrivate, provider.CreditorOrganization}[r.IntN(2)]
		case provider.UIEmail:
			v = strings.ToLower(strings.Fields(first)[0]) + "@example.com"
			v = strings.NewReplacer("é", "e", "ü", "u").Replace(v)
		case provider.UIIBAN:
			if f.Section == provider.StepIntermediaryAgentAccount {
				v = makeIBAN("DE", digits(18))
			} else {
				v = map[string]string{"DE": makeIBAN("DE", digits(18)), "FR": makeIBAN("FR", digits(23))}[country]
			}
		case provider.UIBIC:
			v = "DBSSSGSG"
			if f.Section == provider.StepIntermediaryAgent {
				v = "CITIUS33"
			} else if b, ok := Banks[country]; ok {
				v = b[1]
			}
		case provider.UISortCode:
			v = digits(6)
		case provider.UIUKAccountNumber:
			v = digits(8)
		case provider.UIAccountNumber:
			v = digits(12)
		case provider.UICryptoWallet:
			const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
			b := []byte{'T'}
			for range 33 {
				b = append(b, alphabet[r.IntN(len(alphabet))])
			}
			v = string(b)
		default:
			v = seedDraftText(f, first, company, country)
		}
		out[f.Section][f.Name] = v
	}
	return out
}

func seedDraftText(f provider.SchemaField, person, company, country string) string {
	city := Cities[country]
	if f.Section == provider.StepUltimateDebtor {
		city = Cities["DK"]
	}
	switch f.Name {
	case "full_name":
		if f.Section == provider.StepUltimateDebtor {
			return "Nordic Customer Services ApS"
		}
		return person
	case "address":
		return "12 Harbour Street"
	case "city":
		return city[0]
	case "postal_code":
		return city[1]
	case "website":
		return "https://shop.example.com"
	case "bank_name":
		if f.Section == provider.StepIntermediaryAgent {
			return "Citibank N.A."
		}
		if b, ok := Banks[country]; ok {
			return b[0]
		}
		return "DBS Bank"
	}
	return company
}
