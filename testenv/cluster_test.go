package testenv

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestRedisClusterStartsAndStops(t *testing.T) {
	for _, replicas := range []bool{false, true} {
		start := time.Now()
		c, err := StartRedisCluster(replicas)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("cluster (replicas %v) ready in %s (redis-cli --cluster create %s)", replicas, time.Since(start).Round(time.Millisecond), c.CreateTook.Round(time.Millisecond))
		nodes, err := command(c.Addrs[0], "CLUSTER", "NODES")
		if err != nil {
			t.Fatal(err)
		}
		masters := strings.Count(nodes, "master")
		replicaCount := strings.Count(nodes, "slave")
		if masters != 3 || (replicas && replicaCount != 3) || (!replicas && replicaCount != 0) {
			t.Errorf("replicas %v: %d masters, %d replicas:\n%s", replicas, masters, replicaCount, nodes)
		}
		if !strings.HasPrefix(c.URL, "redis-cluster://127.0.0.1:") || strings.Count(c.URL, ",") != 2 {
			t.Errorf("URL %q: want three seeds", c.URL)
		}
		c.Stop()
		c.Stop() // twice is harmless
		if err := ping(c.Addrs[0]); err == nil {
			t.Error("a node still answers after Stop")
		}
	}
}

func TestRedisSentinelFailover(t *testing.T) {
	start := time.Now()
	s := StartRedisSentinel(t)
	t.Logf("sentinel group ready in %s", time.Since(start).Round(time.Millisecond))
	if got := s.MasterAddr(t); got != s.Master {
		t.Fatalf("sentinel names %s as master, started %s", got, s.Master)
	}
	if _, err := command(s.Master, "SET", "k", "v"); err != nil {
		t.Fatal(err)
	}
	s.Sync(t)
	old := s.Master
	start = time.Now()
	now := s.Failover(t)
	t.Logf("failover done in %s", time.Since(start).Round(time.Millisecond))
	if now == old || s.Master != now || s.Replica != old {
		t.Fatalf("after failover master %s (was %s), replica %s", now, old, s.Replica)
	}
	// The promoted replica holds what it had synced. It is read until a deadline rather
	// than once, as a node may answer as master a moment before it serves; a key that never
	// comes back still fails here, with the node's replication state in the message.
	if err := waitFor(failoverWait, "the synced key on the promoted replica", func() (bool, string) {
		v, err := command(now, "GET", "k")
		if err != nil {
			return false, err.Error()
		}
		info, _ := command(now, "INFO", "replication")
		return v == "v", fmt.Sprintf("GET k = %q; %s", v, oneLine(info))
	}); err != nil {
		t.Fatal(err)
	}
}
