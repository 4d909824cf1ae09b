package server

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// TestRouteBodyLimit: a route's BodyLimit raises its allowance (the batch
// upload's 2 MiB and framing) and only its own; the server reads no more
// than the largest allowance.
func TestRouteBodyLimit(t *testing.T) {
	s := &Server{Deps: Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, routes: []*Route{
		{Name: "form", Method: "POST", Path: "/org/:org/thing"},
		{Name: "upload", Method: "POST", Path: "/org/:org/batches/upload", BodyLimit: batchUploadBodyLimit},
	}}
	app := fiber.New(fiber.Config{BodyLimit: maxBodyLimit(s.routes)})
	app.Use(s.limitRequest)
	app.Post("/*", func(c fiber.Ctx) error { return c.SendStatus(http.StatusNoContent) })
	post := func(path string, n int) int {
		t.Helper()
		r := httptest.NewRequest("POST", "http://portal.test"+path, bytes.NewReader(bytes.Repeat([]byte("a"), n)))
		r.Header.Set("Content-Type", "text/csv")
		res, err := app.Test(r, fiber.TestConfig{Timeout: 15 * time.Second, FailOnTimeout: true})
		if err != nil && strings.Contains(err.Error(), "body size exceeds") {
			return http.StatusRequestEntityTooLarge // fasthttp's own refusal, past the server's limit
		}
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for _, tc := range []struct {
		path   string
		n      int
		status int
	}{
		{"/org/1/thing", defaultBodyLimit, 204},
		{"/org/1/thing", defaultBodyLimit + 1, 413},
		{"/org/1/batches/upload", 2_097_152 + 4096, 204},
		{"/org/1/batches/upload", batchUploadBodyLimit + 1, 413},
		{"/org/1/batches/upload/x", 70 << 10, 413},
		{"/elsewhere", 70 << 10, 413},
	} {
		if got := post(tc.path, tc.n); got != tc.status {
			t.Errorf("%s, %d bytes: %d, want %d", tc.path, tc.n, got, tc.status)
		}
	}
	if maxBodyLimit(s.routes) != batchUploadBodyLimit || maxBodyLimit(nil) != defaultBodyLimit {
		t.Error("maxBodyLimit")
	}
}

func TestFieldCaps(t *testing.T) {
	for _, tc := range []struct {
		name, v string
		fits    bool
	}{
		{"email", strings.Repeat("a", 254), true},
		{"email", strings.Repeat("a", 255), false},
		{"first_name", strings.Repeat("é", 100), true}, // characters, not bytes
		{"last_name", strings.Repeat("é", 101), false},
		{"password", strings.Repeat("a", 1024), true},
		{"password", strings.Repeat("é", 513), false}, // bytes: 1,026
		{"anything", strings.Repeat("a", 1000), true},
		{"anything", strings.Repeat("a", 1001), false},
		{"redirect_url", "/" + strings.Repeat("a", 2047), true},
		{"next", "/" + strings.Repeat("a", 2048), false},
	} {
		if got := capOf(tc.name).fits([]byte(tc.v)); got != tc.fits {
			t.Errorf("%s of %d bytes: fits %v, want %v", tc.name, len(tc.v), got, tc.fits)
		}
	}
}
