package testenv

import (
	"bufio"
	"net"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
)

func TestRedisAnswersAndStops(t *testing.T) {
	if os.Getenv(EnvRedisURL) != "" {
		t.Skipf("%s is set: this test is about the server testenv starts itself", EnvRedisURL)
	}
	u, stop, err := StartRedis()
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	if parsed.Scheme != "redis" || parsed.Hostname() != "127.0.0.1" || parsed.Path != "/0" {
		t.Fatalf("URL %q: want redis://127.0.0.1:PORT/0", u)
	}
	if err := ping(parsed.Host); err != nil {
		t.Fatalf("PING after start: %v", err)
	}
	// Persistence must be off, or tests would write dump files and pay fsyncs.
	for _, q := range []struct{ param, want string }{{"save", ""}, {"appendonly", "no"}, {"bind", "127.0.0.1"}} {
		if got := configGet(t, parsed.Host, q.param); got != q.want {
			t.Errorf("CONFIG GET %s = %q, want %q", q.param, got, q.want)
		}
	}

	stop()
	stop() // a second call must be harmless: Cleanup and defer may both run it
	if err := ping(parsed.Host); err == nil {
		t.Fatal("server still answers after stop")
	}
}

func TestRedisPerTestServersAreSeparate(t *testing.T) {
	if os.Getenv(EnvRedisURL) != "" {
		t.Skipf("%s is set: every test shares that server", EnvRedisURL)
	}
	a, b := Redis(t), Redis(t)
	if a == b {
		t.Fatalf("two calls returned the same server %s", a)
	}
}

func TestRedisUsesEnvURL(t *testing.T) {
	const want = "redis://127.0.0.1:1/9"
	t.Setenv(EnvRedisURL, want)
	if got := Redis(t); got != want {
		t.Fatalf("Redis() = %q, want the configured %q", got, want)
	}
}

func TestStartRedisWithoutBinaryNamesTheFix(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, _, err := StartRedis()
	if err == nil {
		t.Fatal("StartRedis succeeded without redis-server in PATH")
	}
	if !strings.Contains(err.Error(), "apt-get install -y redis-server") {
		t.Fatalf("error %q does not say how to install redis-server", err)
	}
}

func TestKeyPrefixUnique(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		p := KeyPrefix(t)
		if seen[p] {
			t.Fatalf("prefix %q repeated", p)
		}
		seen[p] = true
	}
}

func configGet(t *testing.T, addr, param string) string {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Second))
	if _, err := c.Write([]byte("CONFIG GET " + param + "\r\n")); err != nil {
		t.Fatal(err)
	}
	// Reply: *2 $len name $len value (RESP2).
	r := bufio.NewReader(c)
	var lines []string
	for range 5 {
		l, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("CONFIG GET %s: %v (read so far %q)", param, err, lines)
		}
		lines = append(lines, strings.TrimRight(l, "\r\n"))
	}
	return lines[4]
}
