package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"portal/provider"
)

var (
	qPasskeyCredentialCount = sq("passkey-credential-count")
	qPasskeyRename          = sq("passkey-rename")
	qPasskeyDelete          = sq("passkey-delete")
	qPasskeyExists          = sq("passkey-exists")
	qPasskeysOfUser         = sq("passkeys-of-user")
	qPasskeyInsert          = sq("passkey-insert")
	qPasskeyUse             = sq("passkey-use")
)

var _ provider.Passkeys = (*Store)(nil)

// PasskeyService owns the users' passkeys (WebAuthn credentials).
type PasskeyService struct{ *core }

func scanPasskey(row scanner) (provider.Passkey, error) {
	var (
		p        provider.Passkey
		created  string
		lastUsed sql.NullString
		count    int64
	)
	if err := row.Scan(&p.ID, &p.UserID, &p.CredentialID, &p.Name, &p.Record, &count, &created, &lastUsed); err != nil {
		return p, err
	}
	p.SignCount = uint32(count)
	var err error
	if p.CreatedAt, err = parseTime(created); err != nil {
		return p, err
	}
	if lastUsed.Valid {
		t, err := parseTime(lastUsed.String)
		if err != nil {
			return p, err
		}
		p.LastUsedAt = &t
	}
	return p, nil
}

// Passkeys lists the user's passkeys, oldest first.
func (s *PasskeyService) Passkeys(ctx context.Context, userID string) ([]provider.Passkey, error) {
	return collect(ctx, s.read, "passkeys", qPasskeysOfUser, []any{userID}, scanPasskey)
}

// AddPasskey stores a registered credential; the unique index on credential_id refuses
// one that any user has already.
func (s *PasskeyService) AddPasskey(ctx context.Context, userID string, in provider.NewPasskey) (provider.Passkey, error) {
	name, problem := provider.PasskeyName(in.Name)
	if problem != "" {
		return provider.Passkey{}, provider.Errorf(provider.EINVALID, "%s", problem)
	}
	if len(in.CredentialID) == 0 || len(in.Record) == 0 {
		return provider.Passkey{}, provider.Errorf(provider.EINVALID, "a passkey needs its credential")
	}
	p := provider.Passkey{ID: uuid.NewString(), UserID: userID, CredentialID: in.CredentialID, Name: name,
		Record: in.Record, SignCount: in.SignCount, CreatedAt: s.now().UTC()}
	err := s.inTx(ctx, "add passkey", func(tx *sql.Tx) error {
		if _, err := activeUser(ctx, tx, userID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, qPasskeyCredentialCount, in.CredentialID).Scan(&n); err != nil {
			return fmt.Errorf("reference: add passkey: %w", err)
		}
		if n > 0 {
			return provider.Errorf(provider.ECONFLICT, provider.MsgPasskeyRegistered)
		}
		_, err := tx.ExecContext(ctx, qPasskeyInsert,
			p.ID, userID, in.CredentialID, name, in.Record, int64(in.SignCount), formatTime(p.CreatedAt))
		if err != nil && strings.Contains(err.Error(), "UNIQUE") {
			return provider.Errorf(provider.ECONFLICT, provider.MsgPasskeyRegistered)
		}
		if err != nil {
			return fmt.Errorf("reference: add passkey: %w", err)
		}
		return s.audits.auditUser(ctx, tx, userID, provider.AuditEvent{Kind: provider.AuditPasskeyAdded, RecordKind: "passkey",
			RecordID: p.ID, Changes: []provider.AuditChange{{Field: "name", After: name}}})
	})
	return p, err
}

// RenamePasskey renames one of the user's passkeys.
func (s *PasskeyService) RenamePasskey(ctx context.Context, userID, passkeyID, raw string) error {
	name, problem := provider.PasskeyName(raw)
	if problem != "" {
		return provider.Errorf(provider.EINVALID, "%s", problem)
	}
	return s.changedOne(ctx, "rename passkey", qPasskeyRename, name, passkeyID, userID)
}

// RemovePasskey deletes one of the user's passkeys, and records it in the same transaction.
func (s *PasskeyService) RemovePasskey(ctx context.Context, userID, passkeyID string) error {
	return s.inTx(ctx, "remove passkey", func(tx *sql.Tx) error {
		var name string
		err := tx.QueryRowContext(ctx, qPasskeyDelete, passkeyID, userID).Scan(&name)
		if errors.Is(err, sql.ErrNoRows) {
			return provider.Errorf(provider.ENOTFOUND, provider.MsgPasskeyNotFound)
		}
		if err != nil {
			return fmt.Errorf("reference: remove passkey: %w", err)
		}
		return s.audits.auditUser(ctx, tx, userID, provider.AuditEvent{Kind: provider.AuditPasskeyRemoved, RecordKind: "passkey",
			RecordID: passkeyID, Changes: []provider.AuditChange{{Field: "name", Before: name}}})
	})
}

func (s *PasskeyService) changedOne(ctx context.Context, what, query string, args ...any) error {
	res, err := s.write.ExecContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("reference: %s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("reference: %s: %w", what, err)
	} else if n == 0 {
		return provider.Errorf(provider.ENOTFOUND, provider.MsgPasskeyNotFound)
	}
	return nil
}

// UsePasskey advances the credential's counter, in the UPDATE's own condition: a counter
// that did not go up matches no row, so of two uses racing with one value only the first
// changes the row.
func (s *PasskeyService) UsePasskey(ctx context.Context, userID string, credentialID []byte, signCount uint32) error {
	res, err := s.write.ExecContext(ctx, qPasskeyUse,
		int64(signCount), formatTime(s.now()), userID, credentialID, int64(signCount), int64(signCount))
	if err != nil {
		return fmt.Errorf("reference: use passkey: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("reference: use passkey: %w", err)
	}
	if n == 1 {
		return nil
	}
	var exists int
	if err := s.read.QueryRowContext(ctx, qPasskeyExists, userID, credentialID).Scan(&exists); err != nil {
		return fmt.Errorf("reference: use passkey: %w", err)
	}
	if exists == 0 {
		return provider.Errorf(provider.ENOTFOUND, provider.MsgPasskeyNotFound)
	}
	return provider.Errorf(provider.EINVALID, provider.MsgPasskeyCloned)
}
