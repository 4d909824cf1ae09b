package main

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRedisOptionsUnavailableFast(t *testing.T) {
	for _, tc := range []struct {
		url                 string
		dial, read, write   time.Duration
		retries, dialerTrys int
	}{
		{"redis://127.0.0.1:6379/0", redisDialTimeout, redisIOTimeout, redisIOTimeout, redisMaxRetries, redisDialerRetries},
		// A wait the operator set in the URL is kept.
		{"redis://127.0.0.1:6379/0?dial_timeout=1s&read_timeout=2s&max_retries=3", time.Second, 2 * time.Second, redisIOTimeout, 3, redisDialerRetries},
	} {
		opt, err := redisOptions(tc.url)
		if err != nil {
			t.Fatalf("%s: %v", tc.url, err)
		}
		if opt.DialTimeout != tc.dial || opt.ReadTimeout != tc.read || opt.WriteTimeout != tc.write ||
			opt.MaxRetries != tc.retries || opt.DialerRetries != tc.dialerTrys {
			t.Errorf("%s: dial %s read %s write %s retries %d dialer retries %d", tc.url,
				opt.DialTimeout, opt.ReadTimeout, opt.WriteTimeout, opt.MaxRetries, opt.DialerRetries)
		}
	}
	opt, _ := redisOptions("redis://127.0.0.1:6379/0")
	// The worst case of one command against a Redis that does not answer:
	// every attempt dials until its timeout.
	if worst := time.Duration(opt.MaxRetries+1)*opt.DialTimeout + opt.MaxRetryBackoff; worst >= 500*time.Millisecond {
		t.Errorf("a command may wait %s during an outage", worst)
	}
}

func TestRedisOptionsBadURL(t *testing.T) {
	if _, err := redisOptions("http://nope"); err == nil {
		t.Fatal("a non-redis URL was accepted")
	}
}

func TestRedisOptionsModes(t *testing.T) {
	for _, tc := range []struct {
		url, mode, master, user, pass, sentinelPass string
		addrs                                       []string
		db                                          int
		dial                                        time.Duration
	}{
		{url: "redis://127.0.0.1:6379/2", mode: "standalone", addrs: []string{"127.0.0.1:6379"}, db: 2, dial: redisDialTimeout},
		{url: "rediss://:pw@cache.internal:6380/0", mode: "standalone", addrs: []string{"cache.internal:6380"}, pass: "pw", dial: redisDialTimeout},
		{url: "redis-sentinel://s1:26379,s2:26380,s3/portal", mode: "sentinel", master: "portal",
			addrs: []string{"s1:26379", "s2:26380", "s3:26379"}, dial: redisDialTimeout},
		{url: "redis-sentinel://app:p%40ss@10.0.0.1:26379/portal?db=3&sentinel_password=sp&dial_timeout=1s", mode: "sentinel",
			master: "portal", user: "app", pass: "p@ss", sentinelPass: "sp", addrs: []string{"10.0.0.1:26379"}, db: 3, dial: time.Second},
		{url: "redis-sentinel://[::1]:26379,[::1]:26380/m", mode: "sentinel", master: "m", addrs: []string{"[::1]:26379", "[::1]:26380"}, dial: redisDialTimeout},
		{url: "redis-cluster://n1:7000,n2:7001,n3:7002", mode: "cluster", addrs: []string{"n1:7000", "n2:7001", "n3:7002"}, dial: redisDialTimeout},
		// One seed is still a Cluster: the scheme says so, not the count.
		{url: "redis-cluster://:secret@n1", mode: "cluster", pass: "secret", addrs: []string{"n1:6379"}, dial: redisDialTimeout},
		{url: "redis-cluster://n1:7000?read_timeout=2", mode: "cluster", addrs: []string{"n1:7000"}, dial: redisDialTimeout},
	} {
		opt, err := redisOptions(tc.url)
		if err != nil {
			t.Errorf("%s: %v", tc.url, err)
			continue
		}
		if got := redisMode(opt); got != tc.mode {
			t.Errorf("%s: mode %s, want %s", tc.url, got, tc.mode)
		}
		if !slices.Equal(opt.Addrs, tc.addrs) || opt.MasterName != tc.master || opt.DB != tc.db ||
			opt.Username != tc.user || opt.Password != tc.pass || opt.SentinelPassword != tc.sentinelPass {
			t.Errorf("%s: addrs %v master %q db %d user %q pass %q sentinel pass %q", tc.url,
				opt.Addrs, opt.MasterName, opt.DB, opt.Username, opt.Password, opt.SentinelPassword)
		}
		// The outage bounds hold in every mode.
		if opt.DialTimeout != tc.dial || opt.MaxRetries != redisMaxRetries || opt.DialerRetries != redisDialerRetries ||
			opt.WriteTimeout != redisIOTimeout || opt.MaxRetryBackoff > 64*time.Millisecond {
			t.Errorf("%s: dial %s write %s retries %d dialer retries %d backoff %s", tc.url,
				opt.DialTimeout, opt.WriteTimeout, opt.MaxRetries, opt.DialerRetries, opt.MaxRetryBackoff)
		}
	}
}

