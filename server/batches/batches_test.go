package batches

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/csv"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"portal/htmlq"
	"portal/payoutfield"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/auth"
	"portal/server/createpayout"
	"portal/server/payouts"
	"portal/server/servertest"

	"golang.org/x/net/html"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

const (
	orgAtlantic = demo.Org2ID
)

func newHarness(t *testing.T) *servertest.Harness {
	return servertest.New(t, auth.New, New, payouts.New, createpayout.New)
}

// sepaFile is a SEPA Germany (by IBAN) batch of n rows for Nordic, from the schema's
// template; edit changes cells of row i by column name.
func sepaFile(t *testing.T, h *servertest.Harness, prefix string, n int, edit func(i int, row map[string]string)) []byte {
	t.Helper()
	tpl, err := h.Srv.Batches.BatchTemplate(context.Background(), servertest.OrgNordic, "sepa-eur-de-iban")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	head := tpl.Columns
	_ = w.Write(head)
	for i := range n {
		row := map[string]string{}
		for j, c := range tpl.Columns {
			row[c] = tpl.Example[j]
		}
		row["end_to_end_id"] = fmt.Sprintf("%s-%03d", prefix, i)
		if edit != nil {
			edit(i, row)
		}
		var rec []string
		for _, c := range head {
			rec = append(rec, row[c])
		}
		_ = w.Write(rec)
	}
	w.Flush()
	return buf.Bytes()
}

// multipartBody is a form with a name, a file and any other fields.
func multipartBody(t *testing.T, fields map[string]string, filename string, content []byte) (string, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if filename != "" || content != nil {
		fw, err := w.CreateFormFile("file", filename)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(content)
	}
	_ = w.Close()
	return b.String(), w.FormDataContentType()
}

// uploadPage posts the upload page's form as a browser without JavaScript does.
func uploadPage(t *testing.T, c *servertest.Client, org string, fields map[string]string, filename string, content []byte) (*http.Response, *html.Node) {
	t.Helper()
	path := "/org/" + org + "/batches/upload"
	if fields == nil {
		fields = map[string]string{}
	}
	fields["_csrf"] = c.CSRF(path)
	body, ctype := multipartBody(t, fields, filename, content)
	res := c.Send("POST", path, body, "Content-Type", ctype)
	return res, servertest.Parse(t, res)
}

func text(n *html.Node) string { return htmlq.VisibleText(n) }

// The list: Nordic needs approval (status filter and column, rows open the panel, 50 a
// page with a next page); Atlantic does not (no filter or status, rows open the payouts).
func TestListPages(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("operations_member@demo.example")
	res, doc := c.Page("/org/" + servertest.OrgNordic + "/batches")
	if res.StatusCode != 200 || text(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Batches" {
		t.Fatalf("status %d", res.StatusCode)
	}
	for _, want := range []string{"Create Batch template", "Upload batch file", "Next page"} {
		if servertest.LinkByText(doc, want) == nil {
			t.Errorf("no %q", want)
		}
	}
	if htmlq.Find(doc, htmlq.ByID("status")) == nil {
		t.Error("no status filter with approval on")
	}
	rows := servertest.Rows(htmlq.Find(doc, htmlq.ByTag("tbody")))
	if len(rows) != 50 {
		t.Errorf("%d rows, want 50", len(rows))
	}
	heads := text(htmlq.Find(doc, htmlq.ByTag("thead")))
	for _, col := range []string{"Batch name", "Create date (UTC)", "Created by", "Country", "Payouts", "Total amount", "Status"} {
		if !strings.Contains(heads, col) {
			t.Errorf("no column %q in %q", col, heads)
		}
	}
	// Every status of the filter has rows.
	for _, st := range []string{"completed", "waiting_review", "rejected"} {
		_, doc := c.Page("/org/" + servertest.OrgNordic + "/batches?status=" + st)
		rows := servertest.Rows(htmlq.Find(doc, htmlq.ByTag("tbody")))
		if len(rows) == 0 {
			t.Errorf("no %s batches", st)
		}
		for _, r := range rows {
			if htmlq.Attr(r, "data-status") != st {
				t.Errorf("%s filter shows %s", st, htmlq.Attr(r, "data-status"))
			}
		}
	}
	// Atlantic: no approval.
	c2 := h.LoggedIn("multi@demo.example")
	_, doc = c2.Page("/org/" + orgAtlantic + "/batches")
	if htmlq.Find(doc, htmlq.ByID("status")) != nil || strings.Contains(text(htmlq.Find(doc, htmlq.ByTag("thead"))), "Status") {
		t.Error("status filter or column without approval")
	}
	if servertest.LinkByText(doc, "Upload batch file") != nil {
		t.Error("an observer sees Upload batch file")
	}
	rows = servertest.Rows(htmlq.Find(doc, htmlq.ByTag("tbody")))
	if len(rows) == 0 || !strings.HasSuffix(htmlq.Attr(htmlq.Find(rows[0], htmlq.ByTag("a")), "href"), "/batch_payouts") {
		t.Fatal("Atlantic rows should open the batch payouts")
	}
	res, doc = c2.Page(htmlq.Attr(htmlq.Find(rows[0], htmlq.ByTag("a")), "href"))
	if res.StatusCode != 200 || !strings.Contains(text(doc), "Payout requests of this batch") {
		t.Errorf("batch payouts page %d", res.StatusCode)
	}
}

