package server_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"portal/reference/demo"
	"portal/server"
	"portal/server/api"
	"portal/server/servertest"
)

// readAll returns the response body; it fails on a large answer, which an
// echo of a refused value would make.
func smallBody(t *testing.T, res *http.Response) string {
	t.Helper()
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if len(b) > 4<<10 {
		t.Fatalf("answer of %d bytes: the refused value came back", len(b))
	}
	return string(b)
}

// TestOversizedFieldsRefusedAtTheEdge: an unauthenticated form post with a
// huge e-mail never reaches a handler or goja. Past the body limit the
// server refuses it outright (413); under it, the field cap does (422),
// also where a failed CSRF check would echo the e-mail into the login form.
func TestOversizedFieldsRefusedAtTheEdge(t *testing.T) {
	h := newHarness(t)
	srv := listen(t, h)
	const marker = "ZqXy"
	huge := strings.Repeat(marker, (1<<20)/len(marker)) + "@demo.example" // 1 MiB
	long := strings.Repeat(marker, 1250) + "@demo.example"                // 5 kB
	for _, tc := range []struct {
		name, path, email string
		csrf              bool
		status            int
	}{
		{"forgot, 1 MiB e-mail", "/passwords/forgot", huge, true, http.StatusRequestEntityTooLarge},
		{"login, 1 MiB e-mail", "/login", huge, true, http.StatusRequestEntityTooLarge},
		{"forgot, 5 kB e-mail", "/passwords/forgot", long, true, http.StatusUnprocessableEntity},
		{"login, 5 kB e-mail", "/login", long, true, http.StatusUnprocessableEntity},
		{"login, 5 kB e-mail, no CSRF token", "/login", long, false, http.StatusUnprocessableEntity},
		{"login, 255-character e-mail", "/login", strings.Repeat("a", 242) + "@demo.example", true, http.StatusUnprocessableEntity},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := h.Client()
			form := url.Values{"email": {tc.email}, "password": {"x"}}
			if tc.csrf {
				form.Set("_csrf", c.CSRF(tc.path))
			}
			var res *http.Response
			if tc.status == http.StatusRequestEntityTooLarge {
				res = overHTTP(c, srv, tc.path, fiber.MIMEApplicationForm, []byte(form.Encode()))
			} else {
				res = c.Do("POST", tc.path, form)
			}
			body := smallBody(t, res)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tc.status, body)
			}
			if strings.Contains(body, marker+marker) || strings.Contains(body, "aaaa") {
				t.Errorf("the answer repeats the value: %s", body)
			}
			if tc.status == http.StatusUnprocessableEntity && !strings.Contains(body, "Email takes at most 254 characters.") {
				t.Errorf("no clear error: %s", body)
			}
		})
	}
	// At the caps, the handlers answer as before.
	var res *http.Response
	c := h.Client()
	res = c.Do("POST", "/login", url.Values{"_csrf": {c.CSRF("/login")}, "email": {strings.Repeat("a", 241) + "@demo.example"},
		"password": {strings.Repeat("Ab1!", 256)}})
	if body := smallBodyOK(res); res.StatusCode == http.StatusUnprocessableEntity && strings.Contains(body, "That is too long") {
		t.Errorf("a 254-character e-mail and a 1,024-byte password were refused at the edge")
	}
	res = c.Do("POST", "/login", url.Values{"_csrf": {c.CSRF("/login")}, "email": {emailObserver}, "password": {strings.Repeat("Ab1!", 256) + "x"}})
	if body := smallBody(t, res); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "Password takes at most 1,024 bytes.") {
		t.Errorf("1,025-byte password: %d %s", res.StatusCode, body)
	}
	if res := c.Do("POST", "/login", url.Values{"_csrf": {c.CSRF("/login")}, "email": {emailObserver}, "password": {demo.Password}}); res.StatusCode != http.StatusSeeOther {
		t.Errorf("an ordinary login: %d", res.StatusCode)
	}
	// A long search text is refused too: the shell echoes ?q= in every page.
	if res := c.Get("/org/" + servertest.OrgNordic + "/search?q=" + strings.Repeat("q", 1001)); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("1,001-character search: %d", res.StatusCode)
	}

	// The JSON API: the same caps, as the API's errors.
	const forgotPath = "/api/v1/authentication/passwords/forgot"
	a := h.API()
	a.Call("POST", forgotPath, map[string]string{"email": long}).Expect(t, http.StatusUnprocessableEntity, api.CodeInvalid)
	r := a.Call("POST", forgotPath, map[string]any{"email": "x@demo.example", "extra": map[string]any{"list": []string{strings.Repeat("n", 1001)}}})
	r.Expect(t, http.StatusUnprocessableEntity, api.CodeInvalid)
	if e := r.FirstError(t); e["source"].(map[string]any)["pointer"] != "/list" {
		t.Errorf("pointer %v", e["source"])
	}
	res = overHTTP(c, srv, forgotPath, fiber.MIMEApplicationJSON, []byte(`{"email":"`+huge+`"}`))
	if body := smallBody(t, res); res.StatusCode != http.StatusRequestEntityTooLarge || strings.Contains(body, marker+marker) {
		t.Errorf("API, 1 MiB e-mail: %d %s", res.StatusCode, body)
	}
	a.Call("POST", forgotPath, map[string]string{"email": "nobody@demo.example"}).Expect(t, http.StatusAccepted, "")
}

