package server

import (
	"context"
	"log/slog"
	"strings"
	"testing"
)

// replyGuard is the harness's log handler: a reply its operation does not
// document (apiCheckReply) fails the test that caused it, so every API call
// of every test checks the table against the handlers.
type replyGuard struct{ t testing.TB }

func (g replyGuard) Enabled(context.Context, slog.Level) bool { return true }

func (g replyGuard) Handle(_ context.Context, r slog.Record) error {
	if r.Message == apiMsgUndocumented {
		var attrs []string
		r.Attrs(func(a slog.Attr) bool { attrs = append(attrs, a.String()); return true })
		g.t.Errorf("%s: %s", r.Message, strings.Join(attrs, " "))
	}
	return nil
}

func (g replyGuard) WithAttrs([]slog.Attr) slog.Handler { return g }
func (g replyGuard) WithGroup(string) slog.Handler      { return g }
