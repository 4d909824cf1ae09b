package ratelimit

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/testenv"
	"portal/testenv/redistest"
)

// limiters returns every implementation, so each conformance case proves the
// in-process fallback behaves like production.
func limiters(t *testing.T) map[string]func(t *testing.T) Limiter {
	t.Helper()
	opt, err := redis.ParseURL(testenv.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	client := redis.NewClient(opt)
	t.Cleanup(func() { client.Close() })
	if err := client.Ping(t.Context()).Err(); err != nil {
		t.Fatalf("redis: %v", err)
	}
	cluster := redistest.SharedCluster(t)
	return map[string]func(t *testing.T) Limiter{
		"memory":  func(*testing.T) Limiter { return NewMemory() },
		"redis":   func(t *testing.T) Limiter { return NewRedis(client, testenv.KeyPrefix(t)) },
		"cluster": func(t *testing.T) Limiter { return NewRedis(cluster, testenv.KeyPrefix(t)) },
	}
}

func TestLimiterConformance(t *testing.T) {
	cases := []struct {
		name string
		run  func(t *testing.T, l Limiter)
	}{
		{"refused exactly at limit+1", func(t *testing.T, l Limiter) {
			const limit = 5
			for i := 1; i <= limit+2; i++ {
				r := mustHit(t, l, "acct:1", limit, time.Minute)
				if r.Count != i {
					t.Fatalf("hit %d: Count = %d", i, r.Count)
				}
				if want := i <= limit; r.Allowed != want {
					t.Fatalf("hit %d: Allowed = %v, want %v", i, r.Allowed, want)
				}
				// RetryAfter is what a Retry-After header is built from: only
				// a refusal carries one, and never longer than the window.
				if r.Allowed && r.RetryAfter != 0 {
					t.Fatalf("hit %d allowed with RetryAfter %s", i, r.RetryAfter)
				}
				if !r.Allowed && (r.RetryAfter <= 0 || r.RetryAfter > time.Minute) {
					t.Fatalf("hit %d: RetryAfter = %s, want within (0, 1m]", i, r.RetryAfter)
				}
			}
		}},
		{"limit of one", func(t *testing.T, l Limiter) {
			if r := mustHit(t, l, "sms:+441234", 1, time.Minute); !r.Allowed {
				t.Fatal("first hit refused")
			}
			if r := mustHit(t, l, "sms:+441234", 1, time.Minute); r.Allowed {
				t.Fatal("second hit allowed")
			}
		}},
		{"keys are independent", func(t *testing.T, l Limiter) {
			mustHit(t, l, "ip:192.0.2.1", 1, time.Minute)
			if r := mustHit(t, l, "ip:192.0.2.1", 1, time.Minute); r.Allowed {
				t.Fatal("second hit on the same key allowed")
			}
			if r := mustHit(t, l, "ip:192.0.2.2", 1, time.Minute); !r.Allowed || r.Count != 1 {
				t.Fatalf("other key: %+v, want a fresh window", r)
			}
		}},
		{"window expiry starts a new window", func(t *testing.T, l Limiter) {
			const window = 200 * time.Millisecond
			mustHit(t, l, "k", 2, window)
			mustHit(t, l, "k", 2, window)
			if r := mustHit(t, l, "k", 2, window); r.Allowed {
				t.Fatal("third hit in window allowed")
			}
			time.Sleep(window + 50*time.Millisecond)
			if r := mustHit(t, l, "k", 2, window); !r.Allowed || r.Count != 1 {
				t.Fatalf("after the window: %+v, want allowed with count 1", r)
			}
		}},
		{"refused hits do not extend the window", func(t *testing.T, l Limiter) {
			const window = 300 * time.Millisecond
			start := time.Now()
			mustHit(t, l, "k", 1, window)
			// Hammered through the window, the key is let through again once the window of the
			// first hit ended; were refused hits to push its end back, it never would be. The
			// loop ends on that answer, not on a clock of its own (a loaded machine delays a hit
			// past the end, which is not an extension); the bound is only when to give up.
			giveUp := start.Add(testenv.Scaled(4 * window))
			for {
				r := mustHit(t, l, "k", 1, window)
				if r.Allowed {
					if since := time.Since(start); since < window {
						t.Fatalf("let through %s after the first hit, inside its %s window", since, window)
					}
					return
				}
				if time.Now().After(giveUp) {
					t.Fatalf("still refused %s after the first hit of a %s window: refused hits extended it (%+v)", time.Since(start), window, r)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}},
		{"reset forgets the count", func(t *testing.T, l Limiter) {
			mustHit(t, l, "login:alice", 1, time.Minute)
			if err := l.Reset(t.Context(), "login:alice"); err != nil {
				t.Fatal(err)
			}
			if r := mustHit(t, l, "login:alice", 1, time.Minute); !r.Allowed || r.Count != 1 {
				t.Fatalf("after reset: %+v", r)
			}
			if err := l.Reset(t.Context(), "never-seen"); err != nil {
				t.Fatalf("reset of an unknown key: %v", err)
			}
		}},
		{"invalid arguments", func(t *testing.T, l Limiter) {
			for _, c := range []struct {
				key    string
				limit  int
				window time.Duration
			}{
				{"", 1, time.Second},
				{"k", 0, time.Second},
				{"k", -1, time.Second},
				{"k", 1, 0},
				{"k", 1, time.Microsecond},
			} {
				if _, err := l.Hit(t.Context(), c.key, c.limit, c.window); !errors.Is(err, ErrInvalid) {
					t.Errorf("Hit(%q, %d, %s) error = %v, want ErrInvalid", c.key, c.limit, c.window, err)
				}
			}
		}},
		{"block refuses for its own duration", func(t *testing.T, l Limiter) {
			// The bounds are read off the clock, not assumed: on a loaded machine (the race
			// phase runs beside the browser flows) 260 ms passed once between Block and the next
			// hit. The block is long against the window so each check has room.
			const window, lock = 150 * time.Millisecond, 2 * time.Second
			mustHit(t, l, "mfa", 5, window)
			blocked := time.Now()
			if err := l.Block(t.Context(), "mfa", lock); err != nil {
				t.Fatal(err)
			}
			// The block began between blocked and set (under load Block itself once took
			// over 70 ms), so it ends by set+lock at the latest.
			set := time.Now()
			r := mustHit(t, l, "mfa", 5, window)
			if left := lock - time.Since(blocked); r.Allowed || r.RetryAfter < left-10*time.Millisecond || r.RetryAfter > lock {
				t.Fatalf("hit on a blocked key: %+v, want refused for %s to %s", r, left, lock)
			}
			// The block outlasts the window that was running when it began...
			time.Sleep(window + 50*time.Millisecond)
			if r := mustHit(t, l, "mfa", 5, window); r.Allowed && time.Since(blocked) < lock {
				t.Fatalf("blocked key allowed after the old window: %+v", r)
			}
			// ...and ends by itself.
			time.Sleep(lock - time.Since(set) + 50*time.Millisecond)
			if r := mustHit(t, l, "mfa", 5, window); !r.Allowed || r.Count != 1 {
				t.Fatalf("after the block: %+v, want a fresh window", r)
			}
			if err := l.Block(t.Context(), "mfa", time.Microsecond); !errors.Is(err, ErrInvalid) {
				t.Fatalf("Block with a sub-millisecond duration: %v", err)
			}
		}},
		{"concurrent hits cannot slip through", func(t *testing.T, l Limiter) {
			const goroutines, limit = 100, 10
			var allowed atomic.Int32
			var wg sync.WaitGroup
			start := make(chan struct{})
			for range goroutines {
				wg.Go(func() {
					<-start
					r, err := l.Hit(context.Background(), "burst", limit, time.Minute)
					if err != nil {
						t.Error(err)
						return
					}
					if r.Allowed {
						allowed.Add(1)
					}
				})
			}
			close(start)
			wg.Wait()
			if got := allowed.Load(); got != limit {
				t.Fatalf("%d of %d concurrent hits allowed, want exactly %d", got, goroutines, limit)
			}
			if r := mustHit(t, l, "burst", limit, time.Minute); r.Count != goroutines+1 {
				t.Fatalf("count after burst = %d, want %d", r.Count, goroutines+1)
			}
		}},
	}
	impls := limiters(t)
	for implName, newLimiter := range impls {
		t.Run(implName, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					t.Parallel()
					c.run(t, newLimiter(t))
				})
			}
		})
	}
}

