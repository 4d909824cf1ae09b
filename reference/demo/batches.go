package demo

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/seeddata"
)

// batchesOf adds the demo batches (spec 001 §2 "Batches"). The demo payouts from CSV
// (payoutsOf) are grouped, by currency and transfer type in creation order, into completed
// batches: a few payouts each, with the approvals of two reviewers where the organisation
// needs them. Nordic (two approvals needed) also gets batches waiting for approval (none,
// or one of the two approvals; some created by a reviewer, who cannot approve their own)
// and declined ones, each with its rows, so the list has more than one page and every
// status of the filter. Atlantic needs no approval: its batches are all completed.
func batchesOf(h *seeddata.History, now time.Time) {
	r := rand.New(rand.NewPCG(20261123, 14))
	users := map[string]string{}
	for _, u := range Users("") {
		users[u.FirstName+" "+u.LastName] = u.ID
	}
	reviewers := []provider.BatchReview{
		{UserID: UserOperationsMemberReviewerID, UserName: "Jonas Larsen"},
		{UserID: UserAdminReviewerID, UserName: "Henrik Madsen"},
	}
	for _, o := range Organisations() {
		approvers := o.Config.BatchNumberOfApprovers
		n := seedCompletedBatches(h, o.ID, users, reviewers[:min(approvers, 2)])
		if approvers == 0 {
			continue
		}
		for i := range 50 {
			status := provider.BatchWaitingReview
			if i%5 == 3 || i%5 == 4 && i > 20 {
				status = provider.BatchRejected
			}
			h.Batches = append(h.Batches, seedOpenBatch(r, o.Organisation, n+i, status, now, users))
		}
	}
}

type seedCSVPayout struct {
	index                                 int
	code, instr, amount, creator, country string
	created                               time.Time
}

// seedCompletedBatches groups the organisation's CSV payouts into completed batches and
// returns how many it made.
func seedCompletedBatches(h *seeddata.History, orgID string, users map[string]string, approvals []provider.BatchReview) int {
	groups := map[string][]seedCSVPayout{}
	var order []string
	for i, sp := range h.Payouts {
		if sp.OrganisationID != orgID || sp.Source != provider.SourceCSV {
			continue
		}
		p := seedCSVPayout{index: i, code: sp.Currency, instr: sp.LocalInstrument, amount: sp.Amount.String(), creator: sp.CreatorName,
			created: sp.Created.UTC(), country: sp.Sections.Creditor.CountryCode}
		key := p.code + "/" + p.instr
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], p)
	}
	n := 0
	for _, key := range order {
		ps := groups[key]
		for start, end := 0, 0; start < len(ps); start = end {
			// Up to three payouts made within a day of the first: a batch's payouts are made
			// when it is approved, not weeks later.
			for end = start + 1; end < len(ps) && end < start+3 && ps[end].created.Sub(ps[start].created) < 23*time.Hour; end++ {
			}
			chunk := ps[start:end]
			first := chunk[0]
			id := ID(fmt.Sprintf("batch/%s/%d", orgID, n))
			created := first.created.Add(-3 * time.Minute)
			dec := currency.Decimals(first.code)
			total := money.Zero(dec)
			for _, p := range chunk {
				total = total.Add(money.MustParse(p.amount, dec))
			}
			var reviews []provider.BatchReview
			var payoutReviews []provider.PayoutReview
			for i, a := range approvals {
				a.CreatedAt = created.Add(time.Duration(i+1) * 40 * time.Second)
				reviews = append(reviews, a)
				payoutReviews = append(payoutReviews, provider.PayoutReview{ReviewerName: a.UserName, CreatedAt: a.CreatedAt})
			}
			name := fmt.Sprintf("%s payouts %s %s", first.instr, first.code, created.Format("02-01"))
			h.Batches = append(h.Batches, seedBatchRow{id: id, org: orgID, name: name, status: provider.BatchCompleted,
				instr: first.instr, code: first.code, country: first.country, created: created, creator: first.creator,
				creatorID: users[first.creator], rows: len(chunk), total: total.String(), approvals: reviews}.value(nil))
			// The batch's payouts were made from it, with its approvals.
			made := &h.Batches[len(h.Batches)-1]
			made.PayoutReviews = payoutReviews
			for _, p := range chunk {
				made.MadePayouts = append(made.MadePayouts, h.Payouts[p.index].ID)
			}
			n++
		}
	}
	return n
}

type seedBatchRow struct {
	id, org, name, status, instr, code, country, schema, creator, creatorID, total string
	created                                                                        time.Time
	rows                                                                           int
	approvals, rejections                                                          []provider.BatchReview
}

