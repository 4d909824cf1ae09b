package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"portal/reference/demo"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
)

// seedBatches adds the demo batches (spec 001 §2 "Batches"). The demo payouts from CSV
// (seedPayouts) are grouped, by currency and transfer type in creation order, into completed
// batches: a few payouts each, with the approvals of two reviewers where the organisation
// needs them. Nordic (two approvals needed) also gets batches waiting for approval (none,
// or one of the two approvals; some created by a reviewer, who cannot approve their own)
// and declined ones, each with its rows, so the list has more than one page and every
// status of the filter. Atlantic needs no approval: its batches are all completed.
func seedBatches(ctx context.Context, tx *sql.Tx, now time.Time) error {
	r := rand.New(rand.NewPCG(20261123, 14))
	users := map[string]string{}
	for _, u := range demoUsers() {
		users[u.FirstName+" "+u.LastName] = u.ID
	}
	reviewers := []provider.BatchReview{
		{UserID: demo.UserOperationsMemberReviewerID, UserName: "Jonas Larsen"},
		{UserID: demo.UserAdminReviewerID, UserName: "Henrik Madsen"},
	}
	for _, o := range demoOrgs() {
		approvers := o.Config.BatchNumberOfApprovers
		n, err := seedCompletedBatches(ctx, tx, o.ID, users, reviewers[:min(approvers, 2)])
		if err != nil {
			return err
		}
		if approvers == 0 {
			continue
		}
		for i := range 50 {
			status := provider.BatchWaitingReview
			if i%5 == 3 || i%5 == 4 && i > 20 {
				status = provider.BatchRejected
			}
			if err := seedOpenBatch(ctx, tx, r, o.Organisation, n+i, status, now, users); err != nil {
				return err
			}
		}
	}
	return nil
}

type seedCSVPayout struct {
	id, code, instr, amount, creator, country string
	created                                   time.Time
}

