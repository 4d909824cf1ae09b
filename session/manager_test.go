package session

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// countingStore counts writes, to check which calls reach the store.
type countingStore struct {
	Store
	gets, writes atomic.Int32
}

func (c *countingStore) Get(ctx context.Context, id string) (*Session, error) {
	c.gets.Add(1)
	return c.Store.Get(ctx, id)
}

func (c *countingStore) Put(ctx context.Context, s *Session, ttl time.Duration) error {
	c.writes.Add(1)
	return c.Store.Put(ctx, s, ttl)
}

func (c *countingStore) Update(ctx context.Context, s *Session, ttl time.Duration) error {
	c.writes.Add(1)
	return c.Store.Update(ctx, s, ttl)
}

// fakeClock starts at a fixed instant; the store's own TTLs run on real time,
// so a test can move hours ahead while the stored keys stay alive and only
// the Manager's checks decide.
type fakeClock struct{ t time.Time }

func (c *fakeClock) Now() time.Time          { return c.t }
func (c *fakeClock) Advance(d time.Duration) { c.t = c.t.Add(d) }

type env struct {
	m     *Manager
	store *countingStore
	clock *fakeClock
}

func newEnv(t *testing.T, st Store, cfg Config) *env {
	t.Helper()
	cs := &countingStore{Store: st}
	clock := &fakeClock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	m := NewManager(cs, cfg)
	m.Now = clock.Now
	return &env{m: m, store: cs, clock: clock}
}

