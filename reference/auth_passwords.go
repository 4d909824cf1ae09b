package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/passwordrule"
	"portal/provider"
	"portal/reference/db"
)

var (
	qUserPasswordByEmail  = sq("user-password-by-email")
	qPasswordTokensPrune  = sq("password-tokens-prune")
	qPasswordResetsSpend  = sq("password-resets-spend")
	qPasswordResetInsert  = sq("password-reset-insert")
	qPasswordToken        = sq("password-token")
	qInvitationByToken    = sq("invitation-by-token")
	qUserIDByEmail        = sq("user-id-by-email")
	qUserInsert           = sq("user-insert")
	qUserAcceptInvitation = sq("user-accept-invitation")
	qMembershipJoin       = sq("membership-join")
	qInvitationAccepted   = sq("invitation-accepted")
	qPasswordTokensSpend  = sq("password-tokens-spend")
	qUserSetPassword      = sq("user-set-password")
	qInvitationInsert     = sq("invitation-insert")
)

// Token kinds in password_tokens.
const (
	tokenReset = "reset"
)

// tokenRetention keeps expired tokens this long, so an old link still answers "expired"
// rather than "not found".
const tokenRetention = 30 * 24 * time.Hour

// Link paths the e-mails carry (the portal's routes, spec 000 section 2).
const (
	ResetLinkPrefix      = "/passwords/reset/"
	InvitationLinkPrefix = "/invitations/accept/"
)

// CheckPasswordRules applies the portal's password rule (package passwordrule, the one
// the server's forms apply too) before a password is stored: EINVALID "Password is not
// valid" when it fails.
func CheckPasswordRules(pw string) error {
	if !passwordrule.Valid(pw) {
		return provider.Errorf(provider.EINVALID, msgPasswordRules)
	}
	return nil
}

// RequestPasswordReset e-mails a reset link (valid provider.ResetTokenTTL) when the address
// belongs to an active user with a password; earlier unspent reset links of that user stop
// working. For any other address it does nothing and returns nil, after the same lookup and
// token generation, so the answer and (roughly) its timing are the same. The one difference
// left is the commit of the token and the e-mail.
func (s *AuthService) RequestPasswordReset(ctx context.Context, email string) error {
	email = normalizeEmail(email)
	token, hash := newToken()
	return s.inTx(ctx, "request password reset", func(tx *sql.Tx) error {
		var userID, pwHash string
		var disabled bool
		err := tx.QueryRowContext(ctx, qUserPasswordByEmail, email).
			Scan(&userID, &pwHash, &disabled)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return nil
		case err != nil:
			return fmt.Errorf("reference: request password reset: %w", err)
		case disabled || pwHash == "":
			// Disabled users may not come back this way; invited users use their invitation.
			return nil
		}
		now := s.now()
		// Housekeeping: a token long past its expiry only needs to answer "not found".
		if _, err := tx.ExecContext(ctx, qPasswordTokensPrune,
			formatTime(now.Add(-tokenRetention))); err != nil {
			return fmt.Errorf("reference: request password reset: %w", err)
		}
		if _, err := tx.ExecContext(ctx, qPasswordResetsSpend, formatTime(now), userID); err != nil {
			return fmt.Errorf("reference: request password reset: %w", err)
		}
		if _, err := tx.ExecContext(ctx, qPasswordResetInsert, hash, userID, formatTime(now), formatTime(now.Add(provider.ResetTokenTTL))); err != nil {
			return fmt.Errorf("reference: request password reset: %w", err)
		}
		if err := s.audits.auditUser(ctx, tx, userID, provider.AuditEvent{Kind: provider.AuditPasswordResetRequested}); err != nil {
			return err
		}
		return s.outbox.sendMessage(ctx, tx, provider.OutboxMessage{
			Kind:    provider.OutboxEmail,
			To:      email,
			Subject: "Reset your password",
			Body: fmt.Sprintf("Someone asked to reset the password of your %s account. Open the link within %s to choose a new one. "+
				"If it was not you, ignore this e-mail: your password stays as it is.", s.issuer, humanDuration(provider.ResetTokenTTL)),
			Link: ResetLinkPrefix + token,
		})
	})
}

func humanDuration(d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0 && d >= 48*time.Hour:
		return fmt.Sprintf("%d days", d/(24*time.Hour))
	case d == time.Hour:
		return "1 hour"
	case d%time.Hour == 0:
		return fmt.Sprintf("%d hours", d/time.Hour)
	default:
		return fmt.Sprintf("%d minutes", d/time.Minute)
	}
}

// passwordToken is a live token's row.
type passwordToken struct {
	hash      string
	userID    string
	email     string
	expiresAt time.Time
}

