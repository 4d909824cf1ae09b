package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"portal/provider"
)

var (
	qPushDevice                  = sq("push-device")
	qPushApprovalsPrune          = sq("push-approvals-prune")
	qPushApprovalPendingForLogin = sq("push-approval-pending-for-login")
	qPushApprovalsPendingCount   = sq("push-approvals-pending-count")
	qPushApprovalInsert          = sq("push-approval-insert")
	qPushApproval                = sq("push-approval")
	qPushApprovalState           = sq("push-approval-state")
	qPushApprovalDecide          = sq("push-approval-decide")
	qPushApprovalsPending        = sq("push-approvals-pending")
)

const (
	msgPushNotSetUp       = "Push approval is not set up for this user."
	msgTooManyApprovals   = "Too many approval requests are waiting. Please try again in a few minutes."
	msgApprovalNotFound   = "Approval request not found."
	msgApprovalNotPending = "This approval request is no longer pending."
	// maxPendingList caps PendingApprovals.
	maxPendingList = 100
	// approvalRetention keeps finished requests this long after expiry (housekeeping on
	// each create).
	approvalRetention = 24 * time.Hour
)

// approvalStatus is the status a reader sees: a pending request past its expiry is expired.
func approvalStatus(stored string, expires, now time.Time) string {
	if stored == provider.ApprovalPending && !now.Before(expires) {
		return provider.ApprovalExpired
	}
	return stored
}

// PushDevice implements provider.Auth.
func (s *AuthService) PushDevice(ctx context.Context, userID string) (bool, error) {
	var enabled bool
	err := s.read.QueryRowContext(ctx, qPushDevice, userID).Scan(&enabled)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reference: push device: %w", err)
	}
	return enabled, nil
}

// CreateApproval asks the user's push device to approve loginID. While a request of the same
// login is still pending it is returned instead of a new one (a reload or a second click
// does not buzz the phone again); a user with MaxPendingApprovals pending requests gets
// ECONFLICT. EINVALID when the user has no push device.
func (s *AuthService) CreateApproval(ctx context.Context, userID, loginID string) (provider.Approval, error) {
	if loginID == "" {
		return provider.Approval{}, provider.Errorf(provider.EINVALID, msgLoginRequired)
	}
	var a provider.Approval
	err := s.inTx(ctx, "create approval", func(tx *sql.Tx) error {
		u, err := activeUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		var enabled bool
		err = tx.QueryRowContext(ctx, qPushDevice, userID).Scan(&enabled)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && !enabled) {
			return provider.Errorf(provider.EINVALID, msgPushNotSetUp)
		} else if err != nil {
			return fmt.Errorf("reference: create approval: %w", err)
		}

		now := s.now()
		nowText := formatTime(now)
		if _, err := tx.ExecContext(ctx, qPushApprovalsPrune,
			formatTime(now.Add(-approvalRetention))); err != nil {
			return fmt.Errorf("reference: create approval: %w", err)
		}
		var id, created string
		err = tx.QueryRowContext(ctx, qPushApprovalPendingForLogin, userID, loginID, nowText).Scan(&id, &created)
		switch {
		case err == nil:
			t, err := parseTime(created)
			if err != nil {
				return err
			}
			a = provider.Approval{ID: id, UserID: userID, Email: u.Email, Status: provider.ApprovalPending, CreatedAt: t}
			return nil
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("reference: create approval: %w", err)
		}

		var pending int
		if err := tx.QueryRowContext(ctx, qPushApprovalsPendingCount, userID, nowText).Scan(&pending); err != nil {
			return fmt.Errorf("reference: create approval: %w", err)
		}
		if pending >= MaxPendingApprovals {
			return provider.Errorf(provider.ECONFLICT, msgTooManyApprovals)
		}
		a = provider.Approval{ID: uuid.NewString(), UserID: userID, Email: u.Email, Status: provider.ApprovalPending,
			CreatedAt: now.UTC()}
		if _, err := tx.ExecContext(ctx, qPushApprovalInsert,
			a.ID, userID, loginID, nowText, formatTime(now.Add(provider.ApprovalTTL))); err != nil {
			return fmt.Errorf("reference: create approval: %w", err)
		}
		return nil
	})
	if err != nil {
		return provider.Approval{}, err
	}
	return a, nil
}

