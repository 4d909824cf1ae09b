package createpayout_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/server/auth"
	"portal/server/batches"
	"portal/server/createpayout"
	"portal/server/payoutdrafts"
	"portal/server/payoutreports"
	"portal/server/payouts"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

const (
	admin = "admin@demo.example"
	// validIBAN and a copy with one digit changed.
	validIBAN = "DE89 3704 0044 0532 0130 00"
	wrongIBAN = "DE89 3704 0044 0532 0130 01"
	// The forms' field names.
	fFamily     = "local_instrument"
	fProduct    = "product_id"
	fSchema     = "schema_id"
	fIntent     = "intent"
	fSamePerson = "same_person"
)

func newHarness(t *testing.T) *servertest.Harness {
	return servertest.New(t, auth.New, payouts.New, createpayout.New, payoutdrafts.New, batches.New, payoutreports.New)
}

// approvalOff turns the draft approval flow off for Nordic, so publishing makes the payout.
func approvalOff(h *servertest.Harness) {
	h.Exec(`UPDATE organisation_configurations SET manual_payout_number_of_approvers = 0 WHERE organisation_id = ?`, servertest.OrgNordic)
}

func createPath(org string) string { return "/org/" + org + "/payouts/create" }

// form is the page's wizard form: where it posts and what a browser would send (inputs,
// the selected option of each enabled select, checked radios).
func form(t *testing.T, doc *html.Node) (string, url.Values) {
	t.Helper()
	f := wizardForm(doc)
	if f == nil {
		t.Fatal("no form")
	}
	v := url.Values{}
	for _, n := range htmlq.FindAll(f, func(n *html.Node) bool { return n.Data == "input" || n.Data == "select" }) {
		if htmlq.HasAttr(n, "disabled") {
			continue
		}
		name := htmlq.Attr(n, "name")
		switch {
		case n.Data == "select":
			v.Set(name, "")
			for _, o := range htmlq.FindAll(n, htmlq.ByTag("option")) {
				if htmlq.HasAttr(o, "selected") {
					v.Set(name, htmlq.Attr(o, "value"))
				}
			}
		case htmlq.Attr(n, "type") == "radio":
			if htmlq.HasAttr(n, "checked") {
				v.Set(name, htmlq.Attr(n, "value"))
			}
		default:
			v.Set(name, htmlq.Attr(n, "value"))
		}
	}
	return htmlq.Attr(f, "action"), v
}

func wizardForm(doc *html.Node) *html.Node {
	return htmlq.Find(doc, func(n *html.Node) bool {
		a := htmlq.Attr(n, "action")
		return n.Data == "form" && htmlq.Attr(n, "method") == "post" && strings.Contains(a, "/payouts/create") &&
			!strings.HasSuffix(a, "/receiver") && !strings.HasSuffix(a, "/save_receiver")
	})
}

