package reference

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"portal/reference/demo"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
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
		{org: demo.Org1ID, creators: []string{demo.UserOperationsMemberID, demo.UserOperationsMemberID, demo.UserAdminID, demo.UserOperationsMemberReviewerID},
			reviewers: []string{demo.UserOperationsMemberReviewerID, demo.UserAdminReviewerID},
			schemas: [][2]string{{"sepa-eur-de", "sepa-eur-de-iban"}, {"sepa-eur-de", "sepa-eur-de-iban-typed"}, {"sepa-eur-fr", "sepa-eur-fr-iban"},
				{"fps-gbp-gb", "fps-gbp-gb-scan"}, {"swift-usd-sg", "swift-usd-sg-bank"}, {"swift-usd-sg", "swift-usd-sg-intermediary"},
				{"usdt-tron", "usdt-tron-wallet"}},
			waiting: 26, declined: 7},
		{org: demo.Org2ID, creators: []string{demo.UserAtlanticOpsID},
			reviewers: []string{demo.UserAtlanticReviewerID, demo.UserAtlanticApproverID},
			schemas:   [][2]string{{"fps-gbp-gb", "fps-gbp-gb-scan"}, {"swift-usd-sg", "swift-usd-sg-bank"}, {"swift-usd-sg", "swift-usd-sg-intermediary"}},
			waiting:   23, declined: 5, approvalsOf: 1},
	}
}

func seedPayoutDrafts(ctx context.Context, tx *sql.Tx, now time.Time) error {
	r := rand.New(rand.NewPCG(12, 2026))
	for _, so := range seedDraftOrgs() {
		if err := seedDraftsOf(ctx, tx, r, so, now); err != nil {
			return fmt.Errorf("reference: seed drafts: %w", err)
		}
	}
	return nil
}

func userName(ctx context.Context, tx *sql.Tx, id string) (string, error) {
	var n string
	err := tx.QueryRowContext(ctx, `SELECT first_name || ' ' || last_name FROM users WHERE id = ?`, id).Scan(&n)
	return n, err
}

