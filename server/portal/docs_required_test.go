package portal

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server/servertest"
)

// docsRows flattens a schema of the served document as /docs lists it: nested objects by
// dotted names, objects inside arrays as name[]. Each name maps to whether the document
// requires it in its object.
func docsRows(doc servertest.Document, schema any, prefix string, out map[string]bool) {
	s := doc.Schema(schema)
	if s["type"] != "object" {
		return
	}
	req := map[string]bool{}
	list, _ := s["required"].([]any)
	for _, r := range list {
		req[r.(string)] = true
	}
	for name, p := range servertest.Obj(s["properties"]) {
		out[prefix+name] = req[name]
		ps := doc.Schema(p)
		switch ps["type"] {
		case "object":
			docsRows(doc, ps, prefix+name+".", out)
		case "array":
			if items := doc.Schema(ps["items"]); items["type"] == "object" {
				docsRows(doc, items, prefix+name+"[].", out)
			}
		}
	}
}

// docsSections are the operations' sections of the reference: one on each page the
// index (/docs) links to.
func docsSections(t *testing.T, c *servertest.Client) []*html.Node {
	t.Helper()
	res, index := c.Page("/docs")
	if res.StatusCode != 200 {
		t.Fatalf("/docs: %d", res.StatusCode)
	}
	var out []*html.Node
	for _, a := range htmlq.FindAll(index, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.Attr(n, "href"), "/docs/") }) {
		res, page := c.Page(htmlq.Attr(a, "href"))
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d", htmlq.Attr(a, "href"), res.StatusCode)
		}
		out = append(out, htmlq.FindAll(page, func(n *html.Node) bool { return n.Data == "section" && htmlq.HasAttr(n, "data-endpoint") })...)
	}
	return out
}

// TestDocsRequiredColumnFollowsTheDocument reads every row of every table of every
// operation's section of the reference (parameters, request body, reply bodies; each
// operation on its page under /docs) and holds its Required column to the served
// document: the page shows Yes exactly where the document requires, and lists every
// field and parameter the document has.
func TestDocsRequiredColumnFollowsTheDocument(t *testing.T) {
	h := newHarness(t)
	doc := h.Document()
	sections := docsSections(t, h.Client())
	ops := 0
	for _, item := range servertest.Obj(doc["paths"]) {
		ops += len(servertest.Obj(item))
	}
	if len(sections) != ops || ops == 0 {
		t.Fatalf("%d sections for %d operations", len(sections), ops)
	}
	rows, yes := 0, 0
	for _, sec := range sections {
		name := htmlq.Attr(sec, "data-endpoint")
		method, path, _ := strings.Cut(name, " ")
		path = strings.TrimPrefix(path, "/api/v1")
		op := servertest.Obj(servertest.Obj(servertest.Obj(doc["paths"])[path])[strings.ToLower(method)])
		if op == nil {
			t.Errorf("%s: no such operation in the document", name)
			continue
		}
		want := map[string]map[string]bool{} // caption → row name → required
		if params, _ := op["parameters"].([]any); len(params) > 0 {
			m := map[string]bool{}
			for _, p := range params {
				m[servertest.Obj(p)["name"].(string)] = servertest.Obj(p)["required"] == true
			}
			want["Parameters of "+name] = m
		}
		if body := servertest.Obj(servertest.Obj(servertest.Obj(op["requestBody"])["content"])["application/json"]); body != nil {
			m := map[string]bool{}
			docsRows(doc, body["schema"], "", m)
			want["Request body of "+name+" (application/json)"] = m
		}
		for code, r := range servertest.Obj(op["responses"]) {
			js := servertest.Obj(servertest.Obj(servertest.Obj(r)["content"])["application/json"])
			if js == nil || servertest.Obj(js["schema"])["$ref"] == "#/components/schemas/Errors" {
				continue
			}
			m := map[string]bool{}
			docsRows(doc, js["schema"], "", m)
			if len(m) > 0 {
				want["Response "+code+" body of "+name] = m
			}
		}
		seen := map[string]bool{}
		for _, tb := range htmlq.FindAll(sec, htmlq.ByTag("table")) {
			caption := htmlq.VisibleText(htmlq.Find(tb, htmlq.ByTag("caption")))
			if strings.HasPrefix(caption, "Responses of ") {
				continue
			}
			m, ok := want[caption]
			if !ok {
				t.Errorf("%s: table %q the document does not have", name, caption)
				continue
			}
			seen[caption] = true
			// The Required column is found by its header, not its place: parameters add In.
			col := -1
			for i, th := range htmlq.FindAll(htmlq.Find(tb, htmlq.ByTag("thead")), htmlq.ByTag("th")) {
				if htmlq.VisibleText(th) == "Required" {
					col = i
				}
			}
			if col < 0 {
				t.Errorf("%s: %q has no Required column", name, caption)
				continue
			}
			listed := map[string]bool{}
			for _, tr := range htmlq.FindAll(htmlq.Find(tb, htmlq.ByTag("tbody")), htmlq.ByTag("tr")) {
				cells := htmlq.FindAll(tr, func(n *html.Node) bool { return n.Parent == tr && (n.Data == "th" || n.Data == "td") })
				if len(cells) <= col {
					t.Errorf("%s: %q: a row of %d cells", name, caption, len(cells))
					continue
				}
				field := htmlq.VisibleText(cells[0])
				got := htmlq.VisibleText(cells[col])
				required, ok := m[field]
				switch {
				case !ok:
					t.Errorf("%s: %q lists %s, which the document does not have", name, caption, field)
				case got != map[bool]string{true: "Yes", false: "No"}[required]:
					t.Errorf("%s: %q: %s Required %q, the document says required=%v", name, caption, field, got, required)
				}
				listed[field] = true
				rows++
				if got == "Yes" {
					yes++
				}
			}
			for field := range m {
				if !listed[field] {
					t.Errorf("%s: %q leaves out %s", name, caption, field)
				}
			}
		}
		for caption := range want {
			if !seen[caption] {
				t.Errorf("%s: no table %q", name, caption)
			}
		}
	}
	if rows == 0 || yes == 0 {
		t.Fatalf("%d rows, %d required: nothing was compared", rows, yes)
	}
	t.Logf("%d operations, %d rows compared, %d of them required", len(sections), rows, yes)
}
