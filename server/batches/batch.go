package batches

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/daterange"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
)

// A batch's page (spec 001 §2: /batches/{batchId}, completed batches with their payouts,
// others with their rows, "the draft payouts table") and its payouts
// (/batches/{batchId}/batch_payouts). Both page by cursors in the address.

// BatchDraftRow is one row of a batch not yet completed.
type BatchDraftRow struct {
	ID         string `json:"id"`
	Line       int    `json:"line"`
	EndToEndID string `json:"endToEndId"`
	Account    string `json:"account"`
	Receiver   string `json:"receiver"`
	BankAcct   string `json:"bankAccount"`
	Amount     string `json:"amount"`
}

// BatchPayoutRow is one payout request of a completed batch.
type BatchPayoutRow struct {
	Reference   string `json:"reference"`
	Href        string `json:"href"`
	EndToEndID  string `json:"endToEndId"`
	Date        string `json:"date"`
	Receiver    string `json:"receiver"`
	Amount      string `json:"amount"`
	Status      string `json:"status"`
	StatusLabel string `json:"statusLabel"`
}

// BatchPageProps are the props of templates/pages/batches/Batch.tsx.
type BatchPageProps struct {
	Shell server.ShellProps `json:"shell"`
	Panel BatchPanel        `json:"panel"`
	// Payouts says which table shows: the payout requests (completed, or the batch_payouts
	// page) or the rows waiting for the batch's approval.
	Payouts    bool             `json:"payouts"`
	Drafts     []BatchDraftRow  `json:"drafts"`
	PayoutRows []BatchPayoutRow `json:"payoutRows"`
	Total      int              `json:"total"`
	Next       string           `json:"next"`
	Prev       string           `json:"prev"`
	Note       string           `json:"note"`
	Back       string           `json:"back"`
}

func (s area) batchPage(c fiber.Ctx) error { return s.showBatch(c, false) }

func (s area) batchPayoutsPage(c fiber.Ctx) error { return s.showBatch(c, true) }

// showBatch renders a batch: its payouts when completed or asked for, else its rows.
func (s area) showBatch(c fiber.Ctx, payouts bool) error {
	b, ok, err := s.addressedBatch(c)
	if !ok {
		return err
	}
	o := server.Req(c).Org
	ctx := c.Context()
	back := url.Values{}
	if st := c.Query(qStatus); st != "" && provider.BatchStatusLabel(st) != st {
		back.Set(qStatus, st)
	}
	p := BatchPageProps{Panel: s.panel(c, b, back), Drafts: []BatchDraftRow{}, PayoutRows: []BatchPayoutRow{},
		Back: server.Link(s.base(o.Org.ID), back, "")}
	p.Payouts = payouts || b.Status == provider.BatchCompleted
	here := c.Path()
	if p.Payouts {
		if b.Status != provider.BatchCompleted {
			p.Note = msgPayoutsLater
		} else if err := s.payoutRows(c, &p, b, here); err != nil {
			return err
		}
	} else {
		// The rows page forwards only; Prev goes back to the first page.
		cur := listpage.Cursor{Value: strings.Clone(c.Query(qCursor))}
		asked := cur.Value
		pg, err := listpage.Load(&cur, func(cursor, _ string) (provider.BatchDraftPage, error) {
			return s.Batches.BatchDrafts(ctx, o.Org.ID, b.ID, provider.BatchDraftFilter{Cursor: cursor})
		})
		if err != nil {
			return err
		}
		for _, d := range pg.Drafts {
			acct := d.CreditorAccount.IBAN
			if acct == "" {
				acct = strings.TrimSpace(d.CreditorAccount.BankClearingSystemID + " " + d.CreditorAccount.AccountNumber)
			}
			p.Drafts = append(p.Drafts, BatchDraftRow{ID: d.ID, Line: d.Line, EndToEndID: d.EndToEndID, Account: d.DebtorAccount,
				Receiver: d.Creditor.FullName, BankAcct: acct, Amount: displayAmount(d.Amount, d.CurrencyCode)})
		}
		p.Total = pg.Total
		if pg.HasNext {
			p.Next = server.Link(here, url.Values{qCursor: {pg.CursorNext}}, "")
		}
		if asked != "" {
			p.Prev = here
		}
	}
	title := b.Name + " · Batches · " + o.Org.Name
	return s.Render(c, server.View{Title: title, Page: pageBatch.With(p)})
}

// addressedBatch is what the pages of one batch start from: the batch the address names.
// ok is false when the answer is err: a 404 without the batches service or
// without such a batch of the organisation (another's looks unknown), or a failure.
func (s area) addressedBatch(c fiber.Ctx) (b provider.Batch, ok bool, err error) {
	b, err = s.Batches.Batch(c.Context(), server.Req(c).Org.Org.ID, strings.Clone(c.Params("batch")))
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return b, false, s.NotFound(c)
	}
	if err != nil {
		return b, false, err
	}
	return b, true, nil
}

// payoutRows fills the page with the batch's payout requests, through the payouts service.
func (s area) payoutRows(c fiber.Ctx, p *BatchPageProps, b provider.Batch, here string) error {
	if s.Payouts == nil {
		return nil
	}
	o := server.Req(c).Org
	f := provider.PayoutFilter{BatchID: b.ID, Limit: provider.DefaultPayoutLimit}
	cur := listpage.ReadCursor(c, qCursorAfter, qCursorBefore)
	pg, err := listpage.Load(&cur, func(cursor, direction string) (provider.PayoutPage, error) {
		f.Cursor, f.Direction = cursor, direction
		return s.Payouts.Payouts(c.Context(), o.Org.ID, f)
	})
	if err != nil {
		return err
	}
	for _, pr := range pg.Payouts {
		status, label := pr.Status, provider.PayoutStatusLabel(pr.Status)
		p.PayoutRows = append(p.PayoutRows, BatchPayoutRow{Reference: pr.UniqueReference,
			Href:       s.Path("org.payout", o.Org.ID, pr.UniqueReference) + "#payout-panel",
			EndToEndID: pr.EndToEndID, Date: pr.CreatedAt.UTC().Format(daterange.DisplayLayout), Receiver: pr.Creditor.FullName,
			Amount: displayAmount(pr.Amount, pr.Currency), Status: status, StatusLabel: label})
	}
	p.Total = pg.Total
	p.Next, p.Prev = cur.Pager(here, nil, pg.HasNext, pg.CursorNext, pg.CursorPrev)
	return nil
}
