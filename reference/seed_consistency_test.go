package reference

import (
	"context"
	"encoding/json"
	"portal/reference/demo"
	"slices"
	"strings"
	"testing"

	"portal/provider"
)

// knownCities are the cities the demo data names, with their country: a party whose city is
// one of them must be in that country (a UK sender in Berlin reads as a mistake).
const knownCities = `VALUES ('Berlin', 'DE'), ('Hamburg', 'DE'), ('Munich', 'DE'), ('Lyon', 'FR'), ('Paris', 'FR'),
	('Rotterdam', 'NL'), ('Amsterdam', 'NL'), ('Valencia', 'ES'), ('Madrid', 'ES'), ('Milano', 'IT'), ('Aarhus', 'DK'),
	('Copenhagen', 'DK'), ('Manchester', 'GB'), ('London', 'GB'), ('Leeds', 'GB'), ('Chicago', 'US'), ('New York', 'US'),
	('Singapore', 'SG'), ('Osaka', 'JP'), ('São Paulo', 'BR')`

// seedRules are the demo data's agreements with itself (issue 27 item 16), one SQL check
// each, every one over all the rows of the tables it names. A check selects the offending
// rows as (row, what is wrong).
var seedRules = []struct{ name, query string }{
	{"no approval dated before the thing approved, nor after the payout it released", `
		SELECT r.draft_id, 'draft ' || r.kind || ' ' || r.created_at || ' before the draft, ' || d.created_at
			FROM payout_draft_reviews r JOIN payout_drafts d ON d.id = r.draft_id
			WHERE julianday(r.created_at) < julianday(d.created_at)
		UNION ALL SELECT b.id, 'batch review ' || json_extract(j.value, '$.created_at') || ' before the batch, ' || b.created_at
			FROM batches b, json_each(b.approvals || '') j WHERE julianday(json_extract(j.value, '$.created_at')) < julianday(b.created_at)
		UNION ALL SELECT b.id, 'batch decline ' || json_extract(j.value, '$.created_at') || ' before the batch, ' || b.created_at
			FROM batches b, json_each(b.rejections) j WHERE julianday(json_extract(j.value, '$.created_at')) < julianday(b.created_at)
		UNION ALL SELECT p.id, 'review ' || json_extract(j.value, '$.created_at') || ' before its batch, ' || b.created_at
			FROM payout_requests p JOIN batches b ON b.id = p.batch_id, json_each(p.reviews) j
			WHERE julianday(json_extract(j.value, '$.created_at')) < julianday(b.created_at)
		UNION ALL SELECT p.id, 'review ' || json_extract(j.value, '$.created_at') || ' before its draft, ' || d.created_at
			FROM payout_requests p JOIN payout_drafts d ON d.organisation_id = p.organisation_id AND d.payout_reference = p.unique_reference,
			json_each(p.reviews) j WHERE julianday(json_extract(j.value, '$.created_at')) < julianday(d.created_at)
		UNION ALL SELECT p.id, 'review ' || json_extract(j.value, '$.created_at') || ' after the payout it released, ' || p.created_at
			FROM payout_requests p, json_each(p.reviews) j WHERE julianday(json_extract(j.value, '$.created_at')) > julianday(p.created_at)`},
	{"a batch's payouts are made when it is approved, not weeks later", `
		SELECT p.id, 'created ' || p.created_at || ', its batch approved ' || coalesce(a.at, b.created_at)
			FROM payout_requests p JOIN batches b ON b.id = p.batch_id
			LEFT JOIN (SELECT b2.id, max(json_extract(j.value, '$.created_at')) AS at FROM batches b2, json_each(b2.approvals) j GROUP BY b2.id) a
				ON a.id = b.id
			WHERE julianday(p.created_at) - julianday(coalesce(a.at, b.created_at)) NOT BETWEEN 0 AND 1
		UNION ALL SELECT p.id, 'names batch ' || p.batch_id || ', which is not there or not completed'
			FROM payout_requests p LEFT JOIN batches b ON b.id = p.batch_id
			WHERE p.batch_id <> '' AND (b.id IS NULL OR b.status <> 'completed')`},
	{"a party's city is in its country", `
		WITH cities(city, country) AS (` + knownCities + `),
		parties(row, what, city, country) AS (
			SELECT p.id, 'payout ' || s.key, json_extract(s.value, '$.city'), json_extract(s.value, '$.country_code')
				FROM payout_requests p, json_each(p.sections) s WHERE s.key IN ('ultimate_debtor', 'creditor')
			UNION ALL SELECT bp.id, 'batch row ' || s.key, json_extract(s.value, '$.city'), json_extract(s.value, '$.country_code')
				FROM batch_payouts bp, json_each(bp.sections) s WHERE s.key IN ('ultimate_debtor', 'creditor')
			UNION ALL SELECT d.id, 'draft ' || s.key, json_extract(s.value, '$.city'), json_extract(s.value, '$.country_code')
				FROM payout_drafts d, json_each(d.field_values) s WHERE s.key IN ('ultimate_debtor', 'creditor')
			UNION ALL SELECT json_extract(value, '$.row'), json_extract(value, '$.what'), json_extract(value, '$.city'),
				json_extract(value, '$.country') FROM json_each(?1))
		SELECT row, what || ' in ' || parties.city || ', country ' || parties.country FROM parties JOIN cities ON cities.city = parties.city
			WHERE upper(parties.country) <> cities.country
				-- Rejected for the receiver's country on purpose (a name where a code belongs).
				AND NOT EXISTS (SELECT 1 FROM payout_requests p WHERE p.id = parties.row AND p.state = 'rejected'
					AND p.reason_code = 'invalid_creditor' AND parties.what = 'payout creditor')`},
	{"a returned payout carries a return reason", `
		SELECT id, 'returned with reason ' || quote(reason_code) FROM payout_requests
			WHERE state = 'returned' AND reason_code NOT IN ('invalid_creditor_account', 'invalid_creditor')`},
	{"two demo people never share a name", `
		SELECT group_concat(email, ', '), 'named ' || first_name || ' ' || last_name FROM users
			GROUP BY lower(first_name || ' ' || last_name) HAVING count(*) > 1
		UNION ALL SELECT i.email, 'invited as ' || i.first_name || ' ' || i.last_name || ', the name of ' || u.email
			FROM invitations i JOIN users u ON lower(u.first_name || ' ' || u.last_name) = lower(i.first_name || ' ' || i.last_name)`},
	{"people's names in one style, and the names on records are members' of that organisation", `
		WITH names(row, name) AS (SELECT email, first_name FROM users UNION ALL SELECT email, last_name FROM users
			UNION ALL SELECT email, first_name FROM invitations UNION ALL SELECT email, last_name FROM invitations)
		SELECT row, 'name part ' || quote(name) FROM names
			WHERE name = '' OR name <> trim(name) OR substr(name, 1, 1) <> upper(substr(name, 1, 1)) OR substr(name, 1, 1) = lower(substr(name, 1, 1))
				OR (length(name) > 1 AND substr(name, 2) = upper(substr(name, 2))) OR name GLOB '*[0-9_@.,]*'
		UNION ALL SELECT id, 'batch named ' || quote(name) || ', not "<What> <currency> <DD-MM>"' FROM batches
			WHERE NOT (name GLOB '[A-Z]*' AND name GLOB ('* ' || currency || ' [0-3][0-9]-[01][0-9]'))
		UNION ALL SELECT row, 'by ' || quote(who) || ', not a member of ' || org FROM (
			SELECT id AS row, organisation_id AS org, creator_name AS who FROM payout_requests WHERE creator_name NOT IN ('', 'ERP integration')
			UNION ALL SELECT p.id, p.organisation_id, json_extract(j.value, '$.reviewer_name') FROM payout_requests p, json_each(p.reviews) j
			UNION ALL SELECT p.id, p.organisation_id, json_extract(j.value, '$.initiator_name') FROM payout_requests p, json_each(p.cancellations) j
				WHERE json_extract(j.value, '$.initiator_type') = 'user'
			UNION ALL SELECT id, organisation_id, creator_name FROM batches
			UNION ALL SELECT b.id, b.organisation_id, json_extract(j.value, '$.user_name') FROM batches b, json_each(b.approvals) j
			UNION ALL SELECT b.id, b.organisation_id, json_extract(j.value, '$.user_name') FROM batches b, json_each(b.rejections) j
			UNION ALL SELECT id, organisation_id, creator_name FROM payout_drafts
			UNION ALL SELECT r.draft_id, d.organisation_id, r.user_name FROM payout_draft_reviews r JOIN payout_drafts d ON d.id = r.draft_id)
		WHERE NOT EXISTS (SELECT 1 FROM users u JOIN memberships m ON m.user_id = u.id
			WHERE m.organisation_id = org AND u.first_name || ' ' || u.last_name = who)`},
	{"nothing happens before what it follows, nor after the seeding", `
		SELECT cp.id, 'payment ' || cp.created_at || ' before its order, ' || o.created_at FROM collection_payments cp
			JOIN collection_orders o ON o.id = cp.order_id WHERE julianday(cp.created_at) < julianday(o.created_at)
		UNION ALL SELECT r.id, 'refund ' || r.created_at || ' before its order, ' || o.created_at FROM collection_refunds r
			JOIN collection_orders o ON o.id = r.order_id WHERE julianday(r.created_at) < julianday(o.created_at)
		UNION ALL SELECT id, 'withdrawal changed ' || updated_at || ' before it was made, ' || created_at FROM withdrawal_requests
			WHERE julianday(updated_at) < julianday(created_at)
		UNION ALL SELECT id, 'batch row ' || created_at || ' before its batch' FROM batch_payouts bp
			WHERE julianday(created_at) < julianday((SELECT created_at FROM batches WHERE id = bp.batch_id))
		UNION ALL SELECT id, 'draft changed ' || updated_at || ' before it was made, ' || created_at FROM payout_drafts
			WHERE julianday(updated_at) < julianday(created_at)
		UNION ALL SELECT row, what || ' dated ' || at || ', after the seeding' FROM (
			SELECT id AS row, 'payout' AS what, created_at AS at FROM payout_requests
			UNION ALL SELECT id, 'batch', created_at FROM batches UNION ALL SELECT id, 'batch row', created_at FROM batch_payouts
			UNION ALL SELECT id, 'draft', updated_at FROM payout_drafts UNION ALL SELECT draft_id, 'draft review', created_at FROM payout_draft_reviews
			UNION ALL SELECT id, 'withdrawal', updated_at FROM withdrawal_requests UNION ALL SELECT id, 'order', created_at FROM collection_orders
			UNION ALL SELECT id, 'payment', created_at FROM collection_payments UNION ALL SELECT id, 'refund', created_at FROM collection_refunds
			UNION ALL SELECT id, 'member', created_at FROM users)
			WHERE julianday(at) > julianday('now')`},
}

