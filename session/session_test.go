package session

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"log/slog"
	"math/bits"
	"strings"
	"testing"
)

func TestIDs(t *testing.T) {
	const n = 10000
	seen := make(map[string]bool, n)
	ones := 0
	for range n {
		id := newToken()
		if len(id) != 43 || !wellFormedID(id) {
			t.Fatalf("id %q: want 43 base64url characters", id)
		}
		raw, err := base64.RawURLEncoding.DecodeString(id)
		if err != nil || len(raw) != 32 {
			t.Fatalf("id decodes to %d bytes, %v; want 32 (256 bits)", len(raw), err)
		}
		if seen[id] {
			t.Fatal("id repeated")
		}
		seen[id] = true
		for _, b := range raw {
			ones += bits.OnesCount8(b)
		}
	}
	// A crude guard against a constant or patterned source: over 2.56M bits
	// a fair source lands within ±6σ (±4,800) of half with certainty for
	// practical purposes; a stuck byte would be off by tens of thousands.
	const total, sigma6 = n * 256, 4800
	if d := ones - total/2; d < -sigma6 || d > sigma6 {
		t.Fatalf("%d one bits of %d: not uniformly random", ones, total)
	}
}

func TestWellFormedID(t *testing.T) {
	good := newToken()
	cases := []struct {
		id   string
		want bool
	}{
		{good, true},
		{strings.Repeat("A", 43), true},
		{strings.Repeat("-", 22) + strings.Repeat("_", 21), true},
		{"", false},
		{good[:42], false},
		{good + "A", false},
		{good[:42] + "=", false},
		{good[:42] + "+", false},
		{good[:42] + "/", false},
		{good[:42] + ":", false},
		{good[:41] + "é", false}, // 43 bytes, not 43 characters of the alphabet
	}
	for _, c := range cases {
		if got := wellFormedID(c.id); got != c.want {
			t.Errorf("wellFormedID(%q) = %v, want %v", c.id, got, c.want)
		}
	}
}

func TestCSRFMatch(t *testing.T) {
	tok := newToken()
	s := &Session{CSRF: tok}
	cases := []struct {
		name  string
		s     *Session
		token string
		want  bool
	}{
		{"match", s, tok, true},
		{"other token", s, newToken(), false},
		{"prefix", s, tok[:42], false},
		{"extended", s, tok + "x", false},
		{"case changed", s, strings.ToUpper(tok), strings.ToUpper(tok) == tok},
		{"empty token", s, "", false},
		{"session without token, empty given", &Session{}, "", false},
		{"session without token, token given", &Session{}, tok, false},
		{"nil session", nil, tok, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := CSRFMatch(c.s, c.token); got != c.want {
				t.Fatalf("CSRFMatch = %v, want %v", got, c.want)
			}
		})
	}
}

func TestFlashes(t *testing.T) {
	cases := []struct {
		name string
		add  [][2]string // kind, text
		want []Flash
	}{
		{"none", nil, nil},
		{"one", [][2]string{{FlashSuccess, "Saved"}}, []Flash{{FlashSuccess, "Saved"}}},
		{"in order", [][2]string{{FlashWarning, "a"}, {FlashError, "b"}, {FlashInfo, "c"}},
			[]Flash{{FlashWarning, "a"}, {FlashError, "b"}, {FlashInfo, "c"}}},
		{"unknown kind shown as info", [][2]string{{"<script>", "x"}}, []Flash{{FlashInfo, "x"}}},
		{"oldest dropped beyond five", [][2]string{
			{FlashInfo, "1"}, {FlashInfo, "2"}, {FlashInfo, "3"}, {FlashInfo, "4"}, {FlashInfo, "5"}, {FlashInfo, "6"},
		}, []Flash{{FlashInfo, "2"}, {FlashInfo, "3"}, {FlashInfo, "4"}, {FlashInfo, "5"}, {FlashInfo, "6"}}},
		{"text kept verbatim", [][2]string{{FlashError, `Amount "1,000.00" > limit <b>`}},
			[]Flash{{FlashError, `Amount "1,000.00" > limit <b>`}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &Session{} // nil Values: a fresh session
			for _, a := range c.add {
				AddFlash(s, a[0], a[1])
			}
			got := PopFlashes(s)
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("PopFlashes = %v, want %v", got, c.want)
			}
			if again := PopFlashes(s); again != nil {
				t.Fatalf("second PopFlashes = %v, want nil", again)
			}
		})
	}
}

func TestPopFlashesDropsUnreadableState(t *testing.T) {
	s := &Session{Values: map[string]string{flashKey: "{not json", "keep": "1"}}
	if got := PopFlashes(s); got != nil {
		t.Fatalf("PopFlashes = %v", got)
	}
	if _, ok := s.Values[flashKey]; ok || s.Values["keep"] != "1" {
		t.Fatalf("Values after pop = %v", s.Values)
	}
}

func TestSecretsStayOutOfLogs(t *testing.T) {
	s := testSession("u1")
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("request", "session", s)
	slog.New(slog.NewTextHandler(&buf, nil)).Info("request", "session", s)
	slog.New(slog.NewTextHandler(&buf, nil)).Info("request", "session", *s)
	outputs := map[string]string{
		"%v": fmt.Sprintf("%v", s), "%+v": fmt.Sprintf("%+v", s), "%#v": fmt.Sprintf("%#v", s),
		"String": s.String(), "slog": buf.String(),
		// A dereferenced copy must be as safe as the pointer.
		"value %+v": fmt.Sprintf("%+v", *s), "value %#v": fmt.Sprintf("%#v", *s),
		"nested %+v": fmt.Sprintf("%+v", struct{ S *Session }{s}),
	}
	for name, out := range outputs {
		if strings.Contains(out, s.ID) || strings.Contains(out, s.CSRF) {
			t.Errorf("%s output contains the session id or CSRF token", name)
		}
		if !strings.Contains(out, s.Handle()) && !strings.HasPrefix(name, "nested") {
			t.Errorf("%s output lacks the handle, which is what makes a log line traceable", name)
		}
	}
	if h := s.Handle(); len(h) != 32 || strings.Contains(s.ID, h) {
		t.Errorf("handle %q: want 32 hex characters unrelated to the id's text", h)
	}
}
