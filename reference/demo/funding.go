package demo

import (
	"portal/provider"
	"portal/reference/seeddata"
)

// FundingInstructions: a bank beneficiary for each fiat account, a wallet for the USDT
// account, none for the shared pool (its owner funds it). The GBP payroll account's
// configuration has changed and waits for "I got it!".
func FundingInstructions() []seeddata.FundingInstruction {
	bank := func(name, iban, bankName, addr, acct, sort, swift string) provider.Beneficiary {
		return provider.Beneficiary{FullName: name, IBAN: iban, BankName: bankName, BankAddress: addr,
			AccountNumber: acct, SortCode: sort, SwiftCode: swift}
	}
	fi := func(acct, cur, ref string, changed bool, b provider.Beneficiary) seeddata.FundingInstruction {
		return seeddata.FundingInstruction{Account: acct, ID: ID("funding/" + acct), Currency: cur, Reference: ref,
			Changed: changed, Beneficiary: b}
	}
	const provAddr = "Havnegade 39, 1058 Copenhagen K, Denmark"
	return []seeddata.FundingInstruction{
		fi(AccountOrg1EUR, "EUR", "NTA-EUR-0015", false, bank("Nordic Trading ApS", "DK5000400440116243", "Nordic Settlement Bank", provAddr, "", "", "NSBKDKKK")),
		fi(AccountOrg1GBP, "GBP", "NTA-GBP-0023", true, bank("Nordic Trading ApS", "GB33BUKB20201555555555", "Thames Clearing Bank", "1 Churchill Place, London E14 5HP, United Kingdom", "55555555", "20-20-15", "TCBKGB2L")),
		fi(AccountOrg1USD, "USD", "NTA-USD-0031", false, bank("Nordic Trading ApS", "", "Hudson Correspondent Bank", "200 Park Avenue, New York, NY 10166, USA", "000123456789", "", "HCBKUS33")),
		fi(AccountOrg1DKK, "DKK", "NTA-DKK-0049", false, bank("Nordic Trading ApS", "DK9520000123456789", "Nordic Settlement Bank", provAddr, "", "", "NSBKDKKK")),
		fi(AccountOrg1USDT, "USDT", "NTA-USDT-0056", false, provider.Beneficiary{FullName: "Nordic Trading ApS",
			CryptoNetwork: "Tron (TRC20)", WalletAddress: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"}),
		fi(AccountOrg2GBP, "GBP", "AFL-GBP-0014", false, bank("Atlantic Freight Ltd", "GB29NWBK60161331926819", "Thames Clearing Bank", "1 Churchill Place, London E14 5HP, United Kingdom", "31926819", "60-16-13", "TCBKGB2L")),
		fi(AccountOrg2USD, "USD", "AFL-USD-0022", false, bank("Atlantic Freight Ltd", "", "Hudson Correspondent Bank", "200 Park Avenue, New York, NY 10166, USA", "000987654321", "", "HCBKUS33")),
	}
}
