// Package mfa holds the pure parts of multi-factor authentication: TOTP codes (RFC 6238),
// otpauth:// URIs and their QR codes as inline SVG, and the phone-number rules of SMS
// codes. It keeps no state: callers store secrets and the last used time step.
package mfa

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base32"
	"encoding/binary"
	"errors"
	"net/url"
	"strings"
	"time"
)

// The TOTP parameters every authenticator app understands by default (RFC 6238 with
// HMAC-SHA1, as Google Authenticator's key URI format defaults to).
const (
	Digits = 6
	Period = 30 // seconds per time step
	// SecretBytes is the secret's length: 160 bits, the HMAC-SHA1 output size that RFC 4226
	// section 4 recommends.
	SecretBytes = 20
)

// ErrBadSecret reports a secret that is not base32.
var ErrBadSecret = errors.New("mfa: secret is not valid base32")

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewSecret returns SecretBytes random bytes from crypto/rand as base32 without padding
// (32 characters), the form authenticator apps accept when the secret is typed in.
func NewSecret() string {
	key := make([]byte, SecretBytes)
	_, _ = rand.Read(key) // never fails: crypto/rand crashes the program rather than return short
	return b32.EncodeToString(key)
}

// decodeSecret accepts the secret as typed: any case, with spaces or padding.
func decodeSecret(secret string) ([]byte, error) {
	s := strings.ToUpper(strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, secret))
	s = strings.TrimRight(s, "=")
	key, err := b32.DecodeString(s)
	if err != nil || len(key) == 0 {
		return nil, ErrBadSecret
	}
	return key, nil
}

// Step returns the RFC 6238 time step of t: whole periods since the Unix epoch.
func Step(t time.Time) int64 {
	u := t.Unix()
	step := u / Period
	if u < 0 && u%Period != 0 {
		step-- // floor, not truncation, for times before 1970
	}
	return step
}

// Code returns the code for secret at time t.
func Code(secret string, t time.Time) (string, error) {
	key, err := decodeSecret(secret)
	if err != nil {
		return "", err
	}
	return string(hotp(key, Step(t))), nil
}

// hotp is RFC 4226's HOTP with Digits digits, as ASCII.
func hotp(key []byte, counter int64) []byte {
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(counter))
	mac := hmac.New(sha1.New, key)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	out := make([]byte, Digits)
	for i := Digits - 1; i >= 0; i-- {
		out[i] = byte('0' + bin%10)
		bin /= 10
	}
	return out
}

// NormalizeCode strips the spaces people type or paste into a code ("123 456").
func NormalizeCode(code string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\u00a0' {
			return -1
		}
		return r
	}, code)
}

// Match reports whether code is the code for secret at t, allowing skew steps of clock
// drift either way, and returns the time step it matched. Callers store the highest step
// they accepted and refuse a match at or below it, so each code works once.
//
// Every step of the window is computed and compared in constant time, so the answer's
// timing says nothing about which step (or how many digits) matched. When two steps of
// the window share a code, the one nearest t wins.
func Match(secret, code string, t time.Time, skew int) (step int64, ok bool) {
	key, err := decodeSecret(secret)
	if err != nil {
		return 0, false
	}
	code = NormalizeCode(code)
	if len(code) != Digits || strings.Trim(code, "0123456789") != "" {
		return 0, false
	}
	skew = max(skew, 0)
	now := Step(t)
	found := false
	// Offsets 0, -1, +1, -2, +2, ... so the first match kept is the nearest one.
	for i := 0; i <= 2*skew; i++ {
		off := int64((i + 1) / 2)
		if i%2 == 1 {
			off = -off
		}
		s := now + off
		if subtle.ConstantTimeCompare(hotp(key, s), []byte(code)) == 1 && !found {
			step, found = s, true
		}
	}
	return step, found
}

// URI returns the otpauth:// key URI of Google Authenticator's format, which every
// authenticator app reads from a QR code:
//
//	otpauth://totp/Issuer:account?secret=...&issuer=Issuer&algorithm=SHA1&digits=6&period=30
//
// The label's issuer and account are percent-encoded (a colon in either would split the
// label in the wrong place, so it is encoded too); spaces become %20, not "+", which some
// apps would show literally.
func URI(issuer, account, secret string) string {
	label := escape(account)
	if issuer != "" {
		label = escape(issuer) + ":" + label
	}
	var q strings.Builder
	q.WriteString("secret=")
	q.WriteString(escape(secret))
	if issuer != "" {
		q.WriteString("&issuer=")
		q.WriteString(escape(issuer))
	}
	q.WriteString("&algorithm=SHA1&digits=6&period=30")
	return "otpauth://totp/" + label + "?" + q.String()
}

// escape percent-encodes everything but RFC 3986 unreserved characters and "@" (common in
// account names and safe in both the path and the query).
func escape(s string) string {
	e := url.QueryEscape(s) // escapes all but unreserved; space as "+"
	e = strings.ReplaceAll(e, "+", "%20")
	return strings.ReplaceAll(e, "%40", "@")
}
