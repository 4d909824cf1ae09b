package payoutreports

import (
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/money"
	"portal/paymentdoc/pdftext"
	"portal/provider"
	"portal/server/servertest"
)

// completedPayout is a demo payout of org that is completed.
func completedPayout(t *testing.T, h *servertest.Harness, org string) provider.PayoutRequest {
	t.Helper()
	p, err := h.Store.Payouts(context.Background(), org, provider.PayoutFilter{StateCategory: provider.PayoutCompleted, Limit: 1})
	if err != nil || len(p.Payouts) == 0 {
		t.Fatalf("no completed payout: %v", err)
	}
	full, err := h.Store.Payout(context.Background(), org, p.Payouts[0].UniqueReference)
	if err != nil {
		t.Fatal(err)
	}
	return full
}

// The details panel's link names the document and goes to its preview, which shows
// "PREVIEW", the Download link and every page; the PDF it downloads has as many pages,
// holding the payout's reference and amounts.
func TestDocumentPreviewAndPDF(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("finance@demo.example")
	p := completedPayout(t, h, servertest.OrgNordic)
	res := c.Get(documentURL(servertest.OrgNordic, p.UniqueReference) + "/preview")
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/preview/") {
		t.Fatalf("preview link: %d %s", res.StatusCode, loc)
	}
	m, ok := decodePreview(strings.TrimPrefix(loc, "/preview/"))
	if !ok || m.URL != documentURL(servertest.OrgNordic, p.UniqueReference) || m.Product != provider.ProductName ||
		m.Filename != "payment-document-"+p.UniqueReference+".pdf" {
		t.Fatalf("metadata %+v", m)
	}
	res, doc := c.Page(loc)
	if res.StatusCode != 200 {
		t.Fatalf("preview: %d", res.StatusCode)
	}
	if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "p" && htmlq.VisibleText(n) == "PREVIEW" }) == nil {
		t.Fatal("no PREVIEW")
	}
	dl := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.VisibleText(n), "Download") })
	if dl == nil || htmlq.Attr(dl, "href") != m.URL || htmlq.Attr(dl, "download") != m.Filename {
		t.Fatal("no Download link")
	}
	pages := htmlq.FindAll(doc, func(n *html.Node) bool {
		return n.Data == "section" && strings.HasPrefix(htmlq.Attr(n, "aria-labelledby"), "page-")
	})
	if len(pages) == 0 || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))), p.UniqueReference) {
		t.Fatalf("%d pages", len(pages))
	}

	res = c.Get(htmlq.Attr(dl, "href"))
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" || res.Header.Get("Cache-Control") != "no-store" ||
		res.Header.Get("Content-Disposition") != "attachment; filename="+m.Filename {
		t.Fatalf("pdf: %d %v", res.StatusCode, res.Header)
	}
	texts, err := pdftext.Read(body)
	if err != nil {
		t.Fatal(err)
	}
	if len(texts) != len(pages) {
		t.Fatalf("the PDF has %d pages, the preview %d", len(texts), len(pages))
	}
	flat := strings.Join(strings.Fields(strings.Join(texts, " ")), "")
	for _, want := range []string{p.UniqueReference, p.EndToEndID, money.Group(p.Amount) + p.Currency, p.DebtorAccount} {
		if !strings.Contains(flat, strings.ReplaceAll(want, " ", "")) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	for i, sec := range pages {
		// Each preview page holds the lines of the same PDF page.
		for _, dd := range htmlq.FindAll(sec, htmlq.ByTag("dd")) {
			if v := strings.Join(strings.Fields(htmlq.VisibleText(dd)), ""); !strings.Contains(strings.Join(strings.Fields(texts[i]), ""), v) && !strings.ContainsRune(v, '’') {
				t.Errorf("page %d: %q is not on the PDF's page", i+1, htmlq.VisibleText(dd))
			}
		}
	}
}

