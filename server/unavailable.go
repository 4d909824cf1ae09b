package server

import (
	"context"
	"database/sql"
	"errors"
	"net"

	"github.com/gofiber/fiber/v3"
	"github.com/redis/go-redis/v9"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"portal/redisdown"
	"portal/server/api"
)

// errUnavailable marks an error as a dependency being out of reach; a
// provider or an area wraps its error in it when it knows that is the cause.
var errUnavailable = errors.New("server: a dependency is unavailable")

// retryAfterOutage is the Retry-After of a 503 for an outage: long enough
// for a Redis or store restart, short enough for a person to retry by hand.
const retryAfterOutage = "60"

// Unavailable is the one place that decides an error is an outage (503)
// rather than a bug (500): a dependency that could not be reached, timed
// out or is closing. A reply from a dependency (a Redis error reply, a
// constraint, a missing row) is not an outage.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var ne net.Error
	var se *sqlite.Error
	switch {
	case errors.Is(err, errUnavailable),
		errors.Is(err, redisdown.ErrUnavailable),
		errors.Is(err, redis.ErrClosed),
		errors.Is(err, redis.ErrPoolTimeout),
		errors.Is(err, sql.ErrConnDone),
		errors.Is(err, context.DeadlineExceeded),
		errors.As(err, &ne):
		return true
	case errors.As(err, &se):
		code := se.Code() & 0xff
		return code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED
	}
	return false
}

// unavailablePage is the 503 page of an outage: the error page's layout
// with "temporarily unavailable", never cached, with a time to come back.
func (s *Server) unavailablePage(c fiber.Ctx, err error) error {
	s.Logger.Warn("dependency unavailable", "request_id", Req(c).ID, "method", c.Method(), "path", c.Path(), "err", err)
	c.Set(fiber.HeaderRetryAfter, retryAfterOutage)
	c.Set(fiber.HeaderCacheControl, "no-store")
	rerr := s.Render(c, View{Status: fiber.StatusServiceUnavailable, Title: "Service unavailable",
		Page: pageError.With(PlainProps{Sandbox: s.Config.Sandbox(), Support: s.Config.SupportURL, Home: "/", Unavailable: true})})
	if rerr == nil {
		return nil
	}
	s.Logger.Error("unavailable page failed", "request_id", Req(c).ID, "err", rerr)
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return c.Status(fiber.StatusServiceUnavailable).SendString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Service unavailable · Portal</title></head>` +
		`<body><main><h1>This service is temporarily unavailable</h1><p>Please try again in a minute.</p><p><a href="/">Go to the home page</a></p></main></body></html>`)
}

// apiUnavailable is the API's 503 problem of an outage.
func (s *Server) apiUnavailable(c fiber.Ctx, err error) error {
	s.Logger.Warn("api dependency unavailable", "request_id", Req(c).ID, "method", c.Method(), "path", c.Path(), "err", err)
	c.Set(fiber.HeaderRetryAfter, retryAfterOutage)
	return api.Error(c, fiber.StatusServiceUnavailable, api.CodeUnavailable, api.MsgUnavailable)
}
