package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"portal/testenv"
)

// The test builds and runs the real binary: the drain is between the
// signal, fasthttp's shutdown and run's deferred closes, none of which a
// test inside the process would exercise.

// stubAssets is an assets dir the portal starts on without `make assets`:
// /healthz, which the test drives, renders no page.
func stubAssets(t *testing.T) string {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"manifest.json": `{"server":"server.js","css":"app.css","islands":{},"files":{}}`,
		"server.js":     `globalThis.__portal_render = function () { return ""; };`,
		"app.css":       `body{}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

type portalProc struct {
	cmd    *exec.Cmd
	addr   string
	lines  chan string // the child's stderr, line by line
	exited chan error
	mu     sync.Mutex
	log    []string
}

// startPortal builds the binary once per test and starts it in the sandbox
// on a fresh data dir, returning once /healthz answers 200.
func startPortal(t *testing.T, grace string) *portalProc {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "portal")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	p := &portalProc{addr: testenv.FreeAddr(t), lines: make(chan string, 1024), exited: make(chan error, 1)}
	p.cmd = exec.Command(bin)
	p.cmd.Env = append(os.Environ(), "PORTAL_ENV=sandbox", "PORTAL_ADDR="+p.addr, "PORTAL_DATA_DIR="+t.TempDir(),
		"PORTAL_ASSETS_DIR="+stubAssets(t), "PORTAL_SHUTDOWN_GRACE="+grace, "PORTAL_SECRET=", "PORTAL_DEV=", "REDIS_URL=")
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stdout = io.Discard
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			p.mu.Lock()
			p.log = append(p.log, sc.Text())
			p.mu.Unlock()
			select {
			case p.lines <- sc.Text():
			default:
			}
		}
		p.exited <- p.cmd.Wait()
	}()
	t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		if t.Failed() {
			p.mu.Lock()
			t.Logf("portal stderr:\n%s", strings.Join(p.log, "\n"))
			p.mu.Unlock()
		}
	})
	client := &http.Client{Timeout: 5 * time.Second}
	deadline := time.Now().Add(3 * time.Minute) // seeding a fresh sandbox on a busy machine
	for {
		resp, err := client.Get("http://" + p.addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("/healthz did not answer 200 in time: %v", err)
		}
		select {
		case err := <-p.exited:
			t.Fatalf("portal exited before answering: %v", err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// waitLine waits for a stderr line containing s.
func (p *portalProc) waitLine(t *testing.T, s string, timeout time.Duration) string {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case l := <-p.lines:
			if strings.Contains(l, s) {
				return l
			}
		case <-deadline:
			t.Fatalf("no log line with %q within %v", s, timeout)
		}
	}
}

func TestShutdownDrainsRequestsInFlight(t *testing.T) {
	const grace = 15 * time.Second
	p := startPortal(t, grace.String())

	// Each request is sent but for its final CRLF: fasthttp has read part of
	// it, so the connection is active and Shutdown must wait for it rather
	// than close it as idle. The handler pings the store and the sessions, so
	// a store or Redis closed under it would answer 503.
	const n = 40
	conns := make([]net.Conn, n)
	for i := range conns {
		c, err := net.DialTimeout("tcp", p.addr, 10*time.Second)
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
		defer c.Close()
		if _, err := fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\nX-Request: %d\r\n", p.addr, i); err != nil {
			t.Fatal(err)
		}
		conns[i] = c
	}
	// All 40 accepted, so a connection closed before it was accepted (a
	// reset) is ruled out.
	signalled := p.acceptedThenTerm(t)
	p.waitLine(t, "shutdown started", 30*time.Second)

	// A new connection now is refused, or answered; it must not hang.
	func() {
		c, err := net.DialTimeout("tcp", p.addr, 5*time.Second)
		if err != nil {
			return // refused
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(grace))
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", p.addr)
		_, err = http.ReadResponse(bufio.NewReader(c), nil)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Errorf("a connection made after shutdown started hung")
		}
	}()

	var wg sync.WaitGroup
	results := make([]error, n)
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = c.SetDeadline(time.Now().Add(grace + 5*time.Second))
			if _, err := io.WriteString(c, "\r\n"); err != nil {
				results[i] = fmt.Errorf("finish writing: %w", err)
				return
			}
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				results[i] = fmt.Errorf("read response: %w", err)
				return
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				results[i] = fmt.Errorf("read body: %w", err)
				return
			}
			if resp.StatusCode >= 500 {
				results[i] = fmt.Errorf("status %d: %s", resp.StatusCode, body)
			}
		}()
	}
	wg.Wait()
	completed := 0
	for i, err := range results {
		if err != nil {
			t.Errorf("request %d in flight: %v", i, err)
		} else {
			completed++
		}
	}

	select {
	case err := <-p.exited:
		took := time.Since(signalled)
		if err != nil {
			t.Errorf("portal exit: %v; want 0", err)
		}
		t.Logf("in flight %d, completed %d, exit %v after SIGTERM", n, completed, took.Round(time.Millisecond))
	case <-time.After(grace + 5*time.Second):
		t.Fatalf("portal still running %v after SIGTERM", grace+5*time.Second)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	var done string
	for _, l := range p.log {
		if strings.Contains(l, "shutdown done") {
			done = l
		}
		if strings.Contains(l, "closed") {
			t.Errorf("portal logged a close error: %s", l)
		}
	}
	if !strings.Contains(done, "grace_ran_out=false") {
		t.Errorf("shutdown done line %q; want grace_ran_out=false", done)
	}
}

// A request that never finishes must not hold the process past the grace.
func TestShutdownGraceRunsOut(t *testing.T) {
	const grace = 2 * time.Second
	p := startPortal(t, grace.String())
	c, err := net.DialTimeout("tcp", p.addr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n", p.addr)
	signalled := p.acceptedThenTerm(t)
	select {
	case err := <-p.exited:
		if err != nil {
			t.Errorf("portal exit: %v; want 0", err)
		}
		t.Logf("exit %v after SIGTERM with grace %v", time.Since(signalled).Round(time.Millisecond), grace)
	case <-time.After(grace + 5*time.Second):
		t.Fatalf("portal still running %v after SIGTERM", grace+5*time.Second)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !strings.Contains(strings.Join(p.log, "\n"), "grace_ran_out=true") {
		t.Errorf("no shutdown done line with grace_ran_out=true")
	}
}

// acceptedThenTerm sends SIGTERM once every connection dialled so far has
// been accepted: the listener accepts in order, so a request on a newer
// connection being answered proves it. It returns when the signal went.
func (p *portalProc) acceptedThenTerm(t *testing.T) time.Time {
	t.Helper()
	sentinel, err := (&http.Client{Timeout: 30 * time.Second}).Get("http://" + p.addr + "/healthz")
	if err != nil {
		t.Fatalf("sentinel request: %v", err)
	}
	sentinel.Body.Close()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	return time.Now()
}
