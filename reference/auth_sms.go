package reference

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"portal/mfa"
	"portal/provider"
)

var (
	qPhoneConfirmed       = sq("phone-confirmed")
	qPhoneUpsert          = sq("phone-upsert")
	qPhoneCode            = sq("phone-code")
	qPhoneCodeMiss        = sq("phone-code-miss")
	qPhoneConfirm         = sq("phone-confirm")
	qUserHasPhone         = sq("user-has-phone")
	qPhoneConfirmedNumber = sq("phone-confirmed-number")
	qSMSCodesPrune        = sq("sms-codes-prune")
	qSMSCodeUpsert        = sq("sms-code-upsert")
	qSMSCode              = sq("sms-code")
	qSMSCodeMiss          = sq("sms-code-miss")
	qSMSCodeSpend         = sq("sms-code-spend")
)

const (
	purposePhoneConfirm = "portal/phone-confirmation"
	purposeSMSLogin     = "portal/sms-login"
	// spentCodeRetention keeps used and expired login codes this long before they are
	// deleted (housekeeping on each send).
	spentCodeRetention = provider.SMSCodeTTL * 6
)

// RegisterPhone validates the number, stores it as the user's pending phone (replacing an
// earlier pending one) and sends a confirmation code to it. countryCode is an ISO 3166-1
// alpha-2 code ("dk"); number is the national number, spaces and dashes allowed.
func (s *AuthService) RegisterPhone(ctx context.Context, userID, countryCode, number string) error {
	iso := strings.ToLower(strings.TrimSpace(countryCode))
	calling, ok := mfa.CallingCode(iso)
	if !ok {
		return provider.Errorf(provider.EINVALID, msgCountryInvalid)
	}
	digits, ok := mfa.NormalizeNumber(number)
	if !ok {
		return provider.Errorf(provider.EINVALID, msgPhoneInvalid)
	}
	code, err := newNumericCode(provider.SMSCodeLength)
	if err != nil {
		return err
	}
	return s.inTx(ctx, "register phone", func(tx *sql.Tx) error {
		if _, err := activeUser(ctx, tx, userID); err != nil {
			return err
		}
		var confirmed bool
		err := tx.QueryRowContext(ctx, qPhoneConfirmed, userID).Scan(&confirmed)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("reference: register phone: %w", err)
		}
		if confirmed {
			return provider.Errorf(provider.ECONFLICT, msgMFARegistered)
		}
		now := s.now()
		if _, err := tx.ExecContext(ctx, qPhoneUpsert,
			userID, iso, calling, digits, digest(purposePhoneConfirm, userID, code),
			formatTime(now.Add(provider.SMSCodeTTL)), formatTime(now)); err != nil {
			return fmt.Errorf("reference: register phone: %w", err)
		}
		return s.outbox.sendMessage(ctx, tx, provider.OutboxMessage{
			Kind: provider.OutboxSMS,
			To:   mfa.FormatPhone(calling, digits),
			Body: fmt.Sprintf("Your %s code to confirm this phone number is %s. It expires in %d minutes.",
				s.issuer, code, int(provider.SMSCodeTTL.Minutes())),
		})
	})
}

// ConfirmPhone confirms the pending phone with the code sent to it: has_phone is set, and
// MFA is on when the authenticator is set up too. A wrong code counts against the code's
// MaxCodeAttempts; an expired or exhausted code needs a new RegisterPhone.
func (s *AuthService) ConfirmPhone(ctx context.Context, userID, code string) error {
	code = mfa.NormalizeCode(code)
	return s.inTx(ctx, "confirm phone", func(tx *sql.Tx) error {
		if _, err := activeUser(ctx, tx, userID); err != nil {
			return err
		}
		var confirmed bool
		var hash, expires sql.NullString
		var attempts int
		err := tx.QueryRowContext(ctx, qPhoneCode,
			userID).Scan(&confirmed, &hash, &expires, &attempts)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return provider.Errorf(provider.EINVALID, msgCodeInvalid)
		case err != nil:
			return fmt.Errorf("reference: confirm phone: %w", err)
		case confirmed:
			return provider.Errorf(provider.ECONFLICT, msgMFARegistered)
		case !hash.Valid || !expires.Valid || attempts >= MaxCodeAttempts:
			return provider.Errorf(provider.EINVALID, msgCodeInvalid)
		}
		now := s.now()
		exp, err := parseTime(expires.String)
		if err != nil {
			return err
		}
		if !now.Before(exp) {
			return provider.Errorf(provider.EINVALID, msgCodeInvalid)
		}
		if subtle.ConstantTimeCompare([]byte(digest(purposePhoneConfirm, userID, code)), []byte(hash.String)) != 1 {
			if _, err := tx.ExecContext(ctx, qPhoneCodeMiss, userID); err != nil {
				return fmt.Errorf("reference: confirm phone: %w", err)
			}
			return keep(provider.Errorf(provider.EINVALID, msgCodeInvalid))
		}
		if _, err := tx.ExecContext(ctx, qPhoneConfirm, formatTime(now), userID); err != nil {
			return fmt.Errorf("reference: confirm phone: %w", err)
		}
		if _, err := tx.ExecContext(ctx, qUserHasPhone, userID); err != nil {
			return fmt.Errorf("reference: confirm phone: %w", err)
		}
		return s.audits.auditMFA(ctx, tx, userID, "phone (SMS)", func() error { return refreshMFAFlags(ctx, tx, userID) })
	})
}

