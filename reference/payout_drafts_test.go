package reference

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"portal/reference/db"
	"portal/reference/demo"
	"slices"
	"sync"
	"testing"

	"portal/payoutfield"
	"portal/provider"
)

var (
	draftCreator   = provider.DraftActor{UserID: demo.UserOperationsMemberID, Name: "Sofie Andersen"}
	draftReviewer1 = provider.DraftActor{UserID: demo.UserOperationsMemberReviewerID, Name: "Jonas Larsen"}
	draftReviewer2 = provider.DraftActor{UserID: demo.UserAdminReviewerID, Name: "Henrik Madsen"}
	draftReviewer3 = provider.DraftActor{UserID: demo.UserAdminID, Name: "Camilla Thomsen"}
)

func fieldErrors(d provider.PayoutDraft, section string) map[string][]string {
	out := map[string][]string{}
	if sec := d.Section(section); sec != nil {
		for _, f := range sec.Fields {
			if len(f.Errors) > 0 {
				out[f.Name] = f.Errors
			}
		}
	}
	return out
}

// filledDraft is a SEPA draft of Nordic with every section saved and valid.
func filledDraft(t *testing.T, s *Store, e2e string) provider.PayoutDraft {
	t.Helper()
	ctx := context.Background()
	d, err := s.CreateDraft(ctx, demo.Org1ID, draftCreator, "sepa-eur-de", "sepa-eur-de-iban")
	if err != nil {
		t.Fatal(err)
	}
	for _, sec := range []struct {
		name   string
		values map[string]string
	}{
		{provider.StepPayoutRequest, map[string]string{"virtual_account_number": demo.AccountOrg1EUR, "amount": "1,250.5",
			"end_to_end_id": e2e}},
		{provider.StepCreditor, map[string]string{"full_name": "Anna Müller", "email": "anna@example.com", "address": "Hauptstraße 1",
			"city": "Berlin", "postal_code": "10115", "country_code": "de"}},
		{provider.StepCreditorAccount, map[string]string{"iban": "de89 3704 0044 0532 0130 00"}},
	} {
		if d, err = s.SaveDraftSection(ctx, demo.Org1ID, d.DraftID, draftCreator, sec.name, sec.values); err != nil {
			t.Fatal(err)
		}
		if errs := fieldErrors(d, sec.name); len(errs) > 0 {
			t.Fatalf("%s: %v", sec.name, errs)
		}
	}
	return d
}

func setApprovers(t *testing.T, s *Store, n int) {
	t.Helper()
	if _, err := s.write.Exec(`UPDATE organisation_configurations SET manual_payout_number_of_approvers = ? WHERE organisation_id = ?`,
		n, demo.Org1ID); err != nil {
		t.Fatal(err)
	}
}

