package payouts

import (
	"context"
	"net/http"
	"net/url"
	"portal/htmlq"
	"portal/server/auth"
	"portal/server/createpayout"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/money"
	"portal/provider"
	"portal/server"
	"portal/server/batches"
	"portal/server/payoutdrafts"
	"portal/server/payoutreports"
	"portal/server/servertest"
)

// run lets the payout processor finish what is due (the harness runs none of its own).
func run(t *testing.T, h *servertest.Harness) {
	t.Helper()
	if _, err := h.Store.RunPayoutJobs(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// plus is balance + amount + fee, in the currency's decimals.
func plus(t *testing.T, balance string, p provider.PayoutRequest) string {
	t.Helper()
	b, err1 := money.ParseCurrency(balance, p.Currency)
	a, err2 := money.ParseCurrency(p.Amount, p.Currency)
	f, err3 := money.ParseCurrency(p.Fee, p.Currency)
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	return b.Add(a).Add(f).String()
}

// quiet picks payouts on an account no waiting payout could take funds from once some come
// back, so a balance shows exactly what one payout gave back.
func quiet(t *testing.T, h *servertest.Harness, org string) func(provider.PayoutRequest) bool {
	return func(p provider.PayoutRequest) bool {
		waiting := allPayouts(t, h, org, provider.PayoutFilter{StateCategory: provider.PayoutActionRequired, VirtualAccountNumber: p.DebtorAccount})
		return !p.CancellationPending && !slices.ContainsFunc(waiting, func(w provider.PayoutRequest) bool { return w.UniqueReference != p.UniqueReference })
	}
}

// Cancel without JavaScript: in each cancellable status group the confirmation page asks in
// the spec's words and its form cancels; the money a processing payout held comes back once.
func TestCancelInEachCancellableGroup(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("operations_member@demo.example")
	for _, group := range provider.CancellableStatuses() {
		t.Run(group, func(t *testing.T) {
			// Only a processing payout holds money; its account must have no payout waiting
			// for funds, which would take them again.
			pick := func(p provider.PayoutRequest) bool { return !p.CancellationPending }
			if group == provider.PayoutProcessing {
				pick = quiet(t, h, servertest.OrgNordic)
			}
			p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: group}, pick)
			detail := payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference
			before := h.Balance(t, servertest.OrgNordic, p.DebtorAccount)

			// The panel offers Cancel payout, leading to the confirmation page.
			_, doc := c.Page(detail + "?state=" + group)
			link := htmlq.Find(panelOf(doc), func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Cancel payout" })
			if htmlq.Attr(link, "href") != detail+"/cancel?state="+group {
				t.Fatalf("Cancel payout links to %q", htmlq.Attr(link, "href"))
			}
			res, doc := c.Page(htmlq.Attr(link, "href"))
			if res.StatusCode != 200 || servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Cancel payout request?" ||
				!strings.Contains(servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main"))), "We'll do our best, but cancellation may not be possible once processing has started.") {
				t.Fatalf("confirmation page: %d %q", res.StatusCode, servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))))
			}
			form, node := servertest.PostForm(t, doc, detail+"/cancel")
			keep := htmlq.Find(node, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Keep it" })
			if servertest.ReadText(htmlq.Find(node, htmlq.ByTag("button"))) != "Cancel request" || htmlq.Attr(keep, "href") != detail+"?state="+group+"#payout-panel" ||
				form.Get("_csrf") == "" || form.Get("return_to") != detail+"?state="+group+"#payout-panel" {
				t.Fatalf("form %v, keep %q", form, htmlq.Attr(keep, "href"))
			}

			// Twice, as a double click sends it: the same answer, one cancellation, one release.
			for i := range 2 {
				res = c.Do("POST", detail+"/cancel", form)
				if loc := res.Header.Get("Location"); loc != form.Get("return_to") {
					t.Fatalf("submit %d: %d → %q", i, res.StatusCode, loc)
				}
				_, doc = servertest.Follow(t, c, res)
				if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{provider.MsgPayoutCancelStarted}) {
					t.Fatalf("submit %d: flashes %v", i, fl)
				}
				run(t, h)
			}
			got, _ := h.Store.Payout(context.Background(), servertest.OrgNordic, p.UniqueReference)
			if got.CurrentStateName != provider.StateCancelled || got.ReasonCode() != provider.ReasonRequestedByCustomer ||
				len(got.Cancellations) != 1 || got.Cancellations[0].InitiatorName != "Sofie Andersen" {
				t.Fatalf("after cancel: %s %s %+v", got.CurrentStateName, got.ReasonCode(), got.Cancellations)
			}
			after := h.Balance(t, servertest.OrgNordic, p.DebtorAccount)
			want := before
			if group == provider.PayoutProcessing {
				want = plus(t, before, p) // it held amount and fee
			}
			if after != want {
				t.Errorf("balance %s → %s, want %s", before, after, want)
			}
			// The panel shows the cancellation and no Cancel payout any more.
			_, doc = c.Page(detail + "?tab=history")
			panel := panelOf(doc)
			if htmlq.Find(panel, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Cancel payout" }) != nil ||
				!strings.Contains(servertest.ReadText(panel), "Cancelled") || !strings.Contains(servertest.ReadText(panel), "Sofie Andersen") {
				t.Errorf("panel after cancel: %q", servertest.ReadText(panel))
			}
		})
	}
}

