package server

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"

	"portal/session"
)

// BREACH: a compressed response that reflects attacker-chosen text (a search
// box echoing ?q=) next to a fixed secret leaks the secret through the
// response's size, one guessed character at a time. So no response carries
// the session's CSRF token itself: MaskedCSRF XORs it with a fresh random pad
// and sends pad and result together, different bytes every time, and
// CSRFValid takes either form back.
//
// One response masks once (Request.CSRF): the defence needs the bytes to differ
// between responses, not between the forms of one page, and each extra mask is
// 86 bytes no compressor can shrink (a dashboard carries five forms and islands).

// MaskedCSRF is the session's CSRF token as one response may hand it out
// (form field, island props, JSON reply): base64url of pad ‖ pad⊕token.
func MaskedCSRF(sess *session.Session) string {
	if sess == nil || sess.CSRF == "" {
		return ""
	}
	raw, err := base64.RawURLEncoding.DecodeString(sess.CSRF)
	if err != nil {
		// Not ours to mask (the session package makes base64url tokens);
		// an empty field fails the check rather than leaking the secret.
		return ""
	}
	b := make([]byte, 2*len(raw))
	pad, masked := b[:len(raw)], b[len(raw):]
	if _, err := rand.Read(pad); err != nil {
		panic(err) // the OS random source failing is not recoverable
	}
	subtle.XORBytes(masked, pad, raw)
	return base64.RawURLEncoding.EncodeToString(b)
}

// CSRF is the session's CSRF token masked for this response: the same for
// every form and island of the page, fresh for the next response. A session
// replaced mid-request (logging in) gets its own mask.
func (r *Request) CSRF() string {
	if r.Session == nil {
		return ""
	}
	if r.csrfOf != r.Session.CSRF || r.csrf == "" {
		r.csrfOf, r.csrf = r.Session.CSRF, MaskedCSRF(r.Session)
	}
	return r.csrf
}

// unmaskCSRF undoes MaskedCSRF: the token a masked form stands for, or
// ok false when tok is not a masked token.
func unmaskCSRF(tok string) (string, bool) {
	b, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil || len(b) == 0 || len(b)%2 != 0 {
		return "", false
	}
	n := len(b) / 2
	raw := make([]byte, n)
	subtle.XORBytes(raw, b[:n], b[n:])
	return base64.RawURLEncoding.EncodeToString(raw), true
}

// CSRFValid reports whether tok is the session's CSRF token, masked (what
// pages hand out now) or plain (pages rendered before masking, whose token
// masking keeps secret all the same), in constant time for a given length.
func CSRFValid(sess *session.Session, tok string) bool {
	if sess == nil || sess.CSRF == "" || tok == "" {
		return false
	}
	if len(tok) == len(sess.CSRF) {
		return session.CSRFMatch(sess, tok)
	}
	raw, ok := unmaskCSRF(tok)
	return ok && session.CSRFMatch(sess, raw)
}
