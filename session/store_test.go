package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/testenv"
	"portal/testenv/redistest"
)

// redisClient connects to a real Redis for this test (see testenv).
func redisClient(t *testing.T) *redis.Client {
	t.Helper()
	opt, err := redis.ParseURL(testenv.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opt)
	t.Cleanup(func() { c.Close() })
	if err := c.Ping(t.Context()).Err(); err != nil {
		t.Fatalf("redis: %v", err)
	}
	return c
}

type storeFactory struct {
	name string
	new  func(t *testing.T) Store
}

// stores returns both implementations: every behaviour the portal relies on
// is checked against production (Redis) and the no-Redis fallback alike.
func stores(t *testing.T) []storeFactory {
	t.Helper()
	c := redisClient(t)
	cc := redistest.SharedCluster(t)
	return []storeFactory{
		{"memory", func(*testing.T) Store { return NewMemoryStore() }},
		{"redis", func(t *testing.T) Store { return NewRedisStore(c, testenv.KeyPrefix(t)) }},
		{"cluster", func(t *testing.T) Store { return NewRedisStore(cc, testenv.KeyPrefix(t)) }},
	}
}

func testSession(user string) *Session {
	now := time.Now().Round(0).Truncate(time.Millisecond)
	return &Session{
		ID: newToken(), Kind: KindPage, UserID: user, Scope: ScopeDashboard, OrgID: "org_1", Role: "admin",
		CSRF: newToken(), CreatedAt: now, LastSeen: now,
		Values: map[string]string{"return_to": "/payouts?page=2", "range": "30d"},
	}
}

