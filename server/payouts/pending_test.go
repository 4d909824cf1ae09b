package payouts

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"portal/htmlq"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/auth"
	"portal/server/batches"
	"portal/server/createpayout"
	"portal/server/payoutdrafts"
	"portal/server/payoutreports"
	"portal/server/rangepicker"
	"portal/server/servertest"
)

// pendingRows are the rows of the Pending approval filter: id → row link.
func pendingRows(t *testing.T, c *servertest.Client, org string) map[string]string {
	t.Helper()
	out := map[string]string{}
	href := payoutsPath(org) + "?" + url.Values{"state": {provider.StatusPendingApproval}}.Encode()
	for href != "" {
		_, doc := c.Page(href)
		for _, r := range servertest.ListRows(doc) {
			id := strings.TrimPrefix(htmlq.Attr(r, "id"), "payout-")
			if _, dup := out[id]; dup {
				t.Fatalf("%s listed twice", id)
			}
			if htmlq.Attr(r, "data-status") != provider.StatusPendingApproval || statusCellLabel(r) != "Pending approval" {
				t.Fatalf("row %s is %q %q", id, htmlq.Attr(r, "data-status"), statusCellLabel(r))
			}
			a := htmlq.Find(r, htmlq.ByTag("a"))
			out[id] = htmlq.Attr(a, "href")
		}
		href = ""
		if next := servertest.LinkByText(doc, "Next page"); next != nil {
			href = htmlq.Attr(next, "href")
		}
	}
	return out
}

// A draft sent for approval and the rows of a batch waiting for approval are listed as
// Pending approval and open their review; approved they are the payouts they became, listed
// once; declined they are gone. The other organisation sees none of them.
func TestPendingApprovalOnThePayoutsPage(t *testing.T) {
	h := servertest.New(t, auth.New, rangepicker.New, New, createpayout.New, payoutdrafts.New, batches.New, payoutreports.New)
	ctx := context.Background()
	org := servertest.OrgNordic
	c := h.LoggedIn("admin@demo.example")
	widenRange(t, c, org)
	waiting := allPayouts(t, h, org, provider.PayoutFilter{StateCategory: provider.StatusPendingApproval})
	var draftIDs []string
	batchID := ""
	for _, p := range waiting {
		if p.BatchID == "" {
			draftIDs = append(draftIDs, p.ID)
		} else if batchID == "" {
			batchID = p.BatchID
		}
	}
	if len(draftIDs) < 2 || batchID == "" {
		t.Fatalf("the demo needs two drafts and a batch waiting for approval: %d drafts, batch %q", len(draftIDs), batchID)
	}
	rows := pendingRows(t, c, org)
	if len(rows) != len(waiting) {
		t.Fatalf("%d rows, the store lists %d waiting", len(rows), len(waiting))
	}
	for _, p := range waiting {
		want := "/org/" + org + "/payout_drafts/" + p.ID + "#draft-panel"
		if p.BatchID != "" {
			want = "/org/" + org + "/batches/" + p.BatchID
		}
		if rows[p.ID] != want {
			t.Fatalf("%s links to %q, want %q", p.ID, rows[p.ID], want)
		}
	}
	// Opening one leads to its review, not to a payout panel.
	for _, id := range []string{draftIDs[0]} {
		res, doc := c.Page(strings.TrimSuffix(rows[id], "#draft-panel"))
		if res.StatusCode != 200 || htmlq.Find(doc, htmlq.ByID("draft-panel")) == nil {
			t.Fatalf("draft review %s: %d", id, res.StatusCode)
		}
	}
	if res, _ := c.Page(rows[waiting[len(waiting)-1].ID]); res.StatusCode != 200 {
		t.Fatalf("batch page: %d", res.StatusCode)
	}
	// The other organisation lists none of them.
	other := h.LoggedIn("atlantic-ops@demo.example")
	for id := range pendingRows(t, other, servertest.OrgAtlantic) {
		if _, ok := rows[id]; ok {
			t.Fatalf("%s listed in Atlantic too", id)
		}
	}

	// Approve one draft and the batch, decline another draft.
	reviewers := []string{demo.UserAdminReviewerID, demo.UserOperationsMemberReviewerID, demo.UserAdminID, demo.UserMultiID}
	var published string
	for _, u := range reviewers {
		res, err := h.Store.ApproveDraft(ctx, org, draftIDs[0], provider.DraftActor{UserID: u, Name: u})
		if err == nil && res.Published != nil {
			published = res.Published.UniqueReference
			break
		}
	}
	if published == "" {
		t.Fatal("the draft was not published")
	}
	declined := false
	for _, u := range reviewers {
		if _, err := h.Store.RejectDraft(ctx, org, draftIDs[1], provider.DraftActor{UserID: u, Name: u}); err == nil {
			declined = true
			break
		}
	}
	for _, u := range reviewers {
		if b, err := h.Store.ApproveBatch(ctx, org, batchID, provider.BatchReviewer{UserID: u, Name: u}); err == nil && b.Status == provider.BatchCompleted {
			break
		}
	}
	if b, err := h.Store.Batch(ctx, org, batchID); err != nil || b.Status != provider.BatchCompleted || !declined {
		t.Fatalf("batch %s %v, draft declined %v", b.Status, err, declined)
	}
	after := pendingRows(t, c, org)
	for _, id := range draftIDs[:2] {
		if _, ok := after[id]; ok {
			t.Fatalf("draft %s still pending approval", id)
		}
	}
	for _, p := range waiting {
		if _, ok := after[p.ID]; ok && p.BatchID == batchID {
			t.Fatalf("row %s of the approved batch still pending approval", p.ID)
		}
	}
	all, _ := walkList(t, c, payoutsPath(org)) // fails on a row listed twice
	if _, ok := all[published]; !ok {
		t.Fatalf("the approved draft's payout %s is not listed", published)
	}
	if _, ok := all[draftIDs[1]]; ok {
		t.Fatal("the declined draft is still listed")
	}
	for _, p := range allPayouts(t, h, org, provider.PayoutFilter{BatchID: batchID}) {
		if p.Status == provider.StatusPendingApproval || all[p.UniqueReference][0] == "" {
			t.Fatalf("batch payout %s %s: listed %v", p.UniqueReference, p.Status, all[p.UniqueReference])
		}
	}

	// The API lists them too, with their status.
	a := h.APILoggedIn("admin@demo.example")
	api := apiStatusOf(t, a, org, provider.StatusPendingApproval)
	for id := range after {
		if api[id] != provider.StatusPendingApproval {
			t.Errorf("API: %s is %q", id, api[id])
		}
	}
	if len(api) != len(after) {
		t.Errorf("API lists %d waiting, the page %d", len(api), len(after))
	}
}
