package search

import (
	"net/http"
	"net/url"
	"portal/server/servertest"
	"strings"
	"testing"
)

// The area's part of the API tour, and what the call finds for whom.
func TestSearchAPI(t *testing.T) {
	h := newHarness(t)
	d := demoIDs(t, h)
	a := h.APILoggedIn("observer@demo.example")
	tour := h.Tour(t, New(h.Srv).API)
	r := tour.Call(a, "search", "?"+url.Values{"unique_identifier": {" " + d.payoutE2E + " "}, "start_date": {"1900-01-01"}}.Encode(), nil)
	tour.Done()

	type group struct {
		kind     string
		searched bool
		ids      []string
	}
	groupsOf := func(body map[string]any) []group {
		var out []group
		for _, g := range body["data"].([]any) {
			m := g.(map[string]any)
			gr := group{kind: m["kind"].(string), searched: m["searched"].(bool)}
			for _, hit := range m["hits"].([]any) {
				gr.ids = append(gr.ids, hit.(map[string]any)["id"].(string))
			}
			out = append(out, gr)
		}
		return out
	}
	gs := groupsOf(r.JSON)
	kindsSeen := ""
	for _, g := range gs {
		kindsSeen += g.kind + " "
		if !g.searched {
			t.Errorf("%s not searched for an observer", g.kind)
		}
		if want := 0; g.kind == "payouts" {
			if len(g.ids) != 1 || g.ids[0] != d.payoutRef {
				t.Errorf("payouts %v", g.ids)
			}
		} else if len(g.ids) != want {
			t.Errorf("%s %v", g.kind, g.ids)
		}
	}
	if kindsSeen != "transactions payouts orders payments withdrawals " {
		t.Errorf("groups %q", kindsSeen)
	}

	// Another organisation's record is not found; a role without the kinds' permissions
	// gets every group unsearched.
	m := h.APILoggedIn("multi@demo.example")
	other := m.Call("GET", "/api/v1/search/organisations/"+servertest.OrgAtlantic+"?unique_identifier="+url.QueryEscape(d.payoutE2E), nil)
	if other.StatusCode != http.StatusOK {
		t.Fatalf("status %d", other.StatusCode)
	}
	for _, g := range groupsOf(other.JSON) {
		if len(g.ids) != 0 {
			t.Errorf("another organisation: %s %v", g.kind, g.ids)
		}
	}
	def := h.APILoggedIn("default@demo.example")
	none := def.Call("GET", "/api/v1/search/organisations/"+servertest.OrgNordic+"?unique_identifier="+url.QueryEscape(d.payoutE2E), nil)
	for _, g := range groupsOf(none.JSON) {
		if g.searched || len(g.ids) != 0 {
			t.Errorf("default role: %s searched %v %v", g.kind, g.searched, g.ids)
		}
	}
	for _, q := range []string{"", "?unique_identifier=%20"} {
		r := a.Call("GET", "/api/v1/search/organisations/"+servertest.OrgNordic+q, nil)
		for _, g := range groupsOf(r.JSON) {
			if !g.searched || len(g.ids) != 0 {
				t.Errorf("%q: %s %v %v", q, g.kind, g.searched, g.ids)
			}
		}
	}
	for _, bad := range []string{"?unique_identifier=" + strings.Repeat("x", 201), "?unique_identifier=x&end_date=31-12-2020",
		"?unique_identifier=x&start_date=2020-02-01&end_date=2020-01-01"} {
		if r := a.Call("GET", "/api/v1/search/organisations/"+servertest.OrgNordic+bad, nil); r.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("%q: %d", bad, r.StatusCode)
		}
	}
	if r := a.Call("GET", "/api/v1/search/organisations/"+servertest.OrgAtlantic+"?unique_identifier=x", nil); r.StatusCode != http.StatusNotFound {
		t.Errorf("non-member: %d", r.StatusCode)
	}
}