// options are a select's choices (values, the empty one left out).
func options(doc *html.Node, id string) []string {
	var out []string
	for _, o := range htmlq.FindAll(htmlq.Find(doc, htmlq.ByID(id)), htmlq.ByTag("option")) {
		if v := htmlq.Attr(o, "value"); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// fieldError is the message beside the field with id, "" when none.
func fieldError(doc *html.Node, id string) string {
	n := htmlq.Find(doc, htmlq.ByID(id+"-error"))
	if n == nil {
		return ""
	}
	return strings.TrimPrefix(htmlq.VisibleText(n), "Error: ")
}

// summaryLinks are the error summary's lines as href → text.
func summaryLinks(doc *html.Node) map[string]string {
	out := map[string]string{}
	box := htmlq.Find(doc, htmlq.ByID("pw-errors"))
	if box == nil {
		return out
	}
	for _, a := range htmlq.FindAll(box, htmlq.ByTag("a")) {
		out[htmlq.Attr(a, "href")] = htmlq.VisibleText(a)
	}
	return out
}

func post(t *testing.T, c *servertest.Client, action string, v url.Values) *http.Response {
	t.Helper()
	return c.Do("POST", action, v)
}

// see follows a 303 and answers the page.
func see(t *testing.T, c *servertest.Client, res *http.Response, wantPath string) *html.Node {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d, want 303 to %s", res.StatusCode, wantPath)
	}
	loc := res.Header.Get("Location")
	if wantPath != "" && loc != wantPath {
		t.Fatalf("redirect to %q, want %q", loc, wantPath)
	}
	r, doc := c.Page(loc)
	if r.StatusCode != 200 {
		t.Fatalf("GET %s: %d", loc, r.StatusCode)
	}
	return doc
}

// terms are the description lists' terms and descriptions under n (dt → the dd after it).
func terms(n *html.Node) map[string]string {
	out := map[string]string{}
	for _, dt := range htmlq.FindAll(n, htmlq.ByTag("dt")) {
		for dd := dt.NextSibling; dd != nil; dd = dd.NextSibling {
			if dd.Type == html.ElementNode {
				if dd.Data == "dd" {
					out[htmlq.VisibleText(dt)] = htmlq.VisibleText(dd)
				}
				break
			}
		}
	}
	return out
}

func heading(doc *html.Node) string {
	return htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID("pw-step-title")))
}

// newDraft walks the product step without JavaScript to schema of product in family and
// answers the first step's page.
func newDraft(t *testing.T, c *servertest.Client, family, product, schema string) (string, *html.Node) {
	t.Helper()
	_, doc := c.Page(createPath(servertest.OrgNordic))
	action, v := form(t, doc)
	v.Set(fFamily, family)
	res := post(t, c, action, v)
	if res.StatusCode != 200 {
		t.Fatalf("family: %d", res.StatusCode)
	}
	doc = servertest.Parse(t, res)
	_, v = form(t, doc)
	if v.Get(fProduct) == "" {
		v.Set(fProduct, product)
		doc = servertest.Parse(t, post(t, c, action, v))
		_, v = form(t, doc)
	}
	if v.Get(fSchema) == "" {
		v.Set(fSchema, schema)
	}
	res = post(t, c, action, v)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("create: %d %s", res.StatusCode, htmlq.VisibleText(htmlq.Find(servertest.Parse(t, res), htmlq.ByTag("main"))))
	}
	loc := res.Header.Get("Location")
	_, doc = c.Page(loc)
	return loc, doc
}

func draftID(t *testing.T, stepURL string) string {
	t.Helper()
	rest := strings.TrimPrefix(stepURL, createPath(servertest.OrgNordic)+"/")
	id, _, ok := strings.Cut(rest, "/")
	if !ok {
		t.Fatalf("not a step address: %s", stepURL)
	}
	return id
}

func TestRouteGuards(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		user, org string
		want      int
	}{
		{admin, servertest.OrgNordic, 200},
		{"observer@demo.example", servertest.OrgNordic, http.StatusSeeOther}, // no payouts:manage
		{"multi@demo.example", servertest.OrgAtlantic, http.StatusSeeOther},  // A/B testing off
	} {
		c := h.LoggedIn(tc.user)
		res, doc := c.Page(createPath(tc.org))
		if res.StatusCode != tc.want {
			t.Errorf("%s in %s: %d, want %d", tc.user, tc.org, res.StatusCode, tc.want)
			continue
		}
		if tc.want == 200 {
			if htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Create payout" || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))), "Manually create a payout to a customer") {
				t.Errorf("page: %q", htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))))
			}
			continue
		}
		// Posting is refused the same way, and nothing is made.
		if r := c.Do("POST", createPath(tc.org), url.Values{"_csrf": {c.CSRF("/org/" + tc.org + "/payouts")}, fFamily: {"SEPA"}}); r.StatusCode != http.StatusSeeOther ||
			strings.Contains(r.Header.Get("Location"), "/payouts/create/") {
			t.Errorf("%s POST: %d %s", tc.user, r.StatusCode, r.Header.Get("Location"))
		}
	}
}

