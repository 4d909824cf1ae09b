package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"portal/provider"
)

var (
	qUserByID         = sq("user-by-id")
	qUserByEmail      = sq("user-by-email")
	qUserLoginByEmail = sq("user-login-by-email")
)

// AuthService owns signing in and what proves a user: passwords, reset and
// invitation tokens, push approvals, SMS codes and TOTP. Its files: users.go, auth.go,
// auth_passwords.go, auth_push.go, auth_sms.go, auth_totp.go.
type AuthService struct{ *core }

// normalizeEmail is the single definition of "the same e-mail address": surrounding spaces
// are dropped and the whole address lower-cased (Unicode-aware, unlike SQLite's lower()).
func normalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

func scanUser(row scanner, extra ...any) (provider.User, error) {
	var u provider.User
	var created string
	dest := append([]any{&u.ID, &u.Email, &u.FirstName, &u.LastName, &created,
		&u.HasVerifySetup, &u.MFAConfigured, &u.MFAEnabled, &u.SkipMFA, &u.HasPhone, &u.Disabled}, extra...)
	if err := row.Scan(dest...); err != nil {
		return provider.User{}, err
	}
	t, err := parseTime(created)
	if err != nil {
		return provider.User{}, err
	}
	u.CreatedAt = t
	return u, nil
}

// Authenticate checks an e-mail and password. Every path through it runs argon2 exactly once,
// so response time does not tell an attacker whether the e-mail exists or is disabled.
func (s *AuthService) Authenticate(ctx context.Context, email, password string) (provider.User, error) {
	var hash string
	u, err := scanUser(s.read.QueryRowContext(ctx,
		qUserLoginByEmail, normalizeEmail(email)), &hash)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		_, _ = VerifyPassword(s.dummyHash, password)
		return provider.User{}, provider.ErrInvalidCredentials
	case err != nil:
		return provider.User{}, fmt.Errorf("reference: authenticate: %w", err)
	}
	if hash == "" {
		// An invited user who has not accepted yet has no password: nothing matches.
		_, _ = VerifyPassword(s.dummyHash, password)
		return provider.User{}, provider.ErrInvalidCredentials
	}
	ok, err := VerifyPassword(hash, password)
	if err != nil {
		return provider.User{}, fmt.Errorf("reference: authenticate user %s: %w", u.ID, err)
	}
	if !ok || u.Disabled {
		return provider.User{}, provider.ErrInvalidCredentials
	}
	return u, nil
}

// UserByID returns the user, disabled ones included: a session check must see Disabled to end
// the session.
func (s *AuthService) UserByID(ctx context.Context, id string) (provider.User, error) {
	return s.user(ctx, qUserByID, id)
}

// UserByEmail returns the user with that e-mail, compared case-insensitively.
func (s *AuthService) UserByEmail(ctx context.Context, email string) (provider.User, error) {
	return s.user(ctx, qUserByEmail, normalizeEmail(email))
}

func (s *AuthService) user(ctx context.Context, query string, arg string) (provider.User, error) {
	u, err := scanUser(s.read.QueryRowContext(ctx, query, arg))
	if errors.Is(err, sql.ErrNoRows) {
		return provider.User{}, provider.Errorf(provider.ENOTFOUND, "User not found.")
	}
	if err != nil {
		return provider.User{}, fmt.Errorf("reference: loading user: %w", err)
	}
	return u, nil
}
