package session

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Defaults for Config.
const (
	// DefaultIdleTimeout is five minutes because PSD2 RTS art. 4(3)(d) caps
	// inactivity at five minutes for payment service users in the EEA.
	// Lengthen it only where that rule does not apply.
	DefaultIdleTimeout = 5 * time.Minute
	// DefaultAbsoluteTimeout ends a session eight hours (a working day)
	// after authentication, however active it is.
	DefaultAbsoluteTimeout = 8 * time.Hour
	// DefaultTouchInterval: see Config.TouchInterval.
	DefaultTouchInterval = 15 * time.Second
)

// Config sets the timeouts. Zero fields take the defaults.
type Config struct {
	// IdleTimeout ends a session this long after its last request
	// (default 5 minutes, PSD2 RTS art. 4(3)(d)).
	IdleTimeout time.Duration
	// AbsoluteTimeout ends a session this long after it was created or last
	// rotated, i.e. after authentication (default 8 hours).
	AbsoluteTimeout time.Duration
	// TouchInterval is how stale LastSeen may get before Touch writes it
	// (default 15 seconds; at most a tenth of IdleTimeout). Writing on every
	// request would cost a Redis write per page view, the main store cost
	// of a page. The price is precision only in the safe direction: a
	// session can end up to TouchInterval before IdleTimeout, never after.
	TouchInterval time.Duration
}

func (c Config) withDefaults() Config {
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = DefaultIdleTimeout
	}
	if c.AbsoluteTimeout <= 0 {
		c.AbsoluteTimeout = DefaultAbsoluteTimeout
	}
	if c.TouchInterval <= 0 {
		c.TouchInterval = DefaultTouchInterval
	}
	c.TouchInterval = min(c.TouchInterval, c.IdleTimeout/10)
	return c
}

// Manager applies the session rules on top of a Store.
type Manager struct {
	store Store
	cfg   Config
	// Now is the clock; tests replace it. Set it before first use.
	Now func() time.Time
}

// NewManager returns a Manager over store.
func NewManager(store Store, cfg Config) *Manager {
	return &Manager{store: store, cfg: cfg.withDefaults(), Now: time.Now}
}

// Config returns the effective configuration, defaults filled in.
func (m *Manager) Config() Config { return m.cfg }

// Store returns the underlying store, e.g. for a health check's Ping.
func (m *Manager) Store() Store { return m.store }

func (m *Manager) now() time.Time {
	// Redis and JSON keep wall time only; dropping the monotonic reading
	// here makes a session compare the same before and after a round trip.
	return m.Now().Round(0)
}

// New creates and stores an anonymous page session, with a fresh CSRF token
// so that even the login form is protected.
func (m *Manager) New(ctx context.Context) (*Session, error) {
	return m.NewOfKind(ctx, KindPage)
}

// NewOfKind is New for a session of the given kind (KindPage or KindAPI).
func (m *Manager) NewOfKind(ctx context.Context, kind string) (*Session, error) {
	if kind != KindPage && kind != KindAPI {
		return nil, fmt.Errorf("session: unknown kind %q", kind)
	}
	now := m.now()
	s := &Session{ID: newToken(), Kind: kind, CSRF: newToken(), CreatedAt: now, LastSeen: now}
	if err := m.store.Put(ctx, s, m.ttl(s, now)); err != nil {
		return nil, err
	}
	return s, nil
}

// Load returns the session with this id, or ErrNotFound if there is none or
// it has passed its idle or absolute timeout; an expired session is deleted
// on the way. Load never writes a live session: see Touch. Sessions of every
// kind load: the caller checks Kind against the credential it was given.
func (m *Manager) Load(ctx context.Context, id string) (*Session, error) {
	if !wellFormedID(id) {
		return nil, ErrNotFound
	}
	s, err := m.loadHandle(ctx, HandleOf(id))
	if err != nil {
		return nil, err
	}
	s.ID = id
	return s, nil
}

// LoadByHandle is Load for a session named by its handle, as a bearer token
// names its session. The session comes without ID: it can be saved, rotated
// and destroyed, but its id cannot be recovered to set as a cookie.
func (m *Manager) LoadByHandle(ctx context.Context, handle string) (*Session, error) {
	if !wellFormedHandle(handle) {
		return nil, ErrNotFound
	}
	return m.loadHandle(ctx, handle)
}

func (m *Manager) loadHandle(ctx context.Context, handle string) (*Session, error) {
	s, err := m.store.Get(ctx, handle)
	if err != nil {
		return nil, err
	}
	if s.Handle() != handle {
		return nil, fmt.Errorf("session: stored under another handle")
	}
	if m.expired(s, m.now()) {
		if err := m.store.Delete(ctx, handle); err != nil {
			return nil, err
		}
		return nil, ErrNotFound
	}
	return s, nil
}

