// Package savedform keeps a page form that was posted after its session
// ended, for a few minutes, so that after logging in again the user can
// check it and send it again instead of typing it anew (issue 17 item 5).
//
// What is kept is decided here (Keep): never a secret (passwords, codes,
// CSRF and other tokens), never more than MaxFields fields or MaxBytes in
// all. Where it is kept is a Store: Redis when the portal has one, process
// memory otherwise. A saved form is named by a random id that only the
// browser that posted it holds (an HttpOnly, SameSite=Strict cookie); the
// store keys it by a hash of that id, as the session store does, so reading
// the store yields nothing that opens a saved form.
package savedform

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
	"time"
)

// Limits of what one saved form may hold, and how long it is kept.
const (
	// TTL is how long a saved form waits for its user to log in again: long
	// enough for a login with MFA, short enough that a form left behind on
	// a shared computer does not wait for the next person for long.
	TTL = 10 * time.Minute
	// MaxFields and MaxBytes bound one form (names and values together);
	// a larger form is not kept at all rather than kept in part.
	MaxFields = 100
	MaxBytes  = 16 << 10
)

// ErrNotFound is a saved form that does not exist, has expired, was used,
// or was claimed by another login.
var ErrNotFound = errors.New("savedform: not found")

// Field is one name=value pair of the form, in the order it was posted
// (names may repeat, as a multiple select's do).
type Field struct {
	Name  string `json:"n"`
	Value string `json:"v"`
}

// Form is a kept form post.
type Form struct {
	// Action is the path the form was posted to (no query).
	Action string `json:"action"`
	// Fields are the values kept, secrets left out.
	Fields []Field `json:"fields"`
	// Dropped names the fields left out as secrets, so the page can say
	// they must be typed again.
	Dropped []string `json:"dropped,omitempty"`
	// Return is the local page the form was posted from, when the browser
	// said so (Referer of the same origin): where Discard goes back to.
	Return  string    `json:"return,omitempty"`
	Created time.Time `json:"created"`
	// Owner is the tag of the user whose page posted it (the browser's
	// form-owner cookie): only that user, logged in again, is offered it,
	// not the next person at a shared computer.
	Owner string `json:"owner"`
}

// NewID is a fresh saved-form id: 256 random bits, base64url.
func NewID() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the OS random source failing is not recoverable
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// wellFormedID refuses garbage cookies before a store round trip.
func wellFormedID(id string) bool {
	b, err := base64.RawURLEncoding.DecodeString(id)
	return err == nil && len(b) == 32
}

// key is what the store keys a saved form by: a one-way hash of its id.
func key(id string) string {
	sum := sha256.Sum256([]byte("portal saved form\x00" + id))
	return hex.EncodeToString(sum[:16])
}

// Secret reports whether a field must never be kept: the CSRF token, and
// anything named like a password, a one-time code or a token. Names are
// matched without regard to case; the short names (code, otp, pin) only
// whole, so that country_code or reason_code are kept.
func Secret(name string) bool {
	n := strings.ToLower(name)
	for _, part := range []string{"password", "passwd", "passphrase", "secret", "token", "csrf", "api_key", "apikey", "private_key", "credential"} {
		if strings.Contains(n, part) {
			return true
		}
	}
	switch n {
	case "code", "otp", "totp", "pin", "cvc", "cvv", "mfa_code", "sms_code", "verification_code":
		return true
	}
	return false
}

// Keep is what of a posted form may be kept: the fields that are no
// secret, and the names of those left out. ok is false when the form is
// too large to keep (MaxFields, MaxBytes): then nothing is kept.
func Keep(fields []Field) (kept []Field, dropped []string, ok bool) {
	size := 0
	kept = []Field{}
	for _, f := range fields {
		if Secret(f.Name) {
			if f.Name != "_csrf" {
				dropped = append(dropped, f.Name)
			}
			continue
		}
		size += len(f.Name) + len(f.Value)
		kept = append(kept, f)
	}
	if len(kept) > MaxFields || size > MaxBytes {
		return nil, nil, false
	}
	return kept, dropped, true
}

// Store keeps saved forms for a time.
type Store interface {
	// Put keeps f under id for ttl.
	Put(ctx context.Context, id string, f *Form, ttl time.Duration) error
	// Claim returns the form under id for the session claimant of the
	// user tagged owner: a form of another owner is ErrNotFound (and stays
	// unclaimed); of the owner's sessions, the first to claim it keeps it.
	Claim(ctx context.Context, id, owner, claimant string) (*Form, error)
	// Delete forgets the form (used, discarded); deleting none is no error.
	Delete(ctx context.Context, id string) error
}