// SendLoginSMS sends a fresh login code to the user's confirmed phone, bound to loginID and
// valid provider.SMSCodeTTL. It replaces any earlier code of the same login (which stops
// working); codes of other logins are untouched.
func (s *AuthService) SendLoginSMS(ctx context.Context, userID, loginID string) error {
	if loginID == "" {
		return provider.Errorf(provider.EINVALID, msgLoginRequired)
	}
	code, err := newNumericCode(provider.SMSCodeLength)
	if err != nil {
		return err
	}
	return s.inTx(ctx, "send login SMS", func(tx *sql.Tx) error {
		if _, err := activeUser(ctx, tx, userID); err != nil {
			return err
		}
		var calling, number string
		err := tx.QueryRowContext(ctx, qPhoneConfirmedNumber,
			userID).Scan(&calling, &number)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return provider.Errorf(provider.EINVALID, "This user has no confirmed phone number.")
		case err != nil:
			return fmt.Errorf("reference: send login SMS: %w", err)
		}
		now := s.now()
		if _, err := tx.ExecContext(ctx, qSMSCodesPrune,
			formatTime(now.Add(-spentCodeRetention))); err != nil {
			return fmt.Errorf("reference: send login SMS: %w", err)
		}
		if _, err := tx.ExecContext(ctx, qSMSCodeUpsert,
			userID, loginID, digest(purposeSMSLogin, userID, loginID, code),
			formatTime(now), formatTime(now.Add(provider.SMSCodeTTL))); err != nil {
			return fmt.Errorf("reference: send login SMS: %w", err)
		}
		return s.outbox.sendMessage(ctx, tx, provider.OutboxMessage{
			Kind: provider.OutboxSMS,
			To:   mfa.FormatPhone(calling, number),
			Body: fmt.Sprintf("Your %s login code is %s. It expires in %d minutes. Never share it with anyone.",
				s.issuer, code, int(provider.SMSCodeTTL.Minutes())),
		})
	})
}

// VerifyLoginSMS checks the code sent for this user and login and spends it. Wrong, expired,
// spent, exhausted (MaxCodeAttempts wrong tries) and other-login codes all get the same
// EINVALID. Check and spend are one transaction on the single writer: of concurrent
// requests with the right code, exactly one succeeds.
func (s *AuthService) VerifyLoginSMS(ctx context.Context, userID, loginID, code string) error {
	code = mfa.NormalizeCode(code)
	invalid := provider.Errorf(provider.EINVALID, msgCodeInvalid)
	if loginID == "" {
		return invalid
	}
	return s.inTx(ctx, "verify login SMS", func(tx *sql.Tx) error {
		if _, err := activeUser(ctx, tx, userID); err != nil {
			return err
		}
		var hash, expires string
		var attempts int
		var spent bool
		err := tx.QueryRowContext(ctx, qSMSCode, userID, loginID).Scan(&hash, &expires, &attempts, &spent)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return invalid
		case err != nil:
			return fmt.Errorf("reference: verify login SMS: %w", err)
		case spent || attempts >= MaxCodeAttempts:
			return invalid
		}
		exp, err := parseTime(expires)
		if err != nil {
			return err
		}
		if !s.now().Before(exp) {
			return invalid
		}
		if subtle.ConstantTimeCompare([]byte(digest(purposeSMSLogin, userID, loginID, code)), []byte(hash)) != 1 {
			if _, err := tx.ExecContext(ctx, qSMSCodeMiss,
				userID, loginID); err != nil {
				return fmt.Errorf("reference: verify login SMS: %w", err)
			}
			return keep(invalid)
		}
		return updateOne(ctx, tx, "verify login SMS", invalid, qSMSCodeSpend, userID, loginID)
	})
}
