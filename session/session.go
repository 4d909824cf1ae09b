// Package session keeps the portal's server-side sessions.
//
// The browser holds only an opaque session id; everything else (who the
// user is, how far authentication got, the CSRF token, small UI state) lives
// in a Store: Redis in production, process memory when no Redis is reachable.
// A Manager puts the security rules on top: random ids, idle and absolute
// timeouts, a new id at every privilege change, and ending all of a user's
// sessions.
//
// Session ids and CSRF tokens are bearer secrets. Nothing in this package
// logs them, and Session's String, GoString and LogValue leave them out, so
// a session that ends up in a log line does not leak them either. Nor does
// the store keep ids: it keys each session by its Handle, a one-way hash of
// the id, so reading the store (a Redis dump, a backup) yields no id that
// opens a session.
package session

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// Scopes record how far authentication has got.
const (
	ScopeAnonymous = ""          // no user yet
	ScopeLogin     = "login"     // password accepted, MFA pending
	ScopeDashboard = "dashboard" // fully authenticated
)

// ErrNotFound is returned for a session that does not exist, has expired or
// was ended.
var ErrNotFound = errors.New("session: not found")

// Kinds of session. A page session belongs to a browser's portal_session
// cookie; an API session to an API client's refresh cookie and the bearer
// tokens minted from it. Neither credential is accepted as the other: a
// stolen 15-minute token must not become an 8-hour browser session.
const (
	KindPage = "page"
	KindAPI  = "api"
)

// Session is one client's server-side state, stored as JSON.
type Session struct {
	// ID is the secret the client holds. It is never stored (see the
	// package comment); a session loaded by handle (Manager.LoadByHandle)
	// has none.
	ID string `json:"-"`
	// Kind is KindPage or KindAPI; it survives Rotate.
	Kind      string    `json:"kind"`
	UserID    string    `json:"user_id,omitempty"`
	Scope     string    `json:"scope,omitempty"`
	OrgID     string    `json:"org_id,omitempty"`
	Role      string    `json:"role,omitempty"`
	CSRF      string    `json:"csrf"`
	CreatedAt time.Time `json:"created_at"`
	LastSeen  time.Time `json:"last_seen"`
	// UserAgent is the client's User-Agent at login (capped), so the user's
	// list of sessions can say which device each one is.
	UserAgent string `json:"ua,omitempty"`
	// Values holds small per-session state: flash messages, redirect
	// targets, the chosen date range. Changes are kept only by Manager.Save.
	Values map[string]string `json:"values,omitempty"`

	// handle is the stored handle of a session loaded without its ID.
	handle string
}

// Handle is a stable, non-secret name for the session: its key in the
// store, the session a bearer token names, and what a "your sessions" page,
// its "end this session" form and log lines show (showing or posting the id
// itself would hand out a credential). Knowing a handle gives no way to the
// id, so a handle presented as a cookie opens nothing.
func (s Session) Handle() string {
	if s.ID == "" {
		return s.handle
	}
	return HandleOf(s.ID)
}

// HandleOf is the handle of the session whose id is id, e.g. to count
// attempts against a presented cookie without loading its session.
func HandleOf(id string) string {
	sum := sha256.Sum256([]byte("portal session handle\x00" + id))
	return hex.EncodeToString(sum[:16])
}

// handleLen is the length of a handle: 128 bits in hex.
const handleLen = 32

// wellFormedHandle lets garbage handles be rejected without a store round
// trip.
func wellFormedHandle(h string) bool {
	if len(h) != handleLen {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// String leaves out the id and CSRF token. Value receivers make this hold
// for a Session as well as a *Session.
func (s Session) String() string {
	return fmt.Sprintf("session{handle=%s kind=%s user=%q scope=%q org=%q}", s.Handle(), s.Kind, s.UserID, s.Scope, s.OrgID)
}

// GoString keeps %#v from printing the id and CSRF token.
func (s Session) GoString() string { return s.String() }

// LogValue keeps slog from printing the id and CSRF token.
func (s Session) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("handle", s.Handle()),
		slog.String("kind", s.Kind),
		slog.String("user", s.UserID),
		slog.String("scope", s.Scope),
		slog.String("org", s.OrgID),
	)
}

func (s *Session) clone() *Session {
	c := *s
	if s.Values != nil {
		c.Values = make(map[string]string, len(s.Values))
		for k, v := range s.Values {
			c.Values[k] = v
		}
	}
	return &c
}

// CSRFMatch reports whether token is the session's CSRF token, in constant
// time. An empty token never matches, even against a session without one.
func CSRFMatch(s *Session, token string) bool {
	if s == nil || s.CSRF == "" || token == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(s.CSRF), []byte(token)) == 1
}

// tokenBytes is the size of session ids and CSRF tokens: 256 bits, twice the
// 128 that OWASP asks for, at no measurable cost.
const tokenBytes = 32

var tokenLen = base64.RawURLEncoding.EncodedLen(tokenBytes)

func newToken() string {
	var b [tokenBytes]byte
	// crypto/rand.Read cannot fail since Go 1.24: the process dies rather
	// than hand out weak randomness.
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// wellFormedID lets garbage cookies be rejected without a store round trip.
func wellFormedID(id string) bool {
	if len(id) != tokenLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// stored is a session as the store holds it: the handle instead of the id.
type stored struct {
	Handle string `json:"handle"`
	*Session
}

func encode(s *Session) ([]byte, error) {
	b, err := json.Marshal(stored{Handle: s.Handle(), Session: s})
	if err != nil {
		return nil, fmt.Errorf("session: encode: %w", err)
	}
	return b, nil
}

func decode(b []byte) (*Session, error) {
	st := stored{Session: &Session{}}
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("session: decode: %w", err)
	}
	if !wellFormedHandle(st.Handle) {
		return nil, errors.New("session: decode: stored without a handle")
	}
	st.Session.handle = st.Handle
	return st.Session, nil
}
