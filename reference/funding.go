package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"portal/provider"
)

var (
	qFundingInstructions     = sq("funding-instructions")
	qFundingInstruction      = sq("funding-instruction")
	qFundingInstructionOwned = sq("funding-instruction-owned")
	qFundingAcceptChanges    = sq("funding-accept-changes")
)

var _ provider.Funding = (*Store)(nil)

// FundingService owns funding instructions and FX: exchange rates with the
// organisation's markups and the currency list. Its files: funding.go, fx.go.
type FundingService struct{ *core }

func scanFunding(r scanner, f *provider.FundingInstruction) error {
	b := &f.Beneficiary
	return r.Scan(&f.UUID, &f.VirtualAccountNumber, &f.CurrencyISO, &f.Changed, &f.FundingReference, &b.FullName, &b.IBAN,
		&b.BankName, &b.BankAddress, &b.AccountNumber, &b.SortCode, &b.SwiftCode, &b.CryptoNetwork, &b.WalletAddress)
}

// FundingInstructions implements provider.Funding.
func (s *FundingService) FundingInstructions(ctx context.Context, orgID string) ([]provider.FundingInstruction, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	return collect(ctx, s.read, "funding instructions", qFundingInstructions, []any{orgID, orgID}, into(scanFunding))
}

func errNoFunding() error { return provider.Errorf(provider.ENOTFOUND, provider.MsgFundingUnavailable) }

// FundingInstruction implements provider.Funding.
func (s *FundingService) FundingInstruction(ctx context.Context, orgID, number string) (provider.FundingInstruction, error) {
	var f provider.FundingInstruction
	err := scanFunding(s.read.QueryRowContext(ctx, qFundingInstruction, number, orgID, orgID), &f)
	if errors.Is(err, sql.ErrNoRows) {
		return f, errNoFunding()
	}
	if err != nil {
		return f, fmt.Errorf("reference: funding instruction: %w", err)
	}
	return f, nil
}

// AcceptFundingChanges implements provider.Funding.
func (s *FundingService) AcceptFundingChanges(ctx context.Context, orgID, number, configurationUUID string) error {
	return s.inTx(ctx, "accept funding changes", func(tx *sql.Tx) error {
		var current string
		var changed bool
		err := tx.QueryRowContext(ctx, qFundingInstructionOwned, number, orgID).Scan(&current, &changed)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoFunding()
		}
		if err != nil {
			return fmt.Errorf("reference: accept funding changes: %w", err)
		}
		if configurationUUID != current {
			return provider.Errorf(provider.ECONFLICT, "The funding instructions changed again. Please review them.")
		}
		if !changed {
			return nil
		}
		if _, err := tx.ExecContext(ctx, qFundingAcceptChanges,
			formatTime(s.now()), number); err != nil {
			return fmt.Errorf("reference: accept funding changes: %w", err)
		}
		return nil
	})
}
