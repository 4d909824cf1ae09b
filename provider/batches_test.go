package provider

import "testing"

// A batch is reviewed by whoever approved or declined it, and reviewable by nobody else who
// did, nor by its creator.
func TestBatchReviewed(t *testing.T) {
	b := Batch{Status: BatchWaitingReview, BatchNumberOfApprovers: 2, CreatorID: "creator",
		Approvals: []BatchReview{{UserID: "approver"}}}
	for user, want := range map[string]bool{"approver": true, "other": false, "creator": false} {
		if got := b.Reviewed(user); got != want {
			t.Errorf("Reviewed(%s) = %v, want %v", user, got, want)
		}
	}
	if b.Reviewable("approver") || b.Reviewable("creator") || !b.Reviewable("other") {
		t.Error("Reviewable: only other may review")
	}
	b.Rejections = []BatchReview{{UserID: "decliner"}}
	if !b.Reviewed("decliner") || b.Reviewable("other") {
		t.Error("a rejection is a review and ends the review")
	}
}
