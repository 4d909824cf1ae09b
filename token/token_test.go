package token

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestVerify(t *testing.T) {
	secret := []byte(strings.Repeat("k", 32))
	s, err := NewSigner(secret, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	s.Now = func() time.Time { return now }
	good, _ := s.Issue("u1", "sid", "dashboard")
	other, _ := NewSigner([]byte(strings.Repeat("x", 32)), time.Minute)
	other.Now = s.Now
	foreign, _ := other.Issue("u1", "sid", "dashboard")
	parts := strings.Split(good, ".")
	none := b64(`{"alg":"none","typ":"JWT"}`) + "." + parts[1] + "."
	rs := b64(`{"alg":"RS256","typ":"JWT"}`) + "." + parts[1] + "." + parts[2]
	wrongAud := func() string {
		body := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"u1","typ":"access","aud":"other","exp":1800000060,"nbf":1800000000}`))
		in := header + "." + body
		return in + "." + s.sign(in)
	}()
	refreshType := func() string {
		body := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"u1","typ":"refresh","aud":"portal","exp":1800000060,"nbf":1800000000}`))
		in := header + "." + body
		return in + "." + s.sign(in)
	}()
	future := func() string {
		body := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"u1","typ":"access","aud":"portal","exp":1800000600,"nbf":1800000300}`))
		in := header + "." + body
		return in + "." + s.sign(in)
	}()
	tests := []struct {
		name string
		tok  string
		at   time.Duration
		want error
	}{
		{"valid", good, 0, nil},
		{"expired", good, time.Minute, ErrExpired},
		{"other secret", foreign, 0, ErrSignature},
		{"alg none", none, 0, ErrAlgorithm},
		{"alg RS256", rs, 0, ErrAlgorithm},
		{"wrong audience", wrongAud, 0, ErrClaims},
		{"wrong type", refreshType, 0, ErrClaims},
		{"not before", future, 0, ErrNotYet},
		{"garbage", "a.b", 0, ErrMalformed},
		{"tampered body", parts[0] + "." + b64(`{"sub":"admin"}`) + "." + parts[2], 0, ErrSignature},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.Now = func() time.Time { return now.Add(tt.at) }
			c, err := s.Verify(tt.tok)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if err == nil && (c.Subject != "u1" || !c.HasScope("dashboard") || c.HasScope("login")) {
				t.Fatalf("claims %+v", c)
			}
		})
	}
}

func TestShortSecretRefused(t *testing.T) {
	if _, err := NewSigner([]byte("short"), time.Minute); err == nil {
		t.Fatal("short secret accepted")
	}
}