func TestRedisOptionsRejects(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"127.0.0.1:6379", "want redis://"},
		{"memcached://h:1", `unknown scheme "memcached"`},
		{"redis-sentinel://s1:26379", "master's name"},
		{"redis-sentinel://s1:26379/", "master's name"},
		{"redis-sentinel://s1:26379/a/b", "master's name"},
		{"redis-sentinel:///portal", "no host"},
		{"redis-sentinel://s1:26379,,s2/portal", "empty host"},
		{"redis-sentinel://s1:0/portal", "not 1–65535"},
		{"redis-sentinel://s1:http/portal", "not 1–65535"},
		{"redis-sentinel://s1/portal?db=-1", "db="},
		{"redis-sentinel://s1/portal?db=x", "db="},
		{"redis-sentinel://s1/portal?sentinel_master=x", `unknown option "sentinel_master"`},
		{"redis-sentinel://s1/portal?dial_timeout=soon", "dial_timeout"},
		{"redis-sentinel://s1/portal?dial_timeout=1s&dial_timeout=2s", "given 2 times"},
		{"redis-cluster://n1:7000/0", "takes no path"},
		{"redis-cluster://n1:7000?db=1", "only database 0"},
		{"redis-cluster://n1:7000?sentinel_password=x", "for Sentinel URLs"},
		{"redis-cluster://n1:7000#x", "fragment"},
		{"redis-cluster://:p%zz@n1", "escape"},
	} {
		_, err := redisOptions(tc.url)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.url, err, tc.want)
		}
	}
	// A password never reaches the message.
	if _, err := redisOptions("foo:bar:secret@h"); err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("error %v shows the password", err)
	}
}

func TestRedisLoggerHoldsBackRepeats(t *testing.T) {
	var out bytes.Buffer
	l := newRedisLogger(slog.New(slog.NewTextHandler(&out, nil)))
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	l.now = func() time.Time { return at }
	for _, step := range []struct {
		after time.Duration
		lines int // lines written so far
	}{
		{0, 1}, {time.Second, 1}, {8 * time.Second, 1}, {time.Second, 2}, {30 * time.Second, 3},
	} {
		at = at.Add(step.after)
		l.Printf(context.Background(), "redis: failed to dial %s", "127.0.0.1:6379")
		if got := strings.Count(out.String(), "\n"); got != step.lines {
			t.Fatalf("after +%v: %d lines, want %d:\n%s", step.after, got, step.lines, out.String())
		}
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if !strings.Contains(lines[1], "similar_lines_held_back=2") || !strings.Contains(lines[2], "similar_lines_held_back=0") {
		t.Errorf("held-back counts wrong:\n%s", out.String())
	}
	if !strings.Contains(lines[0], "failed to dial 127.0.0.1:6379") || !strings.Contains(lines[0], "level=WARN") {
		t.Errorf("first line = %q", lines[0])
	}
}
