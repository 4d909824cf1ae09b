package server

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// TestTooMany: the one refusal of a rate limit says minutes rounded up
// (never a moment before the limit lets go) and sends Retry-After in whole
// seconds, rounded up.
func TestTooMany(t *testing.T) {
	if got := tooManyText("attempts", 14*time.Minute+time.Second); got != "Too many attempts. Please try again in 15 minutes." {
		t.Errorf("msgTooMany: %q", got)
	}
	if got := tooManyText("attempts", 10*time.Second); got != "Too many attempts. Please try again in 1 minute." {
		t.Errorf("msgTooMany: %q", got)
	}
	app := fiber.New()
	var msg string
	app.Get("/", func(c fiber.Ctx) error {
		msg = TooMany(c, "login attempts", 89*time.Second+time.Millisecond)
		return c.SendStatus(fiber.StatusTooManyRequests)
	})
	res, err := app.Test(httptest.NewRequest("GET", "/", nil))
	if err != nil {
		t.Fatal(err)
	}
	if ra := res.Header.Get("Retry-After"); ra != "90" || msg != "Too many login attempts. Please try again in 2 minutes." {
		t.Errorf("Retry-After %q, message %q", ra, msg)
	}
}
