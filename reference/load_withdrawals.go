package reference

import (
	"context"
	"database/sql"
	"fmt"

	"portal/reference/seeddata"
)

var (
	qSeedWithdrawalAccountInsert = sq("seed-withdrawal-account-insert")
	qSeedWithdrawalLinkInsert    = sq("seed-withdrawal-link-insert")
	qSeedWithdrawalLimitInsert   = sq("seed-withdrawal-limit-insert")
)

// loadWithdrawals writes a history's withdrawal accounts, links and limits, and its
// withdrawal requests (each pointing at the ledger transactions the history booked for it)
// through the withdrawals' own insert, reason texts as the store words them.
func loadWithdrawals(ctx context.Context, tx *sql.Tx, h seeddata.History) error {
	for _, a := range h.WithdrawalAccounts {
		if _, err := tx.ExecContext(ctx, qSeedWithdrawalAccountInsert, a.UUID, a.ID, a.OrganisationID, a.Kind, a.Currency,
			a.IBAN, a.AccountNumber, a.BankName, a.ClearingID, a.Label, a.LocalInstrument, a.PartyName, formatTime(a.Created)); err != nil {
			return fmt.Errorf("reference: seed withdrawal accounts: %w", err)
		}
	}
	for _, l := range h.WithdrawalLinks {
		if _, err := tx.ExecContext(ctx, qSeedWithdrawalLinkInsert, l.ID, l.OrganisationID, l.AccountNumber, l.WithdrawalAccountUUID,
			l.Status, formatTime(l.Created)); err != nil {
			return fmt.Errorf("reference: seed withdrawal links: %w", err)
		}
	}
	for _, l := range h.WithdrawalLimits {
		if _, err := tx.ExecContext(ctx, qSeedWithdrawalLimitInsert, l.OrganisationID, l.CurrencyCode, l.MaxAmount); err != nil {
			return fmt.Errorf("reference: seed withdrawal limits: %w", err)
		}
	}
	for _, w := range h.Withdrawals {
		for _, t := range w.StatusTransitions {
			if t.ReasonCode != nil {
				t.ReasonCode.ExternalMessage = withdrawalReasons[t.ReasonCode.ID]
			}
		}
		if err := insertWithdrawal(ctx, tx, w.OrganisationID, w.WithdrawalRequest, w.IdempotencyKey, "", "", "", w.DebitTx, w.ReleaseTx); err != nil {
			return err
		}
	}
	return nil
}
