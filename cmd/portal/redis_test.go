package main

import (
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
