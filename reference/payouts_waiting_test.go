package reference

import (
	"context"
	"portal/reference/demo"
	"testing"
	"time"

	"portal/provider"
)

// listedByE2E reads the whole payouts list of org (waiting items too) in pages of 7, so the
// merge of payouts and waiting items is crossed by cursors, and counts each end-to-end id.
func listedByE2E(t *testing.T, s *Store, org string, f provider.PayoutFilter) (map[string][]provider.PayoutRequest, int) {
	t.Helper()
	out := map[string][]provider.PayoutRequest{}
	f.Limit = 7
	seen, total := map[string]bool{}, -1
	for {
		pg, err := s.Payouts(context.Background(), org, f)
		if err != nil {
			t.Fatal(err)
		}
		if total < 0 {
			total = pg.Total
		}
		for _, p := range pg.Payouts {
			key := p.ID
			if seen[key] {
				t.Fatalf("%s (%s) listed twice", key, p.EndToEndID)
			}
			seen[key] = true
			out[p.EndToEndID] = append(out[p.EndToEndID], p)
		}
		if !pg.HasNext {
			break
		}
		f.Cursor, f.Direction = pg.CursorNext, provider.DirectionNext
	}
	if len(seen) != total {
		t.Fatalf("walked %d rows, total %d", len(seen), total)
	}
	return out, total
}

func TestPendingApprovalListedWithPayouts(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	setApprovers(t, s, 1)
	approved := sentForReview(t, s, "E2E-WAIT-APPROVE")
	declined := sentForReview(t, s, "E2E-WAIT-DECLINE")
	res, err := upload(s, batchCSV(t, s, "WAITB", 3, nil), demo.UserOperationsMemberID)
	if err != nil {
		t.Fatal(err)
	}
	waiting := provider.PayoutFilter{StateCategory: provider.StatusPendingApproval}
	got, total := listedByE2E(t, s, demo.Org1ID, waiting)
	for _, e2e := range []string{"E2E-WAIT-APPROVE", "E2E-WAIT-DECLINE"} {
		if len(got[e2e]) != 1 {
			t.Fatalf("%s listed %d times", e2e, len(got[e2e]))
		}
		p := got[e2e][0]
		if p.Status != provider.StatusPendingApproval || p.UniqueReference != "" || p.BatchID != "" || p.Amount != "1250.50" && p.Amount != "1,250.5" ||
			p.Currency != "EUR" || p.Creditor.FullName != "Anna Müller" || p.DebtorAccount != demo.AccountOrg1EUR {
			t.Fatalf("%s: %+v", e2e, p)
		}
	}
	if p := got["E2E-WAIT-APPROVE"][0]; p.ID != approved.DraftID {
		t.Fatalf("draft row id %s, want %s", p.ID, approved.DraftID)
	}
	// A draft's row names its product's transfer type, as the drafts page does.
	if p := got["E2E-WAIT-APPROVE"][0]; approved.LocalInstrument == "" || p.LocalInstrument != approved.LocalInstrument {
		t.Fatalf("draft row transfer type %q, want the draft's %q", p.LocalInstrument, approved.LocalInstrument)
	}
	batchRows := 0
	for _, ps := range got {
		for _, p := range ps {
			if p.BatchID == res.BatchID {
				batchRows++
			}
			if p.Status != provider.StatusPendingApproval {
				t.Fatalf("filter pending_approval returned %s %s", p.EndToEndID, p.Status)
			}
		}
	}
	if batchRows != 3 {
		t.Fatalf("batch rows listed: %d", batchRows)
	}
	// The dashboard's count is the filter's total, and the whole list adds them.
	counts, err := s.PayoutStateCategoryCounts(ctx, demo.Org1ID, time.Time{}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range counts.Categories {
		if c.Code == provider.StatusPendingApproval && c.Count != total {
			t.Fatalf("dashboard counts %d waiting, the list %d", c.Count, total)
		}
	}
	all, wholeTotal := listedByE2E(t, s, demo.Org1ID, provider.PayoutFilter{})
	if wholeTotal != counts.Total || len(all["E2E-WAIT-APPROVE"]) != 1 {
		t.Fatalf("whole list %d, dashboard %d", wholeTotal, counts.Total)
	}
	// The other organisation sees none of them.
	other, _ := listedByE2E(t, s, demo.Org2ID, waiting)
	for _, e2e := range []string{"E2E-WAIT-APPROVE", "E2E-WAIT-DECLINE"} {
		if len(other[e2e]) != 0 {
			t.Fatalf("%s listed in the other organisation", e2e)
		}
	}
	for _, ps := range other {
		for _, p := range ps {
			if p.BatchID == res.BatchID {
				t.Fatal("batch row listed in the other organisation")
			}
		}
	}

	// Approved: listed once, as the payout request it became. Declined: gone.
	if r, err := s.ApproveDraft(ctx, demo.Org1ID, approved.DraftID, draftReviewer1); err != nil || r.Published == nil {
		t.Fatalf("approve: %+v %v", r, err)
	}
	if _, err := s.RejectDraft(ctx, demo.Org1ID, declined.DraftID, draftReviewer1); err != nil {
		t.Fatal(err)
	}
	approveFully(t, s, res.BatchID)
	if err := s.publishWaitingBatches(ctx); err != nil {
		t.Fatal(err)
	}
	all, _ = listedByE2E(t, s, demo.Org1ID, provider.PayoutFilter{})
	if ps := all["E2E-WAIT-APPROVE"]; len(ps) != 1 || ps[0].Status == provider.StatusPendingApproval || ps[0].UniqueReference == "" {
		t.Fatalf("approved draft listed as %+v", ps)
	}
	if ps := all["E2E-WAIT-DECLINE"]; len(ps) != 0 {
		t.Fatalf("declined draft still listed: %+v", ps)
	}
	batchRows = 0
	for _, ps := range all {
		for _, p := range ps {
			if p.BatchID == res.BatchID {
				batchRows++
				if p.Status == provider.StatusPendingApproval {
					t.Fatalf("approved batch row %s still pending approval", p.EndToEndID)
				}
			}
		}
	}
	if batchRows != 3 {
		t.Fatalf("approved batch listed %d rows, want its 3 payouts", batchRows)
	}
}
