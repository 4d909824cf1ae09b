package rangepicker_test

import (
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
	"portal/reference/demo"
	"portal/server/accounts"
	"portal/server/auth"
	"portal/server/collections"
	"portal/server/createpayout"
	"portal/server/dashboard"
	"portal/server/funding"
	"portal/server/payouts"
	"portal/server/rangepicker"
	"portal/server/servertest"
	"portal/server/statements"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// newHarness mounts the picker, auth to log in through the form and the
// dashboard, which shows only the past 30 days.
func newHarness(t *testing.T) *servertest.Harness {
	return servertest.New(t, auth.New, rangepicker.New, dashboard.New, accounts.New, statements.New, payouts.New, createpayout.New, collections.New, funding.New)
}

const (
	org1 = "/org/" + demo.Org1ID
	org2 = "/org/" + demo.Org2ID
)

func TestDashboardRangeAndPicker(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")

	// Past 7 days hides the content; the button sets Past 30 days again.
	res := c.PostForm(org1+"/date_range", url.Values{"type": {"d7"}, "return_to": {org1 + "/settings/profile?x=1"}}, org1)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != org1+"/settings/profile?x=1" {
		t.Fatalf("post d7: %d → %s", res.StatusCode, res.Header.Get("Location"))
	}
	_, doc := c.Page(org1)
	if got := servertest.DashboardWidgets(doc); len(got) != 1 || !got["range-title"] {
		t.Fatalf("d7 dashboard shows %v", got)
	}
	back := htmlq.Find(servertest.Section(t, doc, "range-title"), htmlq.ByTag("form"))
	form := url.Values{}
	for _, in := range htmlq.FindAll(back, htmlq.ByTag("input")) {
		form.Set(htmlq.Attr(in, "name"), htmlq.Attr(in, "value"))
	}
	if form.Get("type") != "d30" || form.Get("_csrf") == "" || htmlq.Attr(back, "action") != org1+"/date_range" {
		t.Fatalf("back form %v", form)
	}
	res = c.Do("POST", htmlq.Attr(back, "action"), form)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != org1 {
		t.Fatalf("back to d30: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	if _, doc = c.Page(org1); !servertest.DashboardWidgets(doc)["payouts-title"] {
		t.Fatal("d30 again: content not shown")
	}

	// pageValues reads the picker page's form.
	pageValues := func(doc *html.Node) (typ, from, to string) {
		sel := htmlq.Find(doc, htmlq.ByID("range_type"))
		for _, o := range htmlq.FindAll(sel, htmlq.ByTag("option")) {
			if htmlq.HasAttr(o, "selected") {
				typ = htmlq.Attr(o, "value")
			}
		}
		return typ, htmlq.Attr(htmlq.Find(doc, htmlq.ByID("range_from")), "value"), htmlq.Attr(htmlq.Find(doc, htmlq.ByID("range_to")), "value")
	}

	cases := []struct {
		name          string
		form          url.Values
		status        int
		errs          map[string]string // field id → message
		typ, from, to string            // the picker afterwards
	}{
		{"custom range", url.Values{"type": {"custom"}, "from": {"01-10-2026"}, "to": {"15-10-2026"}}, 303, nil, "custom", "01-10-2026", "15-10-2026"},
		{"custom range, either order", url.Values{"type": {"custom"}, "from": {"20-10-2026"}, "to": {"02-10-2026"}}, 303, nil, "custom", "02-10-2026", "20-10-2026"},
		{"invalid date keeps what was typed", url.Values{"type": {"custom"}, "from": {"31-02-2026"}, "to": {"15-13-2026"}}, 422,
			map[string]string{"range_from": daterange.MsgNoDate, "range_to": daterange.MsgMonth}, "custom", "31-02-2026", "15-13-2026"},
		{"a range needs both", url.Values{"type": {"custom"}, "from": {"01-10-2026"}}, 422,
			map[string]string{"range_to": daterange.MsgRequired}, "custom", "01-10-2026", ""},
		{"year out of range", url.Values{"type": {"custom"}, "from": {"01-01-1999"}, "to": {"01-01-2000"}}, 422,
			map[string]string{"range_from": "Year must be between 2000 and " + strconv.Itoa(time.Now().UTC().Year()+1)}, "custom", "01-01-1999", "01-01-2000"},
		{"unknown type", url.Values{"type": {"forever"}}, 422, map[string]string{"range_type": daterange.MsgType}, "", "", ""},
		{"preset", url.Values{"type": {"last_month"}}, 303, nil, "last_month", "", ""},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			tt.form.Set("return_to", org1)
			res := c.PostForm(org1+"/date_range", tt.form, org1+"/date_range")
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			var doc *html.Node
			if tt.status == 422 {
				doc = servertest.Parse(t, res)
				summary := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "aria-labelledby") == "error-summary-title" })
				if summary == nil {
					t.Fatal("no error summary")
				}
				for id, msg := range tt.errs {
					link := htmlq.Find(summary, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "#"+id })
					if link == nil || htmlq.VisibleText(link) != msg {
						t.Errorf("summary link to %s: want %q", id, msg)
					}
					field := htmlq.Find(doc, htmlq.ByID(id))
					if htmlq.Attr(field, "aria-invalid") != "true" || !strings.Contains(htmlq.Attr(field, "aria-describedby"), id+"-error") {
						t.Errorf("%s is not marked invalid", id)
					}
					if e := htmlq.Find(doc, htmlq.ByID(id+"-error")); e == nil || !strings.Contains(htmlq.VisibleText(e), msg) {
						t.Errorf("%s: no error beside the field", id)
					}
				}
				if len(htmlq.FindAll(summary, htmlq.ByTag("a"))) != len(tt.errs) {
					t.Errorf("summary has %d links, want %d", len(htmlq.FindAll(summary, htmlq.ByTag("a"))), len(tt.errs))
				}
			} else {
				if loc := res.Header.Get("Location"); loc != org1 {
					t.Errorf("went to %s", loc)
				}
				_, doc = c.Page(org1 + "/date_range")
			}
			typ, from, to := pageValues(doc)
			if tt.typ != "" && typ != tt.typ {
				t.Errorf("type %q, want %q", typ, tt.typ)
			}
			if tt.from != "" && (from != tt.from || to != tt.to) {
				t.Errorf("from/to %q %q, want %q %q", from, to, tt.from, tt.to)
			}
		})
	}

	// Without the CSRF token nothing changes.
	res = c.Do("POST", org1+"/date_range", url.Values{"type": {"today"}, "return_to": {org1}})
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("no CSRF: %d", res.StatusCode)
	}
	if typ, _, _ := pageValues(func() *html.Node { _, d := c.Page(org1 + "/date_range"); return d }()); typ != "last_month" {
		t.Errorf("range changed without CSRF: %s", typ)
	}

	// Return paths: only inside the organisation.
	for target, want := range map[string]string{
		"https://evil.example/": org1, "//evil.example": org1, "/\\evil.example": org1, org2: org1,
		"/org/" + demo.Org1ID + "x": org1, org1 + "/date_range": org1, "": org1,
		org1 + "/accounts/1?a=b": org1 + "/accounts/1?a=b",
	} {
		res := c.PostForm(org1+"/date_range", url.Values{"type": {"d30"}, "return_to": {target}}, org1)
		if loc := res.Header.Get("Location"); res.StatusCode != 303 || loc != want {
			t.Errorf("return_to %q → %d %s, want %s", target, res.StatusCode, loc, want)
		}
	}
}
