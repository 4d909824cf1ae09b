package session

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"
)

// Store keeps sessions and an index of each user's sessions, all keyed by
// Session.Handle: a store never sees a session id, so what it holds opens no
// session. Get returns a copy, without ID: changing it changes nothing until
// it is written back.
type Store interface {
	// Get returns the session with this handle, or ErrNotFound.
	Get(ctx context.Context, handle string) (*Session, error)
	// Put writes the session under its handle, creating or replacing it, to
	// expire after ttl.
	Put(ctx context.Context, s *Session, ttl time.Duration) error
	// Update is Put for a session that must still exist: it returns
	// ErrNotFound, and writes nothing, when the session was ended or expired
	// meanwhile. A request that loaded a session just before a logout or a
	// password change would otherwise bring it back to life.
	Update(ctx context.Context, s *Session, ttl time.Duration) error
	// Delete ends one session; ending a missing one is not an error.
	Delete(ctx context.Context, handle string) error
	// DeleteUser ends every session of the user but the one with handle
	// except (which may be empty) and returns how many it ended.
	DeleteUser(ctx context.Context, userID, except string) (int, error)
	// ListUser returns the user's live sessions, most recently seen first.
	ListUser(ctx context.Context, userID string) ([]*Session, error)
	// Ping reports whether the store is reachable.
	Ping(ctx context.Context) error
}

var errBadTTL = errors.New("session: ttl must be positive")

func checkPut(s *Session, ttl time.Duration) error {
	if s == nil || !wellFormedHandle(s.Handle()) {
		return errors.New("session: put without id or handle")
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
		return cmp.Compare(a.Handle(), b.Handle())
	})
}
