// Package redistest hands tests go-redis clients on the servers testenv starts. It is apart
// from testenv so that testenv itself needs no Redis client library.
package redistest

import (
	"os"
	"testing"

	"github.com/redis/go-redis/v9"

	"portal/testenv"
)

// Main runs a package's tests and then stops the Cluster SharedCluster started for them: a
// package that uses SharedCluster calls it from its TestMain.
func Main(m *testing.M) {
	code := m.Run()
	testenv.StopSharedRedisCluster()
	os.Exit(code)
}

// SharedCluster is a client on the package's one real 3-master Redis Cluster (started on first
// use), closed when t ends. A command whose keys span slots fails there with CROSSSLOT, where
// a single server would accept it, which is what the Cluster cases are for.
func SharedCluster(t *testing.T) redis.UniversalClient {
	t.Helper()
	c := redis.NewClusterClient(&redis.ClusterOptions{Addrs: testenv.SharedRedisCluster(t).Addrs})
	t.Cleanup(func() { c.Close() })
	if err := c.Ping(t.Context()).Err(); err != nil {
		t.Fatalf("redis cluster: %v", err)
	}
	return c
}
