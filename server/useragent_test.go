package server

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"
)

// A session keeps a tidy User-Agent whatever a client sends: no control characters, valid
// UTF-8, capped.
func TestUserAgent(t *testing.T) {
	app := fiber.New()
	for in, want := range map[string]string{
		"Mozilla/5.0 (X11; Linux x86_64)": "Mozilla/5.0 (X11; Linux x86_64)",
		"curl/8.5.0\x1b[31m\x00":          "curl/8.5.0[31m",
		"  bad\xffbytes ":                 "badbytes",
		"":                                "",
	} {
		c := app.AcquireCtx(&fasthttp.RequestCtx{})
		c.Request().Header.Set(fiber.HeaderUserAgent, in)
		if got := UserAgent(c); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
		app.ReleaseCtx(c)
	}
	c := app.AcquireCtx(&fasthttp.RequestCtx{})
	defer app.ReleaseCtx(c)
	c.Request().Header.Set(fiber.HeaderUserAgent, strings.Repeat("é", 400))
	if got := UserAgent(c); len(got) > maxUserAgent || !utf8.ValidString(got) {
		t.Errorf("long: %d bytes, valid %v", len(got), utf8.ValidString(got))
	}
}
