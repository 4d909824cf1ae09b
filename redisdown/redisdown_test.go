package redisdown

import (
	"errors"
	"fmt"
	"testing"

	"github.com/redis/go-redis/v9"
)

func TestMark(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{nil, false},
		{redis.Nil, false},
		{redis.TxFailedErr, false},
		{redis.ErrClosed, true},
		{fmt.Errorf("dial: %w", errors.New("connection refused")), true},
		{Mark(redis.ErrClosed), true},
	} {
		if got := errors.Is(Mark(tc.err), ErrUnavailable); got != tc.want {
			t.Errorf("Mark(%v) marked %v, want %v", tc.err, got, tc.want)
		}
	}
}
