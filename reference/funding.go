package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"portal/provider"
)

var _ provider.Funding = (*Store)(nil)

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
func (s *Store) FundingInstructions(ctx context.Context, orgID string) ([]provider.FundingInstruction, error) {
	if err := s.organisationExists(ctx, orgID); err != nil {
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
func (s *Store) FundingInstruction(ctx context.Context, orgID, number string) (provider.FundingInstruction, error) {
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
func (s *Store) AcceptFundingChanges(ctx context.Context, orgID, number, configurationUUID string) error {
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

// Demo funding instructions: a bank beneficiary for each fiat account, a wallet for the
// USDT account, none for the shared pool (its owner funds it). The GBP payroll account's
// configuration has changed and waits for "I got it!".
func seedFunding(ctx context.Context, tx *sql.Tx, now time.Time) error {
	type fi struct {
		acct, cur, ref string
		changed        bool
		b              provider.Beneficiary
	}
	bank := func(name, iban, bankName, addr, acct, sort, swift string) provider.Beneficiary {
		return provider.Beneficiary{FullName: name, IBAN: iban, BankName: bankName, BankAddress: addr,
			AccountNumber: acct, SortCode: sort, SwiftCode: swift}
	}
	const provAddr = "Havnegade 39, 1058 Copenhagen K, Denmark"
	list := []fi{
		{DemoAccountOrg1EUR, "EUR", "NTA-EUR-0015", false, bank("Nordic Trading ApS", "DK5000400440116243", "Nordic Settlement Bank", provAddr, "", "", "NSBKDKKK")},
		{DemoAccountOrg1GBP, "GBP", "NTA-GBP-0023", true, bank("Nordic Trading ApS", "GB33BUKB20201555555555", "Thames Clearing Bank", "1 Churchill Place, London E14 5HP, United Kingdom", "55555555", "20-20-15", "TCBKGB2L")},
		{DemoAccountOrg1USD, "USD", "NTA-USD-0031", false, bank("Nordic Trading ApS", "", "Hudson Correspondent Bank", "200 Park Avenue, New York, NY 10166, USA", "000123456789", "", "HCBKUS33")},
		{DemoAccountOrg1DKK, "DKK", "NTA-DKK-0049", false, bank("Nordic Trading ApS", "DK9520000123456789", "Nordic Settlement Bank", provAddr, "", "", "NSBKDKKK")},
		{DemoAccountOrg1USDT, "USDT", "NTA-USDT-0056", false, provider.Beneficiary{FullName: "Nordic Trading ApS",
			CryptoNetwork: "Tron (TRC20)", WalletAddress: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"}},
		{DemoAccountOrg2GBP, "GBP", "AFL-GBP-0014", false, bank("Atlantic Freight Ltd", "GB29NWBK60161331926819", "Thames Clearing Bank", "1 Churchill Place, London E14 5HP, United Kingdom", "31926819", "60-16-13", "TCBKGB2L")},
		{DemoAccountOrg2USD, "USD", "AFL-USD-0022", false, bank("Atlantic Freight Ltd", "", "Hudson Correspondent Bank", "200 Park Avenue, New York, NY 10166, USA", "000987654321", "", "HCBKUS33")},
	}
	for _, f := range list {
		b := f.b
		if _, err := tx.ExecContext(ctx, `INSERT INTO funding_instructions (account_number, uuid, currency_iso, funding_reference,
				changed, full_name, iban, bank_name, bank_address, beneficiary_account, sort_code, swift_code, crypto_network,
				wallet_address, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			f.acct, seedID("funding/"+f.acct), f.cur, f.ref, f.changed, b.FullName, b.IBAN, b.BankName, b.BankAddress,
			b.AccountNumber, b.SortCode, b.SwiftCode, b.CryptoNetwork, b.WalletAddress, formatTime(now)); err != nil {
			return fmt.Errorf("reference: seed funding: %w", err)
		}
	}
	return nil
}