func TestDraftBuildAndPublishWithApproval(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()

	_, err := s.CreateDraft(ctx, demo.Org1ID, draftCreator, "", "")
	wantErr(t, err, provider.EINVALID, "Corridor is required")
	_, err = s.CreateDraft(ctx, demo.Org2ID, draftCreator, "sepa-eur-de", "sepa-eur-de-iban")
	wantErr(t, err, provider.EINVALID, payoutfield.MsgSelect) // Atlantic holds no EUR

	d, err := s.CreateDraft(ctx, demo.Org1ID, draftCreator, "sepa-eur-de", "sepa-eur-de-iban")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Steps(); !slices.Equal(got, []string{"select_product", "payout_request", "creditor", "creditor_account", "summary"}) {
		t.Fatalf("steps %v", got)
	}
	if v := d.Value(provider.StepPayoutRequest, "virtual_account_number"); v != demo.AccountOrg1EUR {
		t.Errorf("the only EUR account is not preselected: %q", v)
	}
	// Another user does not see a draft being built.
	_, err = s.Draft(ctx, demo.Org1ID, d.DraftID, draftReviewer1)
	wantErr(t, err, provider.ENOTFOUND, "")
	_, err = s.Draft(ctx, demo.Org2ID, d.DraftID, draftCreator)
	wantErr(t, err, provider.ENOTFOUND, "")

	d, err = s.SaveDraftSection(ctx, demo.Org1ID, d.DraftID, draftCreator, provider.StepPayoutRequest,
		map[string]string{"amount": "1,2345", "end_to_end_id": "bad id!"})
	if err != nil {
		t.Fatal(err)
	}
	errs := fieldErrors(d, provider.StepPayoutRequest)
	if errs["virtual_account_number"][0] != "Account is required" || errs["amount"][0] != "Enter the amount in digits, for example 1,234.56" ||
		errs["end_to_end_id"][0] != payoutfield.MsgE2EChars || errs["purpose_code"] != nil || d.Section(provider.StepPayoutRequest).Saved {
		t.Fatalf("errors %v", errs)
	}
	_, err = s.PublishDraft(ctx, demo.Org1ID, d.DraftID, draftCreator)
	var pe *provider.DraftPreconditionError
	if !asPrecondition(err, &pe) || len(pe.Problems) < 3 {
		t.Fatalf("publish of an incomplete draft: %v", err)
	}

	d = filledDraft(t, s, "E2E-DRAFT-1")
	sum, err := s.DraftSummary(ctx, demo.Org1ID, d.DraftID, draftCreator)
	if err != nil || len(sum.Preconditions) != 0 || !sum.ApprovalNeeded || sum.Amount != "1250.50" {
		t.Fatalf("summary %+v %v", sum, err)
	}
	pub, err := s.PublishDraft(ctx, demo.Org1ID, d.DraftID, draftCreator)
	if err != nil || pub.State != provider.DraftStatusWaitingReview || pub.UniqueReference != "" {
		t.Fatalf("publish %+v %v", pub, err)
	}
	// The end-to-end id is now taken by a draft waiting for review.
	other := filledDraftE2E(t, s, "E2E-DRAFT-1")
	if got := fieldErrors(other, provider.StepPayoutRequest)["end_to_end_id"]; len(got) != 1 || got[0] != provider.MsgPayoutE2EUnique {
		t.Fatalf("e2e uniqueness: %v", got)
	}

	// Four eyes: the creator cannot approve; a reviewer can, and N=1 publishes.
	_, err = s.ApproveDraft(ctx, demo.Org1ID, d.DraftID, draftCreator)
	wantErr(t, err, provider.ECONFLICT, "The creator of a draft cannot review it.")
	res, err := s.ApproveDraft(ctx, demo.Org1ID, d.DraftID, draftReviewer1)
	if err != nil || res.Published == nil || res.Draft.Status != provider.DraftStatusPublished {
		t.Fatalf("approve: %+v %v", res, err)
	}
	p, err := s.Payout(ctx, demo.Org1ID, res.Published.UniqueReference)
	if err != nil || p.Source != provider.SourceManual || p.Amount != "1250.50" || p.EndToEndID != "E2E-DRAFT-1" ||
		p.CreditorAccount.IBAN != "DE89370400440532013000" || p.Creditor.FullName != "Anna Müller" || p.LocalInstrument != "SEPA" ||
		len(p.Reviews) != 1 || p.Reviews[0].ReviewerName != "Jonas Larsen" || p.CreatorName != "Sofie Andersen" {
		t.Fatalf("payout %+v %v", p, err)
	}
	// Published: no second approval, no delete, a repeated publish answers the same.
	_, err = s.ApproveDraft(ctx, demo.Org1ID, d.DraftID, draftReviewer2)
	wantErr(t, err, provider.ECONFLICT, "")
	wantErr(t, s.DeleteDraft(ctx, demo.Org1ID, d.DraftID, draftCreator), provider.ECONFLICT, "")
	again, err := s.PublishDraft(ctx, demo.Org1ID, d.DraftID, draftCreator)
	if err != nil || again.UniqueReference != p.UniqueReference {
		t.Fatalf("publish again %+v %v", again, err)
	}
	checkPayoutMoney(t, s)
}