// Approval returns the request's status, expired for a pending one past provider.ApprovalTTL.
// ENOTFOUND unless it belongs to that user and login.
func (s *AuthService) Approval(ctx context.Context, userID, loginID, approvalID string) (provider.Approval, error) {
	var a provider.Approval
	var status, created, expires string
	err := s.read.QueryRowContext(ctx, qPushApproval, approvalID, userID, loginID).
		Scan(&a.ID, &a.UserID, &a.Email, &status, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return provider.Approval{}, provider.Errorf(provider.ENOTFOUND, msgApprovalNotFound)
	}
	if err != nil {
		return provider.Approval{}, fmt.Errorf("reference: approval: %w", err)
	}
	return finishApproval(a, status, created, expires, s.now())
}

func finishApproval(a provider.Approval, status, created, expires string, now time.Time) (provider.Approval, error) {
	var err error
	if a.CreatedAt, err = parseTime(created); err != nil {
		return provider.Approval{}, err
	}
	exp, err := parseTime(expires)
	if err != nil {
		return provider.Approval{}, err
	}
	a.Status = approvalStatus(status, exp, now)
	return a, nil
}

// DecideApproval approves or denies a pending request. ENOTFOUND for an unknown id;
// ECONFLICT when it was already decided or has expired.
func (s *AuthService) DecideApproval(ctx context.Context, approvalID string, approve bool) error {
	return s.inTx(ctx, "decide approval", func(tx *sql.Tx) error {
		var status, expires string
		err := tx.QueryRowContext(ctx, qPushApprovalState, approvalID).Scan(&status, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return provider.Errorf(provider.ENOTFOUND, msgApprovalNotFound)
		}
		if err != nil {
			return fmt.Errorf("reference: decide approval: %w", err)
		}
		exp, err := parseTime(expires)
		if err != nil {
			return err
		}
		now := s.now()
		if approvalStatus(status, exp, now) != provider.ApprovalPending {
			return provider.Errorf(provider.ECONFLICT, msgApprovalNotPending)
		}
		decision := provider.ApprovalDenied
		if approve {
			decision = provider.ApprovalApproved
		}
		// Only a pending request is decided: of two decisions at once, the second finds it
		// decided and is told so rather than told it won.
		return updateOne(ctx, tx, "decide approval", provider.Errorf(provider.ECONFLICT, msgApprovalNotPending),
			qPushApprovalDecide, decision, formatTime(now), approvalID)
	})
}

// PendingApprovals lists the requests still awaiting a decision, newest first, with the
// user's e-mail: the sandbox outbox page plays the phone with it.
func (s *AuthService) PendingApprovals(ctx context.Context) ([]provider.Approval, error) {
	rows, err := s.read.QueryContext(ctx, qPushApprovalsPending, formatTime(s.now()), maxPendingList)
	if err != nil {
		return nil, fmt.Errorf("reference: pending approvals: %w", err)
	}
	defer rows.Close()
	now := s.now()
	out := []provider.Approval{}
	for rows.Next() {
		var a provider.Approval
		var status, created, expires string
		if err := rows.Scan(&a.ID, &a.UserID, &a.Email, &status, &created, &expires); err != nil {
			return nil, fmt.Errorf("reference: pending approvals: %w", err)
		}
		if a, err = finishApproval(a, status, created, expires, now); err != nil {
			return nil, err
		}
		if a.Status == provider.ApprovalPending {
			out = append(out, a)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: pending approvals: %w", err)
	}
	return out, nil
}
