package session

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"
)

// Store keeps sessions and an index of each user's sessions. Get returns a
// copy: changing it changes nothing until it is written back.
type Store interface {
	// Get returns the session, or ErrNotFound.
	Get(ctx context.Context, id string) (*Session, error)
	// Put writes the session, creating or replacing it, to expire after ttl.
	Put(ctx context.Context, s *Session, ttl time.Duration) error
	// Update is Put for a session that must still exist: it returns
	// ErrNotFound, and writes nothing, when the session was ended or expired
	// meanwhile. A request that loaded a session just before a logout or a
	// password change would otherwise bring it back to life.
	Update(ctx context.Context, s *Session, ttl time.Duration) error
	// Delete ends one session; ending a missing one is not an error.
	Delete(ctx context.Context, id string) error
	// DeleteUser ends every session of the user but except (which may be
	// empty) and returns how many it ended.
	DeleteUser(ctx context.Context, userID, except string) (int, error)
	// ListUser returns the user's live sessions, most recently seen first.
	ListUser(ctx context.Context, userID string) ([]*Session, error)
	// Ping reports whether the store is reachable.
	Ping(ctx context.Context) error
}

var errBadTTL = errors.New("session: ttl must be positive")

func checkPut(s *Session, ttl time.Duration) error {
	if s == nil || s.ID == "" {
		return errors.New("session: put without id")
	}
	if ttl <= 0 {
		return errBadTTL
	}
	return nil
}

func sortByLastSeen(ss []*Session) {
	slices.SortFunc(ss, func(a, b *Session) int {
		if c := b.LastSeen.Compare(a.LastSeen); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
}
