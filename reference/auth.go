package reference

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"

	"portal/provider"
	"portal/reference/db"
)

var (
	qUserMFARefresh = sq("user-mfa-refresh")
)

var _ provider.Auth = (*Store)(nil)

// DefaultTOTPIssuer names the portal in authenticator apps when Options.TOTPIssuer is empty.
const DefaultTOTPIssuer = "Portal"

// Limits of the authentication flows that provider.Auth leaves to the implementation.
const (
	// MaxCodeAttempts wrong tries burn an SMS login code or a phone confirmation code, so a
	// 7-digit code gives a guesser at most MaxCodeAttempts in 10^7 per code sent. (The HTTP
	// layer's rate limits come on top.)
	MaxCodeAttempts = 5
	// TOTPSkew is how many 30 s steps of clock drift a TOTP code may have, either way.
	TOTPSkew = 1
	// MaxPendingApprovals caps a user's push requests awaiting a decision: a stolen password
	// cannot flood the user's phone (push bombing), and a mistaken tap has fewer targets.
	MaxPendingApprovals = 3
	// tokenBytes is the entropy of reset and invitation tokens.
	tokenBytes = 32
	// maxTokenLength bounds what a lookup hashes; real tokens are 43 characters.
	maxTokenLength = 128
)

// Messages the spec words (spec 000 section 8) or the brief fixed.
const (
	msgTOTPFailed     = "TOTP validation failed. Please try again."
	msgTOTPReplayed   = "This code has already been used. Please wait for the next code."
	msgCodeInvalid    = "Invalid or expired code."
	msgMFARegistered  = "This user already has an MFA registered"
	msgPhoneInvalid   = "Enter a valid phone number"
	msgCountryInvalid = "Choose a supported country code"
	msgPasswordRules  = "Password is not valid"
	msgUserNotFound   = "User not found."
	msgUserDisabled   = "This user is disabled."
	msgLinkInvalid    = "This link is not valid."
	msgLinkExpired    = "This link has expired."
	msgLoginRequired  = "A login attempt is required."
	msgTOTPNotStarted = "No authenticator app is being set up."
)

// activeUser loads a user that may take part in an authentication flow: ENOTFOUND when
// unknown, EUNAUTHORIZED when disabled.
func activeUser(ctx context.Context, q db.DBTX, userID string) (provider.User, error) {
	u, err := scanUser(q.QueryRowContext(ctx, qUserByID, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return provider.User{}, provider.Errorf(provider.ENOTFOUND, msgUserNotFound)
	}
	if err != nil {
		return provider.User{}, fmt.Errorf("reference: loading user: %w", err)
	}
	if u.Disabled {
		return provider.User{}, provider.Errorf(provider.EUNAUTHORIZED, msgUserDisabled)
	}
	return u, nil
}

// refreshMFAFlags turns MFA on once both factors are set up (spec 000: "the user moves on
// when both TOTP and phone are set up").
func refreshMFAFlags(ctx context.Context, tx *sql.Tx, userID string) error {
	_, err := tx.ExecContext(ctx, qUserMFARefresh, userID)
	if err != nil {
		return fmt.Errorf("reference: updating MFA flags: %w", err)
	}
	return nil
}

// digest is SHA-256 over a purpose and parts, each length-prefixed so no two different
// lists of parts hash the same. Codes are hashed with the user (and login) they were sent
// for, so a stored digest matches only that code for that user and login.
func digest(purpose string, parts ...string) string {
	h := sha256.New()
	var n [4]byte
	for _, p := range append([]string{purpose}, parts...) {
		binary.BigEndian.PutUint32(n[:], uint32(len(p)))
		h.Write(n[:])
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// newNumericCode returns n uniformly random decimal digits from crypto/rand.
func newNumericCode(n int) (string, error) {
	limit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
	v, err := rand.Int(rand.Reader, limit)
	if err != nil {
		return "", fmt.Errorf("reference: random code: %w", err)
	}
	return fmt.Sprintf("%0*d", n, v), nil
}

// newToken returns a reset or invitation token (32 random bytes, base64url without
// padding) and the SHA-256 digest that is all the database keeps of it.
func newToken() (token, hash string) {
	b := make([]byte, tokenBytes)
	_, _ = rand.Read(b) // crypto/rand never returns short
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, tokenHash(token)
}

func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
