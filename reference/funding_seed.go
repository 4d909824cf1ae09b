package reference

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"portal/provider"
)

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
