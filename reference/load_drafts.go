package reference

import (
	"context"
	"database/sql"
	"fmt"

	"portal/provider"
	"portal/reference/seeddata"
)

var (
	qSeedDraftInsert       = sq("seed-draft-insert")
	qSeedDraftReviewInsert = sq("seed-draft-review-insert")
)

func (r loadRules) DraftSchema(productID, schemaID string) (seeddata.DraftProduct, *provider.ProductSchema) {
	_, p, sch := catalogueLookup(productID, schemaID)
	if p == nil {
		return seeddata.DraftProduct{}, nil
	}
	return seeddata.DraftProduct{Currency: p.currency, Country: p.country}, sch
}

// loadPayoutDrafts writes a history's payout drafts, each followed by its reviews.
func loadPayoutDrafts(ctx context.Context, tx *sql.Tx, h seeddata.History) error {
	for _, d := range h.PayoutDrafts {
		if _, err := tx.ExecContext(ctx, qSeedDraftInsert, d.ID, d.OrganisationID, d.CreatedBy, d.CreatorName, d.ProductID, d.SchemaID,
			d.Status, marshal(d.Values), marshal(d.Errors), marshal(d.SavedSections), d.DebtorAccount, d.Amount, d.Currency,
			d.EndToEndID, d.ApprovalsRequired, d.PayoutReference, d.PayoutState, formatTime(d.Created), formatTime(d.Updated)); err != nil {
			return fmt.Errorf("reference: seed drafts: %w", err)
		}
		for _, rv := range d.Reviews {
			if _, err := tx.ExecContext(ctx, qSeedDraftReviewInsert, d.ID, rv.UserID, rv.UserName, rv.Kind, formatTime(rv.At)); err != nil {
				return fmt.Errorf("reference: seed drafts: %w", err)
			}
		}
	}
	return nil
}