// login does what the login handler will: set the user, then rotate.
func (e *env) login(t *testing.T, user string) *Session {
	t.Helper()
	ctx := context.Background()
	s, err := e.m.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s.UserID, s.Scope = user, ScopeDashboard
	s, err = e.m.Rotate(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (e *env) mustLoad(t *testing.T, id string) *Session {
	t.Helper()
	s, err := e.m.Load(context.Background(), id)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return s
}

func (e *env) mustLoadHandle(t *testing.T, handle string) *Session {
	t.Helper()
	s, err := e.m.LoadByHandle(context.Background(), handle)
	if err != nil {
		t.Fatalf("LoadByHandle: %v", err)
	}
	return s
}

func (e *env) assertGone(t *testing.T, id string) {
	t.Helper()
	if _, err := e.m.Load(context.Background(), id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Load: err = %v, want ErrNotFound", err)
	}
	if _, err := e.store.Store.Get(context.Background(), HandleOf(id)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("session still in the store: %v", err)
	}
}

func TestManager(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		cfg  Config
		run  func(t *testing.T, e *env)
	}{
		{"new session is anonymous, stored and loadable", Config{}, func(t *testing.T, e *env) {
			s, err := e.m.New(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if s.UserID != "" || s.Scope != ScopeAnonymous {
				t.Fatalf("new session has user %q scope %q", s.UserID, s.Scope)
			}
			if !wellFormedID(s.ID) || !wellFormedID(s.CSRF) || s.ID == s.CSRF {
				t.Fatal("new session lacks a well-formed id and a distinct CSRF token")
			}
			got := e.mustLoad(t, s.ID)
			assertSameSession(t, got, s)
		}},
		{"malformed ids never reach the store", Config{}, func(t *testing.T, e *env) {
			for _, id := range []string{"", "short", newToken() + "x", newToken()[:42] + "=", newToken()[:42] + "/", "../../etc/passwd"} {
				if _, err := e.m.Load(ctx, id); !errors.Is(err, ErrNotFound) {
					t.Errorf("Load(%q): err = %v", id, err)
				}
			}
			if n := e.store.gets.Load(); n != 0 {
				t.Fatalf("%d store reads for malformed ids", n)
			}
		}},
		{"unknown well-formed id", Config{}, func(t *testing.T, e *env) {
			if _, err := e.m.Load(ctx, newToken()); !errors.Is(err, ErrNotFound) {
				t.Fatalf("err = %v", err)
			}
		}},
		{"idle timeout: alive at the limit, gone just after", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			e.clock.Advance(DefaultIdleTimeout)
			e.mustLoad(t, s.ID)
			e.clock.Advance(time.Second)
			e.assertGone(t, s.ID)
		}},
		{"configured idle timeout", Config{IdleTimeout: time.Minute}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			e.clock.Advance(61 * time.Second)
			e.assertGone(t, s.ID)
		}},
		{"activity keeps a session alive past the idle timeout", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			for range 5 {
				e.clock.Advance(4 * time.Minute)
				s = e.mustLoad(t, s.ID)
				if err := e.m.Touch(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{"absolute timeout ends even an active session", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			start := e.clock.Now()
			for e.clock.Now().Sub(start) < DefaultAbsoluteTimeout {
				s = e.mustLoad(t, s.ID)
				if err := e.m.Touch(ctx, s); err != nil {
					t.Fatalf("at %s: %v", e.clock.Now().Sub(start), err)
				}
				e.clock.Advance(4 * time.Minute)
			}
			// Exactly at the limit (8h is a multiple of 4m) it still works.
			e.mustLoad(t, s.ID)
			e.clock.Advance(time.Second)
			e.assertGone(t, s.ID)
		}},
		{"touch writes only after the interval", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			before := e.store.writes.Load()
			e.clock.Advance(DefaultTouchInterval - time.Second)
			s = e.mustLoad(t, s.ID)
			if err := e.m.Touch(ctx, s); err != nil {
				t.Fatal(err)
			}
			if n := e.store.writes.Load() - before; n != 0 {
				t.Fatalf("touch within the interval wrote %d times", n)
			}
			e.clock.Advance(2 * time.Second)
			if err := e.m.Touch(ctx, s); err != nil {
				t.Fatal(err)
			}
			if n := e.store.writes.Load() - before; n != 1 {
				t.Fatalf("touch after the interval wrote %d times, want 1", n)
			}
			if got := e.mustLoad(t, s.ID); !got.LastSeen.Equal(e.clock.Now()) {
				t.Fatalf("LastSeen = %s, want %s", got.LastSeen, e.clock.Now())
			}
		}},
		{"touch interval is capped by a short idle timeout", Config{IdleTimeout: 30 * time.Second}, func(t *testing.T, e *env) {
			if got := e.m.Config().TouchInterval; got != 3*time.Second {
				t.Fatalf("TouchInterval = %s, want 3s", got)
			}
		}},
		{"touch of an expired session ends it", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			e.clock.Advance(DefaultIdleTimeout + time.Second)
			if err := e.m.Touch(ctx, s); !errors.Is(err, ErrNotFound) {
				t.Fatalf("err = %v", err)
			}
			e.assertGone(t, s.ID)
		}},
		{"rotate: new id and CSRF, old id gone, data kept", Config{}, func(t *testing.T, e *env) {
			s, err := e.m.New(ctx)
			if err != nil {
				t.Fatal(err)
			}
			s.UserID, s.Scope, s.OrgID = "u1", ScopeLogin, "org_9"
			AddFlash(s, FlashInfo, "Enter your code")
			oldID, oldCSRF := s.ID, s.CSRF
			e.clock.Advance(time.Minute)
			r, err := e.m.Rotate(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			if r.ID == oldID || r.CSRF == oldCSRF || !wellFormedID(r.ID) || !wellFormedID(r.CSRF) {
				t.Fatal("rotation kept the id or the CSRF token")
			}
			if CSRFMatch(r, oldCSRF) {
				t.Fatal("old CSRF token still matches")
			}
			if s.ID != oldID || s.CSRF != oldCSRF {
				t.Fatal("Rotate changed its argument")
			}
			e.assertGone(t, oldID)
			got := e.mustLoad(t, r.ID)
			if got.UserID != "u1" || got.Scope != ScopeLogin || got.OrgID != "org_9" || len(PopFlashes(got)) != 1 {
				t.Fatalf("rotation lost data: %s", got)
			}
			if !got.CreatedAt.Equal(e.clock.Now()) {
				t.Fatal("CreatedAt not reset by rotation")
			}
		}},
		{"absolute timeout counts from the last rotation", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			s.Scope = ScopeLogin
			e.clock.Advance(4 * time.Minute)
			s, err := e.m.Rotate(ctx, s) // MFA done
			if err != nil {
				t.Fatal(err)
			}
			s.Scope = ScopeDashboard
			for range DefaultAbsoluteTimeout / (4 * time.Minute) {
				e.clock.Advance(4 * time.Minute)
				s = e.mustLoad(t, s.ID)
				if err := e.m.Touch(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
			e.clock.Advance(time.Second)
			e.assertGone(t, s.ID)
		}},
		{"rotated session is indexed under its user", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			l, err := e.m.ListUser(ctx, "u1")
			if err != nil || len(l) != 1 || l[0].Handle() != s.Handle() {
				t.Fatalf("ListUser = %d sessions, %v", len(l), err)
			}
		}},
		{"save keeps values", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			AddFlash(s, FlashSuccess, "Payout created")
			if err := e.m.Save(ctx, s); err != nil {
				t.Fatal(err)
			}
			got := e.mustLoad(t, s.ID)
			if fs := PopFlashes(got); len(fs) != 1 || fs[0].Text != "Payout created" {
				t.Fatalf("flashes = %v", fs)
			}
			if err := e.m.Save(ctx, got); err != nil {
				t.Fatal(err)
			}
			// Shown once: after the pop is saved, the next page has none.
			if fs := PopFlashes(e.mustLoad(t, s.ID)); fs != nil {
				t.Fatalf("flash shown twice: %v", fs)
			}
		}},
		{"destroy is final, a late save cannot undo it", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			stale := e.mustLoad(t, s.ID) // an in-flight request's copy
			if err := e.m.Destroy(ctx, s); err != nil {
				t.Fatal(err)
			}
			if err := e.m.Save(ctx, stale); !errors.Is(err, ErrNotFound) {
				t.Fatalf("Save after Destroy: err = %v", err)
			}
			e.clock.Advance(time.Minute)
			if err := e.m.Touch(ctx, stale); !errors.Is(err, ErrNotFound) {
				t.Fatalf("Touch after Destroy: err = %v", err)
			}
			e.assertGone(t, s.ID)
		}},
		{"destroy user ends the others, keeps the current one", Config{}, func(t *testing.T, e *env) {
			current, phone, laptop := e.login(t, "u1"), e.login(t, "u1"), e.login(t, "u1")
			colleague := e.login(t, "u2")
			n, err := e.m.DestroyUser(ctx, "u1", current)
			if err != nil || n != 2 {
				t.Fatalf("DestroyUser = %d, %v; want 2", n, err)
			}
			e.assertGone(t, phone.ID)
			e.assertGone(t, laptop.ID)
			e.mustLoad(t, current.ID)
			e.mustLoad(t, colleague.ID)
			e.clock.Advance(time.Minute)
			if err := e.m.Touch(ctx, phone); !errors.Is(err, ErrNotFound) {
				t.Fatalf("an ended session came back on Touch: %v", err)
			}
		}},
		{"list user leaves out expired sessions", Config{}, func(t *testing.T, e *env) {
			e.login(t, "u1") // goes idle
			e.clock.Advance(4 * time.Minute)
			active := e.login(t, "u1")
			e.clock.Advance(2 * time.Minute)
			l, err := e.m.ListUser(ctx, "u1")
			if err != nil {
				t.Fatal(err)
			}
			if len(l) != 1 || l[0].Handle() != active.Handle() {
				t.Fatalf("listed %d sessions, want only the active one", len(l))
			}
		}},
		{"kinds: page by default, API on request, kept by rotation", Config{}, func(t *testing.T, e *env) {
			p, err := e.m.New(ctx)
			if err != nil {
				t.Fatal(err)
			}
			a, err := e.m.NewOfKind(ctx, KindAPI)
			if err != nil {
				t.Fatal(err)
			}
			if e.mustLoad(t, p.ID).Kind != KindPage || e.mustLoad(t, a.ID).Kind != KindAPI {
				t.Fatal("kind not stored")
			}
			a.UserID = "u1"
			r, err := e.m.Rotate(ctx, a)
			if err != nil {
				t.Fatal(err)
			}
			if e.mustLoad(t, r.ID).Kind != KindAPI {
				t.Fatal("rotation changed the kind")
			}
			if _, err := e.m.NewOfKind(ctx, ""); err == nil {
				t.Fatal("a session without a kind was created")
			}
		}},
		{"load by handle: the session without its id, and it still works", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			h, err := e.m.LoadByHandle(ctx, s.Handle())
			if err != nil {
				t.Fatal(err)
			}
			if h.ID != "" || h.Handle() != s.Handle() || h.UserID != "u1" || h.CSRF != s.CSRF {
				t.Fatalf("LoadByHandle = %s", h)
			}
			AddFlash(h, FlashInfo, "saved by handle")
			e.clock.Advance(time.Minute)
			if err := e.m.Save(ctx, h); err != nil {
				t.Fatal(err)
			}
			if fs := PopFlashes(e.mustLoad(t, s.ID)); len(fs) != 1 {
				t.Fatalf("a save by handle was lost: %v", fs)
			}
			r, err := e.m.Rotate(ctx, h)
			if err != nil {
				t.Fatal(err)
			}
			if !wellFormedID(r.ID) || r.Handle() == s.Handle() {
				t.Fatal("rotation by handle gave no new id")
			}
			e.assertGone(t, s.ID)
			if err := e.m.Destroy(ctx, e.mustLoadHandle(t, r.Handle())); err != nil {
				t.Fatal(err)
			}
			e.assertGone(t, r.ID)
		}},
		{"a handle is no id and an id no handle", Config{}, func(t *testing.T, e *env) {
			s := e.login(t, "u1")
			if _, err := e.m.Load(ctx, s.Handle()); !errors.Is(err, ErrNotFound) {
				t.Errorf("Load(handle): err = %v", err)
			}
			if _, err := e.m.LoadByHandle(ctx, s.ID); !errors.Is(err, ErrNotFound) {
				t.Errorf("LoadByHandle(id): err = %v", err)
			}
			before := e.store.gets.Load()
			for _, h := range []string{"", "short", s.Handle() + "0", strings.ToUpper(s.Handle()), s.Handle()[:31] + "g", "../../etc/passwd"} {
				if _, err := e.m.LoadByHandle(ctx, h); !errors.Is(err, ErrNotFound) {
					t.Errorf("LoadByHandle(%q): err = %v", h, err)
				}
			}
			if n := e.store.gets.Load() - before; n != 0 {
				t.Fatalf("%d store reads for malformed handles", n)
			}
		}},
		{"destroy user keeps a session loaded by handle", Config{}, func(t *testing.T, e *env) {
			current, other := e.login(t, "u1"), e.login(t, "u1")
			byHandle := e.mustLoadHandle(t, current.Handle())
			if n, err := e.m.DestroyUser(ctx, "u1", byHandle); err != nil || n != 1 {
				t.Fatalf("DestroyUser = %d, %v; want 1", n, err)
			}
			e.assertGone(t, other.ID)
			e.mustLoad(t, current.ID)
			if _, err := e.m.DestroyUser(ctx, "u1", &Session{}); err == nil {
				t.Fatal("DestroyUser kept a session without id or handle, i.e. none")
			}
			e.mustLoad(t, current.ID)
		}},
		{"destroy by handle ends only the user's own session", Config{}, func(t *testing.T, e *env) {
			mine, other := e.login(t, "u1"), e.login(t, "u1")
			theirs := e.login(t, "u2")
			if err := e.m.DestroyByHandle(ctx, "u1", theirs.Handle()); !errors.Is(err, ErrNotFound) {
				t.Fatalf("ending another user's session: err = %v", err)
			}
			e.mustLoad(t, theirs.ID)
			if err := e.m.DestroyByHandle(ctx, "u1", other.Handle()); err != nil {
				t.Fatal(err)
			}
			e.assertGone(t, other.ID)
			e.mustLoad(t, mine.ID)
		}},
	}
	for _, f := range stores(t) {
		t.Run(f.name, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					t.Parallel()
					c.run(t, newEnv(t, f.new(t), c.cfg))
				})
			}
		})
	}
}