// Outside the cancellable groups the page refuses and the form's answer is the spec's
// warning; nothing changes.
func TestCancelRefused(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	tok := c.CSRF(payoutsPath(servertest.OrgNordic))
	for _, group := range []string{provider.PayoutCompleted, provider.PayoutRejected, provider.PayoutReturned} {
		// (A cancelled payout is answered as its cancellation was: TestCancelInEachCancellableGroup.)
		p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: group},
			func(p provider.PayoutRequest) bool { return p.CurrentStateName != provider.StateCancelled })
		detail := payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference
		_, doc := c.Page(detail)
		if htmlq.Find(panelOf(doc), func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Cancel payout" }) != nil {
			t.Errorf("%s: Cancel payout offered", group)
		}
		res, doc := c.Page(detail + "/cancel")
		alert := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "alert" })
		if res.StatusCode != 200 || servertest.ReadText(alert) != "Unable to cancel Payout" ||
			htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == detail+"/cancel" }) != nil {
			t.Errorf("%s: confirmation page %d %q", group, res.StatusCode, servertest.ReadText(alert))
		}
		_, doc = servertest.Follow(t, c, c.Do("POST", detail+"/cancel", url.Values{"_csrf": {tok}}))
		if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{"Unable to cancel Payout"}) {
			t.Errorf("%s: flashes %v", group, fl)
		}
		got, _ := h.Store.Payout(context.Background(), servertest.OrgNordic, p.UniqueReference)
		if got.CurrentStateName != p.CurrentStateName || len(got.Cancellations) != len(p.Cancellations) {
			t.Errorf("%s: changed to %s", group, got.CurrentStateName)
		}
	}
}

// The form needs its CSRF token, the role payouts:manage, and the payout must be the
// organisation's: otherwise nothing is cancelled.
func TestCancelGuards(t *testing.T) {
	h := newHarness(t)
	p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutReceived}, nil)
	foreign := onePayout(t, h, servertest.OrgAtlantic, provider.PayoutFilter{StateCategory: provider.PayoutReceived}, nil)
	detail := payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference

	admin := h.LoggedIn("admin@demo.example")
	tok := admin.CSRF(payoutsPath(servertest.OrgNordic))
	if res := admin.Do("POST", detail+"/cancel", url.Values{}); res.StatusCode != http.StatusForbidden {
		t.Errorf("without CSRF: %d", res.StatusCode)
	}
	if res := admin.Do("POST", detail+"/cancel", url.Values{"_csrf": {"not-it"}}); res.StatusCode != http.StatusForbidden {
		t.Errorf("wrong CSRF: %d", res.StatusCode)
	}
	// Another organisation's payout through this one's address: not found, the same as none.
	for _, path := range []string{payoutsPath(servertest.OrgNordic) + "/" + foreign.UniqueReference + "/cancel", payoutsPath(servertest.OrgNordic) + "/PO-NOPE/cancel"} {
		servertest.Refused(t, admin, path, url.Values{"_csrf": {tok}}, http.StatusNotFound, "")
	}
	// A role without payouts:manage is sent to the organisation root (the permission guard).
	obs := h.LoggedIn("observer@demo.example")
	otok := obs.CSRF(payoutsPath(servertest.OrgNordic))
	servertest.Refused(t, obs, detail+"/cancel", url.Values{"_csrf": {otok}}, http.StatusSeeOther, "/org/"+servertest.OrgNordic)
	// multi@ is observer in Atlantic: its payouts cannot be cancelled there either.
	multi := h.LoggedIn("multi@demo.example")
	mtok := multi.CSRF(payoutsPath(servertest.OrgAtlantic))
	res := multi.Do("POST", payoutsPath(servertest.OrgAtlantic)+"/"+foreign.UniqueReference+"/cancel", url.Values{"_csrf": {mtok}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgAtlantic {
		t.Errorf("multi in Atlantic: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	run(t, h)
	for org, ref := range map[string]string{servertest.OrgNordic: p.UniqueReference, servertest.OrgAtlantic: foreign.UniqueReference} {
		if got, _ := h.Store.Payout(context.Background(), org, ref); len(got.Cancellations) != 0 {
			t.Errorf("%s was cancelled", ref)
		}
	}
	// A return_to elsewhere is not followed.
	res = admin.Do("POST", detail+"/cancel", url.Values{"_csrf": {tok}, "return_to": {"https://evil.example/"}})
	if loc := res.Header.Get("Location"); loc != detail+"#payout-panel" {
		t.Errorf("return_to followed to %q", loc)
	}
}

// failingCancel makes CancelPayout fail as a broken connection would.
type failingCancel struct{ inner }

func (failingCancel) CancelPayout(context.Context, string, string, provider.PayoutInitiator) (provider.PayoutCancellation, error) {
	return provider.PayoutCancellation{}, context.DeadlineExceeded
}

func (failingCancel) PayoutTestCase(context.Context, string, string, string) (provider.PayoutRequest, error) {
	return provider.PayoutRequest{}, context.DeadlineExceeded
}

// When the provider cannot be reached: "Cancellation of Payout failed" and "Server error
// occurred" (spec 001 §8).
func TestActionsFail(t *testing.T) {
	h := servertest.NewWith(t, func(d *server.Deps) { d.Payouts = failingCancel{d.Payouts} }, auth.New, New, createpayout.New, payoutdrafts.New, batches.New, payoutreports.New)
	c := h.LoggedIn("admin@demo.example")
	p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutProcessing}, nil)
	detail := payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference
	tok := c.CSRF(detail)
	_, doc := servertest.Follow(t, c, c.Do("POST", detail+"/cancel", url.Values{"_csrf": {tok}}))
	if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{"Cancellation of Payout failed"}) {
		t.Errorf("cancel: flashes %v", fl)
	}
	_, doc = servertest.Follow(t, c, c.Do("POST", detail+"/test_case", url.Values{"_csrf": {tok}, "test_case": {provider.TestCaseSuccess}}))
	if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{"Server error occurred"}) {
		t.Errorf("test case: flashes %v", fl)
	}
}