func TestStoreConformance(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		run  func(t *testing.T, st Store)
	}{
		{"get of a missing session", func(t *testing.T, st Store) {
			if _, err := st.Get(ctx, HandleOf(newToken())); !errors.Is(err, ErrNotFound) {
				t.Fatalf("err = %v, want ErrNotFound", err)
			}
		}},
		{"put and get round trip every field", func(t *testing.T, st Store) {
			s := testSession("u1")
			mustPut(t, st, s, time.Minute)
			got := mustGet(t, st, s.Handle())
			assertSameSession(t, got, s)
			if got.ID != "" {
				t.Fatal("the store returned a session id")
			}
		}},
		{"get returns a copy", func(t *testing.T, st Store) {
			s := testSession("u1")
			mustPut(t, st, s, time.Minute)
			// Only a write may change a stored session; a handler editing
			// what it loaded must not leak into other requests.
			got := mustGet(t, st, s.Handle())
			got.Role = "viewer"
			got.Values["return_to"] = "/evil"
			s.Role = "owner"
			again := mustGet(t, st, s.Handle())
			if again.Role != "admin" || again.Values["return_to"] != "/payouts?page=2" {
				t.Fatalf("stored session changed without a write: %+v", again.Values)
			}
		}},
		{"put replaces", func(t *testing.T, st Store) {
			s := testSession("u1")
			mustPut(t, st, s, time.Minute)
			s.Scope = ScopeLogin
			mustPut(t, st, s, time.Minute)
			if got := mustGet(t, st, s.Handle()); got.Scope != ScopeLogin {
				t.Fatalf("scope = %q after replace", got.Scope)
			}
		}},
		{"ttl expires the session and its listing", func(t *testing.T, st Store) {
			s := testSession("u1")
			mustPut(t, st, s, 150*time.Millisecond)
			mustGet(t, st, s.Handle())
			time.Sleep(300 * time.Millisecond)
			if _, err := st.Get(ctx, s.Handle()); !errors.Is(err, ErrNotFound) {
				t.Fatalf("after ttl: err = %v, want ErrNotFound", err)
			}
			if l := mustList(t, st, "u1"); len(l) != 0 {
				t.Fatalf("expired session still listed: %d", len(l))
			}
		}},
		{"non-positive ttl is refused", func(t *testing.T, st Store) {
			for _, ttl := range []time.Duration{0, -time.Second} {
				if err := st.Put(ctx, testSession("u1"), ttl); err == nil {
					t.Errorf("Put with ttl %s succeeded", ttl)
				}
			}
		}},
		{"update writes an existing session", func(t *testing.T, st Store) {
			s := testSession("u1")
			mustPut(t, st, s, time.Minute)
			s.Values["range"] = "7d"
			if err := st.Update(ctx, s, time.Minute); err != nil {
				t.Fatal(err)
			}
			if got := mustGet(t, st, s.Handle()); got.Values["range"] != "7d" {
				t.Fatalf("range = %q after update", got.Values["range"])
			}
		}},
		{"update never resurrects", func(t *testing.T, st Store) {
			// The race this guards: a request loads a session, the user logs
			// out elsewhere, the request then saves its copy.
			s := testSession("u1")
			mustPut(t, st, s, time.Minute)
			if err := st.Delete(ctx, s.Handle()); err != nil {
				t.Fatal(err)
			}
			if err := st.Update(ctx, s, time.Minute); !errors.Is(err, ErrNotFound) {
				t.Fatalf("update after delete: err = %v, want ErrNotFound", err)
			}
			if _, err := st.Get(ctx, s.Handle()); !errors.Is(err, ErrNotFound) {
				t.Fatal("update brought a deleted session back")
			}
			if l := mustList(t, st, "u1"); len(l) != 0 {
				t.Fatal("update re-indexed a deleted session")
			}
		}},
		{"delete ends a session and its listing", func(t *testing.T, st Store) {
			s, other := testSession("u1"), testSession("u1")
			mustPut(t, st, s, time.Minute)
			mustPut(t, st, other, time.Minute)
			if err := st.Delete(ctx, s.Handle()); err != nil {
				t.Fatal(err)
			}
			if _, err := st.Get(ctx, s.Handle()); !errors.Is(err, ErrNotFound) {
				t.Fatalf("after delete: err = %v", err)
			}
			assertHandles(t, mustList(t, st, "u1"), other.Handle())
			if err := st.Delete(ctx, s.Handle()); err != nil {
				t.Fatalf("second delete: %v", err)
			}
		}},
		{"delete user ends all but except", func(t *testing.T, st Store) {
			keep, a, b := testSession("u1"), testSession("u1"), testSession("u1")
			stranger := testSession("u2")
			for _, s := range []*Session{keep, a, b, stranger} {
				mustPut(t, st, s, time.Minute)
			}
			n, err := st.DeleteUser(ctx, "u1", keep.Handle())
			if err != nil || n != 2 {
				t.Fatalf("DeleteUser = %d, %v; want 2", n, err)
			}
			for _, s := range []*Session{a, b} {
				if _, err := st.Get(ctx, s.Handle()); !errors.Is(err, ErrNotFound) {
					t.Errorf("session of u1 survived DeleteUser: %v", err)
				}
			}
			mustGet(t, st, keep.Handle())
			mustGet(t, st, stranger.Handle())
			assertHandles(t, mustList(t, st, "u1"), keep.Handle())
			if n, err := st.DeleteUser(ctx, "u1", keep.Handle()); err != nil || n != 0 {
				t.Fatalf("second DeleteUser = %d, %v; want 0", n, err)
			}
		}},
		{"delete user without except ends all", func(t *testing.T, st Store) {
			for range 3 {
				mustPut(t, st, testSession("u1"), time.Minute)
			}
			if n, err := st.DeleteUser(ctx, "u1", ""); err != nil || n != 3 {
				t.Fatalf("DeleteUser = %d, %v; want 3", n, err)
			}
			if l := mustList(t, st, "u1"); len(l) != 0 {
				t.Fatalf("%d sessions left", len(l))
			}
		}},
		{"delete user counts only live sessions", func(t *testing.T, st Store) {
			mustPut(t, st, testSession("u1"), 100*time.Millisecond)
			mustPut(t, st, testSession("u1"), time.Minute)
			time.Sleep(250 * time.Millisecond)
			if n, err := st.DeleteUser(ctx, "u1", ""); err != nil || n != 1 {
				t.Fatalf("DeleteUser = %d, %v; want 1", n, err)
			}
		}},
		{"delete user of nobody", func(t *testing.T, st Store) {
			if n, err := st.DeleteUser(ctx, "ghost", ""); err != nil || n != 0 {
				t.Fatalf("DeleteUser = %d, %v", n, err)
			}
		}},
		{"a session that changed user is not the old user's", func(t *testing.T, st Store) {
			s := testSession("u1")
			mustPut(t, st, s, time.Minute)
			s.UserID = "u2"
			mustPut(t, st, s, time.Minute)
			if l := mustList(t, st, "u1"); len(l) != 0 {
				t.Fatalf("u1 still lists a session now owned by u2")
			}
			if n, err := st.DeleteUser(ctx, "u1", ""); err != nil || n != 0 {
				t.Fatalf("DeleteUser(u1) = %d, %v: ended u2's session", n, err)
			}
			assertHandles(t, mustList(t, st, "u2"), s.Handle())
		}},
		{"list user: own sessions only, most recent first", func(t *testing.T, st Store) {
			old, mid, recent := testSession("u1"), testSession("u1"), testSession("u1")
			mid.LastSeen = old.LastSeen.Add(time.Second)
			recent.LastSeen = old.LastSeen.Add(2 * time.Second)
			for _, s := range []*Session{mid, old, recent, testSession("u2"), testSession("")} {
				mustPut(t, st, s, time.Minute)
			}
			assertHandles(t, mustList(t, st, "u1"), recent.Handle(), mid.Handle(), old.Handle())
			if l := mustList(t, st, ""); len(l) != 0 {
				t.Fatalf("anonymous sessions are listed under user \"\": %d", len(l))
			}
		}},
		{"ping", func(t *testing.T, st Store) {
			if err := st.Ping(ctx); err != nil {
				t.Fatal(err)
			}
		}},
		{"concurrent use", func(t *testing.T, st Store) {
			var wg sync.WaitGroup
			for i := range 20 {
				wg.Go(func() {
					s := testSession(fmt.Sprintf("u%d", i%3))
					if err := st.Put(ctx, s, time.Minute); err != nil {
						t.Error(err)
						return
					}
					s.Values["n"] = "1"
					if err := st.Update(ctx, s, time.Minute); err != nil {
						t.Error(err)
					}
					if _, err := st.ListUser(ctx, s.UserID); err != nil {
						t.Error(err)
					}
					if err := st.Delete(ctx, s.Handle()); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			for _, u := range []string{"u0", "u1", "u2"} {
				if l := mustList(t, st, u); len(l) != 0 {
					t.Errorf("%s: %d sessions left", u, len(l))
				}
			}
		}},
	}
	for _, f := range stores(t) {
		t.Run(f.name, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					t.Parallel()
					c.run(t, f.new(t))
				})
			}
		})
	}
}