// value is the batch as stored, with its rows.
func (b seedBatchRow) value(rows []seeddata.BatchPayout) seeddata.Batch {
	published := 0 // a completed demo batch's payouts are seeded with it
	if b.status == provider.BatchCompleted {
		published = b.rows
	}
	return seeddata.Batch{ID: b.id, OrganisationID: b.org, Name: b.name,
		Filename: strings.ReplaceAll(strings.ToLower(b.name), " ", "-") + ".csv", Status: b.status, SchemaID: b.schema,
		LocalInstrument: b.instr, Currency: b.code, Country: b.country, Created: b.created, CreatorID: b.creatorID,
		CreatorName: b.creator, Rows: b.rows, TotalAmount: b.total, FileHash: "seed:" + b.id, Approvals: b.approvals,
		Rejections: b.rejections, PublishedRows: published, Payouts: rows}
}

// seedOpenBatch adds batch number n of an organisation needing approval, waiting for it or
// declined, with 3 to 12 rows of a SEPA or Faster Payments corridor.
func seedOpenBatch(r *rand.Rand, org provider.Organisation, n int, status string, now time.Time, users map[string]string) seeddata.Batch {
	creators := []string{"Sofie Andersen", "Camilla Thomsen", "Sofie Andersen", "Jonas Larsen"}
	creator := creators[r.IntN(len(creators))]
	// Within the default date range (the past 30 days), so the list has a second page.
	created := now.Add(-time.Duration(30+r.IntN(28*24*60)) * time.Minute).Truncate(time.Second)
	fams := []struct{ instr, code, country, schema string }{
		{"SEPA", "EUR", "DE", "sepa-eur-de-iban"}, {"SEPA", "EUR", "FR", "sepa-eur-fr-iban"},
		{"SEPA", "EUR", "DE", "sepa-eur-de-iban-typed"}, {"FPS", "GBP", "GB", "fps-gbp-gb-scan"},
	}
	c := fams[r.IntN(len(fams))]
	var account string
	for _, a := range Accounts() {
		if a.Owner == org.ID && a.CurrencyCode == c.code {
			account = a.AccountNumber
		}
	}
	id := ID(fmt.Sprintf("batch/%s/open/%d", org.ID, n))
	b := seedBatchRow{id: id, org: org.ID, status: status, instr: c.instr, code: c.code, country: c.country, schema: c.schema,
		created: created, creator: creator, creatorID: users[creator], rows: 3 + r.IntN(10)}
	b.name = []string{"Supplier run", "Freelancer fees", "Refunds", "Commission payouts", "Payroll extras"}[n%5] +
		" " + c.code + " " + created.Format("02-01")
	reviewer := provider.BatchReview{UserID: UserAdminReviewerID, UserName: "Henrik Madsen", CreatedAt: created.Add(25 * time.Minute)}
	if creator == "Camilla Thomsen" && n%2 == 0 {
		b.approvals = []provider.BatchReview{reviewer}
	}
	if status == provider.BatchRejected {
		reviewer.UserID, reviewer.UserName = UserOperationsMemberReviewerID, "Jonas Larsen"
		if creator == "Jonas Larsen" {
			reviewer.UserID, reviewer.UserName = UserAdminReviewerID, "Henrik Madsen"
		}
		b.approvals, b.rejections = nil, []provider.BatchReview{reviewer}
	}
	dec := currency.Decimals(c.code)
	total := money.Zero(dec)
	type seedRow struct {
		e2e, amount string
		line        int
		sections    provider.PayoutSections
	}
	var rows []seedRow
	for line := 2; line < 2+b.rows; line++ {
		amt := money.FromMinor(int64(5000+r.IntN(400000)), dec)
		total = total.Add(amt)
		sections := ReceiverSections(r, c.code, c.instr)
		MoveParty(&sections.Creditor, c.country)
		sections.CreditorAccount.CountryCode = c.country
		if c.instr == "SEPA" {
			sections.CreditorAccount.IBAN = makeIBAN(c.country, map[string]string{"DE": "370400440532013000",
				"FR": "20041010050500013M02606"}[c.country])
		}
		e2e := fmt.Sprintf("B%03d-%s-%04d", n, strings.ToUpper(org.ID[len(org.ID)-2:]), line)
		rows = append(rows, seedRow{e2e, amt.String(), line, sections})
	}
	b.total = total.String()
	var out []seeddata.BatchPayout
	for _, row := range rows {
		out = append(out, seeddata.BatchPayout{ID: ID(id + "/" + row.e2e), Line: row.line, EndToEndID: row.e2e, AccountNumber: account,
			Amount: row.amount, Currency: c.code, LocalInstrument: c.instr, Sections: row.sections, Created: created})
	}
	return b.value(out)
}
