package session

import (
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/testenv"
)

// A failover under a logged-in user: the session written to the old master
// is read and written through the same client once the replica is promoted.
func TestRedisStoreSurvivesSentinelFailover(t *testing.T) {
	ctx := t.Context()
	start := time.Now()
	g := testenv.StartRedisSentinel(t)
	t.Logf("sentinel group ready in %s", time.Since(start).Round(time.Millisecond))
	// The waits cmd/portal sets (redisOptions): short dials and reads, one
	// retry, one dial per attempt.
	c := redis.NewFailoverClient(&redis.FailoverOptions{
		MasterName: testenv.SentinelMaster, SentinelAddrs: g.Sentinels,
		DialTimeout: 200 * time.Millisecond, ReadTimeout: 300 * time.Millisecond, WriteTimeout: 300 * time.Millisecond,
		MaxRetries: 1, DialerRetries: 1, MinRetryBackoff: 8 * time.Millisecond, MaxRetryBackoff: 64 * time.Millisecond,
	})
	t.Cleanup(func() { c.Close() })
	st := NewRedisStore(c, testenv.KeyPrefix(t))

	s := testSession("u1")
	mustPut(t, st, s, time.Minute)
	other := testSession("u1")
	other.LastSeen = other.LastSeen.Add(-time.Minute) // listed second
	mustPut(t, st, other, time.Minute)
	got := mustGet(t, st, s.Handle())
	got.Values["step"] = "before failover"
	got.ID = s.ID
	if err := st.Update(ctx, got, time.Minute); err != nil {
		t.Fatal(err)
	}
	// Replication is asynchronous: what the master acknowledged but had not
	// sent on is lost in a failover (see README). Wait for the replica, so
	// the test is about what the promoted replica holds.
	g.Sync(t)

	failoverAt := time.Now()
	newMaster := g.Failover(t)
	t.Logf("failover to %s in %s", newMaster, time.Since(failoverAt).Round(time.Millisecond))
	// The client learns of the switch from a sentinel (+switch-master) and
	// drops its connections to the old master; until then a command may
	// still reach it. Wait for that event, seen as the server answering.
	_, port, _ := net.SplitHostPort(newMaster)
	deadline := time.Now().Add(10 * time.Second)
	var failed int
	for {
		info, err := c.Info(ctx, "server").Result()
		if err == nil && strings.Contains(info, "tcp_port:"+port+"\r\n") {
			break
		}
		if err != nil {
			failed++
		}
		if time.Now().After(deadline) {
			t.Fatalf("the client never reached the new master %s (last error %v)", newMaster, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("client on the new master %s after the failover (%d commands failed meanwhile)", time.Since(failoverAt).Round(time.Millisecond), failed)

	after := mustGet(t, st, s.Handle())
	if after.Values["step"] != "before failover" || after.UserID != "u1" {
		t.Fatalf("session after failover: %v %v", after, after.Values)
	}
	after.ID = s.ID
	after.Values["step"] = "after failover"
	if err := st.Update(ctx, after, time.Minute); err != nil {
		t.Fatalf("Update on the promoted replica: %v", err)
	}
	if v := mustGet(t, st, s.Handle()).Values["step"]; v != "after failover" {
		t.Fatalf("step = %q after the write on the new master", v)
	}
	assertHandles(t, mustList(t, st, "u1"), s.Handle(), other.Handle())
	if n, err := st.DeleteUser(ctx, "u1", s.Handle()); err != nil || n != 1 {
		t.Fatalf("DeleteUser after failover = %d, %v; want 1", n, err)
	}
	if _, err := st.Get(ctx, other.Handle()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the other session survived DeleteUser: %v", err)
	}
}
