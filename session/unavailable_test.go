package session

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/redisdown"
)

func TestRedisStoreUnavailable(t *testing.T) {
	// A port nobody listens on: the listener is closed before the client dials.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	rdb := redis.NewClient(&redis.Options{Addr: addr, DialTimeout: 200 * time.Millisecond, MaxRetries: -1, DialerRetries: 1})
	defer rdb.Close()
	st := NewRedisStore(rdb, "t:")
	ctx := context.Background()
	for name, err := range map[string]error{
		"get":  func() error { _, err := st.Get(ctx, "h"); return err }(),
		"ping": st.Ping(ctx),
	} {
		if !errors.Is(err, redisdown.ErrUnavailable) {
			t.Errorf("%s without Redis: %v, want ErrUnavailable", name, err)
		}
	}
}