// lookupToken finds a usable token of kind: ENOTFOUND when unknown, spent or its user is
// disabled, EEXPIRED when it ran out.
func (s *AuthService) lookupToken(ctx context.Context, q db.DBTX, kind, token string) (passwordToken, error) {
	notFound := provider.Errorf(provider.ENOTFOUND, msgLinkInvalid)
	if token == "" || len(token) > maxTokenLength {
		return passwordToken{}, notFound
	}
	t := passwordToken{hash: tokenHash(token)}
	var expires string
	var spent sql.NullString
	var disabled bool
	err := q.QueryRowContext(ctx, qPasswordToken, t.hash, kind).Scan(&t.userID, &t.email, &disabled, &expires, &spent)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return passwordToken{}, notFound
	case err != nil:
		return passwordToken{}, fmt.Errorf("reference: checking %s token: %w", kind, err)
	case spent.Valid || disabled:
		return passwordToken{}, notFound
	}
	if t.expiresAt, err = parseTime(expires); err != nil {
		return passwordToken{}, err
	}
	if !s.now().Before(t.expiresAt) {
		return passwordToken{}, provider.Errorf(provider.EEXPIRED, msgLinkExpired)
	}
	return t, nil
}

// CheckResetToken: nil for a usable reset token, ENOTFOUND for an unknown or spent one,
// EEXPIRED for an expired one.
func (s *AuthService) CheckResetToken(ctx context.Context, token string) error {
	_, err := s.lookupToken(ctx, s.read, tokenReset, token)
	return err
}

// ResetPassword checks the token and the password rules, then in one transaction spends the
// token (and any other reset token of the user) and sets the password. It returns the user
// so the caller can end their sessions. MFA is not touched: a reset never skips it.
func (s *AuthService) ResetPassword(ctx context.Context, token, password string) (provider.User, error) {
	return s.setPasswordWithToken(ctx, tokenReset, token, password)
}

// invitationRow is a pending invitation as stored.
type invitationRow struct {
	id, orgID, orgName, email, firstName, lastName, role string
	expiresAt                                            time.Time
	// login: the address has a login (a password), so it joins by logging in.
	login bool
}

func (r invitationRow) public() provider.Invitation {
	return provider.Invitation{Email: r.email, ExpiresAt: r.expiresAt, OrganisationID: r.orgID, OrganisationName: r.orgName,
		Role: r.role, LoginRequired: r.login}
}

// lookupInvitation finds a pending invitation by its link's token: ENOTFOUND when unknown
// or accepted, EEXPIRED when it ran out.
func (s *AuthService) lookupInvitation(ctx context.Context, q db.DBTX, token string) (invitationRow, error) {
	notFound := provider.Errorf(provider.ENOTFOUND, msgLinkInvalid)
	if token == "" || len(token) > maxTokenLength {
		return invitationRow{}, notFound
	}
	var r invitationRow
	var expires string
	err := q.QueryRowContext(ctx, qInvitationByToken, tokenHash(token)).
		Scan(&r.id, &r.orgID, &r.orgName, &r.email, &r.firstName, &r.lastName, &r.role, &expires, &r.login)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return invitationRow{}, notFound
	case err != nil:
		return invitationRow{}, fmt.Errorf("reference: checking invitation: %w", err)
	}
	if r.expiresAt, err = parseTime(expires); err != nil {
		return invitationRow{}, err
	}
	if !s.now().Before(r.expiresAt) {
		return invitationRow{}, provider.Errorf(provider.EEXPIRED, msgLinkExpired)
	}
	return r, nil
}

// CheckInvitation implements provider.Auth.
func (s *AuthService) CheckInvitation(ctx context.Context, token string) (provider.Invitation, error) {
	r, err := s.lookupInvitation(ctx, s.read, token)
	return r.public(), err
}

// AcceptInvitation implements provider.Auth: the login is created with the invitation's
// names (a user row left without a password by an earlier version of the store is given
// the password), then joins.
func (s *AuthService) AcceptInvitation(ctx context.Context, token, password string) (provider.User, error) {
	r, err := s.lookupInvitation(ctx, s.read, token)
	if err != nil {
		return provider.User{}, err
	}
	if r.login {
		return provider.User{}, provider.Errorf(provider.ECONFLICT, "%s", provider.MsgInvitationLogin)
	}
	hash, err := s.newPasswordHash(password)
	if err != nil {
		return provider.User{}, err
	}
	var u provider.User
	err = s.inTx(ctx, "accept invitation", func(tx *sql.Tx) error {
		// Again under the write lock: it may have been accepted, or the address given a
		// login by another invitation, meanwhile.
		r, err := s.lookupInvitation(ctx, tx, token)
		if err != nil {
			return err
		}
		if r.login {
			return provider.Errorf(provider.ECONFLICT, "%s", provider.MsgInvitationLogin)
		}
		var userID string
		err = tx.QueryRowContext(ctx, qUserIDByEmail, r.email).Scan(&userID)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			userID = uuid.NewString()
			if _, err := tx.ExecContext(ctx, qUserInsert, userID, r.email, hash, r.firstName, r.lastName, formatTime(s.now())); err != nil {
				return fmt.Errorf("reference: accept invitation: %w", err)
			}
		case err != nil:
			return fmt.Errorf("reference: accept invitation: %w", err)
		default:
			if _, err := tx.ExecContext(ctx, qUserAcceptInvitation,
				hash, r.firstName, r.lastName, userID); err != nil {
				return fmt.Errorf("reference: accept invitation: %w", err)
			}
		}
		if err := s.join(ctx, tx, r, userID); err != nil {
			return err
		}
		if err := s.audits.auditInvitationAccepted(ctx, tx, r, userID); err != nil {
			return err
		}
		u, err = scanUser(tx.QueryRowContext(ctx, qUserByID, userID))
		if err != nil {
			return fmt.Errorf("reference: accept invitation: %w", err)
		}
		return nil
	})
	if err != nil {
		return provider.User{}, err
	}
	return u, nil
}

