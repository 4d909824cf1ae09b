package testenv

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

const (
	sentinelBinary = "redis-sentinel"
	sentinelHint   = "apt-get install -y redis-sentinel"
	// SentinelMaster is the master name the sentinels monitor.
	SentinelMaster = "portal"
	failoverWait   = 15 * time.Second
)

// RedisSentinel is a master, one replica and three sentinels of the test's
// own on loopback, to play a failover.
type RedisSentinel struct {
	// URL is its redis-sentinel:// URL naming all three sentinels.
	URL string
	// Sentinels are the sentinels' host:port.
	Sentinels []string
	// Master and Replica are the data nodes' host:port as started; after
	// Failover they have swapped roles.
	Master, Replica string
}

// StartRedisSentinel starts the group and returns once the replica is in
// sync and the first sentinel knows it, so a failover can be asked for at
// once. Everything is killed when the test
// ends.
func StartRedisSentinel(t testing.TB) *RedisSentinel {
	t.Helper()
	bin, err := exec.LookPath(redisBinary)
	if err != nil {
		t.Fatalf("testenv: %s not found in PATH; install it with `%s`", redisBinary, installHint)
	}
	sbin, err := exec.LookPath(sentinelBinary)
	if err != nil {
		t.Fatalf("testenv: %s not found in PATH; install it with `%s` (scripts/system-deps.sh does)", sentinelBinary, sentinelHint)
	}
	dir := t.TempDir()
	start := func(name string, run func(dir string, port int) (*redisProc, error)) string {
		t.Helper()
		d := filepath.Join(dir, name)
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
		port, p, err := startOnFreePort(func(port int) (*redisProc, error) { return run(d, port) })
		if err != nil {
			t.Fatalf("testenv: %s: %v", name, err)
		}
		t.Cleanup(p.kill)
		return net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	}
	s := &RedisSentinel{}
	// Without the delay a master waits 5 s (repl-diskless-sync-delay) for
	// more replicas before the first full sync.
	s.Master = start("master", func(d string, port int) (*redisProc, error) {
		return startRedisOn(bin, d, port, "--repl-diskless-sync-delay", "0")
	})
	mhost, mport, _ := net.SplitHostPort(s.Master)
	s.Replica = start("replica", func(d string, port int) (*redisProc, error) {
		// The same setting for when it is promoted and the old master syncs.
		return startRedisOn(bin, d, port, "--replicaof", mhost, mport, "--repl-diskless-sync-delay", "0")
	})
	if err := waitFor(failoverWait, "replica in sync", func() (bool, string) {
		info, err := command(s.Replica, "INFO", "replication")
		if err != nil {
			return false, err.Error()
		}
		return infoField(info, "master_link_status") == "up", info
	}); err != nil {
		t.Fatalf("testenv: %v", err)
	}
	for i := range 3 {
		s.Sentinels = append(s.Sentinels, start("sentinel"+strconv.Itoa(i), func(d string, port int) (*redisProc, error) {
			// A sentinel rewrites its configuration file, so each has its own. The master counts
			// as down only after a minute without an answer: the tests fail over when they ask
			// (SENTINEL FAILOVER does not wait for that), and with a second a loaded CI machine
			// made the sentinels fail over on their own at start-up, promoting the replica before
			// it had the test's writes while the old master stayed a master, so a failover
			// "lost" acknowledged keys.
			conf := filepath.Join(d, "sentinel.conf")
			body := fmt.Sprintf(`port %d
bind 127.0.0.1
daemonize no
dir %s
loglevel warning
sentinel monitor %s %s %s 2
sentinel down-after-milliseconds %s 60000
sentinel failover-timeout %s 5000
sentinel parallel-syncs %s 1
`, port, d, SentinelMaster, mhost, mport, SentinelMaster, SentinelMaster, SentinelMaster)
			if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
				return nil, err
			}
			return startProc(sbin, []string{conf}, port)
		}))
	}
	// SENTINEL FAILOVER needs no agreement, only a sentinel that knows a
	// healthy replica: the first one, which Failover asks. The others learn
	// the new master from the hello messages on it.
	if err := waitFor(failoverWait, "sentinel "+s.Sentinels[0]+" knowing the replica", func() (bool, string) {
		reps, err := command(s.Sentinels[0], "SENTINEL", "REPLICAS", SentinelMaster)
		if err != nil {
			return false, err.Error()
		}
		_, rport, _ := net.SplitHostPort(s.Replica)
		reps = "\n" + reps + "\n"
		// Flags exactly "slave": connected, not down.
		ok := strings.Contains(reps, "\nport\n"+rport+"\n") && strings.Contains(reps, "\nflags\nslave\n")
		return ok, oneLine(reps)
	}); err != nil {
		t.Fatalf("testenv: %v", err)
	}
	s.URL = "redis-sentinel://" + strings.Join(s.Sentinels, ",") + "/" + SentinelMaster
	return s
}

