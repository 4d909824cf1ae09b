package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"portal/server"
	"portal/server/portal"
)

// The e2e layout walk opens what -page-routes lists: every GET route of the
// composition, the JSON API aside, with what it needs to pick a user.
func TestWritePageRoutes(t *testing.T) {
	var buf bytes.Buffer
	if err := writePageRoutes(&buf); err != nil {
		t.Fatal(err)
	}
	var got []pageRoute
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	byPath := map[string]pageRoute{}
	for _, r := range got {
		byPath[r.Path] = r
	}
	want := 0
	for _, r := range portal.New(server.Deps{}).Routes() {
		if r.Method != "GET" {
			continue
		}
		want++
		p, ok := byPath[r.Path]
		if !ok {
			t.Errorf("GET %s (%s) is not listed", r.Path, r.Name)
			continue
		}
		if p.Name != r.Name || p.Built != (r.Handler != nil) || p.Access == "" || len(p.Perms) != len(r.Perms) {
			t.Errorf("GET %s listed as %+v", r.Path, p)
		}
	}
	if len(got) != want || want < 20 {
		t.Errorf("listed %d routes, the route table has %d GET routes", len(got), want)
	}
	for path, access := range map[string]string{"/login": "guest", "/docs": "public", "/mfa-verify": "login", "/org/:org": "dashboard"} {
		if byPath[path].Access != access {
			t.Errorf("%s: access %q, want %q", path, byPath[path].Access, access)
		}
	}
	// Composed without services, every optional area is off; its screens are still built, or
	// the walk would skip them as the not-found page.
	for _, path := range []string{"/org/:org/receivers", "/org/:org/payouts", "/passwords/forgot", "/org/:org/settings/profile/edit"} {
		if !byPath[path].Built {
			t.Errorf("%s listed as not built", path)
		}
	}
	if d := byPath["/org/:org"]; len(d.Perms) != 1 || d.Perms[0] != "dashboard:read" {
		t.Errorf("/org/:org perms %v, want [dashboard:read]", d.Perms)
	}
}