// seedCompletedBatches groups the organisation's CSV payouts into completed batches and
// returns how many it made.
func seedCompletedBatches(ctx context.Context, tx *sql.Tx, orgID string, users map[string]string, approvals []provider.BatchReview) (int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, currency, local_instrument, amount, creator_name, created_at,
		json_extract(sections, '$.creditor.country_code') FROM payout_requests WHERE organisation_id = ? AND source = 'csv'
		ORDER BY created_at, seq`, orgID)
	if err != nil {
		return 0, fmt.Errorf("reference: seed batches: %w", err)
	}
	groups := map[string][]seedCSVPayout{}
	var order []string
	for rows.Next() {
		var p seedCSVPayout
		var created string
		var country sql.NullString
		if err := rows.Scan(&p.id, &p.code, &p.instr, &p.amount, &p.creator, &created, &country); err != nil {
			rows.Close()
			return 0, err
		}
		p.created, _ = parseTime(created)
		p.country = country.String
		key := p.code + "/" + p.instr
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], p)
	}
	rows.Close()
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
			id := seedID(fmt.Sprintf("batch/%s/%d", orgID, n))
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
			if err := insertSeedBatch(ctx, tx, seedBatchRow{id: id, org: orgID, name: name, status: provider.BatchCompleted,
				instr: first.instr, code: first.code, country: first.country, created: created, creator: first.creator,
				creatorID: users[first.creator], rows: len(chunk), total: total.String(), approvals: reviews}); err != nil {
				return 0, err
			}
			for _, p := range chunk {
				if _, err := tx.ExecContext(ctx, `UPDATE payout_requests SET batch_id = ?, reviews = ? WHERE id = ?`,
					id, js(nonNil(payoutReviews)), p.id); err != nil {
					return 0, fmt.Errorf("reference: seed batches: %w", err)
				}
			}
			n++
		}
	}
	return n, nil
}

type seedBatchRow struct {
	id, org, name, status, instr, code, country, schema, creator, creatorID, total string
	created                                                                        time.Time
	rows                                                                           int
	approvals, rejections                                                          []provider.BatchReview
}

func insertSeedBatch(ctx context.Context, tx *sql.Tx, b seedBatchRow) error {
	published := 0 // a completed demo batch's payouts are seeded with it
	if b.status == provider.BatchCompleted {
		published = b.rows
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO batches (id, organisation_id, name, filename, status, schema_id, local_instrument,
		currency, country, created_at, creator_id, creator_name, rows_count, total_amount, file_hash, approvals, rejections,
		published_rows) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, b.id, b.org, b.name,
		strings.ReplaceAll(strings.ToLower(b.name), " ", "-")+".csv", b.status, b.schema, b.instr, b.code, b.country,
		formatTime(b.created), b.creatorID, b.creator, b.rows, b.total, "seed:"+b.id, js(nonNil(b.approvals)), js(nonNil(b.rejections)),
		published)
	if err != nil {
		return fmt.Errorf("reference: seed batches: %w", err)
	}
	return nil
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// seedOpenBatch adds batch number n of an organisation needing approval, waiting for it or
// declined, with 3 to 12 rows of a SEPA or Faster Payments corridor.
func seedOpenBatch(ctx context.Context, tx *sql.Tx, r *rand.Rand, org provider.Organisation, n int, status string, now time.Time, users map[string]string) error {
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
	for _, a := range demoAccounts() {
		if a.Owner == org.ID && a.CurrencyCode == c.code {
			account = a.AccountNumber
		}
	}
	id := seedID(fmt.Sprintf("batch/%s/open/%d", org.ID, n))
	b := seedBatchRow{id: id, org: org.ID, status: status, instr: c.instr, code: c.code, country: c.country, schema: c.schema,
		created: created, creator: creator, creatorID: users[creator], rows: 3 + r.IntN(10)}
	b.name = []string{"Supplier run", "Freelancer fees", "Refunds", "Commission payouts", "Payroll extras"}[n%5] +
		" " + c.code + " " + created.Format("02-01")
	reviewer := provider.BatchReview{UserID: demo.UserAdminReviewerID, UserName: "Henrik Madsen", CreatedAt: created.Add(25 * time.Minute)}
	if creator == "Camilla Thomsen" && n%2 == 0 {
		b.approvals = []provider.BatchReview{reviewer}
	}
	if status == provider.BatchRejected {
		reviewer.UserID, reviewer.UserName = demo.UserOperationsMemberReviewerID, "Jonas Larsen"
		if creator == "Jonas Larsen" {
			reviewer.UserID, reviewer.UserName = demo.UserAdminReviewerID, "Henrik Madsen"
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
		sections := seedReceiver(r, c.code, c.instr)
		moveParty(&sections.Creditor, c.country)
		sections.CreditorAccount.CountryCode = c.country
		if c.instr == "SEPA" {
			sections.CreditorAccount.IBAN = makeIBAN(c.country, map[string]string{"DE": "370400440532013000",
				"FR": "20041010050500013M02606"}[c.country])
		}
		e2e := fmt.Sprintf("B%03d-%s-%04d", n, strings.ToUpper(org.ID[len(org.ID)-2:]), line)
		rows = append(rows, seedRow{e2e, amt.String(), line, sections})
	}
	b.total = total.String()
	if err := insertSeedBatch(ctx, tx, b); err != nil {
		return err
	}
	for _, row := range rows {
		if _, err := tx.ExecContext(ctx, `INSERT INTO batch_payouts (id, batch_id, organisation_id, line, end_to_end_id,
			virtual_account_number, amount, currency, local_instrument, purpose_code, requested_execution_date, sections, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '', '', ?, ?)`, seedID(id+"/"+row.e2e), id, org.ID, row.line, row.e2e, account,
			row.amount, c.code, c.instr, js(row.sections), formatTime(created)); err != nil {
			return fmt.Errorf("reference: seed batches: %w", err)
		}
	}
	return nil
}
