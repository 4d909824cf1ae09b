package server_test

import (
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server/api"
)

// The API Reference is an index (/docs) and a page per operation
// (/docs/<operationId>). The tests read the pages by structure: every tag
// and every operation is listed once on the index and linked to a page that
// answers, and each page is one h1 in a main landmark, headings that do not
// skip, captioned tables, ids that are unique and links that land.

func isHeading(n *html.Node) bool {
	return n.Type == html.ElementNode && len(n.Data) == 2 && n.Data[0] == 'h' && n.Data[1] >= '1' && n.Data[1] <= '6'
}

func isElement(tag string) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.Type == html.ElementNode && n.Data == tag }
}

// docsPageStructure holds one docs page to what every docs page is: one h1
// inside one main landmark, a skip link to it, no script, captioned tables
// with scoped header cells, headings in order, unique ids and in-page links
// that land. It gives back the page's ids.
func docsPageStructure(t *testing.T, name string, doc *html.Node) map[string]bool {
	t.Helper()
	mains := htmlq.FindAll(doc, isElement("main"))
	if len(mains) != 1 || htmlq.Attr(mains[0], "id") != "main" {
		t.Fatalf("%s: %d main landmarks", name, len(mains))
	}
	if h1 := htmlq.FindAll(doc, isElement("h1")); len(h1) != 1 || htmlq.Find(mains[0], isElement("h1")) == nil {
		t.Errorf("%s: %d h1, want one, inside main", name, len(h1))
	}
	if a := htmlq.Find(doc, isElement("a")); a == nil || htmlq.Attr(a, "href") != "#main" {
		t.Errorf("%s: the first link is no skip link to main", name)
	}
	if htmlq.Find(doc, isElement("script")) != nil {
		t.Errorf("%s: the reference needs no JavaScript, yet has a script", name)
	}
	if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/" }) == nil {
		t.Errorf("%s: no link back to /", name)
	}
	for _, tb := range htmlq.FindAll(doc, isElement("table")) {
		if htmlq.Find(tb, isElement("caption")) == nil {
			t.Errorf("%s: table without caption", name)
		}
		for _, th := range htmlq.FindAll(tb, isElement("th")) {
			if s := htmlq.Attr(th, "scope"); s != "col" && s != "row" {
				t.Errorf("%s: th %q without scope", name, htmlq.VisibleText(th))
			}
		}
	}
	prev := 0
	for _, hd := range htmlq.FindAll(doc, isHeading) {
		lvl := int(hd.Data[1] - '0')
		if lvl > prev+1 {
			t.Errorf("%s: heading %s %q skips a level after h%d", name, hd.Data, htmlq.VisibleText(hd), prev)
		}
		prev = lvl
	}
	ids := map[string]bool{}
	for _, n := range htmlq.FindAll(doc, func(n *html.Node) bool { return htmlq.HasAttr(n, "id") }) {
		if ids[htmlq.Attr(n, "id")] {
			t.Errorf("%s: duplicate id %q", name, htmlq.Attr(n, "id"))
		}
		ids[htmlq.Attr(n, "id")] = true
	}
	for _, a := range htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.Attr(n, "href"), "#") }) {
		if !ids[strings.TrimPrefix(htmlq.Attr(a, "href"), "#")] {
			t.Errorf("%s: link %q goes nowhere", name, htmlq.Attr(a, "href"))
		}
	}
	return ids
}

// docsLinks are the hrefs of a page's links into the reference, off the
// index itself.
func docsLinks(doc *html.Node) []string {
	var out []string
	for _, a := range htmlq.FindAll(doc, isElement("a")) {
		if href := htmlq.Attr(a, "href"); strings.HasPrefix(href, api.DocsIndex+"/") || strings.HasPrefix(href, api.DocsIndex+"#") {
			out = append(out, href)
		}
	}
	return out
}