func TestRedisStoreLayout(t *testing.T) {
	ctx := t.Context()
	c := redisClient(t)
	p := testenv.KeyPrefix(t) // stands in for "sess:" (see TestRedisStoreDefaultPrefix)
	st := NewRedisStore(c, p)
	s := testSession("u1")
	mustPut(t, st, s, time.Minute)
	// Operators and the other packages rely on these key names.
	if ttl := c.PTTL(ctx, p+"s:{"+s.Handle()+"}").Val(); ttl <= 0 || ttl > time.Minute {
		t.Errorf("session key TTL = %s, want within (0, 1m]", ttl)
	}
	if err := c.ZScore(ctx, p+"user:{u1}", s.Handle()).Err(); err != nil {
		t.Error("handle missing from the user index")
	}
	// The index must outlive its longest session, and never be shortened by
	// a shorter one.
	mustPut(t, st, testSession("u1"), 10*time.Second)
	if ttl := c.PTTL(ctx, p+"user:{u1}").Val(); ttl <= 50*time.Second {
		t.Errorf("index TTL = %s, shortened by a shorter session", ttl)
	}
	mustPut(t, st, testSession("u1"), time.Hour)
	if ttl := c.PTTL(ctx, p+"user:{u1}").Val(); ttl <= 59*time.Minute {
		t.Errorf("index TTL = %s, not extended to the longest session", ttl)
	}
	mustPut(t, st, testSession(""), time.Minute)
	if n := c.Exists(ctx, p+"user:{}").Val(); n != 0 {
		t.Error("an index was created for anonymous sessions")
	}
}