// Sandbox test cases without JavaScript: the selector offers what the payout's state
// allows, the confirmation page posts it, and RETURNED on a completed payout gives the money
// back; a test case the state refuses is answered with the provider's words.
func TestTestCases(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	selector := func(panel *html.Node) []string {
		var out []string
		for _, o := range htmlq.FindAll(htmlq.Find(panel, htmlq.ByID("payout-test-case")), htmlq.ByTag("option")) {
			out = append(out, htmlq.Attr(o, "value"))
		}
		return out
	}
	halted := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutProcessing},
		func(p provider.PayoutRequest) bool { return p.CurrentStateName == provider.StateHalted })
	_, doc := c.Page(payoutsPath(servertest.OrgNordic) + "/" + halted.UniqueReference)
	if got := selector(panelOf(doc)); !slices.Equal(got, []string{"SUCCESS", "RETURNED"}) {
		t.Errorf("halted payout offers %v", got)
	}
	for _, group := range []string{provider.PayoutRejected, provider.PayoutReceived, provider.PayoutReturned} {
		p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: group}, nil)
		if _, doc := c.Page(payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference); htmlq.Find(panelOf(doc), htmlq.ByID("payout-test-case")) != nil {
			t.Errorf("%s payout offers test cases", group)
		}
	}

	p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutCompleted}, quiet(t, h, servertest.OrgNordic))
	detail := payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference
	before := h.Balance(t, servertest.OrgNordic, p.DebtorAccount)
	_, doc = c.Page(detail + "?currency=" + p.Currency)
	panel := panelOf(doc)
	form := htmlq.Find(panel, func(n *html.Node) bool { return n.Data == "form" && htmlq.Attr(n, "action") == detail+"/test_case" })
	if htmlq.Attr(form, "method") != "get" || !slices.Equal(selector(panel), []string{"RETURNED"}) ||
		servertest.ReadText(htmlq.Find(panel, func(n *html.Node) bool { return n.Data == "label" && htmlq.Attr(n, "for") == "payout-test-case" })) != "Sandbox test case" {
		t.Fatalf("selector %v", selector(panel))
	}
	// The GET form keeps the list's query for the way back.
	q := url.Values{"test_case": {"RETURNED"}}
	for _, in := range htmlq.FindAll(form, func(n *html.Node) bool { return n.Data == "input" && htmlq.Attr(n, "type") == "hidden" }) {
		q.Set(htmlq.Attr(in, "name"), htmlq.Attr(in, "value"))
	}
	res, doc := c.Page(detail + "/test_case?" + q.Encode())
	if res.StatusCode != 200 || servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Run sandbox test case?" || !strings.Contains(servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main"))), "Test case Returned") {
		t.Fatalf("confirmation page: %d", res.StatusCode)
	}
	vals, _ := servertest.PostForm(t, doc, detail+"/test_case")
	if vals.Get("test_case") != "RETURNED" || vals.Get("return_to") != detail+"?currency="+p.Currency+"#payout-panel" {
		t.Fatalf("form %v", vals)
	}
	res = c.Do("POST", detail+"/test_case", vals)
	_, doc = servertest.Follow(t, c, res)
	if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{"Test case executed"}) {
		t.Fatalf("flashes %v", fl)
	}
	got, _ := h.Store.Payout(context.Background(), servertest.OrgNordic, p.UniqueReference)
	if got.CurrentStateName != provider.StateReturned || servertest.ReadText(htmlq.Find(panelOf(doc), func(n *html.Node) bool {
		return n.Data == "p" && strings.Contains(htmlq.Attr(n, "class"), "border-l-4")
	})) != "This payout has been returned." {
		t.Fatalf("after RETURNED: %s", got.CurrentStateName)
	}
	if after := h.Balance(t, servertest.OrgNordic, p.DebtorAccount); after != plus(t, before, p) {
		t.Errorf("balance %s → %s, want %s", before, after, plus(t, before, p))
	}
	// Again (a double submit, or a stale page): refused in the provider's words, no money moves.
	_, doc = servertest.Follow(t, c, c.Do("POST", detail+"/test_case", vals))
	if fl := servertest.Flashes(doc); len(fl) != 1 || !strings.HasPrefix(fl[0], "Test case RETURNED is not possible") {
		t.Errorf("second RETURNED: %v", fl)
	}
	if after := h.Balance(t, servertest.OrgNordic, p.DebtorAccount); after != plus(t, before, p) {
		t.Errorf("a second return moved money: %s", after)
	}
	vals.Set("test_case", "BOGUS")
	if _, doc = servertest.Follow(t, c, c.Do("POST", detail+"/test_case", vals)); !slices.Equal(servertest.Flashes(doc), []string{"Unknown test case."}) {
		t.Errorf("unknown test case: %v", servertest.Flashes(doc))
	}
	// A test case the state does not allow: the page says so and offers no form.
	_, doc = c.Page(detail + "/test_case?test_case=HOLD")
	if htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "form" && htmlq.Attr(n, "method") == "post" && htmlq.Attr(n, "action") == detail+"/test_case"
	}) != nil ||
		!strings.Contains(servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main"))), msgTestCaseNone) {
		t.Error("HOLD on a returned payout is offered")
	}
}