func TestRedisHealsCounterWithoutExpiry(t *testing.T) {
	opt, err := redis.ParseURL(testenv.Redis(t))
	if err != nil {
		t.Fatal(err)
	}
	client := redis.NewClient(opt)
	defer client.Close()
	prefix := testenv.KeyPrefix(t)
	l := NewRedis(client, prefix)
	// A counter without TTL would refuse this key forever.
	if err := client.Set(t.Context(), prefix+"stuck", 99, 0).Err(); err != nil {
		t.Fatal(err)
	}
	r := mustHit(t, l, "stuck", 5, 200*time.Millisecond)
	if r.Allowed || r.RetryAfter <= 0 || r.RetryAfter > 200*time.Millisecond {
		t.Fatalf("hit on stuck counter: %+v", r)
	}
	ttl, err := client.PTTL(t.Context(), prefix+"stuck").Result()
	if err != nil || ttl <= 0 {
		t.Fatalf("PTTL after hit = %s, %v: want an expiry", ttl, err)
	}
}

func TestMemorySweepsIdleKeys(t *testing.T) {
	m := NewMemory()
	now := time.Unix(1_700_000_000, 0)
	m.now = func() time.Time { return now }
	for _, k := range []string{"a", "b", "c"} {
		mustHit(t, m, k, 1, time.Second)
	}
	// Keys that are never hit again must not pile up forever.
	now = now.Add(sweepEvery + time.Second)
	mustHit(t, m, "d", 1, time.Second)
	m.mu.Lock()
	n := len(m.windows)
	m.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d windows after sweep, want only the new one", n)
	}
}

func mustHit(t *testing.T, l Limiter, key string, limit int, window time.Duration) Result {
	t.Helper()
	r, err := l.Hit(t.Context(), key, limit, window)
	if err != nil {
		t.Fatalf("Hit(%q): %v", key, err)
	}
	return r
}
