package server

import (
	"fmt"
	"math"
	"portal/server/api"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v3"
)

// The one answer to a request a rate limit refused, for the pages and the
// API alike: a Retry-After header and "Too many <what>. Please try again in
// N minutes.", N rounded up so that it never names a moment before the
// limit lets go.

// RateLimit is one limit a request counts against: at most Limit hits per
// Window on Key.
type RateLimit struct {
	Key    string
	Limit  int
	Window time.Duration
}

// TooMany sets Retry-After (whole seconds, rounded up) and returns the
// message of a refusal that holds for retryAfter; what is what there were
// too many of ("login attempts", "requests").
func TooMany(c fiber.Ctx, what string, retryAfter time.Duration) string {
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(max(int(math.Ceil(retryAfter.Seconds())), 1)))
	return tooManyText(what, retryAfter)
}

// tooManyText is TooMany's message.
func tooManyText(what string, retryAfter time.Duration) string {
	mins := max(int((retryAfter+time.Minute-1)/time.Minute), 1)
	unit := "minutes"
	if mins == 1 {
		unit = "minute"
	}
	return fmt.Sprintf("Too many %s. Please try again in %d %s.", what, mins, unit)
}

// CountLimits counts one hit against each limit in turn. The first limit
// that refuses ends the count: refused is TooMany's message for it. An
// error means the limiter could not count, and the caller refuses the
// request (fail closed).
func (s *Server) CountLimits(c fiber.Ctx, what string, lims ...RateLimit) (refused string, err error) {
	for _, l := range lims {
		res, err := s.Limiter.Hit(c.Context(), l.Key, l.Limit, l.Window)
		if err != nil {
			return "", err
		}
		if !res.Allowed {
			return TooMany(c, what, res.RetryAfter), nil
		}
	}
	return "", nil
}

// APIGate is CountLimits for an API operation, which answers a refusal
// itself: 429 with TooMany's message, or 503 when the limiter cannot count.
// sent true means the reply is written.
func (s *Server) APIGate(c fiber.Ctx, what string, lims ...RateLimit) (sent bool, err error) {
	refused, err := s.CountLimits(c, what, lims...)
	switch {
	case err != nil:
		return true, s.APIUnavailable(c, err)
	case refused != "":
		return true, api.Error(c, fiber.StatusTooManyRequests, api.CodeTooMany, refused)
	}
	return false, nil
}

// APIUnavailable answers a limiter failure: the attempt is refused rather
// than left uncounted.
func (s *Server) APIUnavailable(c fiber.Ctx, err error) error {
	s.Logger.Error("api limiter", "request_id", Req(c).ID, "path", c.Path(), "err", err)
	c.Set(fiber.HeaderRetryAfter, retryAfterOutage)
	return api.Error(c, fiber.StatusServiceUnavailable, api.CodeUnavailable, "This is not possible right now. Please try again later.")
}
