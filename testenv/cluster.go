package testenv

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	cliBinary = "redis-cli"
	// clusterTimeout bounds the wait for cluster_state:ok on every node.
	clusterTimeout = 10 * time.Second
)

// RedisCluster is a Redis Cluster of the test's own on loopback.
type RedisCluster struct {
	// URL is its redis-cluster:// URL with three nodes as seeds.
	URL string
	// Addrs are the nodes' host:port.
	Addrs []string
	// CreateTook is how long `redis-cli --cluster create` took, most of the
	// start (it polls the join once a second).
	CreateTook time.Duration
	procs      []*redisProc
	dir        string
	once       sync.Once
}

// StartRedisCluster starts three masters (and, with replicas, one replica
// each), joins them with `redis-cli --cluster create` and returns once every
// node reports cluster_state:ok and knows every other node. It is meant for
// TestMain or a sync.Once: Stop it when the package's tests are done.
func StartRedisCluster(replicas bool) (*RedisCluster, error) {
	bin, err := exec.LookPath(redisBinary)
	if err != nil {
		return nil, fmt.Errorf("%s not found in PATH; install it with `%s`", redisBinary, installHint)
	}
	cli, err := exec.LookPath(cliBinary)
	if err != nil {
		return nil, fmt.Errorf("%s not found in PATH; install it with `%s`", cliBinary, installHint)
	}
	dir, err := os.MkdirTemp("", "portal-redis-cluster-")
	if err != nil {
		return nil, fmt.Errorf("temp dir for the cluster: %w", err)
	}
	c := &RedisCluster{dir: dir}
	n := 3
	if replicas {
		n = 6
	}
	// The nodes start side by side: each waits for its own PING.
	c.procs = make([]*redisProc, n)
	c.Addrs = make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Addrs[i], c.procs[i], errs[i] = startClusterNode(bin, filepath.Join(dir, strconv.Itoa(i)))
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		c.Stop()
		return nil, err
	}
	args := append([]string{"--cluster", "create"}, c.Addrs...)
	args = append(args, "--cluster-replicas", map[bool]string{true: "1", false: "0"}[replicas], "--cluster-yes")
	t0 := time.Now()
	if out, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
		c.Stop()
		return nil, fmt.Errorf("%s --cluster create: %w: %s", cliBinary, err, tail(out))
	}
	c.CreateTook = time.Since(t0)
	if err := c.waitOK(); err != nil {
		c.Stop()
		return nil, err
	}
	c.URL = "redis-cluster://" + strings.Join(c.Addrs[:3], ",")
	return c, nil
}

// startClusterNode starts one node in its own directory: nodes.conf is per
// node, and the cluster bus gets a free port of its own (cluster-port)
// instead of port+10000, which may be taken or out of range.
func startClusterNode(bin, dir string) (string, *redisProc, error) {
	if err := os.Mkdir(dir, 0o700); err != nil {
		return "", nil, err
	}
	port, p, err := startOnFreePort(func(port int) (*redisProc, error) {
		bus, err := freePort()
		if err != nil {
			return nil, err
		}
		return startRedisOn(bin, dir, port,
			"--cluster-enabled", "yes",
			"--cluster-config-file", filepath.Join(dir, "nodes.conf"),
			"--cluster-port", strconv.Itoa(bus),
			"--cluster-node-timeout", "2000",
			// A master would otherwise wait 5 s before syncing its replica.
			"--repl-diskless-sync-delay", "0")
	})
	if err != nil {
		return "", nil, err
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), p, nil
}

// waitOK polls CLUSTER INFO on every node: redis-cli returns once the slots
// are assigned, but a node may still not have heard of the others.
func (c *RedisCluster) waitOK() error {
	want := strconv.Itoa(len(c.Addrs))
	replicas := len(c.Addrs) - 3
	for _, a := range c.Addrs {
		err := waitFor(clusterTimeout, "cluster_state:ok on "+a, func() (bool, string) {
			info, err := command(a, "CLUSTER", "INFO")
			if err != nil {
				return false, err.Error()
			}
			ok := infoField(info, "cluster_state") == "ok" &&
				infoField(info, "cluster_slots_ok") == "16384" &&
				infoField(info, "cluster_known_nodes") == want
			if !ok {
				return false, oneLine(info)
			}
			// CLUSTER REPLICATE is the last step redis-cli takes; each node
			// hears of the new roles by gossip.
			nodes, err := command(a, "CLUSTER", "NODES")
			if err != nil {
				return false, err.Error()
			}
			return strings.Count(nodes, "slave") == replicas, nodes
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Stop kills every node and removes their directories; it is safe to call
// more than once.
func (c *RedisCluster) Stop() {
	c.once.Do(func() {
		for _, p := range c.procs {
			if p != nil {
				p.kill()
			}
		}
		os.RemoveAll(c.dir)
	})
}

func tail(out []byte) string {
	s := strings.TrimSpace(string(out))
	if len(s) > maxLogTailBytes {
		s = "…" + s[len(s)-maxLogTailBytes:]
	}
	return s
}

var shared struct {
	once    sync.Once
	cluster *RedisCluster
	err     error
}

// SharedRedisCluster returns the test binary's one Cluster (three masters,
// no replicas), started on first use so that packages pay the start once.
// The package's TestMain calls StopSharedRedisCluster after m.Run; should it
// not get there, the nodes die with the test binary (see sysProcAttr).
func SharedRedisCluster(t testing.TB) *RedisCluster {
	t.Helper()
	shared.once.Do(func() { shared.cluster, shared.err = StartRedisCluster(false) })
	if shared.err != nil {
		t.Fatalf("testenv: %v", shared.err)
	}
	return shared.cluster
}

// StopSharedRedisCluster stops the shared Cluster if one was started.
func StopSharedRedisCluster() {
	if shared.cluster != nil {
		shared.cluster.Stop()
	}
}