// Sync returns once the replica has reached the master's replication offset, so a failover now
// loses nothing that was acknowledged before it. Without it a write acknowledged just before the
// failover may be lost: replication is asynchronous.
//
// WAIT cannot serve here: it waits for the writes of its own connection, and each command of this
// package opens a new one, so it would answer at once with the replica still behind.
func (s *RedisSentinel) Sync(t testing.TB) {
	t.Helper()
	master := s.MasterAddr(t)
	want := s.offset(t, master, "master_repl_offset")
	if err := waitFor(failoverWait, fmt.Sprintf("the replica at offset %d", want), func() (bool, string) {
		info, err := command(s.Replica, "INFO", "replication")
		if err != nil {
			return false, err.Error()
		}
		got, err := strconv.ParseInt(infoField(info, "slave_repl_offset"), 10, 64)
		return err == nil && got >= want, oneLine(info)
	}); err != nil {
		t.Fatalf("testenv: %v", err)
	}
}

func (s *RedisSentinel) offset(t testing.TB, addr, field string) int64 {
	t.Helper()
	info, err := command(addr, "INFO", "replication")
	if err != nil {
		t.Fatalf("testenv: INFO replication of %s: %v", addr, err)
	}
	v, err := strconv.ParseInt(infoField(info, field), 10, 64)
	if err != nil {
		t.Fatalf("testenv: %s of %s: %v", field, addr, err)
	}
	return v
}

// MasterAddr is the master's host:port as the first sentinel reports it.
func (s *RedisSentinel) MasterAddr(t testing.TB) string {
	t.Helper()
	r, err := command(s.Sentinels[0], "SENTINEL", "GET-MASTER-ADDR-BY-NAME", SentinelMaster)
	if err != nil {
		t.Fatalf("testenv: ask sentinel for the master: %v", err)
	}
	host, port, _ := strings.Cut(r, "\n")
	return net.JoinHostPort(host, port)
}

// Failover asks a sentinel to fail over (SENTINEL FAILOVER) and returns the
// new master's address once every sentinel names it and it answers as
// master.
func (s *RedisSentinel) Failover(t testing.TB) string {
	t.Helper()
	old := s.MasterAddr(t)
	if _, err := command(s.Sentinels[0], "SENTINEL", "FAILOVER", SentinelMaster); err != nil {
		t.Fatalf("testenv: SENTINEL FAILOVER: %v", err)
	}
	var now string
	for _, a := range s.Sentinels {
		if err := waitFor(failoverWait, "sentinel "+a+" naming a new master", func() (bool, string) {
			r, err := command(a, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", SentinelMaster)
			if err != nil {
				return false, err.Error()
			}
			host, port, _ := strings.Cut(r, "\n")
			now = net.JoinHostPort(host, port)
			return now != old, now
		}); err != nil {
			t.Fatalf("testenv: %v", err)
		}
	}
	if err := waitFor(failoverWait, "new master "+now+" answering as master", func() (bool, string) {
		info, err := command(now, "INFO", "replication")
		if err != nil {
			return false, err.Error()
		}
		return infoField(info, "role") == "master", infoField(info, "role")
	}); err != nil {
		t.Fatalf("testenv: %v", err)
	}
	s.Master, s.Replica = now, old
	return now
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }
