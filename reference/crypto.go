package reference

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"portal/provider"
)

var (
	qSigningKey       = sq("signing-key")
	qSigningKeyInsert = sq("signing-key-insert")
	qCryptoMemberRole = sq("crypto-member-role")
)

var _ provider.Crypto = (*Store)(nil)

// CryptoService owns the crypto partner widget: its signing key and tokens.
type CryptoService struct{ *core }

// A partner widget token is its grant and an HMAC-SHA256 over it, base64url without padding:
//
//	version (1) | expiry, Unix nanoseconds (8, big-endian) | flags (1: bit 0 manage)
//	| organisation, account, user (each a length byte and the bytes) | tag (32)
//
// The API hands tokens out on a GET, and a GET must change nothing: a signed token needs no
// row, so issuing one writes nothing, while the partner side still refuses any token the
// store did not issue, altered, expired or with a scope it was not given.
const (
	cryptoTokenVersion  = 1
	cryptoTokenManage   = 1 << 0
	cryptoTokenFixed    = 1 + 8 + 1
	cryptoTokenTag      = sha256.Size
	cryptoTokenMaxField = 255
	// cryptoTokenMaxLen bounds what is decoded: three fields at their longest and the tag.
	cryptoTokenMaxLen = (cryptoTokenFixed + 3*(1+cryptoTokenMaxField) + cryptoTokenTag + 2) / 3 * 4
	// cryptoKeyPurpose names the key in signing_keys; it signs nothing else.
	cryptoKeyPurpose = "crypto_widget"
	cryptoKeyBytes   = 32
)

var cryptoTokenEncoding = base64.RawURLEncoding.Strict()

func errCryptoToken() error {
	return provider.Errorf(provider.EUNAUTHORIZED, provider.MsgCryptoTokenInvalid)
}

// cryptoKey returns the widget token key, creating it on first start. It lives in the
// database with everything else the provider keeps, so every process on the file signs and
// verifies alike and a restart does not void the tokens in use; deleting the row rotates it
// (at the next start) and voids them all.
func (s *CryptoService) cryptoKey(ctx context.Context) ([]byte, error) {
	var key []byte
	err := s.inTx(ctx, "crypto key", func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, qSigningKey, cryptoKeyPurpose).Scan(&key)
		if errors.Is(err, sql.ErrNoRows) {
			key = make([]byte, cryptoKeyBytes)
			_, _ = rand.Read(key) // crypto/rand never returns short
			_, err = tx.ExecContext(ctx, qSigningKeyInsert,
				cryptoKeyPurpose, key, formatTime(s.now()))
		}
		if err != nil {
			return fmt.Errorf("reference: crypto key: %w", err)
		}
		if len(key) != cryptoKeyBytes {
			return fmt.Errorf("reference: crypto key: %d bytes stored, want %d", len(key), cryptoKeyBytes)
		}
		return nil
	})
	return key, err
}

func (s *CryptoService) cryptoTag(payload []byte) []byte {
	m := hmac.New(sha256.New, s.cryptoSigningKey)
	m.Write(payload)
	return m.Sum(nil)
}

// CryptoToken implements provider.Crypto.
func (s *CryptoService) CryptoToken(ctx context.Context, orgID, userID, number string, manage bool) (provider.CryptoToken, error) {
	f, err := s.funding.FundingInstruction(ctx, orgID, number)
	if provider.ErrorCode(err) == provider.ENOTFOUND || (err == nil && !f.Beneficiary.Crypto()) {
		return provider.CryptoToken{}, provider.Errorf(provider.ENOTFOUND, "This account has no crypto funding.")
	}
	if err != nil {
		return provider.CryptoToken{}, err
	}
	if userID == "" || len(userID) > cryptoTokenMaxField || len(orgID) > cryptoTokenMaxField || len(number) > cryptoTokenMaxField {
		// Callers pass ids they have read from the store; anything else is a bug, not input.
		return provider.CryptoToken{}, fmt.Errorf("reference: crypto token: user, organisation or account id empty or too long")
	}
	exp := s.now().UTC().Add(provider.CryptoTokenTTL)
	var flags byte
	if manage {
		flags |= cryptoTokenManage
	}
	b := make([]byte, 0, cryptoTokenFixed+3+len(orgID)+len(number)+len(userID)+cryptoTokenTag)
	b = append(b, cryptoTokenVersion)
	b = binary.BigEndian.AppendUint64(b, uint64(exp.UnixNano()))
	b = append(b, flags)
	for _, field := range []string{orgID, number, userID} {
		b = append(b, byte(len(field)))
		b = append(b, field...)
	}
	b = append(b, s.cryptoTag(b)...)
	return provider.CryptoToken{Token: cryptoTokenEncoding.EncodeToString(b), ExpiresAt: exp, Manage: manage}, nil
}

