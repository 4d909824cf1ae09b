package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"portal/reference/seeddata"
)

var (
	qSeedBatchInsert       = sq("seed-batch-insert")
	qSeedBatchPayoutInsert = sq("seed-batch-payout-insert")
	qSeedPayoutBatchSet    = sq("seed-payout-batch-set")
)

// loadBatches writes a history's batches, each followed by its rows and pointing the payouts
// made from it at it.
func loadBatches(ctx context.Context, tx *sql.Tx, h seeddata.History) error {
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	for _, b := range h.Batches {
		if _, err := tx.ExecContext(ctx, qSeedBatchInsert, b.ID, b.OrganisationID, b.Name, b.Filename, b.Status, b.SchemaID,
			b.LocalInstrument, b.Currency, b.Country, formatTime(b.Created), b.CreatorID, b.CreatorName, b.Rows, b.TotalAmount,
			b.FileHash, js(nonNil(b.Approvals)), js(nonNil(b.Rejections)), b.PublishedRows); err != nil {
			return fmt.Errorf("reference: seed batches: %w", err)
		}
		for _, p := range b.Payouts {
			if _, err := tx.ExecContext(ctx, qSeedBatchPayoutInsert, p.ID, b.ID, b.OrganisationID, p.Line, p.EndToEndID,
				p.AccountNumber, p.Amount, p.Currency, p.LocalInstrument, js(p.Sections), formatTime(p.Created)); err != nil {
				return fmt.Errorf("reference: seed batches: %w", err)
			}
		}
		// An update after the payouts' insert, not their own rows: the payout counts keep the
		// groups it moves payouts out of, at zero, as the seed always has.
		for _, id := range b.MadePayouts {
			if _, err := tx.ExecContext(ctx, qSeedPayoutBatchSet, b.ID, js(nonNil(b.PayoutReviews)), id); err != nil {
				return fmt.Errorf("reference: seed batches: %w", err)
			}
		}
	}
	return nil
}