// Every bad metadata, a URL outside the portal, a document of another organisation or of a
// payout that is not completed, and a role without exports:download: the spec's failure.
func TestPreviewFailures(t *testing.T) {
	h := newHarness(t)
	done := completedPayout(t, h, servertest.OrgNordic)
	theirs := completedPayout(t, h, servertest.OrgAtlantic)
	var pending string
	h.DB().QueryRow(`SELECT unique_reference FROM payout_requests WHERE organisation_id = ? AND state = 'insufficient_funds' LIMIT 1`, servertest.OrgNordic).Scan(&pending)
	good := PreviewMetadata{Filename: "payment-document-" + done.UniqueReference + ".pdf", URL: documentURL(servertest.OrgNordic, done.UniqueReference), Product: provider.ProductName}
	with := func(f func(m *PreviewMetadata)) string {
		m := good
		f(&m)
		return EncodePreview(m)
	}
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	cases := map[string]string{
		"not base64":           "%25%25not-base64!",
		"not JSON":             b64("filename=x.pdf"),
		"JSON array":           b64(`["x"]`),
		"unknown field":        b64(`{"filename":"a.pdf","url":"` + good.URL + `","product":"vela","extra":1}`),
		"trailing data":        b64(`{"filename":"a.pdf","url":"` + good.URL + `","product":"vela"}{}`),
		"other product":        with(func(m *PreviewMetadata) { m.Product = "other" }),
		"no filename":          with(func(m *PreviewMetadata) { m.Filename = "" }),
		"filename with a path": with(func(m *PreviewMetadata) { m.Filename = "../x.pdf" }),
		"not a pdf name":       with(func(m *PreviewMetadata) { m.Filename = "x.html" }),
		"URL outside":          with(func(m *PreviewMetadata) { m.URL = "https://evil.example" + good.URL }),
		"protocol-relative":    with(func(m *PreviewMetadata) { m.URL = "//evil.example" + good.URL }),
		"javascript":           with(func(m *PreviewMetadata) { m.URL = "javascript:alert(1)" }),
		"dot segments": with(func(m *PreviewMetadata) {
			m.URL = "/org/" + servertest.OrgNordic + "/payouts/../exported_payouts/document"
		}),
		"another portal path":  with(func(m *PreviewMetadata) { m.URL = "/org/" + servertest.OrgNordic + "/exported_payouts" }),
		"with a query":         with(func(m *PreviewMetadata) { m.URL = good.URL + "?x=1" }),
		"unknown payout":       with(func(m *PreviewMetadata) { m.URL = documentURL(servertest.OrgNordic, "PONOSUCHPAYOUT1") }),
		"not completed":        with(func(m *PreviewMetadata) { m.URL = documentURL(servertest.OrgNordic, pending) }),
		"another organisation": with(func(m *PreviewMetadata) { m.URL = documentURL(servertest.OrgAtlantic, theirs.UniqueReference) }),
		"their payout, our id": with(func(m *PreviewMetadata) { m.URL = documentURL(servertest.OrgNordic, theirs.UniqueReference) }),
		"too long":             strings.Repeat("A", maxPreviewMetadata+4),
	}
	fin := h.LoggedIn("finance@demo.example")
	check := func(c *servertest.Client, name, meta string) {
		t.Helper()
		res, doc := c.Page("/preview/" + meta)
		if res.StatusCode != http.StatusNotFound || htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != MsgPreviewFailed ||
			htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "p" && htmlq.VisibleText(n) == MsgPreviewRetry }) == nil {
			t.Errorf("%s: %d %q", name, res.StatusCode, htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))))
		}
		if htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(htmlq.VisibleText(n), "Download") }) != nil {
			t.Errorf("%s: a Download link", name)
		}
	}
	for name, meta := range cases {
		check(fin, name, meta)
	}
	if pending == "" {
		t.Fatal("no payout waiting for funds in the demo data")
	}
	// The good metadata loads for finance in Nordic; not for an observer (no
	// exports:download), nor for multi, who is an observer in Atlantic.
	if res, _ := fin.Page("/preview/" + EncodePreview(good)); res.StatusCode != 200 {
		t.Fatalf("good metadata: %d", res.StatusCode)
	}
	obs := h.LoggedIn("observer@demo.example")
	check(obs, "observer", EncodePreview(good))
	multi := h.LoggedIn("multi@demo.example")
	check(multi, "observer in the document's organisation", with(func(m *PreviewMetadata) { m.URL = documentURL(servertest.OrgAtlantic, theirs.UniqueReference) }))
	// Padded standard base64 of good metadata is read as well.
	if res, _ := fin.Page("/preview/" + strings.ReplaceAll(strings.ReplaceAll(base64.URLEncoding.EncodeToString([]byte(`{"filename":"`+good.Filename+`","url":"`+good.URL+`","product":"vela"}`)), "=", "%3D"), "/", "%2F")); res.StatusCode != 200 {
		t.Fatalf("padded base64url: %d", res.StatusCode)
	}
	// Logged out: to login, coming back here.
	anon := h.Client()
	if res := anon.Get("/preview/" + EncodePreview(good)); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Fatalf("anonymous: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	// The PDF route itself: only completed payouts.
	if res := fin.Get(documentURL(servertest.OrgNordic, pending)); res.StatusCode != http.StatusNotFound {
		t.Fatalf("pdf of a payout waiting for funds: %d", res.StatusCode)
	}
}
