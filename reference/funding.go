package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"portal/provider"
)

var _ provider.Funding = (*Store)(nil)

// FundingService owns funding instructions and FX: exchange rates with the
// organisation's markups and the currency list. Its files: funding.go, fx.go.
type FundingService struct{ *core }

// fundingReadable is the access rule of ledger reads: the account is the organisation's or
// shared with it.
const fundingReadable = `a.kind = 'customer' AND (a.owner_organisation_id = ?1
	OR EXISTS (SELECT 1 FROM account_shares sh WHERE sh.account_number = a.account_number AND sh.organisation_id = ?1))`

const fundingColumns = `f.uuid, f.account_number, f.currency_iso, f.changed, f.funding_reference, f.full_name, f.iban,
	f.bank_name, f.bank_address, f.beneficiary_account, f.sort_code, f.swift_code, f.crypto_network, f.wallet_address`

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
	rows, err := s.read.QueryContext(ctx, `SELECT `+fundingColumns+` FROM funding_instructions f
		JOIN accounts a ON a.account_number = f.account_number WHERE `+fundingReadable+` ORDER BY f.account_number`, orgID)
	if err != nil {
		return nil, fmt.Errorf("reference: funding instructions: %w", err)
	}
	defer rows.Close()
	out := []provider.FundingInstruction{}
	for rows.Next() {
		var f provider.FundingInstruction
		if err := scanFunding(rows, &f); err != nil {
			return nil, fmt.Errorf("reference: funding instructions: %w", err)
		}
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: funding instructions: %w", err)
	}
	return out, nil
}

func errNoFunding() error { return provider.Errorf(provider.ENOTFOUND, provider.MsgFundingUnavailable) }

// FundingInstruction implements provider.Funding.
func (s *FundingService) FundingInstruction(ctx context.Context, orgID, number string) (provider.FundingInstruction, error) {
	var f provider.FundingInstruction
	err := scanFunding(s.read.QueryRowContext(ctx, `SELECT `+fundingColumns+` FROM funding_instructions f
		JOIN accounts a ON a.account_number = f.account_number WHERE f.account_number = ?2 AND `+fundingReadable, orgID, number), &f)
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
		err := tx.QueryRowContext(ctx, `SELECT f.uuid, f.changed FROM funding_instructions f
			JOIN accounts a ON a.account_number = f.account_number
			WHERE f.account_number = ?2 AND a.kind = 'customer' AND a.owner_organisation_id = ?1`, orgID, number).Scan(&current, &changed)
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
		if _, err := tx.ExecContext(ctx, `UPDATE funding_instructions SET changed = 0, accepted_at = ? WHERE account_number = ?`,
			formatTime(s.now()), number); err != nil {
			return fmt.Errorf("reference: accept funding changes: %w", err)
		}
		return nil
	})
}