// openCryptoToken checks a token's signature and reads its grant; ok is false for anything
// the store did not sign as it stands.
func (s *CryptoService) openCryptoToken(token string) (g provider.CryptoGrant, ok bool) {
	if token == "" || len(token) > cryptoTokenMaxLen {
		return g, false
	}
	b, err := cryptoTokenEncoding.DecodeString(token)
	if err != nil || len(b) < cryptoTokenFixed+3+cryptoTokenTag {
		return g, false
	}
	payload, tag := b[:len(b)-cryptoTokenTag], b[len(b)-cryptoTokenTag:]
	if !hmac.Equal(tag, s.cryptoTag(payload)) {
		return g, false
	}
	// Signed by this store, so well formed; checked all the same, as a parser should be.
	if payload[0] != cryptoTokenVersion || payload[9]&^cryptoTokenManage != 0 {
		return g, false
	}
	g.ExpiresAt = time.Unix(0, int64(binary.BigEndian.Uint64(payload[1:9]))).UTC()
	g.Manage = payload[9]&cryptoTokenManage != 0
	rest := payload[cryptoTokenFixed:]
	var fields [3]string
	for i := range fields {
		if len(rest) < 1 || len(rest) < 1+int(rest[0]) {
			return provider.CryptoGrant{}, false
		}
		fields[i], rest = string(rest[1:1+int(rest[0])]), rest[1+int(rest[0]):]
	}
	if len(rest) != 0 {
		return provider.CryptoGrant{}, false
	}
	g.OrganisationID, g.VirtualAccountNumber, g.UserID = fields[0], fields[1], fields[2]
	return g, true
}

// ResolveCryptoToken implements provider.Crypto.
func (s *CryptoService) ResolveCryptoToken(ctx context.Context, token string) (provider.CryptoGrant, error) {
	g, ok := s.openCryptoToken(token)
	if !ok || !s.now().Before(g.ExpiresAt) {
		return provider.CryptoGrant{}, errCryptoToken()
	}
	// The user, their role and the wallet are read now, not when the token was issued: a
	// user disabled or removed, a share ended or a wallet replaced in the meantime applies
	// at once, which a token that is never stored could not otherwise be made to follow.
	err := s.read.QueryRowContext(ctx, qCryptoMemberRole, g.UserID, g.OrganisationID).Scan(&g.Role)
	if errors.Is(err, sql.ErrNoRows) {
		return provider.CryptoGrant{}, errCryptoToken()
	}
	if err != nil {
		return provider.CryptoGrant{}, fmt.Errorf("reference: resolve crypto token: %w", err)
	}
	f, err := s.funding.FundingInstruction(ctx, g.OrganisationID, g.VirtualAccountNumber)
	if provider.ErrorCode(err) == provider.ENOTFOUND || (err == nil && !f.Beneficiary.Crypto()) {
		return provider.CryptoGrant{}, errCryptoToken()
	}
	if err != nil {
		return provider.CryptoGrant{}, err
	}
	g.CurrencyISO, g.CryptoNetwork, g.WalletAddress = f.CurrencyISO, f.Beneficiary.CryptoNetwork, f.Beneficiary.WalletAddress
	return g, nil
}