// The product step without JavaScript: the selects cascade through the server; a choice left
// empty once its options were shown is required; changing one above starts the ones below
// again; the whole choice creates the draft.
func TestProductStepWithoutJavaScript(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	res, doc := c.Page(createPath(servertest.OrgNordic))
	if res.StatusCode != 200 || heading(doc) != "Select Product" {
		t.Fatalf("%d %q", res.StatusCode, heading(doc))
	}
	if got := options(doc, "pw-local_instrument"); !slices.Equal(got, []string{"SEPA", "FPS", "SWIFT", "CRYPTO"}) {
		t.Fatalf("transfer types %v", got)
	}
	action, v := form(t, doc)
	if action != createPath(servertest.OrgNordic) || v.Get("_csrf") == "" {
		t.Fatalf("form %s %v", action, v)
	}

	res = post(t, c, action, v)
	doc = servertest.Parse(t, res)
	if res.StatusCode != 422 || fieldError(doc, "pw-local_instrument") != "Transfer type is required" ||
		summaryLinks(doc)["#pw-local_instrument"] != "Transfer type is required" {
		t.Fatalf("empty: %d %q %v", res.StatusCode, fieldError(doc, "pw-local_instrument"), summaryLinks(doc))
	}

	v.Set(fFamily, "SEPA")
	res = post(t, c, action, v)
	doc = servertest.Parse(t, res)
	if res.StatusCode != 200 || len(summaryLinks(doc)) != 0 || !slices.Equal(options(doc, "pw-product_id"), []string{"sepa-eur-de", "sepa-eur-fr"}) {
		t.Fatalf("SEPA: %d %v %v", res.StatusCode, summaryLinks(doc), options(doc, "pw-product_id"))
	}
	_, v = form(t, doc)
	res = post(t, c, action, v)
	if doc = servertest.Parse(t, res); res.StatusCode != 422 || fieldError(doc, "pw-product_id") != "Corridor is required" {
		t.Fatalf("no corridor: %d %q", res.StatusCode, fieldError(doc, "pw-product_id"))
	}
	v.Set(fProduct, "sepa-eur-fr")
	doc = servertest.Parse(t, post(t, c, action, v))
	// One schema: chosen and locked, sent by a hidden input.
	if sel := htmlq.Find(doc, htmlq.ByID("pw-schema_id")); !htmlq.HasAttr(sel, "disabled") {
		t.Fatal("the only schema is not locked")
	}
	_, v = form(t, doc)
	if v.Get(fSchema) != "sepa-eur-fr-iban" {
		t.Fatalf("schema %q", v.Get(fSchema))
	}
	// Changing the transfer type drops the corridor and schema chosen under the old one.
	changed := url.Values{}
	for k, vs := range v {
		changed[k] = slices.Clone(vs)
	}
	changed.Set(fFamily, "FPS")
	res = post(t, c, action, changed)
	doc = servertest.Parse(t, res)
	if res.StatusCode != 200 {
		t.Fatalf("changed: %d", res.StatusCode)
	}
	if _, nv := form(t, doc); nv.Get(fProduct) != "fps-gbp-gb" || nv.Get(fSchema) != "fps-gbp-gb-scan" {
		t.Fatalf("after changing the transfer type: %v", nv)
	}

	res = post(t, c, action, v)
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasSuffix(loc, "/payout_request") {
		t.Fatalf("create: %d %q", res.StatusCode, loc)
	}
	d, err := h.Store.Draft(context.Background(), servertest.OrgNordic, draftID(t, loc), provider.DraftActor{UserID: userID(t, h, admin)})
	if err != nil || d.ProductID != "sepa-eur-fr" || d.SchemaID != "sepa-eur-fr-iban" || d.Status != provider.DraftStatusDraft {
		t.Fatalf("draft %+v %v", d, err)
	}
}

