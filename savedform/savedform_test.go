package savedform

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/testenv"
)

func TestSecret(t *testing.T) {
	for name, want := range map[string]bool{
		"_csrf": true, "password": true, "password_confirmation": true, "current_password": true, "Password": true,
		"code": true, "otp": true, "totp": true, "mfa_code": true, "pin": true, "cvv": true,
		"api_token": true, "access_token": true, "client_secret": true, "apiKey": true,
		"country_code": false, "reason_code": false, "purpose_code": false, "amount": false, "idempotency_key": false,
		"end_to_end_id": false, "shipping": false, "opinion": false,
	} {
		if got := Secret(name); got != want {
			t.Errorf("Secret(%q) = %v", name, got)
		}
	}
}

func TestKeep(t *testing.T) {
	kept, dropped, ok := Keep([]Field{{"_csrf", "t"}, {"amount", "1"}, {"password", "p"}, {"tag", "a"}, {"tag", "b"}})
	if !ok || len(kept) != 3 || kept[0].Name != "amount" || kept[2].Value != "b" || strings.Join(dropped, ",") != "password" {
		t.Fatalf("kept %v dropped %v ok %v", kept, dropped, ok)
	}
	many := make([]Field, MaxFields+1)
	for i := range many {
		many[i] = Field{"f", "v"}
	}
	if _, _, ok := Keep(many); ok {
		t.Error("a form of more than MaxFields fields kept")
	}
	if _, _, ok := Keep([]Field{{"a", strings.Repeat("x", MaxBytes)}}); ok {
		t.Error("a form of more than MaxBytes kept")
	}
	if _, _, ok := Keep([]Field{{"a", strings.Repeat("x", MaxBytes-1)}}); !ok {
		t.Error("a form just under MaxBytes refused")
	}
}

// stores runs f on each kind of store.
func stores(t *testing.T, f func(t *testing.T, s Store)) {
	t.Run("memory", func(t *testing.T) { f(t, NewMemoryStore(MemoryCap)) })
	t.Run("redis", func(t *testing.T) {
		opt, err := redis.ParseURL(testenv.Redis(t))
		if err != nil {
			t.Fatal(err)
		}
		rdb := redis.NewClient(opt)
		t.Cleanup(func() { rdb.Close() })
		f(t, &RedisStore{client: rdb, prefix: "test:saved:" + NewID()[:8] + ":"})
	})
}

func TestStoreClaim(t *testing.T) {
	stores(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		id := NewID()
		in := &Form{Action: "/org/x/accounts/1/transfer", Fields: []Field{{"amount", "1.00"}}, Created: time.Now().UTC(), Owner: "user-a"}
		if err := s.Put(ctx, id, in, TTL); err != nil {
			t.Fatal(err)
		}
		// Another user (the next person at a shared computer) is not
		// offered it, and looking does not claim it from its owner.
		for _, other := range []string{"user-b", "", "user-"} {
			if _, err := s.Claim(ctx, id, other, "session-b"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("owner %q: %v", other, err)
			}
		}
		f, err := s.Claim(ctx, id, "user-a", "session-a")
		if err != nil || f.Action != in.Action || f.Fields[0].Value != "1.00" {
			t.Fatalf("claim: %v %v", f, err)
		}
		if _, err := s.Claim(ctx, id, "user-a", "session-a"); err != nil {
			t.Fatalf("the owner again: %v", err)
		}
		if _, err := s.Claim(ctx, id, "user-a", "session-b"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("another session: %v", err)
		}
		for _, bad := range []string{"", "short", NewID()} {
			if _, err := s.Claim(ctx, bad, "user-a", "session-a"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("claim %q: %v", bad, err)
			}
		}
		if err := s.Delete(ctx, id); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Claim(ctx, id, "user-a", "session-a"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("after delete: %v", err)
		}
	})
}

func TestMemoryStoreExpiryAndCap(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	m := NewMemoryStore(2)
	m.Now = func() time.Time { return now }
	a, b, c := NewID(), NewID(), NewID()
	_ = m.Put(ctx, a, &Form{Action: "/a", Owner: "u"}, TTL)
	now = now.Add(time.Second)
	_ = m.Put(ctx, b, &Form{Action: "/b", Owner: "u"}, TTL)
	_ = m.Put(ctx, c, &Form{Action: "/c", Owner: "u"}, TTL) // past the cap: a (closest to expiry) goes
	if _, err := m.Claim(ctx, a, "u", "s"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the oldest survived the cap: %v", err)
	}
	if _, err := m.Claim(ctx, c, "u", "s"); err != nil {
		t.Fatal(err)
	}
	now = now.Add(TTL)
	if _, err := m.Claim(ctx, c, "u", "s"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an expired form: %v", err)
	}
}
