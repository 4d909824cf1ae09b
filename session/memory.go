package session

import (
	"context"
	"sync"
	"time"
)

// memorySweepEvery bounds how long expired sessions that nobody asks for
// again stay in memory.
const memorySweepEvery = time.Minute

// MemoryStore keeps sessions in process memory, keyed by handle, for running
// without Redis:
// sessions are lost on restart and not shared between instances. Sessions
// are stored encoded, exactly as in Redis, so callers cannot change a stored
// session through a pointer and both stores round-trip the same fields.
type MemoryStore struct {
	mu        sync.Mutex
	sessions  map[string]memEntry            // by handle
	users     map[string]map[string]struct{} // user id → handles
	nextSweep time.Time
	now       func() time.Time
}

type memEntry struct {
	data    []byte
	userID  string
	expires time.Time
}

// NewMemoryStore returns an empty in-process Store.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{
		sessions: make(map[string]memEntry),
		users:    make(map[string]map[string]struct{}),
		now:      time.Now,
	}
}

// Get implements Store.
func (m *MemoryStore) Get(ctx context.Context, handle string) (*Session, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m.mu.Lock()
	e, ok := m.live(handle, m.now())
	m.mu.Unlock()
	if !ok {
		return nil, ErrNotFound
	}
	return decode(e.data)
}

// Put implements Store.
func (m *MemoryStore) Put(ctx context.Context, s *Session, ttl time.Duration) error {
	return m.put(ctx, s, ttl, false)
}

// Update implements Store.
func (m *MemoryStore) Update(ctx context.Context, s *Session, ttl time.Duration) error {
	return m.put(ctx, s, ttl, true)
}

func (m *MemoryStore) put(ctx context.Context, s *Session, ttl time.Duration, mustExist bool) error {
	if err := checkPut(s, ttl); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := encode(s)
	if err != nil {
		return err
	}
	h := s.Handle()
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sweep(now)
	old, exists := m.live(h, now)
	if mustExist && !exists {
		return ErrNotFound
	}
	if exists && old.userID != s.UserID {
		m.unindex(old.userID, h)
	}
	m.sessions[h] = memEntry{data: data, userID: s.UserID, expires: now.Add(ttl)}
	if s.UserID != "" {
		hs := m.users[s.UserID]
		if hs == nil {
			hs = make(map[string]struct{})
			m.users[s.UserID] = hs
		}
		hs[h] = struct{}{}
	}
	return nil
}

// Delete implements Store.
func (m *MemoryStore) Delete(ctx context.Context, handle string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.remove(handle)
	return nil
}

// DeleteUser implements Store.
func (m *MemoryStore) DeleteUser(ctx context.Context, userID, except string) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for h := range m.users[userID] {
		if h == except {
			continue
		}
		if _, ok := m.live(h, now); ok {
			n++
		}
		m.remove(h)
	}
	return n, nil
}

// ListUser implements Store.
func (m *MemoryStore) ListUser(ctx context.Context, userID string) ([]*Session, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	now := m.now()
	m.mu.Lock()
	var raw [][]byte
	for h := range m.users[userID] {
		if e, ok := m.live(h, now); ok {
			raw = append(raw, e.data)
		}
	}
	m.mu.Unlock()
	out := make([]*Session, 0, len(raw))
	for _, b := range raw {
		s, err := decode(b)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	sortByLastSeen(out)
	return out, nil
}

// Ping implements Store; memory is always reachable.
func (m *MemoryStore) Ping(ctx context.Context) error { return ctx.Err() }

// live returns the entry if it has not expired, and forgets it if it has.
// m.mu must be held.
func (m *MemoryStore) live(handle string, now time.Time) (memEntry, bool) {
	e, ok := m.sessions[handle]
	if !ok {
		return memEntry{}, false
	}
	if !now.Before(e.expires) {
		m.remove(handle)
		return memEntry{}, false
	}
	return e, true
}

// m.mu must be held.
func (m *MemoryStore) remove(handle string) {
	e, ok := m.sessions[handle]
	if !ok {
		return
	}
	delete(m.sessions, handle)
	m.unindex(e.userID, handle)
}

// m.mu must be held.
func (m *MemoryStore) unindex(userID, handle string) {
	if userID == "" {
		return
	}
	hs := m.users[userID]
	delete(hs, handle)
	if len(hs) == 0 {
		delete(m.users, userID)
	}
}

// m.mu must be held.
func (m *MemoryStore) sweep(now time.Time) {
	if now.Before(m.nextSweep) {
		return
	}
	m.nextSweep = now.Add(memorySweepEvery)
	for h, e := range m.sessions {
		if !now.Before(e.expires) {
			m.remove(h)
		}
	}
}