func TestDocsPage(t *testing.T) {
	h := newHarness(t)
	res, doc := h.Client().Page("/docs")
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("status %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	ids := docsPageStructure(t, "/docs", doc)
	if h1 := htmlq.Find(doc, isElement("h1")); htmlq.VisibleText(h1) != "API Reference" {
		t.Errorf("h1 %q", htmlq.VisibleText(h1))
	}
	if title := htmlq.Find(doc, isElement("title")); title == nil || !strings.HasPrefix(htmlq.VisibleText(title), "API Reference") {
		t.Error("document title")
	}
	if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "/api/openapi.json" }) == nil {
		t.Error("no link to the OpenAPI document")
	}
	for _, id := range []string{"credentials", "errors"} {
		if !ids[id] {
			t.Errorf("no %s section", id)
		}
	}

	// Every tag once: a section headed by an h2 that labels it, in the
	// document's order.
	tags := htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "section" && htmlq.HasAttr(n, "data-tag") })
	var titles []string
	for _, s := range tags {
		h2 := htmlq.FindAll(s, isElement("h2"))
		if len(h2) != 1 || htmlq.Attr(h2[0], "id") != htmlq.Attr(s, "aria-labelledby") ||
			htmlq.VisibleText(h2[0]) != htmlq.Attr(s, "data-tag") || htmlq.Find(s, isElement("ul")) == nil {
			t.Errorf("tag %q: no h2 labelling a list", htmlq.Attr(s, "data-tag"))
		}
		titles = append(titles, htmlq.Attr(s, "data-tag"))
	}
	var want []string
	for _, tg := range openAPI().Tags {
		want = append(want, tg.Name)
	}
	if strings.Join(titles, "|") != strings.Join(want, "|") {
		t.Errorf("tags %v, want %v", titles, want)
	}

	// Every operation once: an entry of its tag's list that keeps the id its
	// section had on the one-page reference (old /docs#<operationId> links
	// land on it), its summary linked to its page.
	tagOf := map[string]string{}
	for _, s := range tags {
		for _, li := range htmlq.FindAll(s, isElement("li")) {
			tagOf[htmlq.Attr(li, "id")] = htmlq.Attr(s, "data-tag")
		}
	}
	seen := map[string]int{}
	for _, a := range htmlq.FindAll(doc, isElement("a")) {
		if href := htmlq.Attr(a, "href"); strings.HasPrefix(href, api.DocsIndex+"/") {
			seen[strings.TrimPrefix(href, api.DocsIndex+"/")]++
		}
	}
	spec := openAPI()
	for _, op := range apiOperations() {
		if seen[op.ID] != 1 {
			t.Errorf("%s: linked %d times from the index, want once", op.ID, seen[op.ID])
		}
		delete(seen, op.ID)
		li := htmlq.Find(doc, htmlq.ByID(op.ID))
		if li == nil || li.Data != "li" {
			t.Errorf("%s: no entry with its id", op.ID)
			continue
		}
		if a := htmlq.Find(li, isElement("a")); a == nil || htmlq.Attr(a, "href") != "/docs/"+op.ID || htmlq.VisibleText(a) != op.Summary {
			t.Errorf("%s: entry %q does not link its summary to its page", op.ID, htmlq.VisibleText(li))
		}
		if !strings.Contains(htmlq.VisibleText(li), op.Method+" /api/v1"+op.Path) {
			t.Errorf("%s: entry %q does not name method and path", op.ID, htmlq.VisibleText(li))
		}
		if o := spec.Paths[op.Path].Operations()[op.Method]; tagOf[op.ID] != o.Tags[0] {
			t.Errorf("%s: listed under %q, its tag is %q", op.ID, tagOf[op.ID], o.Tags[0])
		}
	}
	for id := range seen {
		t.Errorf("the index links %s, which is no operation", id)
	}
	// A strict CSP is sent here too.
	if !strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'nonce-") {
		t.Error("no CSP")
	}
}

