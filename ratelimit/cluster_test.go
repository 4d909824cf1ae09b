package ratelimit

import (
	"os"
	"testing"

	"github.com/redis/go-redis/v9"

	"portal/testenv"
)

// The Redis conformance cases run on a real 3-master Cluster too, started
// once for the package.
func TestMain(m *testing.M) {
	code := m.Run()
	testenv.StopSharedRedisCluster()
	os.Exit(code)
}

func clusterClient(t *testing.T) redis.UniversalClient {
	t.Helper()
	c := redis.NewClusterClient(&redis.ClusterOptions{Addrs: testenv.SharedRedisCluster(t).Addrs})
	t.Cleanup(func() { c.Close() })
	if err := c.Ping(t.Context()).Err(); err != nil {
		t.Fatalf("redis cluster: %v", err)
	}
	return c
}
