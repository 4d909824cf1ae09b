package batches

import (
	"context"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
	"portal/session"
)

// Approving and declining a batch (spec 001 §4, §5, §8). The routes need
// payout_batches:review and batches that need approval; the provider holds the rest of the
// rules (waiting_review, no rejection, not approved by this user, not the creator) in the
// transaction that records the review. Each POST answers with a redirect and a flash.

// Texts of the decline confirmation (spec 001 §2, §8 "Decline batch?").
const (
	msgDeclineTitle = "Decline batch?"
	msgDeclineText  = "The payouts in this batch will not be processed. A declined batch cannot be restored."
)

// BatchDeclineProps are the props of templates/pages/batches/BatchDecline.tsx: the
// confirmation without JavaScript (the island's dialog says the same).
type BatchDeclineProps struct {
	Shell   server.ShellProps `json:"shell"`
	Title   string            `json:"title"`
	Text    string            `json:"text"`
	Summary []BatchFact       `json:"summary"`
	Form    *BatchForm        `json:"form"`
	Refused string            `json:"refused"`
	Cancel  string            `json:"cancel"`
}

// reviewer is u as the provider records a review, on the pages and in the API.
func reviewer(u provider.User) provider.BatchReviewer {
	return provider.BatchReviewer{UserID: u.ID, Name: strings.TrimSpace(u.FirstName + " " + u.LastName)}
}

// panelHref is the batches list with batch id's details panel open.
func (s area) panelHref(orgID, id string) string {
	return s.base(orgID) + "?" + qBatch + "=" + id + "#batch-panel"
}

// reviewBatch records by's approval (approve) or decline of batch id; failed is the spec's
// text for its refusal (001 §8), the same on the pages and in the API.
func (s area) reviewBatch(ctx context.Context, orgID, id string, by provider.BatchReviewer, approve bool) (b provider.Batch, failed string, err error) {
	if approve {
		b, err = s.Batches.ApproveBatch(ctx, orgID, id, by)
		return b, provider.MsgBatchApproveFailed, err
	}
	b, err = s.Batches.RejectBatch(ctx, orgID, id, by)
	return b, provider.MsgBatchDeclineFailed, err
}

func (s area) declinePage(c fiber.Ctx) error {
	b, ok, err := s.addressedBatch(c)
	if !ok {
		return err
	}
	rq := server.Req(c)
	o := rq.Org
	p := BatchDeclineProps{Title: msgDeclineTitle, Text: msgDeclineText, Summary: facts(b),
		Cancel: s.panelHref(o.Org.ID, b.ID)}
	if b.Reviewable(rq.User.ID) {
		p.Form = &BatchForm{Action: s.batchPath(o.Org.ID, b.ID) + "/decline", CSRF: rq.CSRF(), Submit: "Decline"}
	} else {
		p.Refused = provider.MsgBatchDeclineFailed
	}
	return s.Render(c, server.View{Title: msgDeclineTitle + " · " + o.Org.Name, Page: pageBatchDecline.With(p)})
}

func (s area) approve(c fiber.Ctx) error {
	return s.review(c, true)
}

func (s area) decline(c fiber.Ctx) error {
	return s.review(c, false)
}

// review records the user's approval or decline and goes where spec 001 §4 says: after the
// last needed approval to the approved batches, after another to the batch still waiting,
// after a decline to the declined batches; a refusal back to the batch with the error.
func (s area) review(c fiber.Ctx, approve bool) error {
	rq := server.Req(c)
	org := rq.Org.Org.ID
	id := strings.Clone(c.Params("batch"))
	b, failed, err := s.reviewBatch(c.Context(), org, id, reviewer(*rq.User), approve)
	ok := provider.MsgBatchApproved
	if !approve {
		ok = provider.MsgBatchDeclined
	}
	switch provider.ErrorCode(err) {
	case "":
	case provider.ENOTFOUND:
		return s.NotFound(c)
	case provider.ECONFLICT:
		return s.FlashRedirect(c, session.FlashError, failed+": "+provider.ErrorMessage(err), s.panelHref(org, id))
	default:
		s.Logger.Error("batch review", "request_id", rq.ID, "err", err)
		return s.FlashRedirect(c, session.FlashError, failed, s.panelHref(org, id))
	}
	if err := s.Flash(c, session.FlashSuccess, ok); err != nil {
		return err
	}
	switch b.Status {
	case provider.BatchCompleted:
		return server.Redirect(c, s.base(org)+"?"+qStatus+"="+provider.BatchCompleted)
	case provider.BatchRejected:
		return server.Redirect(c, s.base(org)+"?"+qStatus+"="+provider.BatchRejected)
	}
	return server.Redirect(c, s.batchPath(org, b.ID)+"?"+qStatus+"="+provider.BatchWaitingReview)
}