func asPrecondition(err error, pe **provider.DraftPreconditionError) bool {
	e, ok := err.(*provider.DraftPreconditionError)
	*pe = e
	return ok && provider.ErrorCode(err) == provider.EINVALID && provider.ErrorMessage(err) == provider.MsgDraftPrecondition
}

// filledDraftE2E fills a draft whose end-to-end id may be refused.
func filledDraftE2E(t *testing.T, s *Store, e2e string) provider.PayoutDraft {
	t.Helper()
	d, err := s.CreateDraft(context.Background(), demo.Org1ID, draftCreator, "sepa-eur-de", "sepa-eur-de-iban")
	if err != nil {
		t.Fatal(err)
	}
	d, err = s.SaveDraftSection(context.Background(), demo.Org1ID, d.DraftID, draftCreator, provider.StepPayoutRequest,
		map[string]string{"virtual_account_number": demo.AccountOrg1EUR, "amount": "10", "end_to_end_id": e2e})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func sentForReview(t *testing.T, s *Store, e2e string) provider.PayoutDraft {
	t.Helper()
	d := filledDraft(t, s, e2e)
	if pub, err := s.PublishDraft(context.Background(), demo.Org1ID, d.DraftID, draftCreator); err != nil || pub.State != provider.DraftStatusWaitingReview {
		t.Fatalf("publish %+v %v", pub, err)
	}
	return d
}

func TestDraftFourEyes(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	setApprovers(t, s, 3)

	d := sentForReview(t, s, "E2E-FOUR-EYES")
	for i, r := range []provider.DraftActor{draftReviewer1, draftReviewer2} {
		res, err := s.ApproveDraft(ctx, demo.Org1ID, d.DraftID, r)
		if err != nil || res.Published != nil || len(res.Draft.Approvals) != i+1 || res.Draft.Status != provider.DraftStatusWaitingReview {
			t.Fatalf("approval %d: %+v %v", i+1, res, err)
		}
	}
	_, err := s.ApproveDraft(ctx, demo.Org1ID, d.DraftID, draftReviewer1)
	wantErr(t, err, provider.ECONFLICT, "You have already approved this draft.")
	// The (N-1)th approval published nothing.
	if page, _ := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{}); slices.ContainsFunc(page.Payouts, func(p provider.PayoutRequest) bool {
		return p.EndToEndID == "E2E-FOUR-EYES" && p.Status != provider.StatusPendingApproval
	}) {
		t.Fatal("published before the last approval")
	}
	res, err := s.ApproveDraft(ctx, demo.Org1ID, d.DraftID, draftReviewer3)
	if err != nil || res.Published == nil || len(res.Draft.Approvals) != 3 {
		t.Fatalf("third approval: %+v %v", res, err)
	}

	// One decline after an approval ends it: no more approvals, no payout.
	d2 := sentForReview(t, s, "E2E-DECLINED")
	if _, err := s.ApproveDraft(ctx, demo.Org1ID, d2.DraftID, draftReviewer1); err != nil {
		t.Fatal(err)
	}
	_, err = s.RejectDraft(ctx, demo.Org1ID, d2.DraftID, draftCreator)
	wantErr(t, err, provider.ECONFLICT, "The creator of a draft cannot review it.")
	res, err = s.RejectDraft(ctx, demo.Org1ID, d2.DraftID, draftReviewer2)
	if err != nil || res.Draft.Status != provider.DraftStatusRejected || len(res.Draft.Rejections) != 1 {
		t.Fatalf("reject: %+v %v", res, err)
	}
	for _, r := range []provider.DraftActor{draftReviewer3, draftReviewer2} {
		_, err = s.ApproveDraft(ctx, demo.Org1ID, d2.DraftID, r)
		wantErr(t, err, provider.ECONFLICT, "")
	}
	page, err := s.Drafts(ctx, demo.Org1ID, provider.DraftFilter{Status: provider.DraftStatusRejected})
	if err != nil || !slices.ContainsFunc(page.Drafts, func(x provider.PayoutDraft) bool { return x.DraftID == d2.DraftID }) {
		t.Fatalf("declined list: %v", err)
	}
	// Only the creator deletes.
	wantErr(t, s.DeleteDraft(ctx, demo.Org1ID, d2.DraftID, draftReviewer1), provider.ECONFLICT, "Only the creator of a draft can delete it.")
	wantErr(t, s.DeleteDraft(ctx, demo.Org2ID, d2.DraftID, draftCreator), provider.ENOTFOUND, "")
	wantErr(t, s.DeleteDraft(ctx, demo.Org1ID, d2.DraftID, draftCreator), "", "")
	_, err = s.Draft(ctx, demo.Org1ID, d2.DraftID, draftCreator)
	wantErr(t, err, provider.ENOTFOUND, "")

	// Flow off: publishing makes the payout request at once, and a draft sent for review
	// before can no longer be reviewed.
	waiting := sentForReview(t, s, "E2E-FLOW-OFF")
	if _, err := s.write.Exec(`UPDATE feature_flags SET enabled = 0 WHERE organisation_id = ? AND name = ?`, demo.Org1ID,
		provider.FlagPayoutDraftApproval); err != nil {
		t.Fatal(err)
	}
	d3 := filledDraft(t, s, "E2E-NO-REVIEW")
	pub, err := s.PublishDraft(ctx, demo.Org1ID, d3.DraftID, draftCreator)
	if err != nil || pub.UniqueReference == "" || pub.State == provider.DraftStatusWaitingReview {
		t.Fatalf("publish without review: %+v %v", pub, err)
	}
	_, err = s.ApproveDraft(ctx, demo.Org1ID, waiting.DraftID, draftReviewer1)
	wantErr(t, err, provider.ECONFLICT, "The draft approval flow is off.")
	// SEPA by IBAN asks for no sender: the organisation pays as itself, and the payout
	// passes the lifecycle's checks rather than failing on a sender nobody was asked for.
	if _, err := s.RunPayoutJobs(ctx); err != nil {
		t.Fatal(err)
	}
	p, err := s.Payout(ctx, demo.Org1ID, pub.UniqueReference)
	if err != nil || p.Status == provider.StateRejected || len(p.Errors) > 0 ||
		p.UltimateDebtor.FullName != "Nordic Trading ApS" || p.UltimateDebtor.Type != provider.CreditorOrganization {
		t.Fatalf("published SEPA payout: %s %v sender %+v %v", p.Status, p.Errors, p.UltimateDebtor, err)
	}
	checkPayoutMoney(t, s)
}

