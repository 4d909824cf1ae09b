package server

import (
	"portal/htmlq"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestDocsPage(t *testing.T) {
	h := newHarness(t)
	res, doc := h.client().Page("/docs")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("status %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if h1 := htmlq.FindAll(doc, htmlq.ByTag("h1")); len(h1) != 1 || htmlq.VisibleText(h1[0]) != "API Reference" {
		t.Fatalf("h1 %v", h1)
	}
	if title := htmlq.Find(doc, htmlq.ByTag("title")); title == nil || !strings.HasPrefix(htmlq.VisibleText(title), "API Reference") {
		t.Error("document title")
	}
	if htmlq.Find(doc, htmlq.ByTag("script")) != nil {
		t.Error("the reference needs no JavaScript, yet has a script")
	}
	if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/" }) == nil {
		t.Error("no link back to /")
	}
	if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/api/openapi.json" }) == nil {
		t.Error("no link to the OpenAPI document")
	}

	// One section per endpoint, named by method and path, headed by an h3
	// that labels it.
	sections := htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "section" && htmlq.HasAttr(n, "data-endpoint") })
	if len(sections) != len(apiOperations()) {
		t.Fatalf("%d endpoint sections, %d operations", len(sections), len(apiOperations()))
	}
	want := map[string]*APIOp{}
	for i := range apiOperations() {
		op := &apiOperations()[i]
		want[op.Method+" /api/v1"+op.Path] = op
	}
	for _, s := range sections {
		name := htmlq.Attr(s, "data-endpoint")
		op := want[name]
		if op == nil {
			t.Errorf("section for %q, which is no operation", name)
			continue
		}
		delete(want, name)
		if htmlq.Attr(s, "id") != op.ID {
			t.Errorf("%s: id %q, want %q", name, htmlq.Attr(s, "id"), op.ID)
		}
		h3 := htmlq.Find(s, htmlq.ByTag("h3"))
		if h3 == nil || htmlq.Attr(h3, "id") != htmlq.Attr(s, "aria-labelledby") {
			t.Errorf("%s: no h3 labelling the section", name)
			continue
		}
		if !strings.Contains(htmlq.VisibleText(h3), op.Summary) || !strings.Contains(htmlq.VisibleText(h3), op.Method) {
			t.Errorf("%s: heading %q", name, htmlq.VisibleText(h3))
		}
		auth := htmlq.Find(s, htmlq.ByTag("dd"))
		if auth == nil {
			t.Errorf("%s: no authentication line", name)
		} else if op.Auth == APIBearer && !strings.Contains(htmlq.VisibleText(auth), "scope "+strings.Join(op.Scopes, " or ")) {
			t.Errorf("%s: auth %q", name, htmlq.VisibleText(auth))
		}
		tables := htmlq.FindAll(s, htmlq.ByTag("table"))
		var captions []string
		for _, tb := range tables {
			if c := htmlq.Find(tb, htmlq.ByTag("caption")); c != nil {
				captions = append(captions, htmlq.VisibleText(c))
			}
		}
		joined := strings.Join(captions, "|")
		if !strings.Contains(joined, "Responses of "+name) {
			t.Errorf("%s: no responses table (%s)", name, joined)
		}
		if len(op.Params) > 0 && !strings.Contains(joined, "Parameters of "+name) {
			t.Errorf("%s: no parameters table", name)
		}
		if op.Body != nil && !strings.Contains(joined, "Request body of "+name) {
			t.Errorf("%s: no request body table", name)
		}
		rows := htmlq.FindAll(s, func(n *html.Node) bool { return n.Data == "th" && htmlq.Attr(n, "scope") == "row" })
		for _, r := range op.Responses {
			found := false
			for _, row := range rows {
				if strings.HasPrefix(htmlq.VisibleText(row), strconv.Itoa(r.Status)) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: response %d not listed", name, r.Status)
			}
		}
	}
	for name := range want {
		t.Errorf("no section for %s", name)
	}

	// Every table has a caption and scoped header cells.
	for _, tb := range htmlq.FindAll(doc, htmlq.ByTag("table")) {
		if htmlq.Find(tb, htmlq.ByTag("caption")) == nil {
			t.Error("table without caption")
		}
		for _, th := range htmlq.FindAll(tb, htmlq.ByTag("th")) {
			if s := htmlq.Attr(th, "scope"); s != "col" && s != "row" {
				t.Errorf("th %q without scope", htmlq.VisibleText(th))
			}
		}
	}
	// Headings do not skip levels.
	prev := 0
	for _, hd := range htmlq.FindAll(doc, func(n *html.Node) bool {
		return len(n.Data) == 2 && n.Data[0] == 'h' && n.Data[1] >= '1' && n.Data[1] <= '6'
	}) {
		lvl := int(hd.Data[1] - '0')
		if lvl > prev+1 {
			t.Errorf("heading %s %q skips a level after h%d", hd.Data, htmlq.VisibleText(hd), prev)
		}
		prev = lvl
	}
	// Ids are unique, and in-page links land on one.
	ids := map[string]bool{}
	for _, n := range htmlq.FindAll(doc, func(n *html.Node) bool { return htmlq.HasAttr(n, "id") }) {
		if ids[htmlq.Attr(n, "id")] {
			t.Errorf("duplicate id %q", htmlq.Attr(n, "id"))
		}
		ids[htmlq.Attr(n, "id")] = true
	}
	for _, a := range htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.Attr(n, "href"), "#") }) {
		if !ids[strings.TrimPrefix(htmlq.Attr(a, "href"), "#")] {
			t.Errorf("link %q goes nowhere", htmlq.Attr(a, "href"))
		}
	}
	// The login endpoint shows its body fields and field-error pointers.
	login := htmlq.Find(doc, htmlq.ByID("createToken"))
	for _, f := range []string{"email", "password", "access_token", "csrf_token"} {
		if htmlq.Find(login, func(n *html.Node) bool { return n.Data == "code" && htmlq.VisibleText(n) == f }) == nil {
			t.Errorf("createToken: field %s not shown", f)
		}
	}
	// A strict CSP is sent here too.
	if !strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'nonce-") {
		t.Error("no CSP")
	}
}

// The reference is public and looks the same for a logged-in user.
func TestDocsPageLoggedIn(t *testing.T) {
	h := newHarness(t)
	c := h.client()
	c.Login(emailObserver)
	res, doc := c.Page("/docs")
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if n := len(htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "section" && htmlq.HasAttr(n, "data-endpoint") })); n != len(apiOperations()) {
		t.Errorf("%d sections", n)
	}
}
