package reference

import (
	"context"
	"portal/reference/demo"
	"slices"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/db"
)

// unfinishedDrafts are the ids of the drafts still being built, with their last change.
func unfinishedDrafts(t *testing.T, s *Store) map[string]time.Time {
	t.Helper()
	rows, err := s.read.Query(`SELECT id, updated_at FROM payout_drafts WHERE status = 'draft'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]time.Time{}
	for rows.Next() {
		var id, at string
		if err := rows.Scan(&id, &at); err != nil {
			t.Fatal(err)
		}
		if out[id], err = parseTime(at); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func TestAbandonedDraftsDeletedAfterTheKeep(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	seeded := unfinishedDrafts(t, s)
	if len(seeded) == 0 {
		t.Fatal("the demo has no unfinished drafts")
	}
	for id, at := range seeded {
		if age := authStart.Sub(at); age >= provider.DraftKeep {
			t.Errorf("seeded unfinished draft %s is %v old at seeding: the cleanup would delete it at once", id, age)
		}
	}
	// Started at the clock's start; the second one is changed again three days later, which
	// restarts its keep.
	old, err := s.CreateDraft(ctx, demo.Org1ID, draftCreator, "sepa-eur-de", "sepa-eur-de-iban")
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.CreateDraft(ctx, demo.Org1ID, draftCreator, "sepa-eur-fr", "sepa-eur-fr-iban")
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(72 * time.Hour)
	if _, err := s.SaveDraftSection(ctx, demo.Org1ID, again.DraftID, draftCreator, provider.StepPayoutRequest,
		map[string]string{"amount": "12.00"}); err != nil {
		t.Fatal(err)
	}
	decided := countRows(t, s, `SELECT count(*) FROM payout_drafts WHERE status <> 'draft'`)
	reviews := countRows(t, s, `SELECT count(*) FROM payout_draft_reviews`)
	if decided == 0 || reviews == 0 {
		t.Fatal("the demo has no drafts sent for review")
	}

	keep := provider.DraftKeep
	for _, tc := range []struct {
		name string
		now  time.Time
		gone []string
	}{
		{"a moment before the first one's keep ends", authStart.Add(keep - time.Nanosecond), nil},
		{"the first one's keep ended", authStart.Add(keep), []string{old.DraftID}},
		{"the day after: the one changed later still kept", authStart.Add(keep + 24*time.Hour), []string{old.DraftID}},
		{"its own keep ended too", authStart.Add(72*time.Hour + keep), []string{old.DraftID, again.DraftID}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := unfinishedDrafts(t, s)
			n, err := s.DeleteAbandonedDrafts(ctx, tc.now)
			if err != nil {
				t.Fatal(err)
			}
			after := unfinishedDrafts(t, s)
			if n != len(before)-len(after) {
				t.Errorf("said %d deleted, %d were", n, len(before)-len(after))
			}
			for id, at := range before {
				_, kept := after[id]
				if want := tc.now.Sub(at) < keep; kept != want {
					t.Errorf("draft %s changed %v before now: kept %v, want %v", id, tc.now.Sub(at), kept, want)
				}
			}
			for _, id := range []string{old.DraftID, again.DraftID} {
				if _, kept := after[id]; kept == slices.Contains(tc.gone, id) {
					t.Errorf("draft %s kept = %v", id, kept)
				}
			}
			if got := countRows(t, s, `SELECT count(*) FROM payout_drafts WHERE status <> 'draft'`); got != decided {
				t.Errorf("drafts sent for review, declined or published: %d, want %d untouched", got, decided)
			}
			if got := countRows(t, s, `SELECT count(*) FROM payout_draft_reviews`); got != reviews {
				t.Errorf("reviews: %d, want %d", got, reviews)
			}
		})
	}
	if _, err := s.Draft(ctx, demo.Org1ID, old.DraftID, draftCreator); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("deleted draft: %v, want not found", err)
	}
}

// TestAbandonedDraftsDeletedInBoundedTransactions: many abandoned drafts go in chunks, each
// its own transaction of the store's helper.
func TestAbandonedDraftsDeletedInBoundedTransactions(t *testing.T) {
	s, clock := authStore(t)
	ctx := context.Background()
	const many = 2*draftCleanupChunk + 17
	d, err := s.CreateDraft(ctx, demo.Org1ID, draftCreator, "sepa-eur-de", "sepa-eur-de-iban")
	if err != nil {
		t.Fatal(err)
	}
	// Copies of one draft, written at once rather than through many CreateDraft calls.
	if _, err := s.write.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO payout_drafts (id, organisation_id, created_by, creator_name, product_id, schema_id, currency, created_at, updated_at)
		SELECT id || '-' || i, organisation_id, created_by, creator_name, product_id, schema_id, currency, created_at, updated_at
		FROM payout_drafts, n WHERE id = ?`, many-1, d.DraftID); err != nil {
		t.Fatal(err)
	}
	clock.Advance(provider.DraftKeep)
	all := len(unfinishedDrafts(t, s))
	db.ResetStats(s.write)
	n, err := s.DeleteAbandonedDrafts(ctx, clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if n != all || n < many {
		t.Errorf("deleted %d, want every one of %d", n, all)
	}
	if left := len(unfinishedDrafts(t, s)); left != 0 {
		t.Errorf("%d left", left)
	}
	want := int64(n/draftCleanupChunk + 1)
	if got := db.StatsOf(s.write).Commits; got != want {
		t.Errorf("%d transactions for %d drafts, want %d of at most %d", got, n, want, draftCleanupChunk)
	}
}
