package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/redis/go-redis/v9"

	"portal/redisdown"
	"portal/session"
)

func TestUnavailableClassification(t *testing.T) {
	netErr := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"a bug", errors.New("index out of range"), false},
		{"a missing session", session.ErrNotFound, false},
		{"a redis miss", redis.Nil, false},
		{"a net error", fmt.Errorf("wrapped: %w", netErr), true},
		{"sessions", fmt.Errorf("load: %w", fmt.Errorf("%w: %w", redisdown.ErrUnavailable, netErr)), true},
		{"rate limiter", fmt.Errorf("%w: x", redisdown.ErrUnavailable), true},
		{"closed redis client", redis.ErrClosed, true},
		{"redis pool timeout", redis.ErrPoolTimeout, true},
		{"closed store connection", fmt.Errorf("store: %w", sql.ErrConnDone), true},
		{"dependency deadline", fmt.Errorf("store: %w", context.DeadlineExceeded), true},
		{"marked by a provider", fmt.Errorf("%w: upstream", errUnavailable), true},
	} {
		if got := Unavailable(tc.err); got != tc.want {
			t.Errorf("%s: Unavailable(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}
