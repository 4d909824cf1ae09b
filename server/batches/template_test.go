package batches

import (
	"bytes"
	"context"
	"io"
	"net/url"
	"strings"
	"testing"

	"portal/htmlq"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/servertest"
)

// TestEveryTemplateUploadsBack: for every product schema an organisation is offered (the
// manual payout catalogue's), the template downloaded from the template page uploads as a
// batch of one row in that corridor, changed only in its end-to-end ID (each batch takes
// its row's). Nordic's go through the pages a browser without JavaScript uses; Atlantic's
// (no batch pages for its users) through the provider with the same CSV writer.
func TestEveryTemplateUploadsBack(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	c := h.LoggedIn("operations_member@demo.example")
	n := 0
	for _, org := range []string{servertest.OrgNordic, orgAtlantic} {
		fams, err := h.Srv.PayoutDrafts.ProductOptions(ctx, org)
		if err != nil || len(fams) == 0 {
			t.Fatalf("%s: products %v %v", org, fams, err)
		}
		for _, f := range fams {
			for _, p := range f.Products {
				for _, sc := range p.Schemas {
					n++
					e2e := "TPL-" + strings.ToUpper(sc.ID)
					var file []byte
					if org == servertest.OrgNordic {
						file = downloadTemplate(t, c, f.ID, p.ID, sc.ID)
					} else {
						tpl, err := h.Srv.Batches.BatchTemplate(ctx, org, sc.ID)
						if err != nil {
							t.Fatalf("%s: %v", sc.ID, err)
						}
						file = templateCSV(tpl)
					}
					file = bytes.Replace(file, []byte("INV-2026-0001"), []byte(e2e), 1)
					want := corridorText(provider.NamedCode{ISO: p.Corridor.CurrencyISO}, provider.NamedCode{ISO: p.Corridor.CountryISO}, true)
					if org == servertest.OrgNordic {
						res, doc := uploadPage(t, c, org, nil, sc.ID+".csv", file)
						if res.StatusCode != 200 {
							t.Errorf("%s: upload %d: %s", sc.ID, res.StatusCode, text(doc))
							continue
						}
						summary := text(htmlq.Find(doc, htmlq.ByID("upload-done")).Parent)
						if !strings.Contains(summary, f.ID) || !strings.Contains(summary, p.Corridor.CurrencyISO) ||
							(p.Corridor.CountryISO != "" && !strings.Contains(summary, "("+p.Corridor.CountryISO+")")) {
							t.Errorf("%s: summary %q, want %s %s", sc.ID, summary, f.ID, want)
						}
						continue
					}
					res, err := h.Srv.Batches.CreateBatch(ctx, org, provider.BatchUpload{Filename: sc.ID + ".csv", Content: file,
						CreatedBy: demo.UserAdminID})
					if err != nil {
						t.Errorf("%s: %v %+v", sc.ID, err, err)
						continue
					}
					if res.Meta.LocalInstrument != f.ID || res.Meta.Currency.ISO != p.Corridor.CurrencyISO ||
						res.Meta.Country.ISO != p.Corridor.CountryISO || res.Meta.TotalPayoutRequests != 1 {
						t.Errorf("%s: meta %+v", sc.ID, res.Meta)
					}
					rows, err := h.Srv.Batches.BatchDrafts(ctx, org, res.BatchID, provider.BatchDraftFilter{})
					if err != nil || len(rows.Drafts) != 1 || rows.Drafts[0].EndToEndID != e2e || rows.Drafts[0].Amount == "" {
						t.Errorf("%s: rows %+v %v", sc.ID, rows, err)
					}
				}
			}
		}
	}
	if n < 8 {
		t.Errorf("only %d schemas", n)
	}
}

// downloadTemplate chooses a transfer type, corridor and schema on the template page and
// downloads the file its link names.
func downloadTemplate(t *testing.T, c *servertest.Client, typ, product, schema string) []byte {
	t.Helper()
	q := url.Values{"type": {typ}, "product": {product}, "schema": {schema}}
	_, doc := c.Page("/org/" + servertest.OrgNordic + "/batches/template?" + q.Encode())
	link := servertest.LinkByText(doc, "Download CSV template")
	if link == nil {
		t.Fatalf("%s: no download link", schema)
	}
	res := c.Get(htmlq.Attr(link, "href"))
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "batch-template-"+schema+".csv") {
		t.Fatalf("%s: download %d %q", schema, res.StatusCode, res.Header.Get("Content-Disposition"))
	}
	return body
}
