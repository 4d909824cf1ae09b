package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"portal/reference/seeddata"
)

var (
	qSeedRefundFeeInsert         = sq("seed-refund-fee-insert")
	qSeedCollectionOrderInsert   = sq("seed-collection-order-insert")
	qSeedCollectionPaymentInsert = sq("seed-collection-payment-insert")
	qSeedCollectionRefundInsert  = sq("seed-collection-refund-insert")
)

// loadCollections writes a history's refund fees and collection orders, each with its
// payments and refund.
func loadCollections(ctx context.Context, tx *sql.Tx, h seeddata.History) error {
	for _, f := range h.RefundFees {
		if _, err := tx.ExecContext(ctx, qSeedRefundFeeInsert, f.OrganisationID, f.Currency, f.Fee); err != nil {
			return fmt.Errorf("reference: seed refund fees: %w", err)
		}
	}
	for _, o := range h.CollectionOrders {
		reasons, _ := json.Marshal(append([]string{}, o.ReasonCodes...))
		debtor, _ := json.Marshal(o.Debtor)
		first := ""
		if len(o.ReasonCodes) > 0 {
			first = o.ReasonCodes[0]
		}
		if _, err := tx.ExecContext(ctx, qSeedCollectionOrderInsert, o.ID, o.OrganisationID, o.AccountNumber, o.Reference,
			o.UniqueReference, o.BusinessUnit, o.Status, string(reasons), first, o.Amount, o.Currency, string(debtor),
			statusHistoryJSON(o.History), formatTime(o.Created)); err != nil {
			return fmt.Errorf("reference: seed collection order: %w", err)
		}
		for _, p := range o.Payments {
			var credited any
			if p.CreditedTx != "" {
				credited = p.CreditedTx
			}
			if _, err := tx.ExecContext(ctx, qSeedCollectionPaymentInsert, p.ID, o.ID, o.OrganisationID, p.UniqueReference, p.Type,
				p.Status, p.DebtorCountry, p.DebtorBank, statusHistoryJSON(p.History), formatTime(p.Created), credited); err != nil {
				return fmt.Errorf("reference: seed collection payment: %w", err)
			}
		}
		if rf := o.Refund; rf != nil {
			var returned any
			if rf.ReturnedTx != "" {
				returned = rf.ReturnedTx
			}
			if _, err := tx.ExecContext(ctx, qSeedCollectionRefundInsert, rf.ID, o.ID, o.OrganisationID, rf.Amount, rf.Fee, o.Currency,
				rf.Status, rf.BookedTx, returned, formatTime(rf.Created)); err != nil {
				return fmt.Errorf("reference: seed collection refund: %w", err)
			}
		}
	}
	return nil
}

// statusHistoryJSON is a status history as the collections store it.
func statusHistoryJSON(changes []seeddata.StatusChange) string {
	out := make([]storedChange, 0, len(changes))
	for _, c := range changes {
		out = append(out, storedChange{Status: c.Status, CreatedAt: formatTime(c.At)})
	}
	b, _ := json.Marshal(out)
	return string(b)
}