func userID(t *testing.T, h *servertest.Harness, email string) string {
	t.Helper()
	u, err := h.Store.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// fill sets the step's fields by their labels' field names.
func fill(v url.Values, kv ...string) url.Values {
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	v.Set(fIntent, "next")
	return v
}

// receiverValues fill the SEPA schema's Receiver step.
var receiverValues = []string{"full_name", "Jonas Weber", "email", "jonas@example.de", "address", "Hauptstraße 1",
	"city", "Berlin", "postal_code", "10115", "country_code", "DE"}

// next sends the step page doc with the fields kv set, expects the way on to want ("": any
// step) and answers the page it leads to.
func next(t *testing.T, c *servertest.Client, doc *html.Node, want string, kv ...string) *html.Node {
	t.Helper()
	action, v := form(t, doc)
	return see(t, c, post(t, c, action, fill(v, kv...)), want)
}

// A SEPA payout from product to success without JavaScript, with a wrong IBAN fixed on the
// way: every step a page and a POST, errors beside their fields with a summary, what was
// typed kept, the success page with currency, amount, end-to-end id and the reference.
func TestSEPAPayoutWithoutJavaScript(t *testing.T) {
	h := newHarness(t)
	approvalOff(h)
	c := h.LoggedIn(admin)
	loc, doc := newDraft(t, c, "SEPA", "sepa-eur-de", "sepa-eur-de-iban")
	id := draftID(t, loc)
	if heading(doc) != "Payout Request" {
		t.Fatalf("first step %q", heading(doc))
	}
	steps := htmlq.FindAll(htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "nav" && htmlq.Attr(n, "aria-label") == "Steps" }), htmlq.ByTag("li"))
	var names []string
	for _, li := range steps {
		names = append(names, strings.TrimLeft(strings.TrimSuffix(htmlq.VisibleText(li), " (done)"), "✓0123456789. "))
	}
	if !slices.Equal(names, []string{"Select Product", "Payout Request", "Receiver", "Receiver Bank", "Summary"}) {
		t.Fatalf("steps %v", names)
	}

	action, v := form(t, doc)
	accounts := options(doc, "pw-virtual_account_number")
	if len(accounts) == 0 {
		t.Fatal("no account to pay from")
	}
	res := post(t, c, action, fill(v, "virtual_account_number", accounts[0], "amount", "1,234.5", "end_to_end_id", "INV 7"))
	doc = servertest.Parse(t, res)
	if res.StatusCode != 422 || fieldError(doc, "pw-end_to_end_id") != "End-to-end ID may only contain letters, numbers, - or _" {
		t.Fatalf("bad e2e: %d %q", res.StatusCode, fieldError(doc, "pw-end_to_end_id"))
	}
	if in := htmlq.Find(doc, htmlq.ByID("pw-amount")); htmlq.Attr(in, "value") != "1,234.5" {
		t.Fatalf("typed amount not kept: %q", htmlq.Attr(in, "value"))
	}
	_, v = form(t, doc)
	e2e := "WIZ-" + id[:8]
	doc = see(t, c, post(t, c, action, fill(v, "end_to_end_id", e2e)), createPath(servertest.OrgNordic)+"/"+id+"/creditor")
	if heading(doc) != "Receiver" || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("aside"))), "1,234.50") {
		t.Fatalf("receiver step %q, panel %q", heading(doc), htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("aside"))))
	}

	doc = next(t, c, doc, createPath(servertest.OrgNordic)+"/"+id+"/creditor_account", receiverValues...)

	action, v = form(t, doc)
	res = post(t, c, action, fill(v, "iban", wrongIBAN))
	doc = servertest.Parse(t, res)
	if res.StatusCode != 422 || fieldError(doc, "pw-iban") != "Enter a valid IBAN" || summaryLinks(doc)["#pw-iban"] != "Enter a valid IBAN" {
		t.Fatalf("wrong IBAN: %d %q %v", res.StatusCode, fieldError(doc, "pw-iban"), summaryLinks(doc))
	}
	in := htmlq.Find(doc, htmlq.ByID("pw-iban"))
	if htmlq.Attr(in, "value") != wrongIBAN || htmlq.Attr(in, "aria-invalid") != "true" || !strings.Contains(htmlq.Attr(in, "aria-describedby"), "pw-iban-error") {
		t.Fatalf("IBAN input %v", in.Attr)
	}
	_, v = form(t, doc)
	doc = see(t, c, post(t, c, action, fill(v, "iban", validIBAN)), createPath(servertest.OrgNordic)+"/"+id+"/summary")
	sum := terms(wizardForm(doc))
	for k, want := range map[string]string{"Amount": "1,234.50 EUR", "Full name": "Jonas Weber", "IBAN": validIBAN, "End-to-end ID": e2e} {
		if sum[k] != want {
			t.Errorf("summary %s = %q, want %q (%v)", k, sum[k], want, sum)
		}
	}

	action, v = form(t, doc)
	doc = see(t, c, post(t, c, action, fill(v)), createPath(servertest.OrgNordic)+"/"+id+"/done")
	d, err := h.Store.Draft(context.Background(), servertest.OrgNordic, id, provider.DraftActor{UserID: userID(t, h, admin)})
	if err != nil || d.Status != provider.DraftStatusPublished || d.UniqueReference == "" {
		t.Fatalf("draft after publish: %+v %v", d, err)
	}
	got := terms(htmlq.Find(doc, htmlq.ByTag("main")))
	if heading := htmlq.VisibleText(htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "h2" && htmlq.Attr(n, "class") != "" && htmlq.VisibleText(n) == "Payout created"
	})); heading == "" {
		t.Error("no 'Payout created'")
	}
	for k, want := range map[string]string{"Currency": "EUR", "Amount": "1,234.50", "End-to-end ID": e2e, "Payout reference": d.UniqueReference} {
		if got[k] != want {
			t.Errorf("done page %s = %q, want %q", k, got[k], want)
		}
	}
	p, err := h.Store.Payout(context.Background(), servertest.OrgNordic, d.UniqueReference)
	if err != nil || p.Source != "manual" || p.EndToEndID != e2e || p.CreditorAccount.IBAN != "DE89370400440532013000" {
		t.Fatalf("payout %+v %v", p, err)
	}
	// The step pages of a published draft lead to what became of it.
	if r := c.Get(createPath(servertest.OrgNordic) + "/" + id + "/creditor"); r.StatusCode != http.StatusSeeOther ||
		r.Header.Get("Location") != createPath(servertest.OrgNordic)+"/"+id+"/done" {
		t.Errorf("step of a published draft: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
}

// With the approval flow on, publishing sends the draft for review.
func TestPublishForApproval(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	loc, doc := newDraft(t, c, "SEPA", "sepa-eur-de", "sepa-eur-de-iban")
	id := draftID(t, loc)
	doc = next(t, c, doc, "", "virtual_account_number", options(doc, "pw-virtual_account_number")[0], "amount", "50",
		"end_to_end_id", "APR-"+id[:8])
	doc = next(t, c, doc, "", receiverValues...)
	doc = next(t, c, doc, "", "iban", validIBAN)
	doc = next(t, c, doc, createPath(servertest.OrgNordic)+"/"+id+"/done")
	status := htmlq.Find(doc, func(n *html.Node) bool {
		return htmlq.Attr(n, "role") == "status" && htmlq.Find(n, htmlq.ByTag("h2")) != nil
	})
	if htmlq.VisibleText(htmlq.Find(status, htmlq.ByTag("h2"))) != "Sent for approval" || !strings.Contains(htmlq.VisibleText(status), "The payout request was sent for approval.") {
		t.Fatalf("done page: %s", htmlq.VisibleText(status))
	}
}

// Stop and resume: the draft is the server's, so the step pages show what was saved to the
// same user in a new session, Back saves what was typed, and the steps link back only up to
// the first one not finished.
func TestStopAndResume(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	loc, doc := newDraft(t, c, "SEPA", "sepa-eur-de", "sepa-eur-de-iban")
	id := draftID(t, loc)
	action, v := form(t, doc)
	acct := options(doc, "pw-virtual_account_number")[0]
	see(t, c, post(t, c, action, fill(v, "virtual_account_number", acct, "amount", "75", "end_to_end_id", "RES-"+id[:8])), "")
	_, doc = c.Page(createPath(servertest.OrgNordic) + "/" + id + "/creditor")
	action, v = form(t, doc)
	v = fill(v, "full_name", "Half Typed")
	v.Set(fIntent, "back")
	see(t, c, post(t, c, action, v), createPath(servertest.OrgNordic)+"/"+id+"/payout_request")

	later := h.LoggedIn(admin)
	res, doc := later.Page(createPath(servertest.OrgNordic) + "/" + id + "/payout_request")
	if res.StatusCode != 200 || htmlq.Attr(htmlq.Find(doc, htmlq.ByID("pw-amount")), "value") != "75.00" || htmlq.Attr(htmlq.Find(doc, htmlq.ByID("pw-end_to_end_id")), "value") != "RES-"+id[:8] {
		t.Fatalf("resumed: %d amount %q", res.StatusCode, htmlq.Attr(htmlq.Find(doc, htmlq.ByID("pw-amount")), "value"))
	}
	_, doc = later.Page(createPath(servertest.OrgNordic) + "/" + id + "/creditor")
	if htmlq.Attr(htmlq.Find(doc, htmlq.ByID("pw-full_name")), "value") != "Half Typed" {
		t.Fatalf("Back did not keep what was typed")
	}
	// A field left empty is not an error on arrival.
	if len(summaryLinks(doc)) != 0 || fieldError(doc, "pw-email") != "" {
		t.Fatalf("errors on arrival: %v", summaryLinks(doc))
	}
	nav := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "nav" && htmlq.Attr(n, "aria-label") == "Steps" })
	var links []string
	for _, a := range htmlq.FindAll(nav, htmlq.ByTag("a")) {
		links = append(links, htmlq.Attr(a, "href"))
	}
	if !slices.Equal(links, []string{createPath(servertest.OrgNordic) + "/" + id + "/payout_request"}) {
		t.Fatalf("step links %v", links)
	}

	// Another user of the organisation, and another organisation, find nothing there.
	other := h.LoggedIn("operations_member@demo.example")
	if r := other.Get(createPath(servertest.OrgNordic) + "/" + id + "/creditor"); r.StatusCode != http.StatusNotFound {
		t.Errorf("another user: %d", r.StatusCode)
	}
	if r := other.Do("POST", createPath(servertest.OrgNordic)+"/"+id+"/creditor", url.Values{"_csrf": {other.CSRF(createPath(servertest.OrgNordic))}, "full_name": {"X"}}); r.StatusCode != http.StatusNotFound {
		t.Errorf("another user's POST: %d", r.StatusCode)
	}
	if r := c.Get("/org/" + servertest.OrgAtlantic + "/payouts/create/" + id + "/creditor"); r.StatusCode == 200 {
		t.Errorf("through another organisation: %d", r.StatusCode)
	}
	if r := c.Get(createPath(servertest.OrgNordic) + "/" + id + "/no_such_step"); r.StatusCode != http.StatusNotFound {
		t.Errorf("unknown step: %d", r.StatusCode)
	}
}

