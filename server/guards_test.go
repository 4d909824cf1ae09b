package server_test

import (
	"net/http"
	"strings"
	"testing"

	"portal/reference/demo"
)

func TestOrganisationEntry(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example") // member of org 1 only
	tests := []struct {
		path, want string
	}{
		{"/org/" + demo.Org2ID, "/no-organisation"},                                 // another tenant's organisation
		{"/org/00000000-0000-4000-8000-000000000000", "/no-organisation"},           // unknown
		{"/org/" + demo.Org2ID + "/collections/orders", "/no-organisation"},         // child routes too
		{"/org/" + demo.Org1ID + "/accounts", "/org/" + demo.Org1ID + "/accounts/"}, // first owned account
		{"/", "/org/" + demo.Org1ID},
	}
	for _, tt := range tests {
		res := c.Get(tt.path)
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, tt.want) {
			t.Errorf("%s: %d %q, want redirect to %q", tt.path, res.StatusCode, loc, tt.want)
		}
	}
	n := h.LoggedIn("noorg@demo.example")
	for _, p := range []string{"/", "/login_transition"} {
		if res := n.Get(p); res.Header.Get("Location") != "/no-organisation" {
			t.Errorf("noorg %s: %q", p, res.Header.Get("Location"))
		}
	}
}

func TestMissingScope(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	// Demote the session to scope login (password done, MFA pending).
	id := c.SessionID()
	s, err := h.Sessions.Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	s.Scope = "login"
	if err := h.Sessions.Save(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	res := c.Get("/org/" + demo.Org1ID)
	if loc := res.Header.Get("Location"); loc != "/login?redirect_code=MissingScope" {
		t.Fatalf("scope login on a dashboard route: %q", loc)
	}
}