// The no-JavaScript flow: upload, see the summary, two other users approve (the creator
// and the same user twice cannot), the payouts are there.
func TestUploadApproveFlow(t *testing.T) {
	h := newHarness(t)
	creator := h.LoggedIn("operations_member@demo.example")
	file := sepaFile(t, h, "FLOW", 3, nil)
	res, doc := uploadPage(t, creator, servertest.OrgNordic, map[string]string{"name": ""}, "supplier run.csv", file)
	if res.StatusCode != 200 {
		t.Fatalf("upload %d: %s", res.StatusCode, text(doc))
	}
	summary := text(htmlq.Find(doc, htmlq.ByID("upload-done")).Parent)
	for _, want := range []string{"Format", "CSV", "supplier run.csv", "SEPA", "EUR → Germany (DE)", "Total payout requests", "3",
		"Needs to be approved by 2 people"} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary lacks %q: %s", want, summary)
		}
	}
	view := servertest.LinkByText(doc, "View batch")
	if view == nil || servertest.LinkByText(doc, "Upload another batch") == nil {
		t.Fatal("no View batch / Upload another batch")
	}
	batchURL := htmlq.Attr(view, "href")
	id := batchURL[strings.LastIndex(batchURL, "/")+1:]
	res, doc = creator.Page(batchURL)
	if res.StatusCode != 200 || !strings.Contains(text(doc), "Draft payouts of this batch (3)") || servertest.LinkByText(doc, "Decline") != nil {
		t.Fatalf("batch page %d, creator offered decline", res.StatusCode)
	}
	// A reviewer who created a batch may not approve it, even by posting.
	own, err := h.Srv.Batches.CreateBatch(context.Background(), servertest.OrgNordic, provider.BatchUpload{Filename: "own.csv",
		Content: sepaFile(t, h, "OWN", 1, nil), CreatedBy: demo.UserAdminReviewerID})
	if err != nil {
		t.Fatal(err)
	}
	ownURL := "/org/" + servertest.OrgNordic + "/batches/" + own.BatchID
	henrik := h.LoggedIn("admin_reviewer@demo.example")
	_, doc = henrik.Page("/org/" + servertest.OrgNordic + "/batches?batch=" + own.BatchID)
	if p := htmlq.Find(doc, htmlq.ByID("batch-panel")); p == nil || servertest.LinkByText(p, "Decline") != nil {
		t.Error("the creator is offered Decline")
	}
	res = henrik.PostForm(ownURL+"/approve", url.Values{}, "/org/"+servertest.OrgNordic+"/batches")
	_, doc = henrik.Page(res.Header.Get("Location"))
	if !strings.Contains(text(doc), provider.MsgBatchApproveFailed) {
		t.Errorf("creator approve: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	// Not a reviewer: the permission guard.
	admin := h.LoggedIn("admin@demo.example")
	res = admin.PostForm(batchURL+"/approve", url.Values{}, "/org/"+servertest.OrgNordic+"/batches")
	if loc := res.Header.Get("Location"); res.StatusCode != 303 || loc != "/org/"+servertest.OrgNordic {
		t.Errorf("admin (no review) approve: %d %s", res.StatusCode, loc)
	}
	first := h.LoggedIn("admin_reviewer@demo.example")
	_, doc = first.Page("/org/" + servertest.OrgNordic + "/batches?batch=" + id)
	panel := htmlq.Find(doc, htmlq.ByID("batch-panel"))
	if panel == nil || !strings.Contains(text(panel), "Needs to be approved by 2 people") || servertest.LinkByText(panel, "Decline") == nil {
		t.Fatalf("panel: %v", panel != nil)
	}
	res = first.PostForm(batchURL+"/approve", url.Values{}, "/org/"+servertest.OrgNordic+"/batches?batch="+id)
	if loc := res.Header.Get("Location"); loc != batchURL+"?status=waiting_review" {
		t.Errorf("first approval goes to %q", loc)
	}
	_, doc = first.Page(batchURL + "?status=waiting_review")
	if !strings.Contains(text(doc), "Batch has been approved") || !strings.Contains(text(doc), "Needs to be approved by 1 person") {
		t.Error("no flash or count after the first approval")
	}
	res = first.PostForm(batchURL+"/approve", url.Values{}, batchURL)
	_, doc = first.Page(res.Header.Get("Location"))
	if !strings.Contains(text(doc), provider.MsgBatchApproveFailed) {
		t.Error("approving twice: no error")
	}
	second := h.LoggedIn("operations_member_reviewer@demo.example")
	res = second.PostForm(batchURL+"/approve", url.Values{}, "/org/"+servertest.OrgNordic+"/batches?batch="+id)
	if loc := res.Header.Get("Location"); loc != "/org/"+servertest.OrgNordic+"/batches?status=completed" {
		t.Errorf("last approval goes to %q", loc)
	}
	_, doc = second.Page(batchURL)
	if !strings.Contains(text(doc), "Payout requests of this batch (3)") {
		t.Errorf("completed batch shows no payouts: %s", text(doc))
	}
}

func TestDeclineFlow(t *testing.T) {
	h := newHarness(t)
	creator := h.LoggedIn("operations_member@demo.example")
	b, err := h.Srv.Batches.CreateBatch(context.Background(), servertest.OrgNordic, provider.BatchUpload{Filename: "d.csv",
		Content: sepaFile(t, h, "DECL", 2, nil), CreatedBy: demo.UserOperationsMemberID})
	if err != nil {
		t.Fatal(err)
	}
	_ = creator
	rev := h.LoggedIn("admin_reviewer@demo.example")
	path := "/org/" + servertest.OrgNordic + "/batches/" + b.BatchID + "/decline"
	res, doc := rev.Page(path)
	if res.StatusCode != 200 || text(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Decline batch?" || servertest.LinkByText(doc, "Cancel") == nil {
		t.Fatalf("decline page %d", res.StatusCode)
	}
	res = rev.PostForm(path, url.Values{}, path)
	if loc := res.Header.Get("Location"); loc != "/org/"+servertest.OrgNordic+"/batches?status=rejected" {
		t.Errorf("decline goes to %q", loc)
	}
	_, doc = rev.Page("/org/" + servertest.OrgNordic + "/batches?status=rejected&batch=" + b.BatchID)
	panel := text(htmlq.Find(doc, htmlq.ByID("batch-panel")))
	if !strings.Contains(text(doc), "Batch has been declined") || !strings.Contains(panel, "Declined by") || strings.Contains(panel, "Approve") {
		t.Errorf("after decline: %s", panel)
	}
}

// The failed state: the detail lines, the sentence, and the error report to download.
func TestUploadFailures(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("operations_member@demo.example")
	bad := sepaFile(t, h, "BAD", 3, func(i int, row map[string]string) {
		if i == 1 {
			row["creditor_account.iban"] = "DE00123"
		}
	})
	res, doc := uploadPage(t, c, servertest.OrgNordic, nil, "bad.csv", bad)
	failed := htmlq.Find(doc, htmlq.ByID("upload-failed"))
	if res.StatusCode != 422 || failed == nil {
		t.Fatalf("status %d", res.StatusCode)
	}
	all := text(failed.Parent)
	for _, want := range []string{"Payout batch failed", "1 of 3 rows has errors.", "Line 3, IBAN: " + payoutfield.MsgIBANInvalid + ".",
		provider.MsgBatchFixReport, "Try again", "Close window"} {
		if !strings.Contains(all, want) {
			t.Errorf("failed state lacks %q: %s", want, all)
		}
	}
	report := servertest.LinkByText(doc, "Download CSV error report")
	if report == nil || htmlq.Attr(report, "download") != "bad-errors.csv" {
		t.Fatal("no error report link")
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(htmlq.Attr(report, "href"), "data:text/csv;charset=utf-8;base64,"))
	if err != nil || !strings.Contains(string(raw), "Line 3: IBAN (creditor_account.iban): "+payoutfield.MsgIBANInvalid) {
		t.Errorf("report %q %v", raw, err)
	}
	// The form's own checks, with the spec's words beside the field.
	for _, tc := range []struct {
		name     string
		filename string
		content  []byte
		want     string
	}{
		{"no file", "", nil, provider.MsgBatchFileRequired},
		{"empty file", "e.csv", []byte{}, provider.MsgBatchFileNotPresent},
		{"too large", "big.csv", bytes.Repeat([]byte("a"), provider.MaxBatchFileBytes+1), provider.MsgBatchFileTooLarge},
		{"not CSV", "x.xlsx", []byte("a,b\n"), msgNotCSV},
	} {
		res, doc := uploadPage(t, c, servertest.OrgNordic, map[string]string{"name": "Typed name"}, tc.filename, tc.content)
		errEl := htmlq.Find(doc, htmlq.ByID("file-error"))
		if res.StatusCode != 422 || errEl == nil || !strings.Contains(text(errEl), tc.want) {
			t.Errorf("%s: %d", tc.name, res.StatusCode)
		}
		if htmlq.Attr(htmlq.Find(doc, htmlq.ByID("name")), "value") != "Typed name" {
			t.Errorf("%s: the typed name is lost", tc.name)
		}
		if servertest.LinkByText(doc, tc.want) == nil {
			t.Errorf("%s: no error summary link", tc.name)
		}
	}
	// A UTF-16 file is refused by the provider's check.
	res, doc = uploadPage(t, c, servertest.OrgNordic, nil, "u16.csv", []byte{0xff, 0xfe, 'a', 0})
	if res.StatusCode != 422 || !strings.Contains(text(doc), "The file is not UTF-8 encoded.") || !strings.Contains(text(doc), provider.MsgBatchFixData) {
		t.Errorf("UTF-16: %d", res.StatusCode)
	}
	// The same file twice: flagged, and uploaded only when confirmed.
	good := sepaFile(t, h, "TWICE", 1, nil)
	if res, _ := uploadPage(t, c, servertest.OrgNordic, nil, "t.csv", good); res.StatusCode != 200 {
		t.Fatalf("first upload %d", res.StatusCode)
	}
	res, doc = uploadPage(t, c, servertest.OrgNordic, nil, "t.csv", good)
	if res.StatusCode != 409 || !strings.Contains(text(doc), "possible duplicate") || htmlq.Find(doc, htmlq.ByID("allow_duplicate")) == nil {
		t.Errorf("duplicate: %d", res.StatusCode)
	}
}

func TestTemplate(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("operations_member@demo.example")
	base := "/org/" + servertest.OrgNordic + "/batches/template"
	_, doc := c.Page(base)
	if servertest.LinkByText(doc, "Download CSV template") != nil {
		t.Error("download offered before the choices")
	}
	_, doc = c.Page(base + "?type=SEPA&product=sepa-eur-de")
	if servertest.LinkByText(doc, "Download CSV template") != nil {
		t.Error("download offered with two schemas and none chosen")
	}
	_, doc = c.Page(base + "?type=SEPA&product=sepa-eur-de&schema=sepa-eur-de-iban-typed")
	link := servertest.LinkByText(doc, "Download CSV template")
	if link == nil {
		t.Fatal("no download with all three chosen")
	}
	res := c.Get(htmlq.Attr(link, "href"))
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || res.Header.Get("Content-Disposition") != `attachment; filename=batch-template-sepa-eur-de-iban-typed.csv` {
		t.Fatalf("%d %q", res.StatusCode, res.Header.Get("Content-Disposition"))
	}
	recs, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil || len(recs) != 2 || !slices.Contains(recs[0], "end_to_end_id") || !slices.Contains(recs[1], "INV-2026-0001") ||
		!slices.Contains(recs[0], "creditor.type") || !slices.Contains(recs[0], "creditor_account.bank_bic") {
		t.Errorf("template %q %v", recs, err)
	}
	// The single option is chosen for the user: Atlantic has one of each.
	a := h.LoggedIn("multi@demo.example")
	_ = a
	_, doc = c.Page(base + "?type=FPS")
	if servertest.LinkByText(doc, "Download CSV template") == nil {
		t.Error("single corridor and schema not preselected")
	}
	// Another organisation's schema is not found.
	if res := c.Get(base + "/download?schema=nope"); res.StatusCode != 404 {
		t.Errorf("unknown schema %d", res.StatusCode)
	}
}

// Another organisation's batch answers not found, in pages and actions.
func TestCrossOrganisation(t *testing.T) {
	h := newHarness(t)
	b, err := h.Srv.Batches.CreateBatch(context.Background(), servertest.OrgNordic, provider.BatchUpload{Filename: "x.csv",
		Content: sepaFile(t, h, "XORG", 1, nil), CreatedBy: demo.UserOperationsMemberID})
	if err != nil {
		t.Fatal(err)
	}
	c := h.LoggedIn("multi@demo.example") // observer in Atlantic
	for _, p := range []string{"/org/" + orgAtlantic + "/batches/" + b.BatchID, "/org/" + orgAtlantic + "/batches/" + b.BatchID + "/batch_payouts"} {
		if res := c.Get(p); res.StatusCode != 404 {
			t.Errorf("%s: %d", p, res.StatusCode)
		}
	}
	res, _ := c.Page("/org/" + orgAtlantic + "/batches?batch=" + b.BatchID)
	if res.StatusCode != 404 {
		t.Errorf("panel of another organisation's batch: %d", res.StatusCode)
	}
}

// TestBatchesAPITour calls every batch operation once, and checks the rules through the API.
func TestBatchesAPITour(t *testing.T) {
	h := newHarness(t)
	tour := h.Tour(t, New(h.Srv).API)
	creator := h.APILoggedIn("operations_member@demo.example")
	body, ctype := multipartBody(t, map[string]string{"name": "API batch"}, "api.csv", sepaFile(t, h, "API", 2, nil))
	r := tour.Call(creator, "uploadPayoutBatch", "", body, "Content-Type", ctype)
	if r.StatusCode != 201 {
		t.Fatalf("upload %d", r.StatusCode)
	}
	id := r.JSON["data"].(map[string]any)["batch_id"].(string)
	tour.At["batchId"] = id
	// A failed upload through the API: 422 with the report.
	body, ctype = multipartBody(t, nil, "bad.csv", sepaFile(t, h, "APIBAD", 1, func(_ int, row map[string]string) { row["amount"] = "-1" }))
	bad := creator.Call("POST", "/api/v1"+apiBatchesPath(servertest.OrgNordic), body, "Content-Type", ctype)
	h.CheckReply(t, "POST", apiListPath, bad)
	if bad.StatusCode != 422 || !strings.Contains(bad.JSON["data"].(map[string]any)["content"].(string), "errors") {
		t.Errorf("bad upload %d %s", bad.StatusCode, bad.Raw)
	}
	obs := h.APILoggedIn("observer@demo.example")
	tour.Call(obs, "listPayoutBatches", "?filter[state]=waiting_review&page[size]=5", nil)
	tour.Call(obs, "getPayoutBatch", "", nil)
	d := tour.Call(obs, "listBatchPayoutDrafts", "?page[size]=1", nil)
	tour.At["draftId"] = d.JSON["data"].([]any)[0].(map[string]any)["id"].(string)
	tour.Call(obs, "getBatchPayoutDraft", "", nil)
	tour.At["schemaId"] = "sepa-eur-de-iban"
	tpl := tour.Call(creator, "getSchemaCSVTemplate", "", nil, hdrOrg, servertest.OrgNordic)
	if !strings.Contains(tpl.Header.Get("Content-Disposition"), "batch-template-sepa-eur-de-iban.csv") {
		t.Errorf("template disposition %q", tpl.Header.Get("Content-Disposition"))
	}
	// Rules: the observer may not upload or review; the creator may not approve.
	if r := obs.Call("POST", "/api/v1"+apiBatchesPath(servertest.OrgNordic)+"/"+id+"/approve", nil); r.StatusCode != 403 {
		t.Errorf("observer approves: %d", r.StatusCode)
	}
	creatorRev := h.API()
	creatorRev.Login("operations_member@demo.example")
	rev1, rev2 := h.API(), h.API()
	rev1.Login("admin_reviewer@demo.example")
	rev2.Login("operations_member_reviewer@demo.example")
	tour.Call(rev1, "approvePayoutBatch", "", nil)
	if r := rev1.Call("POST", "/api/v1"+apiBatchesPath(servertest.OrgNordic)+"/"+id+"/approve", nil); r.StatusCode != 409 {
		t.Errorf("same reviewer twice: %d", r.StatusCode)
	}
	tour.Call(rev2, "approvePayoutBatch", "", nil)
	// Decline another batch.
	b2, err := h.Srv.Batches.CreateBatch(context.Background(), servertest.OrgNordic, provider.BatchUpload{Filename: "r.csv",
		Content: sepaFile(t, h, "APIREJ", 1, nil), CreatedBy: demo.UserOperationsMemberID})
	if err != nil {
		t.Fatal(err)
	}
	tour.At["batchId"] = b2.BatchID
	rej := tour.Call(rev1, "rejectPayoutBatch", "", nil)
	if rej.JSON["data"].(map[string]any)["status"] != "rejected" {
		t.Errorf("reject %s", rej.Raw)
	}
	// Another organisation: 404.
	if r := obs.Call("GET", "/api/v1"+apiBatchesPath(orgAtlantic)+"/"+id, nil); r.StatusCode != 404 {
		t.Errorf("cross-tenant %d", r.StatusCode)
	}
	tour.Done()
}

const hdrOrg = "X-Organisation-ID"

// TestBatchesAPIPagingRefused: the list's paging parameters, read as the drafts' are, are
// refused with one problem each after the filters', named in source.parameter.
func TestBatchesAPIPagingRefused(t *testing.T) {
	h := newHarness(t)
	obs := h.APILoggedIn("observer@demo.example")
	list := "/api/v1" + apiBatchesPath(servertest.OrgNordic)
	for q, want := range map[string][]string{
		"?page[cursor_after]=a&page[cursor_before]=b": {"page[cursor_before]: Give page[cursor_after] or page[cursor_before], not both"},
		"?page[include_cursor]=true":                  {"page[include_cursor]: page[include_cursor] goes with page[cursor_after]"},
		"?page[include_cursor]=yes&page[size]=0&sort=name": {"sort: Only -created_at (newest first)",
			"page[include_cursor]: Must be true or false", "page[size]: Must be between 1 and " + fmt.Sprint(provider.BatchPageSize)},
	} {
		r := obs.Call("GET", list+q, nil)
		r.Expect(t, 422, "invalid")
		var got []string
		for _, e := range r.JSON["errors"].([]any) {
			e := e.(map[string]any)
			got = append(got, e["source"].(map[string]any)["parameter"].(string)+": "+e["title"].(string))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
	}
}