// Touch records activity. It writes only when LastSeen is older than
// Config.TouchInterval, so most requests cost one read and no write. It
// returns ErrNotFound when the session timed out or was ended meanwhile.
func (m *Manager) Touch(ctx context.Context, s *Session) error {
	now := m.now()
	if now.Sub(s.LastSeen) < m.cfg.TouchInterval && !m.expired(s, now) {
		return nil
	}
	return m.Save(ctx, s)
}

// Save records activity and writes the session, including Values, now. It
// returns ErrNotFound, writing nothing, when the session timed out or was
// ended meanwhile (by a logout in another tab, or DestroyUser).
func (m *Manager) Save(ctx context.Context, s *Session) error {
	now := m.now()
	if m.expired(s, now) {
		if err := m.store.Delete(ctx, s.Handle()); err != nil {
			return err
		}
		return ErrNotFound
	}
	prev := s.LastSeen
	s.LastSeen = now
	if err := m.store.Update(ctx, s, m.ttl(s, now)); err != nil {
		s.LastSeen = prev
		return err
	}
	return nil
}

// Rotate replaces the session with a copy under a new id and a new CSRF
// token, and deletes the old id so it no longer works. CreatedAt restarts, so
// the absolute timeout counts from authentication; Kind is kept. Call it
// whenever privilege changes: at login (after setting UserID and Scope) and
// at MFA completion. Use the returned session; s is left unchanged. s may
// have been loaded by handle: the new session has an id either way.
func (m *Manager) Rotate(ctx context.Context, s *Session) (*Session, error) {
	now := m.now()
	n := s.clone()
	n.ID, n.CSRF, n.handle = newToken(), newToken(), ""
	n.CreatedAt, n.LastSeen = now, now
	if err := m.store.Put(ctx, n, m.ttl(n, now)); err != nil {
		return nil, err
	}
	if err := m.store.Delete(ctx, s.Handle()); err != nil {
		// The old id must not outlive a rotation; fail closed and drop the
		// new one too.
		return nil, errors.Join(err, m.store.Delete(context.WithoutCancel(ctx), n.Handle()))
	}
	return n, nil
}

// Destroy ends the session (logout).
func (m *Manager) Destroy(ctx context.Context, s *Session) error {
	return m.store.Delete(ctx, s.Handle())
}

// DestroyUser ends every session of the user except keep (nil for none): on
// disabling a user, or on a password or MFA change, keeping the session that
// made the change. It returns how many it ended. keep is a session rather
// than an id because a session loaded by handle (a bearer caller's) has no
// id, and an empty one would end the caller's session too.
func (m *Manager) DestroyUser(ctx context.Context, userID string, keep *Session) (int, error) {
	except := ""
	if keep != nil {
		if except = keep.Handle(); except == "" {
			return 0, errors.New("session: destroy user: the session to keep has no id or handle")
		}
	}
	return m.store.DeleteUser(ctx, userID, except)
}

// ListUser returns the user's live sessions, most recently seen first, for
// a "your sessions" page. Show them by Handle, never by ID.
func (m *Manager) ListUser(ctx context.Context, userID string) ([]*Session, error) {
	all, err := m.store.ListUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	now := m.now()
	live := all[:0]
	for _, s := range all {
		if !m.expired(s, now) {
			live = append(live, s)
		}
	}
	return live, nil
}

// DestroyByHandle ends the user's session with this Handle, for "end this
// session" on the sessions page. It returns ErrNotFound when the user has no
// such session, so one user can never end another's.
func (m *Manager) DestroyByHandle(ctx context.Context, userID, handle string) error {
	if !wellFormedHandle(handle) {
		return ErrNotFound
	}
	s, err := m.store.Get(ctx, handle)
	if err != nil {
		return err
	}
	if s.UserID == "" || s.UserID != userID {
		return ErrNotFound
	}
	return m.store.Delete(ctx, handle)
}

func (m *Manager) expired(s *Session, now time.Time) bool {
	return now.Sub(s.LastSeen) > m.cfg.IdleTimeout || now.Sub(s.CreatedAt) > m.cfg.AbsoluteTimeout
}

// ttl lets the store drop the session by itself once it could no longer
// load: Load still checks both timeouts, since the store's clock is not ours.
func (m *Manager) ttl(s *Session, now time.Time) time.Duration {
	return max(min(m.cfg.IdleTimeout, m.cfg.AbsoluteTimeout-now.Sub(s.CreatedAt)), time.Millisecond)
}