// TestDraftConcurrentApprovals: reviewers approving at the same moment publish exactly one
// payout request, whether one approval is needed (the others are refused) or two.
func TestDraftConcurrentApprovals(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	reviewers := []provider.DraftActor{draftReviewer1, draftReviewer2, draftReviewer3}
	for _, n := range []int{1, 2} {
		setApprovers(t, s, n)
		e2e := fmt.Sprintf("E2E-RACE-%d", n)
		d := sentForReview(t, s, e2e)
		var mu sync.Mutex
		published, refused := 0, 0
		atOnce(len(reviewers), func(i int) {
			res, err := s.ApproveDraft(ctx, demo.Org1ID, d.DraftID, reviewers[i])
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil && res.Published != nil:
				published++
			case provider.ErrorCode(err) == provider.ECONFLICT:
				refused++
			case err != nil:
				t.Errorf("approve: %v", err)
			}
		})
		count := countRows(t, s, `SELECT count(*) FROM payout_requests WHERE organisation_id = ? AND end_to_end_id = ?`, demo.Org1ID, e2e)
		if published != 1 || count != 1 || refused != len(reviewers)-n {
			t.Fatalf("n=%d: %d publishing approvals, %d payouts, %d refused", n, published, count, refused)
		}
	}
	checkPayoutMoney(t, s)
}