func TestConfigDefaults(t *testing.T) {
	cases := []struct {
		name string
		in   Config
		want Config
	}{
		{"zero takes the PSD2 defaults", Config{}, Config{5 * time.Minute, 8 * time.Hour, 15 * time.Second}},
		{"negative is zero", Config{-1, -1, -1}, Config{5 * time.Minute, 8 * time.Hour, 15 * time.Second}},
		{"set values are kept", Config{10 * time.Minute, time.Hour, 30 * time.Second}, Config{10 * time.Minute, time.Hour, 30 * time.Second}},
		{"interval capped at a tenth of idle", Config{IdleTimeout: time.Minute, TouchInterval: time.Minute}, Config{time.Minute, 8 * time.Hour, 6 * time.Second}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := NewManager(NewMemoryStore(), c.in).Config(); got != c.want {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestStoreTTLFollowsTimeouts(t *testing.T) {
	// The store drops a session by itself at the earlier of the two
	// timeouts, so Redis does not keep sessions nobody can load.
	m := NewManager(NewMemoryStore(), Config{})
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := &Session{CreatedAt: start}
	cases := []struct {
		name string
		at   time.Time
		want time.Duration
	}{
		{"fresh: idle", start, DefaultIdleTimeout},
		{"near the end: what is left", start.Add(DefaultAbsoluteTimeout - time.Minute), time.Minute},
		{"past the end: never zero", start.Add(DefaultAbsoluteTimeout + time.Minute), time.Millisecond},
	}
	for _, c := range cases {
		if got := m.ttl(s, c.at); got != c.want {
			t.Errorf("%s: ttl = %s, want %s", c.name, got, c.want)
		}
	}
}
