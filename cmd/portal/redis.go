package main

import (
	"time"

	"github.com/redis/go-redis/v9"
)

// Short enough that a request during a Redis outage fails (and answers
// 503) well under half a second instead of go-redis's defaults (5 s dial,
// 3 s read, 3 retries with backoff, 5 dials per attempt); long enough for a healthy Redis on the
// same network, which answers in a millisecond.
const (
	redisDialTimeout = 200 * time.Millisecond
	redisIOTimeout   = 300 * time.Millisecond
	redisMaxRetries  = 1
	// One dial per attempt: go-redis otherwise dials 5 times, 100 ms apart,
	// before a command even fails (most of the 1.7 s of an outage).
	redisDialerRetries = 1
)

// redisOptions parses url and bounds every wait the client may make. A
// timeout set in the URL (dial_timeout=…) is kept: the operator chose it.
// go-redis redials on the next command, so no restart is needed once Redis
// is back.
func redisOptions(url string) (*redis.Options, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, err
	}
	def, _ := redis.ParseURL("redis://localhost")
	if opt.DialTimeout == def.DialTimeout {
		opt.DialTimeout = redisDialTimeout
	}
	if opt.ReadTimeout == def.ReadTimeout {
		opt.ReadTimeout = redisIOTimeout
	}
	if opt.WriteTimeout == def.WriteTimeout {
		opt.WriteTimeout = redisIOTimeout
	}
	if opt.MaxRetries == def.MaxRetries {
		opt.MaxRetries = redisMaxRetries
	}
	if opt.DialerRetries == def.DialerRetries {
		opt.DialerRetries = redisDialerRetries
	}
	opt.MinRetryBackoff = 8 * time.Millisecond
	opt.MaxRetryBackoff = 64 * time.Millisecond
	return opt, nil
}