// templateParties are the batch templates' example rows (what a user downloads to fill in)
// as parties, JSON for the city check: {row, what, city, country}.
func templateParties(t *testing.T, s *Store) string {
	t.Helper()
	ctx := context.Background()
	var out []map[string]string
	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
		schemas, err := s.batchSchemas(ctx, org)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range schemas {
			tp, err := s.BatchTemplate(ctx, org, b.sch.ID)
			if err != nil {
				t.Fatal(err)
			}
			value := func(col string) string {
				if i := slices.Index(tp.Columns, col); i >= 0 {
					return tp.Example[i]
				}
				return ""
			}
			for _, sec := range []string{provider.StepUltimateDebtor, provider.StepCreditor} {
				if city := value(sec + ".city"); city != "" {
					out = append(out, map[string]string{"row": "template " + b.sch.ID, "what": "example " + sec, "city": city,
						"country": value(sec + ".country_code")})
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no template has an address")
	}
	b, _ := json.Marshal(out)
	return string(b)
}

func TestSeedConsistency(t *testing.T) {
	// The seed writes the same rows on both engines (the same Go, the same statements); the rules
	// still need rewriting for PostgreSQL before they can check it there.
	skipOnPostgres(t, "its rules are written in SQLite's SQL (json_each, json_array_length, GLOB, julianday, quote, group_concat)")
	s := seededStore(t)
	ctx := context.Background()
	templates := templateParties(t, s)
	for _, rule := range seedRules {
		t.Run(rule.name, func(t *testing.T) {
			var args []any
			if strings.Contains(rule.query, "?1") {
				args = append(args, templates)
			}
			rows, err := s.read.QueryContext(ctx, rule.query, args...)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var bad []string
			for rows.Next() {
				var row, what string
				if err := rows.Scan(&row, &what); err != nil {
					t.Fatal(err)
				}
				bad = append(bad, row+": "+what)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if len(bad) > 0 {
				t.Errorf("%d rows, e.g.\n%s", len(bad), strings.Join(bad[:min(len(bad), 6)], "\n"))
			}
		})
	}
	// The label a batch is shown with (the list, its panel): "Approved" only when someone
	// approved it; the SQL selects each batch's approvals and what its organisation needs.
	t.Run("a batch that needed no approval is not labelled Approved", func(t *testing.T) {
		rows, err := s.read.QueryContext(ctx, `SELECT b.id, b.status, json_array_length(b.approvals), c.batch_number_of_approvers
			FROM batches b JOIN organisation_configurations c ON c.organisation_id = b.organisation_id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		bad := 0
		for rows.Next() {
			var id, status string
			var approvals, needed int
			if err := rows.Scan(&id, &status, &approvals, &needed); err != nil {
				t.Fatal(err)
			}
			label := provider.BatchLabel(provider.Batch{Status: status, Approvals: make([]provider.BatchReview, approvals)})
			if (label == "Approved") != (status == provider.BatchCompleted && approvals > 0) ||
				(status == provider.BatchCompleted && approvals != needed) {
				if bad++; bad <= 6 {
					t.Errorf("batch %s %s with %d approvals (%d needed) is labelled %q", id, status, approvals, needed, label)
				}
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	})
}