// The country list has ISO 3166's 249 entries by name; deprecated codes are left out.
func TestCountriesAreISO3166(t *testing.T) {
	cs, _ := (&Store{}).Countries(context.Background())
	codes := countryCodes()
	if len(cs) != 249 || !slices.Contains(codes, "DK") || slices.Contains(codes, "UK") || slices.Contains(codes, "DD") {
		t.Fatalf("%d countries", len(cs))
	}
	if dk := cs[slices.IndexFunc(cs, func(c provider.Country) bool { return c.ISO == "DK" })]; dk.Name != "Denmark" || dk.ID != 208 {
		t.Fatalf("%+v", dk)
	}
}

// The demo drafts: every status for both organisations, more waiting than a page holds, and
// every draft sent for review complete by the rules (nothing would stop publishing it).
func TestSeedDrafts(t *testing.T) {
	s := seededStore(t)
	ctx := context.Background()
	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
		for status, min := range map[string]int{"waiting_review": 21, "rejected": 4, "draft": 2, "published": 2} {
			var n int
			if err := s.read.QueryRow(`SELECT count(*) FROM payout_drafts WHERE organisation_id = ? AND status = ?`, org, status).Scan(&n); err != nil || n < min {
				t.Errorf("%s %s: %d drafts (%v)", org, status, n, err)
			}
		}
		page, err := s.Drafts(ctx, org, provider.DraftFilter{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range page.Drafts {
			row, err := loadDraft(ctx, s.read, org, d.DraftID, draftCreator)
			if err != nil {
				t.Fatal(err)
			}
			env, _ := draftEnvOf(ctx, s.read, org, row.currency)
			probs, err := s.problems(ctx, s.read, row, env)
			// The e2e check finds the draft's own id in no payout and no other draft.
			if err != nil || len(probs) != 0 {
				t.Fatalf("%s %s: %v %v", org, d.EndToEndID, probs, err)
			}
		}
	}
}

// TestDraftDecisionsReadWhatTheyRecord: a review and a publish decide on the settings of
// the transaction that records them. The store's readers are pointed at a snapshot taken
// before the approval flow was switched off, so any fact read outside the write
// transaction would be the old one and the decision would follow it.
func TestDraftDecisionsReadWhatTheyRecord(t *testing.T) {
	skipOnPostgres(t, "snapshots the file with VACUUM INTO and reads the copy through SQLite")
	s := seededStore(t)
	ctx := context.Background()
	waiting := sentForReview(t, s, "E2E-SNAP-REVIEW")
	ready := filledDraft(t, s, "E2E-SNAP-PUBLISH")

	snapshot := filepath.Join(t.TempDir(), "snapshot.db")
	if _, err := s.write.Exec(`VACUUM INTO ?`, snapshot); err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.Exec(`UPDATE feature_flags SET enabled = 0 WHERE organisation_id = ? AND name = ?`, demo.Org1ID,
		provider.FlagPayoutDraftApproval); err != nil {
		t.Fatal(err)
	}
	stale, err := sql.Open("sqlite", dsn(snapshot, url.Values{"_query_only": {"1"}}))
	if err != nil {
		t.Fatal(err)
	}
	defer stale.Close()
	readers := s.read
	s.read = db.NewReads(stale, 0)
	defer func() { s.read = readers }()

	_, err = s.ApproveDraft(ctx, demo.Org1ID, waiting.DraftID, draftReviewer1)
	wantErr(t, err, provider.ECONFLICT, "The draft approval flow is off.")
	pub, err := s.PublishDraft(ctx, demo.Org1ID, ready.DraftID, draftCreator)
	if err != nil || pub.State == provider.DraftStatusWaitingReview || pub.UniqueReference == "" {
		t.Fatalf("publish with the flow off in its transaction: %+v %v", pub, err)
	}
}

// TestCountriesInReadingOrder: the country list is ordered as people read names, accents
// with their letter ("Åland Islands" right after "Afghanistan"), not by bytes.
func TestCountriesInReadingOrder(t *testing.T) {
	cs := countryList()
	at := slices.IndexFunc(cs, func(c provider.Country) bool { return c.ISO == "AX" })
	if at != 1 || cs[0].ISO != "AF" {
		t.Fatalf("Åland Islands at %d after %q", at, cs[0].Name)
	}
}
