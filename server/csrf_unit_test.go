package server

import (
	"encoding/base64"
	"strings"
	"testing"

	"portal/session"
)

func TestCSRFMaskUnit(t *testing.T) {
	sess := &session.Session{CSRF: base64.RawURLEncoding.EncodeToString([]byte("0123456789abcdef0123456789abcdef"))}
	other := &session.Session{CSRF: base64.RawURLEncoding.EncodeToString([]byte("fedcba9876543210fedcba9876543210"))}
	a, b := MaskedCSRF(sess), MaskedCSRF(sess)
	if a == b || a == sess.CSRF || strings.Contains(a, sess.CSRF) {
		t.Fatalf("masks not fresh: %q %q", a, b)
	}
	flip := func(s string, i int) string {
		bs, _ := base64.RawURLEncoding.DecodeString(s)
		bs[i] ^= 1
		return base64.RawURLEncoding.EncodeToString(bs)
	}
	for _, tc := range []struct {
		name string
		sess *session.Session
		tok  string
		want bool
	}{
		{"masked", sess, a, true},
		{"masked again", sess, b, true},
		{"plain", sess, sess.CSRF, true},
		{"pad altered", sess, flip(a, 3), false},
		{"body altered", sess, flip(a, 40), false},
		{"truncated", sess, a[:len(a)-2], false},
		{"doubled", sess, a + a, false},
		{"another session's", other, a, false},
		{"not base64", sess, strings.Repeat("*", len(a)), false},
		{"empty", sess, "", false},
		{"no session", nil, a, false},
		{"session without token", &session.Session{}, MaskedCSRF(&session.Session{}), false},
	} {
		if got := CSRFValid(tc.sess, tc.tok); got != tc.want {
			t.Errorf("%s: valid %v, want %v", tc.name, got, tc.want)
		}
	}
}
