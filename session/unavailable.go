package session

import (
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// ErrUnavailable marks a store error that comes from not reaching Redis
// (refused, timed out, closed pool) rather than from what it answered, so
// the server can answer 503 instead of treating the outage as a bug.
var ErrUnavailable = errors.New("session: store unavailable")

// unavailable adds ErrUnavailable to err when Redis was not reached: a
// reply error (redis.Error) or a miss is Redis answering, anything else is
// the connection.
func unavailable(err error) error {
	var reply redis.Error
	if err == nil || errors.Is(err, redis.Nil) || errors.Is(err, ErrUnavailable) || errors.As(err, &reply) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrUnavailable, err)
}
