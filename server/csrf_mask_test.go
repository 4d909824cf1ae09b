package server

import (
	"testing"

	"portal/session"
)

// One response hands out one mask; the next response another; a session
// replaced mid-request gets a mask of its own token.
func TestRequestCSRFOneMaskPerResponse(t *testing.T) {
	a := &session.Session{CSRF: "c2Vzc2lvbi1vbmUtY3NyZi10b2tlbi1ieXRlcy0zMi0"}
	b := &session.Session{CSRF: "YW5vdGhlci1zZXNzaW9uLWNzcmYtdG9rZW4tYnl0ZXM"}
	first := &Request{Session: a}
	tok := first.CSRF()
	if tok == "" || tok == a.CSRF || !CSRFValid(a, tok) {
		t.Fatalf("mask %q of %q: not a valid masked token", tok, a.CSRF)
	}
	if again := first.CSRF(); again != tok {
		t.Errorf("second form of one response got %q, want the response's mask %q", again, tok)
	}
	if next := (&Request{Session: a}).CSRF(); next == tok || !CSRFValid(a, next) {
		t.Errorf("the next response reused the mask %q (or it does not validate)", next)
	}
	first.Session = b
	rotated := first.CSRF()
	if !CSRFValid(b, rotated) || CSRFValid(a, rotated) {
		t.Errorf("after the session changed the mask %q is not of the new token", rotated)
	}
	if (&Request{}).CSRF() != "" {
		t.Error("a request without a session has a CSRF token")
	}
}
