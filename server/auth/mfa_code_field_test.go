package auth_test

import (
	"testing"

	"portal/htmlq"
)

// A one-time code is no word for the spellchecker to underline. The JSX
// once said spellCheck, which preact and the Go renderer both drop (the
// HTML attribute is spellcheck), so the attribute never reached the page.
func TestMFACodeFieldTurnsSpellcheckOff(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	wantLocation(t, c.Login("mfa-new@demo.example"), "/mfa-setup")
	_, doc := c.Page("/mfa-setup")
	for _, id := range []string{"totp_code", "token"} {
		in := htmlq.Find(doc, htmlq.ByID(id))
		if in == nil {
			t.Errorf("no code field %s", id)
		} else if v := htmlq.Attr(in, "spellcheck"); v != "false" {
			t.Errorf("code field %s: spellcheck %q, want \"false\"", id, v)
		}
	}
}
