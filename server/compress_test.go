package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/gofiber/fiber/v3"
)

func TestCompressResponses(t *testing.T) {
	page := strings.Repeat(`<tr class="border-b"><td class="p-2">07-12-2026</td><td>PO-0001</td></tr>`, 200)
	app := fiber.New()
	app.Use(compressResponses())
	app.Get("/page", func(c fiber.Ctx) error { c.Type("html"); return c.SendString(page) })
	app.Get("/png", func(c fiber.Ctx) error { c.Type("png"); return c.Send([]byte(page)) })
	app.Get("/encoded", func(c fiber.Ctx) error {
		c.Type("html")
		c.Set(fiber.HeaderContentEncoding, "br")
		return c.Send([]byte("already"))
	})
	app.Get("/empty", func(c fiber.Ctx) error { return c.SendStatus(fiber.StatusNoContent) })

	tests := []struct {
		name, method, path, accept, want string
	}{
		{"brotli first", "GET", "/page", "gzip, deflate, br", "br"},
		{"gzip without brotli", "GET", "/page", "gzip", "gzip"},
		{"nothing asked", "GET", "/page", "", ""},
		{"HEAD sends no body", "HEAD", "/page", "br", ""},
		{"an image type is left alone", "GET", "/png", "br", ""},
		{"an encoded body is not encoded again", "GET", "/encoded", "gzip", "br"},
		{"an empty reply", "GET", "/empty", "br", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, nil)
			if tt.accept != "" {
				req.Header.Set("Accept-Encoding", tt.accept)
			}
			res, err := app.Test(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			if got := res.Header.Get("Content-Encoding"); got != tt.want {
				t.Fatalf("Content-Encoding %q, want %q", got, tt.want)
			}
			if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
				t.Errorf("Vary %q: a cache would hand one encoding to every client", res.Header.Get("Vary"))
			}
			if tt.path != "/page" || tt.method != "GET" {
				return
			}
			var r io.Reader = bytes.NewReader(body)
			switch tt.want {
			case "br":
				r = brotli.NewReader(r)
				// The level is the one chosen: the same bytes as brotliLevel makes.
				var b bytes.Buffer
				w := brotli.NewWriterLevel(&b, brotliLevel)
				w.Write([]byte(page))
				w.Close()
				if len(body) != b.Len() {
					t.Errorf("%d bytes of brotli, want %d (level %d)", len(body), b.Len(), brotliLevel)
				}
			case "gzip":
				if r, err = gzip.NewReader(r); err != nil {
					t.Fatal(err)
				}
			}
			if plain, _ := io.ReadAll(r); string(plain) != page {
				t.Errorf("the body does not decode to the page (%d bytes)", len(plain))
			}
		})
	}
}