// listen serves the harness's app on a real connection: past the server's
// body limit fasthttp answers from the request's Content-Length, before
// reading the body, which app.Test reports as an error rather than as the
// answer a browser gets.
func listen(t *testing.T, h *servertest.Harness) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	app := h.Srv.App()
	go app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) //nolint:errcheck // ends with Shutdown
	t.Cleanup(func() { _ = app.Shutdown() })
	return ln.Addr().String()
}

// overHTTP sends the head of a POST of body to addr (from listen), with the
// client's cookies, and reads the answer. The body itself is not sent: the
// server must answer from its declared length, and a server closing on
// unread bytes would reset the connection under the answer.
func overHTTP(c *servertest.Client, addr, path, contentType string, body []byte) *http.Response {
	c.T.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		c.T.Fatal(err)
	}
	c.T.Cleanup(func() { conn.Close() })
	var head strings.Builder
	fmt.Fprintf(&head, "POST %s HTTP/1.1\r\nHost: portal.test\r\nContent-Type: %s\r\nContent-Length: %d\r\n", path, contentType, len(body))
	for _, ck := range c.Jar.Cookies(base) {
		fmt.Fprintf(&head, "Cookie: %s\r\n", ck.String())
	}
	head.WriteString("\r\n")
	if _, err := io.WriteString(conn, head.String()); err != nil {
		c.T.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		c.T.Fatal(err)
	}
	return res
}

func smallBodyOK(res *http.Response) string {
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return string(b)
}

// TestBodyLimits: 64 KiB unless the route raises it; compressed bodies
// are refused, since a small gzip body can inflate without bound.
func TestBodyLimits(t *testing.T) {
	h := newHarness(t)
	srv := listen(t, h)
	if got := h.Srv.App().Config().BodyLimit; got != server.MaxBodyLimit(h.Srv.Routes()) || got < server.DefaultBodyLimit {
		t.Errorf("server body limit %d", got)
	}
	c := h.Client()
	pad := strings.Repeat("p", 70<<10)
	res := c.Do("POST", "/login", url.Values{"_csrf": {c.CSRF("/login")}, "email": {emailObserver}, "password": {"x"}, "pad": {pad[:999]},
		"pad2": {pad[:999]}, "z": {""}}) // small: fine
	smallBodyOK(res)
	if res.StatusCode == http.StatusRequestEntityTooLarge {
		t.Fatalf("a small form was refused")
	}
	big := url.Values{"_csrf": {c.CSRF("/login")}, "email": {emailObserver}}
	for i := 0; i < 80; i++ {
		big.Add("pad", pad[:900]) // every field under its cap, 70 kB in all
	}
	if res := overHTTP(c, srv, "/login", fiber.MIMEApplicationForm, []byte(big.Encode())); res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("70 kB form: %d", res.StatusCode)
	}
	res = c.Do("POST", "/passwords/forgot", url.Values{"_csrf": {c.CSRF("/passwords/forgot")}, "email": {emailObserver}}, "Content-Encoding", "gzip")
	if body := smallBody(t, res); res.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("gzip body: %d %s", res.StatusCode, body)
	}
}
