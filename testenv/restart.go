package testenv

import (
	"fmt"
	"os/exec"
	"sync"
	"testing"
)

// RedisServer is a redis-server of the test's own that the test may stop
// and start again on the same port, to play an outage and its recovery.
type RedisServer struct {
	// URL is the server's redis:// URL; it stays the same across restarts.
	URL  string
	t    testing.TB
	bin  string
	dir  string
	port int
	mu   sync.Mutex
	proc *redisProc
}

// StartRedisServer starts a redis-server that the test owns (never the
// shared PORTAL_TEST_REDIS_URL one: stopping that would break other tests).
// It is killed when the test ends.
func StartRedisServer(t testing.TB) *RedisServer {
	t.Helper()
	bin, err := exec.LookPath(redisBinary)
	if err != nil {
		t.Fatalf("testenv: %s not found in PATH; install it with `%s`", redisBinary, installHint)
	}
	dir := t.TempDir()
	port, p, err := startRedisOnFreePort(bin, dir)
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	s := &RedisServer{URL: fmt.Sprintf("redis://127.0.0.1:%d/0", port), t: t, bin: bin, dir: dir, port: port, proc: p}
	t.Cleanup(s.Stop)
	return s
}

// Stop kills the server and waits for it to exit; stopping a stopped
// server does nothing.
func (s *RedisServer) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc != nil {
		s.proc.kill()
		s.proc = nil
	}
}

// Start starts the stopped server again on its port, empty (it keeps no
// data on disk); it returns once the server answers PING.
func (s *RedisServer) Start() {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc != nil {
		return
	}
	p, err := startRedisOn(s.bin, s.dir, s.port)
	if err != nil {
		s.t.Fatalf("testenv: restart %s on port %d: %v", redisBinary, s.port, err)
	}
	s.proc = p
}