// "Is the Receiver the same person?": yes copies the sender into the unfinished receiver.
func TestSamePerson(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	loc, doc := newDraft(t, c, "SEPA", "sepa-eur-de", "sepa-eur-de-iban-typed")
	id := draftID(t, loc)
	action, v := form(t, doc)
	v = fill(v, "virtual_account_number", options(doc, "pw-virtual_account_number")[0], "amount", "20", "end_to_end_id", "SAME-"+id[:8],
		"purpose_code", options(doc, "pw-purpose_code")[0])
	doc = see(t, c, post(t, c, action, v), createPath(servertest.OrgNordic)+"/"+id+"/ultimate_debtor")
	legend := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "legend" && htmlq.VisibleText(n) == "Is the Receiver the same person?"
	})
	if legend == nil {
		t.Fatal("no 'Is the Receiver the same person?'")
	}
	action, v = form(t, doc)
	if v.Get(fSamePerson) != "no" {
		t.Fatalf("same_person starts %q", v.Get(fSamePerson))
	}
	v = fill(v, "full_name", "Ada Lovelace", "address", "12 St James's Square", "city", "London", "postal_code", "SW1Y 4JH",
		"country_code", "GB", fSamePerson, "yes")
	doc = see(t, c, post(t, c, action, v), createPath(servertest.OrgNordic)+"/"+id+"/creditor")
	for id, want := range map[string]string{"pw-full_name": "Ada Lovelace", "pw-city": "London", "pw-postal_code": "SW1Y 4JH"} {
		if got := htmlq.Attr(htmlq.Find(doc, htmlq.ByID(id)), "value"); got != want {
			t.Errorf("%s = %q, want %q", id, got, want)
		}
	}
	if _, v := form(t, doc); v.Get("country_code") != "GB" {
		t.Errorf("country %q", v.Get("country_code"))
	}
}

