// Package token issues and checks the API's bearer tokens: compact JWTs
// signed with HMAC-SHA256. Verification accepts only that algorithm and
// checks type, audience, expiry and not-before (docs/security.md, Requests).
package token

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// Claims of an access token. Scope is space-separated ("login", "dashboard").
// Sid names the server-side session the token belongs to, so logout and
// "end all sessions" revoke tokens too. It holds the session's handle, never
// its id: token payloads are only signed, not encrypted, and the id is the
// refresh cookie's credential.
type Claims struct {
	Subject   string `json:"sub"`
	Session   string `json:"sid"`
	Scope     string `json:"scope"`
	Type      string `json:"typ"`
	Audience  string `json:"aud"`
	IssuedAt  int64  `json:"iat"`
	NotBefore int64  `json:"nbf"`
	ExpiresAt int64  `json:"exp"`
}

// HasScope reports whether the space-separated scope list holds s.
func (c Claims) HasScope(s string) bool {
	for _, x := range strings.Fields(c.Scope) {
		if x == s {
			return true
		}
	}
	return false
}

const (
	audience   = "portal"
	typeAccess = "access"
)

var (
	ErrMalformed = errors.New("token: malformed")
	ErrAlgorithm = errors.New("token: algorithm not allowed")
	ErrSignature = errors.New("token: bad signature")
	ErrExpired   = errors.New("token: expired")
	ErrNotYet    = errors.New("token: not valid yet")
	ErrClaims    = errors.New("token: wrong type or audience")
)

// Signer issues and verifies tokens with one secret.
type Signer struct {
	key []byte
	TTL time.Duration
	Now func() time.Time
}

// NewSigner needs a secret of at least 32 bytes.
func NewSigner(secret []byte, ttl time.Duration) (*Signer, error) {
	if len(secret) < 32 {
		return nil, errors.New("token: secret shorter than 32 bytes")
	}
	return &Signer{key: append([]byte(nil), secret...), TTL: ttl, Now: time.Now}, nil
}

var header = b64(`{"alg":"HS256","typ":"JWT"}`)

func b64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// Issue returns a signed access token and its expiry. session is the
// session's handle (session.Session.Handle).
func (s *Signer) Issue(subject, session, scope string) (string, time.Time) {
	now := s.Now()
	exp := now.Add(s.TTL)
	c := Claims{Subject: subject, Session: session, Scope: scope, Type: typeAccess, Audience: audience,
		IssuedAt: now.Unix(), NotBefore: now.Unix(), ExpiresAt: exp.Unix()}
	body, _ := json.Marshal(c)
	signing := header + "." + base64.RawURLEncoding.EncodeToString(body)
	return signing + "." + s.sign(signing), exp
}

func (s *Signer) sign(in string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(in))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Tag is a keyed digest of value for one purpose (base64url): it lets a
// cookie name a user without saying who, and only this server makes or
// checks one. The prefix keeps tags apart from token signatures, which
// always start with the encoded header.
func (s *Signer) Tag(purpose, value string) string {
	return s.sign("tag\x00" + purpose + "\x00" + value)
}

// Verify checks a token and returns its claims.
func (s *Signer) Verify(tok string) (Claims, error) {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return Claims{}, ErrMalformed
	}
	hb, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil {
		return Claims{}, ErrMalformed
	}
	var h struct {
		Alg string `json:"alg"`
	}
	if json.Unmarshal(hb, &h) != nil {
		return Claims{}, ErrMalformed
	}
	// Allowlist: "none" and asymmetric algorithms are refused before any
	// signature work, so a forged header cannot change how we verify.
	if h.Alg != "HS256" {
		return Claims{}, ErrAlgorithm
	}
	want := s.sign(parts[0] + "." + parts[1])
	if !hmac.Equal([]byte(want), []byte(parts[2])) {
		return Claims{}, ErrSignature
	}
	cb, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return Claims{}, ErrMalformed
	}
	var c Claims
	if json.Unmarshal(cb, &c) != nil {
		return Claims{}, ErrMalformed
	}
	if c.Type != typeAccess || c.Audience != audience {
		return Claims{}, ErrClaims
	}
	now := s.Now().Unix()
	if now >= c.ExpiresAt {
		return Claims{}, ErrExpired
	}
	if now < c.NotBefore {
		return Claims{}, ErrNotYet
	}
	return c, nil
}
