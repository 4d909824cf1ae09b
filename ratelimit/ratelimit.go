// Package ratelimit counts attempts per key in fixed windows: login and MFA
// attempts per account and per address, SMS sends, push approvals.
//
// A window starts at the first hit on a key and lasts the given duration;
// hits are allowed while the count is at most the limit, so the limit+1st
// hit in a window is the first one refused. Refused hits still count and do
// not extend the window: a client that keeps hammering stays limited until
// the window ends, and no longer.
//
// Two implementations share these semantics: Redis (shared by every
// instance, used in production) and Memory (one process, for when no Redis
// is configured). Neither fails open: on a store error Hit returns the error
// and the caller decides, and for authentication it should refuse.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Result is the outcome of one Hit.
type Result struct {
	// Allowed reports whether this attempt is within the limit.
	Allowed bool
	// Count is the number of hits in the current window, this one included.
	Count int
	// RetryAfter is how long until the window ends; set only when the hit
	// was refused, for a Retry-After header or a "try again in" message.
	RetryAfter time.Duration
}

// Limiter counts attempts per key in fixed windows.
type Limiter interface {
	// Hit records one attempt on key and reports whether it is allowed
	// under limit attempts per window.
	Hit(ctx context.Context, key string, limit int, window time.Duration) (Result, error)
	// Reset forgets the attempts on key, e.g. after a successful login.
	Reset(ctx context.Context, key string) error
	// Block refuses every Hit on key for d from now (a lockout), replacing
	// its count and window in one step: unlike Reset followed by Hits, no
	// Hit can land in between and find the key free.
	Block(ctx context.Context, key string, d time.Duration) error
}

// blocked is the count a blocked key holds: far above any limit, far below
// overflow.
const blocked = 1 << 40

// ErrInvalid is returned for an empty key, a limit below 1 or a window
// shorter than a millisecond (Redis expiry has millisecond resolution).
var ErrInvalid = errors.New("ratelimit: invalid arguments")

func validate(key string, limit int, window time.Duration) error {
	switch {
	case key == "":
		return fmt.Errorf("%w: empty key", ErrInvalid)
	case limit < 1:
		return fmt.Errorf("%w: limit %d < 1", ErrInvalid, limit)
	case window < time.Millisecond:
		return fmt.Errorf("%w: window %s < 1ms", ErrInvalid, window)
	}
	return nil
}

func result(count, limit int, remaining time.Duration) Result {
	r := Result{Allowed: count <= limit, Count: count}
	if !r.Allowed {
		r.RetryAfter = max(remaining, 0)
	}
	return r
}
