package batches

import (
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

func reviewer(rq *server.Request) provider.BatchReviewer {
	return provider.BatchReviewer{UserID: rq.User.ID, Name: strings.TrimSpace(rq.User.FirstName + " " + rq.User.LastName)}
}

func (s area) declinePage(c fiber.Ctx) error {
	if s.Batches == nil {
		return s.NotFound(c)
	}
	rq := server.Req(c)
	o := rq.Org
	b, err := s.Batches.Batch(c.Context(), o.Org.ID, strings.Clone(c.Params("batch")))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return s.NotFound(c)
	}
	if err != nil {
		return err
	}
	sh, err := s.Shell(c)
	if err != nil {
		return err
	}
	p := BatchDeclineProps{Shell: sh, Title: msgDeclineTitle, Text: msgDeclineText, Summary: facts(b),
		Cancel: server.Link(base(o.Org.ID), nil, "") + "?" + qBatch + "=" + b.ID + "#batch-panel"}
	if b.Reviewable(rq.User.ID) {
		p.Form = &BatchForm{Action: batchPath(o.Org.ID, b.ID) + "/decline", CSRF: server.MaskedCSRF(rq.Session), Submit: "Decline"}
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
	if s.Batches == nil {
		return s.NotFound(c)
	}
	rq := server.Req(c)
	org := rq.Org.Org.ID
	id := strings.Clone(c.Params("batch"))
	var b provider.Batch
	var err error
	ok, failed := provider.MsgBatchApproved, provider.MsgBatchApproveFailed
	if approve {
		b, err = s.Batches.ApproveBatch(c.Context(), org, id, reviewer(rq))
	} else {
		ok, failed = provider.MsgBatchDeclined, provider.MsgBatchDeclineFailed
		b, err = s.Batches.RejectBatch(c.Context(), org, id, reviewer(rq))
	}
	switch provider.ErrorCode(err) {
	case "":
	case provider.ENOTFOUND:
		return s.NotFound(c)
	case provider.ECONFLICT:
		return s.FlashRedirect(c, session.FlashError, failed+": "+provider.ErrorMessage(err), base(org)+"?"+qBatch+"="+id+"#batch-panel")
	default:
		s.Logger.Error("batch review", "request_id", rq.ID, "err", err)
		return s.FlashRedirect(c, session.FlashError, failed, base(org)+"?"+qBatch+"="+id+"#batch-panel")
	}
	if err := s.Flash(c, session.FlashSuccess, ok); err != nil {
		return err
	}
	switch b.Status {
	case provider.BatchCompleted:
		return server.Redirect(c, base(org)+"?"+qStatus+"="+provider.BatchCompleted)
	case provider.BatchRejected:
		return server.Redirect(c, base(org)+"?"+qStatus+"="+provider.BatchRejected)
	}
	return server.Redirect(c, batchPath(org, b.ID)+"?"+qStatus+"="+provider.BatchWaitingReview)
}