// JoinInvitation implements provider.Auth.
func (s *AuthService) JoinInvitation(ctx context.Context, token, userID string) (provider.Invitation, error) {
	var out provider.Invitation
	err := s.inTx(ctx, "join organisation", func(tx *sql.Tx) error {
		r, err := s.lookupInvitation(ctx, tx, token)
		if err != nil {
			return err
		}
		u, err := activeUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		if normalizeEmail(u.Email) != r.email {
			return provider.Errorf(provider.EFORBIDDEN, "%s", provider.MsgInvitationOtherEmail)
		}
		if err := s.join(ctx, tx, r, userID); err != nil {
			return err
		}
		if err := s.audits.auditInvitationAccepted(ctx, tx, r, userID); err != nil {
			return err
		}
		out = r.public()
		return nil
	})
	return out, err
}

// join makes userID a member as the invitation says (unless they already are: the role
// they have stays) and spends the invitation. The first organisation of a person is
// their default.
func (s *AuthService) join(ctx context.Context, tx *sql.Tx, r invitationRow, userID string) error {
	if _, err := tx.ExecContext(ctx, qMembershipJoin, userID, r.orgID, r.role, userID); err != nil {
		return fmt.Errorf("reference: join organisation: %w", err)
	}
	if _, err := tx.ExecContext(ctx, qInvitationAccepted, formatTime(s.now()), r.id); err != nil {
		return fmt.Errorf("reference: join organisation: %w", err)
	}
	return nil
}

// newPasswordHash checks a new password's rules and hashes it. Callers hash before their
// transaction: argon2 is slow and the write lock is shared.
func (s *AuthService) newPasswordHash(password string) (string, error) {
	if err := CheckPasswordRules(password); err != nil {
		return "", err
	}
	return HashPassword(password, s.params)
}

func (s *AuthService) setPasswordWithToken(ctx context.Context, kind, token, password string) (provider.User, error) {
	// Token first: a dead link sends the user elsewhere whatever they typed.
	if _, err := s.lookupToken(ctx, s.read, kind, token); err != nil {
		return provider.User{}, err
	}
	hash, err := s.newPasswordHash(password)
	if err != nil {
		return provider.User{}, err
	}
	var u provider.User
	err = s.inTx(ctx, "set password", func(tx *sql.Tx) error {
		// Again under the write lock: a concurrent request may have spent it meanwhile.
		t, err := s.lookupToken(ctx, tx, kind, token)
		if err != nil {
			return err
		}
		now := formatTime(s.now())
		if _, err := tx.ExecContext(ctx, qPasswordTokensSpend, now, t.userID, t.hash); err != nil {
			return fmt.Errorf("reference: set password: %w", err)
		}
		if _, err := tx.ExecContext(ctx, qUserSetPassword, hash, t.userID); err != nil {
			return fmt.Errorf("reference: set password: %w", err)
		}
		if kind == tokenReset {
			if err := s.audits.auditUser(ctx, tx, t.userID, provider.AuditEvent{Kind: provider.AuditPasswordReset}); err != nil {
				return err
			}
		}
		u, err = scanUser(tx.QueryRowContext(ctx, qUserByID, t.userID))
		if err != nil {
			return fmt.Errorf("reference: set password: %w", err)
		}
		return nil
	})
	if err != nil {
		return provider.User{}, err
	}
	return u, nil
}

// createInvitation stores a pending invitation and e-mails its link: the same e-mail
// whether or not the address has a login (the page the link opens tells them apart). The
// seed passes a fixed token; otherwise a new one is made.
func (s *AuthService) createInvitation(ctx context.Context, tx *sql.Tx, r invitationRow, token string) error {
	now := s.now()
	if _, err := tx.ExecContext(ctx, qInvitationInsert, r.id, r.orgID, r.email, r.firstName, r.lastName, r.role,
		tokenHash(token), formatTime(now), formatTime(now.Add(provider.InvitationTTL))); err != nil {
		return fmt.Errorf("reference: invitation: %w", err)
	}
	return s.outbox.sendMessage(ctx, tx, provider.OutboxMessage{
		Kind:    provider.OutboxEmail,
		To:      r.email,
		Subject: "You are invited to " + r.orgName + " on " + s.issuer,
		Body: fmt.Sprintf("You have been invited to join %s on %s. Open the link within %s to accept: you choose a password, "+
			"or log in if you already have one.", r.orgName, s.issuer, humanDuration(provider.InvitationTTL)),
		Link: InvitationLinkPrefix + token,
	})
}
