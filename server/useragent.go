package server

import (
	"strings"

	"github.com/gofiber/fiber/v3"
)

// maxUserAgent caps the User-Agent a session keeps: enough for any real
// browser's, and a session stays small whatever a client sends.
const maxUserAgent = 512

// UserAgent is the request's User-Agent as a session keeps it (at login,
// for the user's list of sessions): valid UTF-8, no control characters, at
// most maxUserAgent bytes.
func UserAgent(c fiber.Ctx) string {
	ua := strings.ToValidUTF8(c.Get(fiber.HeaderUserAgent), "")
	ua = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, ua)
	if len(ua) > maxUserAgent {
		ua = strings.ToValidUTF8(ua[:maxUserAgent], "")
	}
	return strings.TrimSpace(ua)
}
