package provider

import "context"

// Beneficiary is where money sent to fund an account must go (spec 000 §3 "Funding
// instruction"): a bank beneficiary for a fiat account, a crypto network and wallet for a
// crypto one. Fields that do not apply are empty.
type Beneficiary struct {
	_             struct{} `description:"Where to send money to fund the account: bank fields for a fiat account, network and wallet for a crypto one; fields that do not apply are empty."`
	FullName      string   `json:"full_name" description:"Beneficiary name."`
	IBAN          string   `json:"iban" description:"IBAN."`
	BankName      string   `json:"bank_name" description:"Bank name."`
	BankAddress   string   `json:"bank_address" description:"Bank address."`
	AccountNumber string   `json:"account_number" description:"Bank account number."`
	SortCode      string   `json:"sort_code" description:"Sort code."`
	SwiftCode     string   `json:"swift_code" description:"SWIFT/BIC."`
	CryptoNetwork string   `json:"crypto_network" description:"Crypto network." example:"Tron (TRC20)"`
	WalletAddress string   `json:"wallet_address" description:"Wallet address."`
}

// Crypto reports whether the beneficiary is a crypto wallet (crypto funding lists only
// accounts whose beneficiary has both a network and a wallet address).
func (b Beneficiary) Crypto() bool { return b.CryptoNetwork != "" && b.WalletAddress != "" }

// FundingInstruction is how to fund one virtual account. UUID names the current funding
// configuration; Changed is true when the provider changed it and the organisation has not
// yet acknowledged the change ("I got it!", AcceptFundingChanges).
type FundingInstruction struct {
	_                    struct{}    `description:"How to fund one virtual account."`
	UUID                 string      `json:"uuid" description:"The current funding configuration; accept_changes names it." format:"uuid"`
	VirtualAccountNumber string      `json:"virtual_account_number" description:"The account."`
	CurrencyISO          string      `json:"currency_iso" description:"Currency of the account." example:"EUR"`
	Changed              bool        `json:"changed" description:"The configuration changed and is not yet acknowledged (\"I got it!\")."`
	FundingReference     string      `json:"funding_reference" description:"Reference to quote when sending money."`
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