// Test cases are offered only in the sandbox, with the sandbox test-case or canary flag, to
// a role with payouts:manage.
func TestTestCaseGate(t *testing.T) {
	check := func(t *testing.T, h *servertest.Harness, email, org string, want bool) {
		t.Helper()
		c := h.LoggedIn(email)
		p := onePayout(t, h, org, provider.PayoutFilter{StateCategory: provider.PayoutCompleted}, nil)
		detail := payoutsPath(org) + "/" + p.UniqueReference
		_, doc := c.Page(detail)
		if got := htmlq.Find(panelOf(doc), htmlq.ByID("payout-test-case")) != nil; got != want {
			t.Errorf("%s in %s: selector %v", email, org, got)
		}
		res := c.Get(detail + "/test_case?test_case=RETURNED")
		if allowed := res.StatusCode == 200; allowed != want {
			t.Errorf("%s in %s: confirmation page %d", email, org, res.StatusCode)
		}
	}
	h := newHarness(t)
	check(t, h, "admin@demo.example", servertest.OrgNordic, true)
	check(t, h, "observer@demo.example", servertest.OrgNordic, false)
	check(t, h, "multi@demo.example", servertest.OrgAtlantic, false) // no flag there (and observer)
	// The canary flag alone opens it too.
	h.Exec(`UPDATE feature_flags SET enabled = 0 WHERE organisation_id = ? AND name = ?`, servertest.OrgNordic, provider.FlagSandboxTestCases)
	check(t, h, "admin@demo.example", servertest.OrgNordic, true)
	h.Exec(`UPDATE feature_flags SET enabled = 0 WHERE organisation_id = ? AND name = ?`, servertest.OrgNordic, provider.FlagCanaryUI)
	check(t, h, "admin@demo.example", servertest.OrgNordic, false)

	prod := servertest.NewWith(t, func(d *server.Deps) { d.Config.Env = "production" }, auth.New, New, createpayout.New, payoutdrafts.New, batches.New, payoutreports.New)
	check(t, prod, "admin@demo.example", servertest.OrgNordic, false)
}