// Closing asks first; Yes deletes the draft and the Payouts page says so.
func TestCloseDeletesTheDraft(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	loc, doc := newDraft(t, c, "FPS", "", "")
	id := draftID(t, loc)
	closeLink := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Close" })
	if htmlq.Attr(closeLink, "href") != createPath(servertest.OrgNordic)+"/"+id+"/delete" {
		t.Fatalf("close link %q", htmlq.Attr(closeLink, "href"))
	}
	res, doc := c.Page(htmlq.Attr(closeLink, "href"))
	if res.StatusCode != 200 || !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))), "Are you sure? It will be deleted.") {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	action, v := form(t, doc)
	doc = see(t, c, post(t, c, action, v), "/org/"+servertest.OrgNordic+"/payouts")
	if !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))), "Draft has been deleted") {
		t.Fatal("no 'Draft has been deleted'")
	}
	if r := c.Get(loc); r.StatusCode != http.StatusNotFound {
		t.Fatalf("deleted draft's step: %d", r.StatusCode)
	}
}

// The Payouts page's Create payout: the wizard island (a link without JavaScript) with the
// permission and A/B testing, opened at the address's step and draft; nothing without them.
func TestPayoutsPageDialog(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn(admin)
	_, doc := c.Page("/org/" + servertest.OrgNordic + "/payouts")
	island := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "PayoutWizard" })
	if island == nil || htmlq.Attr(htmlq.Find(island, htmlq.ByTag("a")), "href") != createPath(servertest.OrgNordic) || htmlq.VisibleText(island) != "Create payout" {
		t.Fatal("no Create payout island")
	}
	// Closed, its code comes on the link's first focus or click (ssr/runtime/boot.js).
	if got := htmlq.Attr(island, "data-load"); got != "interaction" {
		t.Errorf("closed wizard's data-load %q, want interaction", got)
	}
	loc, _ := newDraft(t, c, "FPS", "", "")
	id := draftID(t, loc)
	_, doc = c.Page("/org/" + servertest.OrgNordic + "/payouts?createManualPayout=ultimate_debtor&draft=" + id)
	island = htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "PayoutWizard" })
	if got := htmlq.Attr(htmlq.Find(island, htmlq.ByTag("a")), "href"); got != createPath(servertest.OrgNordic)+"/"+id+"/ultimate_debtor" {
		t.Fatalf("resume link %q", got)
	}
	// Opened by the address, its code comes at once.
	if htmlq.HasAttr(island, "data-load") {
		t.Errorf("opened wizard's data-load %q, want none (at once)", htmlq.Attr(island, "data-load"))
	}
	for _, who := range []string{"observer@demo.example"} {
		_, doc = h.LoggedIn(who).Page("/org/" + servertest.OrgNordic + "/payouts")
		if htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == "PayoutWizard" }) != nil ||
			htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == "Create payout" }) != nil {
			t.Errorf("%s is offered Create payout", who)
		}
	}
}