// Each operation has a page of its own: one section for it, headed by the
// page's h1, with its authentication, parameters, body and responses, a
// breadcrumb trail back to the index, and links that all land.
func TestDocsOperationPages(t *testing.T) {
	h := newHarness(t)
	c := h.Client()
	_, index := c.Page("/docs")
	indexIDs := map[string]bool{}
	for _, n := range htmlq.FindAll(index, func(n *html.Node) bool { return htmlq.HasAttr(n, "id") }) {
		indexIDs[htmlq.Attr(n, "id")] = true
	}
	answers := map[string]int{}
	for _, op := range apiOperations() {
		path := "/docs/" + op.ID
		name := op.Method + " /api/v1" + op.Path
		res, doc := c.Page(path)
		if res.StatusCode != 200 {
			t.Errorf("%s: status %d", path, res.StatusCode)
			continue
		}
		docsPageStructure(t, path, doc)
		if title := htmlq.Find(doc, isElement("title")); !strings.HasPrefix(htmlq.VisibleText(title), op.Summary+" · API Reference") {
			t.Errorf("%s: title %q", path, htmlq.VisibleText(title))
		}
		sections := htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "section" && htmlq.HasAttr(n, "data-endpoint") })
		if len(sections) != 1 || htmlq.Attr(sections[0], "data-endpoint") != name || htmlq.Attr(sections[0], "id") != op.ID {
			t.Errorf("%s: %d sections, want one for %s", path, len(sections), name)
			continue
		}
		s := sections[0]
		h1 := htmlq.Find(s, isElement("h1"))
		if h1 == nil || htmlq.Attr(h1, "id") != htmlq.Attr(s, "aria-labelledby") {
			t.Errorf("%s: no h1 labelling the section", path)
			continue
		}
		if !strings.Contains(htmlq.VisibleText(h1), op.Summary) || !strings.Contains(htmlq.VisibleText(h1), op.Method) {
			t.Errorf("%s: heading %q", path, htmlq.VisibleText(h1))
		}
		auth := htmlq.Find(s, isElement("dd"))
		if auth == nil {
			t.Errorf("%s: no authentication line", path)
		} else if op.Auth == api.Bearer && !strings.Contains(htmlq.VisibleText(auth), "scope "+strings.Join(op.Scopes, " or ")) {
			t.Errorf("%s: auth %q", path, htmlq.VisibleText(auth))
		}
		var captions []string
		for _, tb := range htmlq.FindAll(s, isElement("table")) {
			if cp := htmlq.Find(tb, isElement("caption")); cp != nil {
				captions = append(captions, htmlq.VisibleText(cp))
			}
		}
		joined := strings.Join(captions, "|")
		if !strings.Contains(joined, "Responses of "+name) {
			t.Errorf("%s: no responses table (%s)", path, joined)
		}
		if len(op.Params) > 0 && !strings.Contains(joined, "Parameters of "+name) {
			t.Errorf("%s: no parameters table", path)
		}
		if op.Body != nil && !strings.Contains(joined, "Request body of "+name) {
			t.Errorf("%s: no request body table", path)
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
				t.Errorf("%s: response %d not listed", path, r.Status)
			}
		}
		// The trail: the index, the operation's tag on it, this page.
		crumbs := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "nav" && htmlq.Attr(n, "aria-label") == "Breadcrumb" })
		if crumbs == nil || htmlq.Find(doc, isElement("main")).Parent != crumbs.Parent {
			t.Errorf("%s: no breadcrumb trail beside main", path)
		} else {
			items := htmlq.FindAll(crumbs, isElement("li"))
			if len(items) != 3 || htmlq.Attr(htmlq.Find(items[0], isElement("a")), "href") != "/docs" ||
				htmlq.Attr(items[2], "aria-current") != "page" || htmlq.VisibleText(items[2]) != op.Summary {
				t.Errorf("%s: breadcrumb %q", path, htmlq.VisibleText(crumbs))
			}
		}
		// Every link into the reference lands: on a page that answers, or on
		// an id of the index.
		for _, href := range docsLinks(doc) {
			if page, frag, ok := strings.Cut(href, "#"); ok && page == api.DocsIndex {
				if !indexIDs[frag] {
					t.Errorf("%s: link %q lands on nothing of the index", path, href)
				}
				continue
			}
			if _, done := answers[href]; !done {
				answers[href] = c.Get(href).StatusCode
			}
			if answers[href] != 200 {
				t.Errorf("%s: link %q answers %d", path, href, answers[href])
			}
		}
	}
	// The login endpoint shows its body fields and field-error pointers.
	_, doc := c.Page("/docs/createToken")
	for _, f := range []string{"email", "password", "access_token", "csrf_token"} {
		if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "code" && htmlq.VisibleText(n) == f }) == nil {
			t.Errorf("createToken: field %s not shown", f)
		}
	}
}

// An operation id the document does not have is not found.
func TestDocsOperationNotFound(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"/docs/noSuchOperation", "/docs/tag-authentication"} {
		if res := h.Client().Get(p); res.StatusCode != 404 {
			t.Errorf("%s: status %d", p, res.StatusCode)
		}
	}
}

// The reference is public and looks the same for a logged-in user, less the
// way in.
func TestDocsPageLoggedIn(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(emailObserver)
	op := apiOperations()[0]
	for _, p := range []string{"/docs", "/docs/" + op.ID} {
		res, doc := c.Page(p)
		if res.StatusCode != 200 {
			t.Fatalf("%s: status %d", p, res.StatusCode)
		}
		if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.Attr(n, "href"), "/login") }) != nil {
			t.Errorf("%s: a way in for a logged-in user", p)
		}
	}
	_, doc := c.Page("/docs")
	entries := 0
	for _, href := range docsLinks(doc) {
		if strings.HasPrefix(href, api.DocsIndex+"/") {
			entries++
		}
	}
	if entries != len(apiOperations()) {
		t.Errorf("%d operations listed, %d in the document", entries, len(apiOperations()))
	}
	_, page := c.Page("/docs/" + op.ID)
	if n := len(htmlq.FindAll(page, func(n *html.Node) bool { return n.Data == "section" && htmlq.HasAttr(n, "data-endpoint") })); n != 1 {
		t.Errorf("%d sections", n)
	}
}
