package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"portal/mfa"
	"portal/provider"
)

var (
	qTOTPFactor         = sq("totp-factor")
	qTOTPFactorInsert   = sq("totp-factor-insert")
	qTOTPFactorActivate = sq("totp-factor-activate")
	qUserVerifySetup    = sq("user-verify-setup")
	qTOTPFactorActive   = sq("totp-factor-active")
	qTOTPStepAdvance    = sq("totp-step-advance")
)

// StartTOTP returns the user's pending authenticator secret, creating one if there is none.
// ECONFLICT when an authenticator is already active.
func (s *AuthService) StartTOTP(ctx context.Context, userID string) (provider.TOTPEnrollment, error) {
	var enrol provider.TOTPEnrollment
	err := s.inTx(ctx, "start TOTP", func(tx *sql.Tx) error {
		u, err := activeUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		var secret, status string
		err = tx.QueryRowContext(ctx, qTOTPFactor, userID).Scan(&secret, &status)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			secret = mfa.NewSecret()
			if _, err := tx.ExecContext(ctx, qTOTPFactorInsert,
				userID, secret, formatTime(s.now())); err != nil {
				return fmt.Errorf("reference: start TOTP: %w", err)
			}
		case err != nil:
			return fmt.Errorf("reference: start TOTP: %w", err)
		case status == "active":
			return provider.Errorf(provider.ECONFLICT, msgMFARegistered)
		}
		enrol = provider.TOTPEnrollment{Secret: secret, URI: mfa.URI(s.issuer, u.Email, secret)}
		return nil
	})
	return enrol, err
}

// PendingTOTP returns the user's pending authenticator secret without creating one: ENOTFOUND
// when none was started, ECONFLICT when an authenticator is already active.
func (s *AuthService) PendingTOTP(ctx context.Context, userID string) (provider.TOTPEnrollment, error) {
	u, err := activeUser(ctx, s.read, userID)
	if err != nil {
		return provider.TOTPEnrollment{}, err
	}
	var secret, status string
	err = s.read.QueryRowContext(ctx, qTOTPFactor, userID).Scan(&secret, &status)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return provider.TOTPEnrollment{}, provider.Errorf(provider.ENOTFOUND, msgTOTPNotStarted)
	case err != nil:
		return provider.TOTPEnrollment{}, fmt.Errorf("reference: pending TOTP: %w", err)
	case status == "active":
		return provider.TOTPEnrollment{}, provider.Errorf(provider.ECONFLICT, msgMFARegistered)
	}
	return provider.TOTPEnrollment{Secret: secret, URI: mfa.URI(s.issuer, u.Email, secret)}, nil
}

// ConfirmTOTP activates the pending secret when code is valid for it, and marks the
// authenticator set up (has_verify_setup; MFA on when the phone is set up too). The
// confirming code's step counts as used, so it cannot also finish a login.
func (s *AuthService) ConfirmTOTP(ctx context.Context, userID, code string) error {
	return s.inTx(ctx, "confirm TOTP", func(tx *sql.Tx) error {
		if _, err := activeUser(ctx, tx, userID); err != nil {
			return err
		}
		var secret, status string
		err := tx.QueryRowContext(ctx, qTOTPFactor, userID).Scan(&secret, &status)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return provider.Errorf(provider.EINVALID, msgTOTPFailed)
		case err != nil:
			return fmt.Errorf("reference: confirm TOTP: %w", err)
		case status == "active":
			return provider.Errorf(provider.ECONFLICT, msgMFARegistered)
		}
		now := s.now()
		step, ok := mfa.Match(secret, code, now, TOTPSkew)
		if !ok {
			return provider.Errorf(provider.EINVALID, msgTOTPFailed)
		}
		if _, err := tx.ExecContext(ctx, qTOTPFactorActivate,
			step, formatTime(now), userID); err != nil {
			return fmt.Errorf("reference: confirm TOTP: %w", err)
		}
		if _, err := tx.ExecContext(ctx, qUserVerifySetup, userID); err != nil {
			return fmt.Errorf("reference: confirm TOTP: %w", err)
		}
		return s.audits.auditMFA(ctx, tx, userID, "authenticator app", func() error { return refreshMFAFlags(ctx, tx, userID) })
	})
}

// VerifyTOTP checks a login code against the active authenticator, with TOTPSkew steps of
// drift, and accepts each time step at most once: a step at or below the last accepted one
// is a replay. The check and the update of last_step are one transaction, and the update
// moves last_step only forward, so two requests with the same code cannot both pass.
func (s *AuthService) VerifyTOTP(ctx context.Context, userID, code string) error {
	return s.inTx(ctx, "verify TOTP", func(tx *sql.Tx) error {
		if _, err := activeUser(ctx, tx, userID); err != nil {
			return err
		}
		var secret string
		var last int64
		err := tx.QueryRowContext(ctx, qTOTPFactorActive,
			userID).Scan(&secret, &last)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return provider.Errorf(provider.EINVALID, msgTOTPFailed)
		case err != nil:
			return fmt.Errorf("reference: verify TOTP: %w", err)
		}
		step, ok := mfa.Match(secret, code, s.now(), TOTPSkew)
		if !ok {
			return provider.Errorf(provider.EINVALID, msgTOTPFailed)
		}
		if step <= last {
			return provider.Errorf(provider.EINVALID, msgTOTPReplayed)
		}
		// The update only moves last_step forward: a second request with the same code
		// updates nothing.
		return updateOne(ctx, tx, "verify TOTP", provider.Errorf(provider.EINVALID, msgTOTPReplayed),
			qTOTPStepAdvance, step, userID, step)
	})
}