// Whoever reads the store (a Redis dump, a backup, a debugging session)
// must find nothing that opens a session: no key, index member or value
// holds a session id.
func TestStoreHoldsNoIDs(t *testing.T) {
	ctx := t.Context()
	sessions := []*Session{testSession("u1"), testSession("u1"), testSession("")}
	assertNoID := func(t *testing.T, dump string) {
		t.Helper()
		for i, s := range sessions {
			if strings.Contains(dump, s.ID) {
				t.Errorf("the store holds the id of session %d", i)
			}
			if !strings.Contains(dump, s.Handle()) {
				t.Errorf("session %d is not stored by its handle", i)
			}
		}
	}

	t.Run("redis", func(t *testing.T) {
		c := redisClient(t)
		p := testenv.KeyPrefix(t)
		st := NewRedisStore(c, p)
		for _, s := range sessions {
			mustPut(t, st, s, time.Minute)
		}
		var all strings.Builder
		for _, k := range c.Keys(ctx, p+"*").Val() {
			all.WriteString(k + "\n")
			switch c.Type(ctx, k).Val() {
			case "string":
				all.WriteString(c.Get(ctx, k).Val() + "\n")
			case "zset":
				all.WriteString(strings.Join(c.ZRange(ctx, k, 0, -1).Val(), "\n") + "\n")
			default:
				t.Fatalf("unexpected key %s", k)
			}
		}
		assertNoID(t, all.String())
	})

	t.Run("memory", func(t *testing.T) {
		st := NewMemoryStore()
		for _, s := range sessions {
			mustPut(t, st, s, time.Minute)
		}
		var all strings.Builder
		for k, e := range st.sessions {
			all.WriteString(k + "\n" + string(e.data) + "\n")
		}
		for u, hs := range st.users {
			all.WriteString(u + "\n")
			for h := range hs {
				all.WriteString(h + "\n")
			}
		}
		assertNoID(t, all.String())
	})
}

func TestRedisStorePrunesStaleIndexMembers(t *testing.T) {
	ctx := t.Context()
	c := redisClient(t)
	st := NewRedisStore(c, testenv.KeyPrefix(t))
	idx := st.userKey("u1")

	// Sessions that expire leave their id in the index until something
	// looks: ListUser does.
	mustPut(t, st, testSession("u1"), 50*time.Millisecond)
	live := testSession("u1")
	mustPut(t, st, live, time.Minute)
	time.Sleep(150 * time.Millisecond)
	assertHandles(t, mustList(t, st, "u1"), live.Handle())
	if n := c.ZCard(ctx, idx).Val(); n != 1 {
		t.Fatalf("index has %d members after listing, want 1", n)
	}

	// An active user who never lists sessions: Put keeps the index bounded.
	for range pruneAbove + 5 {
		mustPut(t, st, testSession("u1"), 20*time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	mustPut(t, st, testSession("u1"), time.Minute)
	if n := c.ZCard(ctx, idx).Val(); n > pruneAbove {
		t.Fatalf("index grew to %d members with only 2 live sessions", n)
	}
}

func TestRedisStoreDefaultPrefix(t *testing.T) {
	c := redisClient(t)
	st := NewRedisStore(c, "")
	if got := st.sessionKey("x"); got != "sess:s:{x}" {
		t.Fatalf("session key = %q", got)
	}
	if got := st.userKey("u"); got != "sess:user:{u}" {
		t.Fatalf("user key = %q", got)
	}
}

func mustPut(t *testing.T, st Store, s *Session, ttl time.Duration) {
	t.Helper()
	if err := st.Put(context.Background(), s, ttl); err != nil {
		t.Fatalf("Put: %v", err)
	}
}

func mustGet(t *testing.T, st Store, handle string) *Session {
	t.Helper()
	s, err := st.Get(context.Background(), handle)
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	return s
}

func mustList(t *testing.T, st Store, user string) []*Session {
	t.Helper()
	l, err := st.ListUser(context.Background(), user)
	if err != nil {
		t.Fatalf("ListUser(%q): %v", user, err)
	}
	return l
}

func assertHandles(t *testing.T, got []*Session, want ...string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d sessions, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Handle() != want[i] || got[i].ID != "" {
			t.Fatalf("session %d is not the expected one, or came back with its id", i)
		}
	}
}

// assertSameSession: a round trip keeps every field (the id, which the store
// never holds, by way of the handle).
func assertSameSession(t *testing.T, got, want *Session) {
	t.Helper()
	if got.Handle() != want.Handle() || got.Kind != want.Kind || got.UserID != want.UserID || got.Scope != want.Scope ||
		got.OrgID != want.OrgID || got.Role != want.Role || got.CSRF != want.CSRF ||
		!got.CreatedAt.Equal(want.CreatedAt) || !got.LastSeen.Equal(want.LastSeen) ||
		len(got.Values) != len(want.Values) {
		t.Fatalf("round trip changed the session:\n got %s %v\nwant %s %v", got, got.Values, want, want.Values)
	}
	for k, v := range want.Values {
		if got.Values[k] != v {
			t.Fatalf("Values[%q] = %q, want %q", k, got.Values[k], v)
		}
	}
}
