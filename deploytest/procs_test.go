package deploytest

import (
	"bufio"
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
)

// root is the repository's root (the test runs in deploytest/).
func root(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(wd)
}

// proc is a child process whose stderr is kept and echoed to the test log with a prefix.
type proc struct {
	name   string
	cmd    *exec.Cmd
	exited chan error
	mu     sync.Mutex
	log    []string
}

func startProc(t testing.TB, name, bin string, args, env []string) *proc {
	t.Helper()
	p := &proc{name: name, exited: make(chan error, 1)}
	p.cmd = exec.Command(bin, args...)
	p.cmd.Env = env
	p.cmd.Stdout = io.Discard
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			p.mu.Lock()
			p.log = append(p.log, sc.Text())
			p.mu.Unlock()
		}
		p.exited <- p.cmd.Wait()
	}()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			_ = p.cmd.Process.Kill()
			<-p.exited
		}
		if t.Failed() {
			t.Logf("%s stderr (last 40 lines):\n%s", name, p.tail(40))
		}
	})
	return p
}

func (p *proc) tail(n int) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	from := max(0, len(p.log)-n)
	return strings.Join(p.log[from:], "\n")
}

// lines are the stderr lines containing s.
func (p *proc) lines(s string) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, l := range p.log {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return out
}

// portal is one portal process slot: restarted in place on the same address.
type portal struct {
	name, addr, bin string
	args, env       []string // args: before the portal's own (a wrapper such as taskset)
	p               *proc
}

func (pt *portal) start(t testing.TB, ready time.Duration) {
	t.Helper()
	pt.p = startProc(t, "portal "+pt.name, pt.bin, pt.args, append(pt.env, "PORTAL_ADDR="+pt.addr))
	waitHealthy(t, pt, ready)
}

func waitHealthy(t testing.TB, pt *portal, within time.Duration) {
	t.Helper()
	client := &http.Client{Timeout: 5 * time.Second}
	deadline := time.Now().Add(within)
	for {
		res, err := client.Get("http://" + pt.addr + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("portal %s: /healthz did not answer 200 within %v: %v", pt.name, within, err)
		}
		select {
		case err := <-pt.p.exited:
			t.Fatalf("portal %s exited before answering: %v", pt.name, err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// stop sends SIGTERM and waits for the process to end by itself; it answers how long that took.
func (pt *portal) stop(t testing.TB, within time.Duration) time.Duration {
	t.Helper()
	t0 := time.Now()
	if err := pt.p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-pt.p.exited:
		if err != nil {
			t.Fatalf("portal %s exit after SIGTERM: %v; want 0", pt.name, err)
		}
	case <-time.After(within):
		t.Fatalf("portal %s still running %v after SIGTERM", pt.name, within)
	}
	return time.Since(t0)
}

// haproxyCLI sends one command to HAProxy's runtime API and answers its reply.
func haproxyCLI(sock, cmd string) (string, error) {
	c, err := net.DialTimeout("unix", sock, 2*time.Second)
	if err != nil {
		return "", err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, cmd+"\n"); err != nil {
		return "", err
	}
	b, err := io.ReadAll(c)
	return string(b), err
}

// serverStat is a backend server's line of `show stat`: its status (UP, DOWN, DRAIN, MAINT…)
// and its current sessions.
func serverStat(sock, server string) (status string, current int, err error) {
	out, err := haproxyCLI(sock, "show stat")
	if err != nil {
		return "", 0, err
	}
	var head []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "# ") {
			head = strings.Split(strings.TrimPrefix(l, "# "), ",")
			continue
		}
		f := strings.Split(l, ",")
		if len(f) < 2 || f[0] != "portals" || f[1] != server {
			continue
		}
		col := func(name string) string {
			for i, h := range head {
				if h == name && i < len(f) {
					return f[i]
				}
			}
			return ""
		}
		_, _ = fmt.Sscan(col("scur"), &current)
		return col("status"), current, nil
	}
	return "", 0, fmt.Errorf("no server %s in show stat: %q", server, out)
}

// waitStat polls until ok(status, current sessions) holds.
func waitStat(t testing.TB, sock, server string, within time.Duration, what string, ok func(string, int) bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		st, cur, err := serverStat(sock, server)
		if err == nil && ok(st, cur) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("haproxy server %s not %s within %v: status %q sessions %d (%v)", server, what, within, st, cur, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
