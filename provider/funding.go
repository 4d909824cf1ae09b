package provider

import "context"

// Beneficiary is where money sent to fund an account must go (spec 000 §3 "Funding
// instruction"): a bank beneficiary for a fiat account, a crypto network and wallet for a
// crypto one. Fields that do not apply are empty.
type Beneficiary struct {
	FullName      string `json:"full_name"`
	IBAN          string `json:"iban"`
	BankName      string `json:"bank_name"`
	BankAddress   string `json:"bank_address"`
	AccountNumber string `json:"account_number"`
	SortCode      string `json:"sort_code"`
	SwiftCode     string `json:"swift_code"`
	CryptoNetwork string `json:"crypto_network"`
	WalletAddress string `json:"wallet_address"`
}

// Crypto reports whether the beneficiary is a crypto wallet (crypto funding lists only
// accounts whose beneficiary has both a network and a wallet address).
func (b Beneficiary) Crypto() bool { return b.CryptoNetwork != "" && b.WalletAddress != "" }

// FundingInstruction is how to fund one virtual account. UUID names the current funding
// configuration; Changed is true when the provider changed it and the organisation has not
// yet acknowledged the change ("I got it!", AcceptFundingChanges).
type FundingInstruction struct {
	UUID                 string      `json:"uuid"`
	VirtualAccountNumber string      `json:"virtual_account_number"`
	CurrencyISO          string      `json:"currency_iso"`
	Changed              bool        `json:"changed"`
	FundingReference     string      `json:"funding_reference"`
	Beneficiary          Beneficiary `json:"beneficiary"`
}

// MsgFundingUnavailable is the spec's text for an account without funding instructions.
const MsgFundingUnavailable = "Funding information not available for this account."

// Funding is the provider's funding instructions. Reads cover the accounts an organisation
// owns or that are shared with it; acknowledging a change only the owner's. The caller
// establishes the user's right to act for orgID first.
type Funding interface {
	// FundingInstructions lists the instructions of the organisation's readable accounts, by
	// account number.
	FundingInstructions(ctx context.Context, orgID string) ([]FundingInstruction, error)
	// FundingInstruction is one account's; ENOTFOUND (MsgFundingUnavailable) when the account
	// has none or is not readable.
	FundingInstruction(ctx context.Context, orgID, accountNumber string) (FundingInstruction, error)
	// AcceptFundingChanges acknowledges the changed configuration configurationUUID of an
	// owned account. Acknowledging the current, already acknowledged configuration again is
	// a no-op; an older or unknown configuration is ECONFLICT; an account not owned or
	// without instructions ENOTFOUND.
	AcceptFundingChanges(ctx context.Context, orgID, accountNumber, configurationUUID string) error
}
