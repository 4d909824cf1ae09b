package provider

import (
	"context"
	"time"
)

// CryptoTokenTTL is how long a partner widget token lasts. The token sits in the frame's URL
// (the partner's widget takes it there), so it is short-lived and scoped to one account.
const CryptoTokenTTL = 10 * time.Minute

// CryptoToken is a short-lived token for the crypto partner's embedded widgets (spec 000 §7
// "GET /crypto/organisations/{id}/c2c/token"): it lets the partner side show one account's
// wallets and deposit history without any other credential of the user.
type CryptoToken struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expires_at"`
	// Manage says the token also opens the wallets widget (crypto:manage); every token opens
	// the history (crypto:read).
	Manage bool `json:"manage"`
}

// CryptoGrant is what a valid token resolves to on the partner side.
type CryptoGrant struct {
	OrganisationID string
	// UserID is the user the token was issued to, and Role their role in the organisation
	// now: a token cannot be withdrawn once issued, so whoever serves the widgets applies
	// the user's current rights, not those they had when it was issued.
	UserID               string
	Role                 string
	VirtualAccountNumber string
	CurrencyISO          string
	CryptoNetwork        string
	WalletAddress        string
	Manage               bool
	ExpiresAt            time.Time
}

// MsgCryptoTokenInvalid is the partner widget's answer to a token that is unknown, altered or
// expired (never telling which).
const MsgCryptoTokenInvalid = "This crypto funding link is not valid or has expired. Please open crypto funding again."

// Crypto is the provider's crypto funding partner link. The caller establishes the user's
// right to act for orgID (membership, crypto:read, and crypto:manage for manage) first.
type Crypto interface {
	// CryptoToken issues a token for userID and one account the organisation may read whose
	// funding beneficiary is a crypto wallet (Beneficiary.Crypto); ENOTFOUND otherwise.
	// Issuing writes nothing (the API hands tokens out on a GET): the token carries its
	// grant, signed by the provider.
	CryptoToken(ctx context.Context, orgID, userID, accountNumber string, manage bool) (CryptoToken, error)
	// ResolveCryptoToken is the partner side: the account a token was issued for, with its
	// current wallet. EUNAUTHORIZED (MsgCryptoTokenInvalid) for an unknown, altered or expired
	// token, or one whose account is no longer readable or no longer a crypto wallet, or
	// whose user is disabled or no longer a member of the organisation.
	ResolveCryptoToken(ctx context.Context, token string) (CryptoGrant, error)
}
