package server

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"
)

func TestRedactTokenPaths(t *testing.T) {
	const tok = "PvRbf0sAt4FXpfXInEn6DPoN0ryfDbzb4EXgsH1u5YQ"
	const org = "0b6a3c1e-0000-4000-8000-000000000001" // an organisation id: no token
	cases := []struct{ in, want string }{
		{"/passwords/reset/" + tok, "/passwords/reset/[redacted]"},
		{"/invitations/accept/" + tok, "/invitations/accept/[redacted]"},
		// Fiber routes these spellings to the same pages.
		{"/PASSWORDS/Reset/" + tok + "/", "/PASSWORDS/Reset/[redacted]/"},
		{"/Invitations/ACCEPT/" + tok, "/Invitations/ACCEPT/[redacted]"},
		{"/passwords/reset/%50" + tok + "?x=1#f", "/passwords/reset/[redacted]?x=1#f"},
		{`GET "http://portal.test/invitations/accept/` + tok + `": boom, then /passwords/reset/` + tok + `.`,
			`GET "http://portal.test/invitations/accept/[redacted]": boom, then /passwords/reset/[redacted]`},
		{"/passwords/reset/", "/passwords/reset/"},
		{"/passwords/forgot", "/passwords/forgot"},
		{"/org/" + org + "/accounts", "/org/" + org + "/accounts"},
		{"no path at all", "no path at all"},
	}
	for _, tc := range cases {
		if got := redactTokenPaths(tc.in); got != tc.want {
			t.Errorf("redactTokenPaths(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

type pathValuer struct{ p string }

func (v pathValuer) LogValue() slog.Value { return slog.StringValue(v.p) }

// The handler catches the token wherever a log line puts it: message, plain
// and grouped attributes, errors, values resolved late, attributes given
// to With.
func TestRedactingHandler(t *testing.T) {
	const tok = "PvRbf0sAt4FXpfXInEn6DPoN0ryfDbzb4EXgsH1u5YQ"
	p := "/passwords/reset/" + tok
	for name, h := range map[string]func(*bytes.Buffer) slog.Handler{
		"text": func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, nil) },
		"json": func(b *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(b, nil) },
	} {
		var buf bytes.Buffer
		log := slog.New(redactingHandler{h(&buf)})
		log.With("first", p).WithGroup("req").Error("failed at "+p,
			"path", p, "err", errors.New("open "+p+": boom"), "panic", []string{p},
			"valuer", pathValuer{p}, slog.Group("inner", "url", "http://x"+p), "n", 3)
		out := buf.String()
		if strings.Contains(out, tok) {
			t.Errorf("%s: the token reached the log:\n%s", name, out)
		}
		if n := strings.Count(out, "/passwords/reset/[redacted]"); n != 7 {
			t.Errorf("%s: %d redacted paths, want 7:\n%s", name, n, out)
		}
		if !strings.Contains(out, "3") {
			t.Errorf("%s: other attributes lost:\n%s", name, out)
		}
	}
}
