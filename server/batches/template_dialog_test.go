package batches

import (
	"encoding/json"
	"net/url"
	"reflect"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server/servertest"
)

// options are a select's choices, without its empty placeholder.
func options(t *testing.T, doc *html.Node, id string) []BatchChoice {
	t.Helper()
	sel := htmlq.Find(doc, htmlq.ByID(id))
	if sel == nil || sel.Data != "select" {
		t.Fatalf("no select #%s", id)
	}
	out := []BatchChoice{}
	for _, o := range htmlq.FindAll(sel, htmlq.ByTag("option")) {
		if v := htmlq.Attr(o, "value"); v != "" {
			out = append(out, BatchChoice{v, htmlq.VisibleText(o)})
		}
	}
	return out
}

// TestTemplateDialogCatalogue: the batches page's template dialog (the BatchTemplateDialog
// island) offers exactly what the template page offers without JavaScript: the same transfer
// types, for each the same corridors, for each the same schemas, and the same file to
// download; in both organisations (different products), and not at all without
// payout_batches:manage.
func TestTemplateDialogCatalogue(t *testing.T) {
	h := newHarness(t)
	for _, who := range []struct{ email, org string }{
		{"operations_member@demo.example", servertest.OrgNordic},
		{"atlantic-ops@demo.example", orgAtlantic},
	} {
		t.Run(who.email, func(t *testing.T) {
			c := h.LoggedIn(who.email)
			_, doc := c.Page(base(who.org))
			raw := servertest.IslandProps(t, doc, "BatchTemplateDialog")
			if raw == "" {
				t.Fatal("no template dialog on the batches page")
			}
			var d BatchTemplateDialogProps
			if err := json.Unmarshal([]byte(raw), &d); err != nil {
				t.Fatal(err)
			}
			if d.Page != base(who.org)+"/template" || d.Download != base(who.org)+"/template/download" {
				t.Errorf("page %q download %q", d.Page, d.Download)
			}
			page := func(q url.Values) *html.Node {
				res, doc := c.Page(d.Page + "?" + q.Encode())
				if res.StatusCode != 200 {
					t.Fatalf("template page %v: %d", q, res.StatusCode)
				}
				return doc
			}
			var types []BatchChoice
			for _, ty := range d.Catalogue {
				types = append(types, BatchChoice{ty.Value, ty.Label})
			}
			if got := options(t, page(nil), "type"); len(types) < 2 || !reflect.DeepEqual(got, types) {
				t.Fatalf("transfer types: page %v, dialog %v", got, types)
			}
			schemas := 0
			for _, ty := range d.Catalogue {
				var corridors []BatchChoice
				for _, co := range ty.Corridors {
					corridors = append(corridors, BatchChoice{co.Value, co.Label})
				}
				if got := options(t, page(url.Values{"type": {ty.Value}}), "product"); !reflect.DeepEqual(got, corridors) {
					t.Errorf("%s corridors: page %v, dialog %v", ty.Value, got, corridors)
				}
				for _, co := range ty.Corridors {
					q := url.Values{"type": {ty.Value}, "product": {co.Value}}
					if got := options(t, page(q), "schema"); !reflect.DeepEqual(got, co.Schemas) {
						t.Errorf("%s %s schemas: page %v, dialog %v", ty.Value, co.Value, got, co.Schemas)
					}
					for _, sc := range co.Schemas {
						schemas++
						q.Set("schema", sc.Value)
						link := servertest.LinkByText(page(q), "Download CSV template")
						want := d.Download + "?" + url.Values{"schema": {sc.Value}}.Encode()
						if link == nil || htmlq.Attr(link, "href") != want || htmlq.Attr(link, "download") != templateName(sc.Value) {
							t.Errorf("%s: the page's download is not the dialog's %s", sc.Value, want)
						}
					}
				}
			}
			if schemas < 2 {
				t.Errorf("only %d schemas in the catalogue", schemas)
			}
		})
	}
	_, doc := h.LoggedIn("observer@demo.example").Page(base(servertest.OrgNordic))
	if servertest.IslandProps(t, doc, "BatchTemplateDialog") != "" {
		t.Error("the observer (no payout_batches:manage) is offered the template dialog")
	}
}
