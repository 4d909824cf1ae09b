// Package sr holds the screen reader transcripts' pages: the HTML the real
// server sends for each step of the money flows without JavaScript, which
// the vitest transcripts in this folder read (testdata/sr/*.html). The
// islands' props ride along in those pages, so the transcripts with
// JavaScript hydrate the same markup.
package sr

import (
	"bytes"
	"encoding/csv"
	"flag"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/money"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/accounts"
	"portal/server/auth"
	"portal/server/batches"
	"portal/server/collections"
	"portal/server/rangepicker"
	"portal/server/servertest"
	"portal/server/statements"
	"portal/server/withdrawals"
)

var update = flag.Bool("update", false, "rewrite testdata/sr from the server's pages")

const pagesDir = "../../testdata/sr"

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// TestTranscriptPages walks the four money flows without JavaScript through
// the real server (transfer, batch upload, withdrawal, refund: each form,
// sent back with errors, and its result) and checks testdata/sr against what
// it serves today. Regenerate the pages:
//
//	go test ./e2e/sr -run TestTranscriptPages -update
func TestTranscriptPages(t *testing.T) {
	h := servertest.New(t, auth.New, rangepicker.New, accounts.New, statements.New, batches.New, withdrawals.New, collections.New)
	c := h.LoggedIn("admin@demo.example")
	org := servertest.OrgNordic
	pages := map[string]string{}
	keep := func(name string, res *http.Response, status int) *html.Node {
		t.Helper()
		if res.StatusCode != status {
			t.Fatalf("%s: status %d, want %d", name, res.StatusCode, status)
		}
		doc := servertest.Parse(t, res)
		pages[name] = pageHTML(t, doc)
		return doc
	}
	// The result after a redirect, as the browser lands on it.
	follow := func(name string, res *http.Response) *html.Node {
		t.Helper()
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s: status %d, want a redirect", name, res.StatusCode)
		}
		next, doc := servertest.Follow(t, c, res)
		if next.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", name, next.StatusCode)
		}
		pages[name] = pageHTML(t, doc)
		return doc
	}
	hidden := func(doc *html.Node, name string) string {
		return htmlq.Attr(htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "input" && htmlq.Attr(n, "name") == name }), "value")
	}

	// Transfer: the account page (its Transfer island), the form, refused, booked.
	acct := "/org/" + org + "/accounts/" + demo.AccountOrg1EUR
	keep("account", c.Get(acct), 200)
	form := keep("transfer-form", c.Get(acct+"/transfer"), 200)
	tf := url.Values{"_csrf": {hidden(form, "_csrf")}, "idempotency_key": {hidden(form, "idempotency_key")}, "intent": {"transfer"}}
	keep("transfer-errors", c.Do("POST", acct+"/transfer", tf), http.StatusUnprocessableEntity)
	for k, v := range map[string]string{"from_account_number": demo.AccountOrg1EUR, "to_account_number": demo.AccountOrg1GBP,
		"amount": "10.00", "end_to_end_id": "SR-TRANSFER-1"} {
		tf.Set(k, v)
	}
	follow("transfer-done", c.Do("POST", acct+"/transfer", tf))

	// Batch upload: the list (its dialog island), the page, no file, a file with a wrong IBAN.
	bl := "/org/" + org + "/batches"
	keep("batches", c.Get(bl), 200)
	form = keep("batch-form", c.Get(bl+"/upload"), 200)
	upload := func(name, filename string, content []byte, status int) {
		t.Helper()
		var b bytes.Buffer
		w := multipart.NewWriter(&b)
		_ = w.WriteField("_csrf", hidden(form, "_csrf"))
		_ = w.WriteField("name", "")
		if filename != "" {
			fw, _ := w.CreateFormFile("file", filename)
			_, _ = fw.Write(content)
		}
		_ = w.Close()
		keep(name, c.Send("POST", bl+"/upload", b.String(), "Content-Type", w.FormDataContentType()), status)
	}
	upload("batch-errors", "", nil, http.StatusUnprocessableEntity)
	upload("batch-failed", "payouts.csv", sepaFile(t, h, org), http.StatusUnprocessableEntity)

	// Withdrawal: the list (its dialog island), the form, refused, the review, the result.
	wl := "/org/" + org + "/accounts/withdrawals"
	keep("withdrawals", c.Get(wl), 200)
	form = keep("withdrawal-form", c.Get(wl+"/new"), 200)
	wf := url.Values{"_csrf": {hidden(form, "_csrf")}, "intent": {"review"}}
	keep("withdrawal-errors", c.Do("POST", wl+"/new", wf), http.StatusUnprocessableEntity)
	for k, v := range map[string]string{"account": demo.AccountOrg1GBP, "withdrawal_account": demo.WithdrawalEUR,
		"amount": "1,000.50", "end_to_end_id": "SR-WITHDRAWAL-1"} {
		wf.Set(k, v)
	}
	res := c.Do("POST", wl+"/new", wf)
	reviewPath := res.Header.Get("Location")
	review := follow("withdrawal-review", res)
	confirm, _ := servertest.PostForm(t, review, reviewPath)
	follow("withdrawal-done", c.Do("POST", reviewPath, confirm))

	// Refund: a completed EUR order's refund page, an amount above the total, a partial refund.
	servertest.WidenRange(t, c, org, "/org/"+org+"/collections/orders", 100)
	o := completedEUROrder(t, h, org)
	detail := "/org/" + org + "/collections/orders/" + o.UUID
	form = keep("refund-form", c.Get(detail+"/refund"), 200)
	total := money.MustParse(o.Amount, 2)
	rf := url.Values{"_csrf": {hidden(form, "_csrf")}, "idempotency_key": {hidden(form, "idempotency_key")}, "refund_type": {"partial"},
		"amount": {total.Add(money.MustParse("0.01", 2)).String()}}
	keep("refund-errors", c.Do("POST", detail+"/refund", rf), http.StatusUnprocessableEntity)
	rf.Set("amount", "1.00")
	follow("refund-done", c.Do("POST", detail+"/refund", rf))

	for name, got := range pages {
		file := filepath.Join(pagesDir, name+".html")
		if *update {
			if err := os.MkdirAll(pagesDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (generate it: go test ./e2e/sr -run TestTranscriptPages -update)", err)
		}
		if shape(got) != shape(string(want)) {
			t.Errorf("%s is not what the server sends today; regenerate it with\n\tgo test ./e2e/sr -run TestTranscriptPages -update\nserver: %s", file, got)
		}
	}
}

