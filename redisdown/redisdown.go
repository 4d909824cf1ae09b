// Package redisdown tells a Redis that was not reached from one that
// answered. The session store and the rate limiter mark their errors with it,
// so the server answers an outage with 503 instead of treating it as a bug.
package redisdown

import (
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// ErrUnavailable marks an error that comes from not reaching Redis
// (refused, timed out, closed pool) rather than from what it answered.
var ErrUnavailable = errors.New("redis unavailable")

// Mark adds ErrUnavailable to err when Redis was not reached: a reply error
// (redis.Error) or a miss is Redis answering, anything else is the connection.
func Mark(err error) error {
	var reply redis.Error
	if err == nil || errors.Is(err, redis.Nil) || errors.Is(err, ErrUnavailable) || errors.As(err, &reply) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrUnavailable, err)
}
