package server

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
)

// Reset and invitation links are credentials: the store keeps only their
// hashes, and the log, which more people read and which lives longer and
// travels further than the store, must not keep them either. Every log line
// of the server goes through redactingHandler, which replaces the token of
// any such path in the message and in every attribute (errors and panic
// values included), so a log line that names c.Path(), today or added later,
// cannot leak one.

// tokenPathPrefixes are the pages whose next path segment is a token.
var tokenPathPrefixes = []string{"/passwords/reset/", "/invitations/accept/"}

const redactedToken = "[redacted]"

// tokenPathPage reports whether the path is a token page. Fiber routes paths
// ignoring ASCII case, so the match ignores it too.
func tokenPathPage(p string) bool {
	for _, pre := range tokenPathPrefixes {
		if len(p) > len(pre) && strings.EqualFold(p[:len(pre)], pre) {
			return true
		}
	}
	return false
}

// redactTokenPaths replaces the segment after each token-page prefix in s,
// wherever it occurs (a path, a URL, an error message quoting one).
func redactTokenPaths(s string) string {
	if !strings.Contains(s, "/") {
		return s
	}
	lower := asciiLower(s) // same byte offsets as s
	var b strings.Builder
	done := 0
	for {
		at, pre := -1, ""
		for _, p := range tokenPathPrefixes {
			if i := strings.Index(lower[done:], p); i >= 0 && (at < 0 || done+i < at) {
				at, pre = done+i, p
			}
		}
		if at < 0 {
			break
		}
		start := at + len(pre)
		end := start
		for end < len(s) && tokenChar(s[end]) {
			end++
		}
		b.WriteString(s[done:start])
		if end > start {
			b.WriteString(redactedToken)
		}
		done = end
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// tokenChar: what a token (base64url), or an escaped or padded spelling of
// one, is made of; anything else ends it.
func tokenChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '_' || c == '%' || c == '~' || c == '.' || c == '=' || c == '+'
}

// redactingHandler applies redactTokenPaths to everything it passes on.
type redactingHandler struct{ next slog.Handler }

func (h redactingHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h redactingHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, redactTokenPaths(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(redactAttr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h redactingHandler) WithAttrs(as []slog.Attr) slog.Handler {
	red := make([]slog.Attr, len(as))
	for i, a := range as {
		red[i] = redactAttr(a)
	}
	return redactingHandler{h.next.WithAttrs(red)}
}

func (h redactingHandler) WithGroup(name string) slog.Handler {
	return redactingHandler{h.next.WithGroup(name)}
}

func redactAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, redactTokenPaths(v.String()))
	case slog.KindGroup:
		g := v.Group()
		red := make([]slog.Attr, len(g))
		for i, x := range g {
			red[i] = redactAttr(x)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(red...)}
	case slog.KindAny:
		// Errors, panic values, slices: kept as they are unless their text
		// names a token page, and then logged as the redacted text.
		text := fmt.Sprint(v.Any())
		if red := redactTokenPaths(text); red != text {
			return slog.String(a.Key, red)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
