package ratelimit

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/redisdown"
)

// hitScript increments and starts the window in one atomic step, so two
// concurrent first hits cannot both see an unexpiring counter and no hit can
// land between INCR and PEXPIRE. A counter found without an expiry (written
// by hand, or left by an older version) gets one, so a key can never lock a
// user out forever.
var hitScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
local ttl = -1
if n > 1 then
  ttl = redis.call('PTTL', KEYS[1])
end
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`)

// Redis is a Limiter whose counts live in Redis and are shared by every
// instance of the portal.
//
// go-redis retries a command after some network errors, so a hit whose
// reply was lost may be counted twice. That errs on the side of limiting,
// which is acceptable here; it is why nothing but rate limits may rely on
// this counter.
type Redis struct {
	client redis.UniversalClient
	prefix string
}

// NewRedis returns a Limiter storing counters under prefix+key on client (a
// single server, Sentinel or Cluster: each command touches one key). An empty
// prefix means "rl:".
func NewRedis(client redis.UniversalClient, prefix string) *Redis {
	if prefix == "" {
		prefix = "rl:"
	}
	return &Redis{client: client, prefix: prefix}
}

// Hit implements Limiter.
func (r *Redis) Hit(ctx context.Context, key string, limit int, window time.Duration) (Result, error) {
	if err := validate(key, limit, window); err != nil {
		return Result{}, err
	}
	vals, err := hitScript.Run(ctx, r.client, []string{r.prefix + key}, window.Milliseconds()).Int64Slice()
	if err != nil {
		return Result{}, fmt.Errorf("ratelimit: hit: %w", redisdown.Mark(err))
	}
	if len(vals) != 2 {
		return Result{}, fmt.Errorf("ratelimit: hit: unexpected reply %v", vals)
	}
	return result(int(vals[0]), limit, time.Duration(vals[1])*time.Millisecond), nil
}

// Reset implements Limiter.
func (r *Redis) Reset(ctx context.Context, key string) error {
	if err := r.client.Del(ctx, r.prefix+key).Err(); err != nil {
		return fmt.Errorf("ratelimit: reset: %w", redisdown.Mark(err))
	}
	return nil
}

// Block implements Limiter: one SET replaces count and expiry atomically.
func (r *Redis) Block(ctx context.Context, key string, d time.Duration) error {
	if err := validate(key, 1, d); err != nil {
		return err
	}
	if err := r.client.Set(ctx, r.prefix+key, blocked, d).Err(); err != nil {
		return fmt.Errorf("ratelimit: block: %w", redisdown.Mark(err))
	}
	return nil
}

var (
	_ Limiter = (*Redis)(nil)
	_ Limiter = (*Memory)(nil)
)
