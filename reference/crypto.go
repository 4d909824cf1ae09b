package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"portal/provider"
)

var _ provider.Crypto = (*Store)(nil)

func errCryptoToken() error {
	return provider.Errorf(provider.EUNAUTHORIZED, provider.MsgCryptoTokenInvalid)
}

// CryptoToken implements provider.Crypto.
func (s *Store) CryptoToken(ctx context.Context, orgID, number string, manage bool) (provider.CryptoToken, error) {
	f, err := s.FundingInstruction(ctx, orgID, number)
	if provider.ErrorCode(err) == provider.ENOTFOUND || (err == nil && !f.Beneficiary.Crypto()) {
		return provider.CryptoToken{}, provider.Errorf(provider.ENOTFOUND, "This account has no crypto funding.")
	}
	if err != nil {
		return provider.CryptoToken{}, err
	}
	tok, hash := newToken()
	now := s.now().UTC()
	exp := now.Add(provider.CryptoTokenTTL)
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return provider.CryptoToken{}, fmt.Errorf("reference: crypto token: %w", err)
	}
	defer tx.Rollback()
	// Spent tokens go as new ones come, so the table holds only live ones.
	if _, err := tx.ExecContext(ctx, `DELETE FROM crypto_widget_tokens WHERE expires_at <= ?`, formatTime(now)); err != nil {
		return provider.CryptoToken{}, fmt.Errorf("reference: crypto token: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO crypto_widget_tokens (token_hash, organisation_id, account_number, manage,
			created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`, hash, orgID, number, manage, formatTime(now), formatTime(exp)); err != nil {
		return provider.CryptoToken{}, fmt.Errorf("reference: crypto token: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return provider.CryptoToken{}, fmt.Errorf("reference: crypto token: %w", err)
	}
	return provider.CryptoToken{Token: tok, ExpiresAt: exp, Manage: manage}, nil
}

// ResolveCryptoToken implements provider.Crypto.
func (s *Store) ResolveCryptoToken(ctx context.Context, token string) (provider.CryptoGrant, error) {
	var g provider.CryptoGrant
	if token == "" || len(token) > 128 {
		return g, errCryptoToken()
	}
	var exp string
	err := s.read.QueryRowContext(ctx, `SELECT organisation_id, account_number, manage, expires_at
		FROM crypto_widget_tokens WHERE token_hash = ?`, tokenHash(token)).Scan(&g.OrganisationID, &g.VirtualAccountNumber, &g.Manage, &exp)
	if errors.Is(err, sql.ErrNoRows) {
		return g, errCryptoToken()
	}
	if err != nil {
		return g, fmt.Errorf("reference: resolve crypto token: %w", err)
	}
	if g.ExpiresAt, err = parseTime(exp); err != nil {
		return g, err
	}
	if !s.now().Before(g.ExpiresAt) {
		return g, errCryptoToken()
	}
	// The wallet is read now, not when the token was issued: a share ended or a wallet
	// replaced in the meantime applies at once.
	f, err := s.FundingInstruction(ctx, g.OrganisationID, g.VirtualAccountNumber)
	if provider.ErrorCode(err) == provider.ENOTFOUND || (err == nil && !f.Beneficiary.Crypto()) {
		return provider.CryptoGrant{}, errCryptoToken()
	}
	if err != nil {
		return provider.CryptoGrant{}, err
	}
	g.CurrencyISO, g.CryptoNetwork, g.WalletAddress = f.CurrencyISO, f.Beneficiary.CryptoNetwork, f.Beneficiary.WalletAddress
	return g, nil
}