func seedDraftsOf(ctx context.Context, tx *sql.Tx, r *rand.Rand, so seedDraftOrg, now time.Time) error {
	var cfgN int
	if err := tx.QueryRowContext(ctx, `SELECT manual_payout_number_of_approvers FROM organisation_configurations WHERE organisation_id = ?`,
		so.org).Scan(&cfgN); err != nil {
		return err
	}
	var unit string
	_ = tx.QueryRowContext(ctx, `SELECT id FROM business_units WHERE organisation_id = ? ORDER BY name LIMIT 1`, so.org).Scan(&unit)
	total := so.waiting + so.declined + 2
	// Published drafts are the organisation's newest manual payout requests.
	rows, err := tx.QueryContext(ctx, `SELECT unique_reference, end_to_end_id, amount, currency, virtual_account_number, state, created_by, created_at
		FROM payout_requests WHERE organisation_id = ? AND source = 'manual' AND currency IN ('EUR', 'GBP', 'USD', 'USDT')
		ORDER BY created_at DESC LIMIT 3`, so.org)
	if err != nil {
		return err
	}
	type published struct{ ref, e2e, amount, code, account, state, by, at string }
	var pubs []published
	for rows.Next() {
		var p published
		if err := rows.Scan(&p.ref, &p.e2e, &p.amount, &p.code, &p.account, &p.state, &p.by, &p.at); err != nil {
			rows.Close()
			return err
		}
		pubs = append(pubs, p)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	short := strings.ToUpper(so.org[len(so.org)-2:])
	for i := 0; i < total; i++ {
		ps := so.schemas[i%len(so.schemas)]
		_, prod, sch := catalogueLookup(ps[0], ps[1])
		var account string
		if err := tx.QueryRowContext(ctx, `SELECT account_number FROM accounts WHERE owner_organisation_id = ? AND currency_code = ?
			AND kind = 'customer' ORDER BY account_number LIMIT 1`, so.org, prod.currency).Scan(&account); err != nil {
			return fmt.Errorf("%s account in %s: %w", so.org, prod.currency, err)
		}
		creator := so.creators[i%len(so.creators)]
		name, err := userName(ctx, tx, creator)
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
		d := draftRow{id: seedID(fmt.Sprintf("draft/%s/%d", so.org, i)), org: so.org, createdBy: creator, creatorName: name,
			productID: prod.id, schema: sch.ID, status: status, values: values, errs: map[string]map[string][]string{},
			currency: prod.currency, debtorAccount: account, amount: values[provider.StepPayoutRequest]["amount"], e2e: e2e,
			createdAt: created, updatedAt: created}
		for _, sec := range provider.DraftSections() {
			if hasFields(sch, sec) {
				d.saved = append(d.saved, sec)
			}
		}
		if status == provider.DraftStatusDraft {
			// Stopped after the first step: resumable in the wizard.
			d.saved = d.saved[:1]
			for _, sec := range provider.DraftSections()[1:] {
				delete(d.values, sec)
			}
		} else {
			d.approvalsRequired = cfgN
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
		if err := insertSeedDraft(ctx, tx, &d); err != nil {
			return err
		}
		// Reviews follow the draft, 37 minutes apart, closer for a draft of the last hour:
		// none is dated after the seeding.
		gap := min(37*time.Minute, now.Sub(created)/time.Duration(len(reviews)+1))
		for j, rv := range reviews {
			n, err := userName(ctx, tx, rv.user)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO payout_draft_reviews (draft_id, user_id, user_name, kind, created_at) VALUES (?, ?, ?, ?, ?)`,
				d.id, rv.user, n, rv.kind, formatTime(created.Add(time.Duration(j+1)*gap))); err != nil {
				return err
			}
		}
	}
	for j, p := range pubs {
		at, err := parseTime(p.at)
		if err != nil {
			return err
		}
		prodID, schemaID := seedCurrencySchema[p.code][0], seedCurrencySchema[p.code][1]
		creator := so.creators[0]
		name, err := userName(ctx, tx, creator)
		if err != nil {
			return err
		}
		d := draftRow{id: seedID(fmt.Sprintf("draft/%s/published/%d", so.org, j)), org: so.org, createdBy: creator, creatorName: name,
			productID: prodID, schema: schemaID, status: provider.DraftStatusPublished,
			values: map[string]map[string]string{provider.StepPayoutRequest: {"virtual_account_number": p.account, "amount": p.amount, "end_to_end_id": p.e2e}},
			errs:   map[string]map[string][]string{}, saved: []string{}, currency: p.code, debtorAccount: p.account, amount: p.amount,
			e2e: p.e2e, approvalsRequired: cfgN, payoutRef: p.ref, payoutState: p.state, createdAt: at.Add(-6 * time.Hour), updatedAt: at}
		if err := insertSeedDraft(ctx, tx, &d); err != nil {
			return err
		}
	}
	return nil
}

// seedCurrencySchema is the product and schema a published demo draft of a currency had.
var seedCurrencySchema = map[string][2]string{"EUR": {"sepa-eur-de", "sepa-eur-de-iban"}, "GBP": {"fps-gbp-gb", "fps-gbp-gb-scan"},
	"USD": {"swift-usd-sg", "swift-usd-sg-bank"}, "USDT": {"usdt-tron", "usdt-tron-wallet"}}

func insertSeedDraft(ctx context.Context, tx *sql.Tx, d *draftRow) error {
	if d.saved == nil {
		d.saved = []string{}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO payout_drafts (id, organisation_id, created_by, creator_name, product_id, schema_id,
		status, field_values, field_errors, saved_sections, debtor_account, amount, currency, end_to_end_id, approvals_required,
		payout_reference, payout_state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		d.id, d.org, d.createdBy, d.creatorName, d.productID, d.schema, d.status, marshal(d.values), marshal(d.errs), marshal(d.saved),
		d.debtorAccount, d.amount, d.currency, d.e2e, d.approvalsRequired, d.payoutRef, d.payoutState, formatTime(d.createdAt),
		formatTime(d.updatedAt))
	return err
}

// seedDraftValues fills every field of a schema with a value its rules accept.
func seedDraftValues(r *rand.Rand, sch *provider.ProductSchema, prod *catalogueProduct, account, e2e, unit string) map[string]map[string]string {
	digits := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		return b.String()
	}
	country := prod.country
	if country == "" {
		country = "SG"
	}
	first := seedFirstNames[r.IntN(len(seedFirstNames))] + " " + seedLastNames[r.IntN(len(seedLastNames))]
	company := seedCompanies[r.IntN(len(seedCompanies))]
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
			dec := currency.Decimals(prod.currency)
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
			} else if b, ok := seedBanks[country]; ok {
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
	city := seedCities[country]
	if f.Section == provider.StepUltimateDebtor {
		city = seedCities["DK"]
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
		if b, ok := seedBanks[country]; ok {
			return b[0]
		}
		return "DBS Bank"
	}
	return company
}