// sepaFile is a one-row SEPA batch from the schema's template with an IBAN
// the provider refuses, so the upload fails with an error report.
func sepaFile(t *testing.T, h *servertest.Harness, org string) []byte {
	t.Helper()
	tpl, err := h.Srv.Batches.BatchTemplate(t.Context(), org, "sepa-eur-de-iban")
	if err != nil {
		t.Fatal(err)
	}
	row := append([]string(nil), tpl.Example...)
	for i, col := range tpl.Columns {
		switch col {
		case "creditor_account.iban":
			row[i] = "DE00123"
		case "end_to_end_id":
			row[i] = "SR-BATCH-1"
		}
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(tpl.Columns)
	_ = w.Write(row)
	w.Flush()
	return b.Bytes()
}

func completedEUROrder(t *testing.T, h *servertest.Harness, org string) provider.CollectionOrder {
	t.Helper()
	page, err := h.Store.CollectionOrders(t.Context(), org, provider.CollectionOrderFilter{Status: provider.OrderCompleted, Limit: provider.MaxCollectionLimit})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range page.Orders {
		if o.CurrencyCode == "EUR" {
			return o
		}
	}
	t.Fatal("no completed EUR order")
	return provider.CollectionOrder{}
}

var tokens = regexp.MustCompile(`((?:name="(?:_csrf|idempotency_key)" value=)|(?:"(?:csrf|csrfToken|idempotencyKey)":))"[^"]*"`)

// pageHTML is what the transcripts read of a page: its <main> (where the skip
// link leads, and where the forms, their errors and the result messages are),
// then the props of the islands in it, with fixed tokens so the files change
// only when the pages do.
func pageHTML(t *testing.T, doc *html.Node) string {
	t.Helper()
	main := htmlq.Find(doc, htmlq.ByTag("main"))
	if main == nil {
		t.Fatal("no main")
	}
	// The lists' rows move with the day (the seeded history is relative to
	// it) and are no part of the flows: the table stays, its rows go.
	for _, body := range htmlq.FindAll(main, htmlq.ByTag("tbody")) {
		for body.FirstChild != nil {
			body.RemoveChild(body.FirstChild)
		}
	}
	var b strings.Builder
	if err := html.Render(&b, main); err != nil {
		t.Fatal(err)
	}
	for _, island := range htmlq.FindAll(main, func(n *html.Node) bool { return htmlq.HasAttr(n, "data-island") }) {
		id := htmlq.Attr(island, "data-props")
		if id == "" {
			continue
		}
		props := htmlq.Find(doc, htmlq.ByID(id))
		if props == nil {
			t.Fatalf("island %s: no props %s", htmlq.Attr(island, "data-island"), id)
		}
		if inside(props, main) {
			continue
		}
		b.WriteString("\n")
		if err := html.Render(&b, props); err != nil {
			t.Fatal(err)
		}
	}
	return tokens.ReplaceAllString(b.String(), `$1"fixed-token"`) + "\n"
}

func inside(n, ancestor *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == ancestor {
			return true
		}
	}
	return false
}

var (
	// A random id's group can be all letters (ecdd), which numbered misses.
	uuid     = regexp.MustCompile(`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`)
	numbered = regexp.MustCompile(`\b\w*[0-9]\w*\b`)
	month    = regexp.MustCompile(`\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b`)
)

// shape is a page without what moves with the day it is captured on (dates,
// references, ids, amounts of the seeded history), which the drift check
// compares.
func shape(s string) string {
	s = uuid.ReplaceAllString(s, "U")
	s = month.ReplaceAllString(s, "M")
	return numbered.ReplaceAllString(s, "9")
}

func TestShapeIgnoresWhatMovesWithTheRun(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"reviews/31f6f191-ecdd-4e54-aaf2-61de66021025", "reviews/8c8f168a-6c1c-4089-8197-e573481304dd"},
		{"<dd>3 Dec 2026</dd>", "<dd>14 January 2027</dd>"},
		{"1,166.40 EUR", "2,001.00 EUR"},
	} {
		if shape(tc.a) != shape(tc.b) {
			t.Errorf("shape(%q) = %q, shape(%q) = %q", tc.a, shape(tc.a), tc.b, shape(tc.b))
		}
	}
	if shape("Review withdrawal") == shape("Review payout") {
		t.Error("shape hides words")
	}
}
