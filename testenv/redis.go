// Package testenv starts the real external parts that tests need.
//
// Tests in this module run against real servers, never against fakes that
// happen to agree with the code under test. When a part is missing the test
// fails with the command that installs it: a green run must mean the real
// thing was exercised.
package testenv

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// EnvRedisURL names the variable that points tests at an existing Redis
// instead of starting one, e.g. redis://127.0.0.1:6379/15.
//
// testenv never flushes that server: tests share it, so every test must keep
// to its own keys (see KeyPrefix). Point it at a database nothing else uses.
const EnvRedisURL = "PORTAL_TEST_REDIS_URL"

const (
	redisBinary     = "redis-server"
	installHint     = "apt-get install -y redis-server"
	startupTimeout  = 5 * time.Second
	portAttempts    = 5
	maxLogTailBytes = 2048
)

// Redis returns the URL of a Redis server the test may use, starting a fresh
// redis-server on loopback unless PORTAL_TEST_REDIS_URL is set. The server is
// killed when the test and its subtests finish.
func Redis(t testing.TB) string {
	t.Helper()
	if u := os.Getenv(EnvRedisURL); u != "" {
		return u
	}
	url, stop, err := StartRedis()
	if err != nil {
		t.Fatalf("testenv: %v", err)
	}
	t.Cleanup(stop)
	return url
}

// StartRedis starts a throwaway redis-server for TestMain or benchmarks,
// where no testing.TB is at hand. stop kills it and removes its directory; it
// is safe to call more than once. PORTAL_TEST_REDIS_URL is not consulted
// here: callers that want it check it themselves.
func StartRedis() (url string, stop func(), err error) {
	bin, err := exec.LookPath(redisBinary)
	if err != nil {
		return "", nil, fmt.Errorf("%s not found in PATH; these tests need a real Redis: install it with `%s` (or set %s)", redisBinary, installHint, EnvRedisURL)
	}
	dir, err := os.MkdirTemp("", "portal-redis-")
	if err != nil {
		return "", nil, fmt.Errorf("temp dir for redis-server: %w", err)
	}
	port, srv, err := startRedisOnFreePort(bin, dir)
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			srv.kill()
			os.RemoveAll(dir)
		})
	}
	return fmt.Sprintf("redis://127.0.0.1:%d/0", port), stop, nil
}

// startRedisOnFreePort starts redis-server in dir on a free port. A free port
// can be taken by someone else between our probe and the server's bind, so a
// failed start is retried on another port.
func startRedisOnFreePort(bin, dir string, extra ...string) (int, *redisProc, error) {
	return startOnFreePort(func(port int) (*redisProc, error) { return startRedisOn(bin, dir, port, extra...) })
}

// startOnFreePort runs start on free ports until one works: a free port can
// be taken by someone else between our probe and the server's bind.
func startOnFreePort(start func(port int) (*redisProc, error)) (int, *redisProc, error) {
	var errs []error
	for range portAttempts {
		port, err := freePort()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		srv, err := start(port)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		return port, srv, nil
	}
	return 0, nil, fmt.Errorf("could not start a server after %d attempts: %w", portAttempts, errors.Join(errs...))
}

// KeyPrefix returns a key prefix unique to this test, so tests can share one
// server (PORTAL_TEST_REDIS_URL) without seeing each other's keys.
func KeyPrefix(t testing.TB) string {
	t.Helper()
	var b [6]byte
	rand.Read(b[:])
	return "test:" + hex.EncodeToString(b[:]) + ":"
}

// FreeAddr is a loopback address with a port nothing listens on now, for a test's child
// process to listen on.
func FreeAddr(t testing.TB) string {
	t.Helper()
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("probe free port: %w", err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return port, nil
}

type redisProc struct {
	cmd  *exec.Cmd
	done chan struct{}
}

func (p *redisProc) kill() {
	p.cmd.Process.Kill()
	<-p.done
}

func startRedisOn(bin, dir string, port int, extra ...string) (*redisProc, error) {
	args := append([]string{
		"--bind", "127.0.0.1",
		"--port", strconv.Itoa(port),
		"--save", "",
		"--appendonly", "no",
		"--dir", dir,
		"--daemonize", "no",
		"--protected-mode", "yes",
		"--loglevel", "warning",
	}, extra...)
	return startProc(bin, args, port)
}

// startProc starts bin with args and returns once it answers PING on port
// (a redis-server, or a redis-sentinel).
func startProc(bin string, args []string, port int) (*redisProc, error) {
	cmd := exec.Command(bin, args...)
	// The log is kept only to explain a failed start.
	var logBuf lockedBuffer
	cmd.Stdout = &logBuf
	cmd.Stderr = &logBuf
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	p := &redisProc{cmd: cmd, done: make(chan struct{})}
	go func() {
		cmd.Wait()
		close(p.done)
	}()

	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	deadline := time.Now().Add(startupTimeout)
	for {
		if ping(addr) == nil {
			return p, nil
		}
		select {
		case <-p.done:
			return nil, fmt.Errorf("%s on port %d exited early: %s", bin, port, logBuf.tail())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.kill()
			return nil, fmt.Errorf("%s on port %d did not answer PING within %s: %s", bin, port, startupTimeout, logBuf.tail())
		}
	}
}

// ping speaks just enough RESP to tell a ready Redis from anything else on
// the port, keeping this package free of a client dependency.
func ping(addr string) error {
	c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(500 * time.Millisecond))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if strings.TrimSpace(line) != "+PONG" {
		// "-LOADING" and friends: up, but not ready yet.
		return fmt.Errorf("unexpected PING reply %q", strings.TrimSpace(line))
	}
	return nil
}

type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.buf.Len() < 64*1024 {
		b.buf.Write(p)
	}
	return len(p), nil
}

func (b *lockedBuffer) tail() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := strings.TrimSpace(b.buf.String())
	if len(s) > maxLogTailBytes {
		s = "…" + s[len(s)-maxLogTailBytes:]
	}
	if s == "" {
		return "(no output)"
	}
	return s
}
