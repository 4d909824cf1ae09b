package collections

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"portal/htmlq"
	"portal/money"
	"portal/provider"
	"portal/server"
	"portal/server/auth"
	"portal/server/servertest"
)

// priced is an order in a currency with a refund-fee product.
func priced(o provider.CollectionOrder) bool {
	return o.CurrencyCode == "EUR" || o.CurrencyCode == "GBP" || o.CurrencyCode == "USD"
}

// Cancel and refund are offered and accepted only where spec 001 §4 allows: on the page (the
// panel's actions), through the form (POST) and through the API.
func TestStatusRules(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	widenRange(t, c, servertest.OrgNordic)
	api := h.APILoggedIn("admin@demo.example")
	used := map[string]bool{}
	fresh := func(st string) provider.CollectionOrder {
		return oneOrder(t, h, servertest.OrgNordic, st, func(o provider.CollectionOrder) bool { return !used[o.UUID] && priced(o) && !used[o.UUID+"x"] })
	}
	take := func(st string) provider.CollectionOrder {
		o := fresh(st)
		used[o.UUID] = true
		return o
	}
	for _, st := range provider.CollectionOrderStatuses() {
		canCancel := st == provider.OrderPending || st == provider.OrderReceived
		canRefund := st == provider.OrderCompleted
		// Page.
		o := fresh(st)
		detail := ordersPath(servertest.OrgNordic) + "/" + o.UUID
		_, doc := c.Page(detail)
		if got := linkText(doc, "Cancel order") != nil; got != canCancel {
			t.Errorf("%s: page offers cancel %v", st, got)
		}
		if got := linkText(doc, "Refund") != nil; got != canRefund {
			t.Errorf("%s: page offers refund %v", st, got)
		}
		// Form.
		o = take(st)
		detail = ordersPath(servertest.OrgNordic) + "/" + o.UUID
		tok := c.CSRF(detail)
		_, doc = servertest.Follow(t, c, c.Do("POST", detail+"/cancel", url.Values{"_csrf": {tok}}))
		got, _ := h.Store.CollectionOrder(t.Context(), servertest.OrgNordic, o.UUID)
		if cancelled := got.Status == provider.OrderCancelled && st != provider.OrderCancelled; cancelled != canCancel {
			t.Errorf("%s: form cancelled %v (%v)", st, cancelled, servertest.Flashes(doc))
		}
		if canCancel && !slices.Contains(servertest.Flashes(doc), "Successfully cancelled order "+o.UUID) {
			t.Errorf("%s: flashes %q", st, servertest.Flashes(doc))
		}
		if !canCancel && st != provider.OrderCancelled && !slices.ContainsFunc(servertest.Flashes(doc), func(f string) bool {
			return strings.HasPrefix(f, "Error while cancelling the order - ")
		}) {
			t.Errorf("%s: flashes %q", st, servertest.Flashes(doc))
		}
		if !canCancel {
			used[o.UUID] = false
		}
		o = take(st)
		detail = ordersPath(servertest.OrgNordic) + "/" + o.UUID
		res := c.Do("POST", detail+"/refund", url.Values{"_csrf": {tok}, "refund_type": {"full"}, "idempotency_key": {"rule-" + o.UUID}})
		got, _ = h.Store.CollectionOrder(t.Context(), servertest.OrgNordic, o.UUID)
		if refunded := len(got.Refunds) > len(o.Refunds); refunded != canRefund || (res.StatusCode == http.StatusSeeOther) != canRefund {
			t.Errorf("%s: form refunded %v (%d)", st, refunded, res.StatusCode)
		}
		if !canRefund {
			used[o.UUID] = false
		}
		// API.
		o = take(st)
		r := api.Call("DELETE", "/api/v1/collection/organisations/"+servertest.OrgNordic+"/orders/"+o.UUID, nil)
		if (r.StatusCode == 200) != (canCancel || st == provider.OrderCancelled && len(o.ReasonCodes) > 0 && o.ReasonCodes[0].ID == provider.CollectionReasonCancelledByMerchant) {
			t.Errorf("%s: API cancel %d %s", st, r.StatusCode, r.Raw)
		}
		if r.StatusCode != 200 {
			r.Expect(t, 409, "conflict")
			h.CheckReply(t, "DELETE", apiOrder, r)
		}
		if !canCancel {
			used[o.UUID] = false
		}
		o = take(st)
		r = api.Call("POST", "/api/v1/collection/organisations/"+servertest.OrgNordic+"/orders/"+o.UUID+"/refund", map[string]string{"amount": o.Amount})
		if (r.StatusCode == 200) != canRefund {
			t.Errorf("%s: API refund %d %s", st, r.StatusCode, r.Raw)
		}
		h.CheckReply(t, "POST", apiOrder+"/refund", r)
	}
}

// A partial refund through the page without JavaScript: the balance goes down by the amount
// and the fee once, however often the form is sent; the row shows processing_refund.
func TestRefundPartial(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("operations_member@demo.example")
	widenRange(t, c, servertest.OrgNordic)
	o := oneOrder(t, h, servertest.OrgNordic, provider.OrderCompleted, func(o provider.CollectionOrder) bool { return o.CurrencyCode == "EUR" })
	detail := ordersPath(servertest.OrgNordic) + "/" + o.UUID
	res, doc := c.Page(detail + "/refund")
	amount := htmlq.Find(doc, htmlq.ByID("refund-amount"))
	if res.StatusCode != 200 || amount == nil || htmlq.Attr(amount, "placeholder") != "1,000.00" {
		t.Fatalf("refund page %d", res.StatusCode)
	}
	key := htmlq.Attr(htmlq.Find(doc, func(n *htmlNode) bool { return htmlq.Attr(n, "name") == "idempotency_key" }), "value")
	tok := c.CSRF(detail)
	before := money.MustParse(h.Balance(t, servertest.OrgNordic, o.VirtualAccountNumber), 2)

	// Above the total: the form again, with the spec's message and what was typed.
	total := money.MustParse(o.Amount, 2)
	above := total.Add(money.MustParse("0.01", 2)).String()
	res = c.Do("POST", detail+"/refund", url.Values{"_csrf": {tok}, "refund_type": {"partial"}, "amount": {above}, "idempotency_key": {key}})
	doc = servertest.Parse(t, res)
	want := "Amount cannot exceed the total (" + money.Group(o.Amount) + " EUR)"
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(servertest.ReadText(doc), want) ||
		htmlq.Attr(htmlq.Find(doc, htmlq.ByID("refund-amount")), "value") != above || htmlq.Find(doc, func(n *htmlNode) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "#refund-amount" }) == nil {
		t.Fatalf("above total: %d %s", res.StatusCode, servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main"))))
	}

	half := money.FromMinor(total.Minor().Int64()/2, 2)
	form := url.Values{"_csrf": {tok}, "refund_type": {"partial"}, "amount": {money.Group(half.String())}, "idempotency_key": {key}}
	for i := range 3 {
		res := c.Do("POST", detail+"/refund", form)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("submit %d: %d %s", i, res.StatusCode, servertest.ReadText(htmlq.Find(servertest.Parse(t, res), htmlq.ByTag("main"))))
		}
		_, doc := servertest.Follow(t, c, res)
		if !slices.Contains(servertest.Flashes(doc), "Order successfully refunded") {
			t.Fatalf("submit %d: flashes %q", i, servertest.Flashes(doc))
		}
		row := htmlq.Find(doc, htmlq.ByID("order-"+o.UUID))
		if row != nil && htmlq.Attr(row, "data-status") != provider.OrderProcessingRefund {
			t.Errorf("row %s", htmlq.Attr(row, "data-status"))
		}
	}
	after := money.MustParse(h.Balance(t, servertest.OrgNordic, o.VirtualAccountNumber), 2)
	fee := money.MustParse("0.50", 2)
	if got := before.Sub(after); got.Cmp(half.Add(fee)) != 0 {
		t.Errorf("balance moved by %s, want %s", got, half.Add(fee))
	}
	got, _ := h.Store.CollectionOrder(t.Context(), servertest.OrgNordic, o.UUID)
	if got.Status != provider.OrderProcessingRefund || len(got.Refunds) != 1 || got.Refunds[0].Amount != half.String() {
		t.Errorf("order after: %s %+v", got.Status, got.Refunds)
	}
	// A new form (another key) for the refunded order: refused, nothing moves.
	res = c.Do("POST", detail+"/refund", url.Values{"_csrf": {tok}, "refund_type": {"full"}, "idempotency_key": {"another"}})
	if res.StatusCode == http.StatusSeeOther || h.Balance(t, servertest.OrgNordic, o.VirtualAccountNumber) != after.String() {
		t.Errorf("second refund: %d", res.StatusCode)
	}
}

// A currency without a refund-fee product: "Missing configuration / Please contact support".
func TestRefundMissingConfiguration(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	o := oneOrder(t, h, servertest.OrgNordic, provider.OrderCompleted, func(o provider.CollectionOrder) bool { return o.CurrencyCode == "DKK" })
	detail := ordersPath(servertest.OrgNordic) + "/" + o.UUID
	tok := c.CSRF(detail)
	res := c.Do("POST", detail+"/refund", url.Values{"_csrf": {tok}, "refund_type": {"full"}})
	doc := servertest.Parse(t, res)
	alert := htmlq.Find(doc, func(n *htmlNode) bool { return htmlq.Attr(n, "role") == "alert" })
	if res.StatusCode != http.StatusUnprocessableEntity || servertest.ReadText(alert) != "Missing configuration Please contact support" {
		t.Errorf("%d %q", res.StatusCode, servertest.ReadText(alert))
	}
	api := h.APILoggedIn("admin@demo.example")
	r := api.Call("POST", "/api/v1/collection/organisations/"+servertest.OrgNordic+"/orders/"+o.UUID+"/refund", map[string]string{"amount": o.Amount})
	r.Expect(t, 409, "missing_configuration")
	if r.FirstError(t)["detail"] != provider.MsgRefundNoFeeProduct {
		t.Errorf("detail %v", r.FirstError(t)["detail"])
	}
}

// The refund amount rule: the vectors the refund form's vitest runs too.
func TestRefundAmountVectors(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/collections/refund-amount.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Cases []struct {
			Name, Typed, Total, Currency, Error string
			Decimals                            int
		}
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	for _, c := range v.Cases {
		_, msg := provider.RefundAmount(c.Typed, provider.CollectionOrder{Amount: c.Total, CurrencyCode: c.Currency})
		if msg != c.Error {
			t.Errorf("%s: %q, want %q", c.Name, msg, c.Error)
		}
	}
}

// Cancel: the flash of the spec, the row shows cancelled; the confirmation page without
// JavaScript asks first.
func TestCancelFlow(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	widenRange(t, c, servertest.OrgNordic)
	o := oneOrder(t, h, servertest.OrgNordic, provider.OrderPending, nil)
	detail := ordersPath(servertest.OrgNordic) + "/" + o.UUID
	_, doc := c.Page(detail + "/cancel?status=pending")
	form := htmlq.Find(doc, func(n *htmlNode) bool { return n.Data == "form" && htmlq.Attr(n, "action") == detail+"/cancel" })
	if form == nil || servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Cancel order?" {
		t.Fatal("no confirmation")
	}
	ret := htmlq.Attr(htmlq.Find(form, func(n *htmlNode) bool { return htmlq.Attr(n, "name") == "return_to" }), "value")
	res := c.Do("POST", detail+"/cancel", url.Values{"_csrf": {c.CSRF(detail)}, "return_to": {ret}})
	if !strings.Contains(res.Header.Get("Location"), "status=pending") {
		t.Errorf("back to %s", res.Header.Get("Location"))
	}
	_, doc = servertest.Follow(t, c, res)
	if !slices.Contains(servertest.Flashes(doc), "Successfully cancelled order "+o.UUID) {
		t.Errorf("flashes %q", servertest.Flashes(doc))
	}
	_, doc = c.Page(ordersPath(servertest.OrgNordic) + "?status=cancelled")
	if row := htmlq.Find(doc, htmlq.ByID("order-"+o.UUID)); row == nil || htmlq.Attr(row, "data-status") != provider.OrderCancelled {
		t.Errorf("row not cancelled")
	}
	// A second submit answers the same and changes nothing.
	_, doc = servertest.Follow(t, c, c.Do("POST", detail+"/cancel", url.Values{"_csrf": {c.CSRF(detail)}}))
	if !slices.Contains(servertest.Flashes(doc), "Successfully cancelled order "+o.UUID) {
		t.Errorf("repeat: %q", servertest.Flashes(doc))
	}
	// The page of an order that cannot be cancelled says why and offers no form.
	done := oneOrder(t, h, servertest.OrgNordic, provider.OrderCompleted, nil)
	_, doc = c.Page(ordersPath(servertest.OrgNordic) + "/" + done.UUID + "/cancel")
	if htmlq.Find(doc, htmlq.ByTag("form")) != nil && htmlq.Find(doc, func(n *htmlNode) bool {
		return n.Data == "form" && strings.HasSuffix(htmlq.Attr(n, "action"), "/cancel")
	}) != nil {
		t.Errorf("completed order offers cancel")
	}
}

// The forms need their CSRF token, collection_orders:manage, and the organisation's own
// order: otherwise nothing changes.
func TestActionGuards(t *testing.T) {
	h := newHarness(t)
	mine := oneOrder(t, h, servertest.OrgNordic, provider.OrderPending, nil)
	foreign := oneOrder(t, h, servertest.OrgAtlantic, provider.OrderPending, nil)
	paid := oneOrder(t, h, servertest.OrgAtlantic, provider.OrderCompleted, priced)
	admin := h.LoggedIn("admin@demo.example")
	tok := admin.CSRF(ordersPath(servertest.OrgNordic))
	detail := ordersPath(servertest.OrgNordic) + "/" + mine.UUID
	for _, f := range []url.Values{{}, {"_csrf": {"not-it"}}} {
		if res := admin.Do("POST", detail+"/cancel", f); res.StatusCode != http.StatusForbidden {
			t.Errorf("CSRF %v: %d", f, res.StatusCode)
		}
	}
	for _, id := range []string{foreign.UUID, paid.UUID} {
		for _, action := range []string{"/cancel", "/refund"} {
			path := ordersPath(servertest.OrgNordic) + "/" + id + action
			servertest.Refused(t, admin, path, url.Values{"_csrf": {tok}, "refund_type": {"full"}}, http.StatusNotFound, "")
		}
	}
	obs := h.LoggedIn("observer@demo.example")
	otok := obs.CSRF(ordersPath(servertest.OrgNordic))
	servertest.Refused(t, obs, detail+"/cancel", url.Values{"_csrf": {otok}}, http.StatusSeeOther, "/org/"+servertest.OrgNordic)
	multi := h.LoggedIn("multi@demo.example") // observer in Atlantic
	mtok := multi.CSRF(ordersPath(servertest.OrgAtlantic))
	res := multi.Do("POST", ordersPath(servertest.OrgAtlantic)+"/"+paid.UUID+"/refund", url.Values{"_csrf": {mtok}, "refund_type": {"full"}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgAtlantic {
		t.Errorf("multi in Atlantic: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	for org, id := range map[string]string{servertest.OrgNordic: mine.UUID, servertest.OrgAtlantic: foreign.UUID} {
		if got, _ := h.Store.CollectionOrder(t.Context(), org, id); got.Status != provider.OrderPending {
			t.Errorf("%s changed to %s", id, got.Status)
		}
	}
	if got, _ := h.Store.CollectionOrder(t.Context(), servertest.OrgAtlantic, paid.UUID); len(got.Refunds) != 0 {
		t.Errorf("refunded through another organisation")
	}
	// A return_to elsewhere is not followed.
	res = admin.Do("POST", detail+"/cancel", url.Values{"_csrf": {tok}, "return_to": {"https://evil.example/"}})
	if loc := res.Header.Get("Location"); loc != detail+"#order-panel" {
		t.Errorf("return_to followed to %q", loc)
	}
}

// complete_payment (sandbox): the account is credited with the amount less the fee, the
// order completes; a second run is refused; off outside the sandbox.
func TestCompletePayment(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	widenRange(t, c, servertest.OrgNordic)
	var pay provider.CollectionPayment
	o := oneOrder(t, h, servertest.OrgNordic, provider.OrderAuthorised, func(o provider.CollectionOrder) bool {
		p, err := h.Store.CollectionPayment(t.Context(), servertest.OrgNordic, o.Payments[len(o.Payments)-1].UUID)
		pay = p
		return err == nil && provider.PaymentCompletable(o, p)
	})
	detail := ordersPath(servertest.OrgNordic) + "/" + o.UUID
	_, doc := c.Page(detail + "?tab=payments")
	link := linkText(doc, "Complete payment "+pay.UniqueReference+" (sandbox)")
	if link == nil {
		t.Fatalf("no test case: %s", panelText(doc))
	}
	_, doc = c.Page(htmlq.Attr(link, "href"))
	if servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Complete payment?" {
		t.Fatalf("confirmation %s", servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main"))))
	}
	before := money.MustParse(h.Balance(t, servertest.OrgNordic, o.VirtualAccountNumber), 2)
	form := url.Values{"_csrf": {c.CSRF(detail)}, "payment_uuid": {pay.UUID}}
	_, doc = servertest.Follow(t, c, c.Do("POST", detail+"/test_case", form))
	if !slices.Contains(servertest.Flashes(doc), "Test case executed") {
		t.Fatalf("flashes %q", servertest.Flashes(doc))
	}
	amt := money.MustParse(o.Amount, 2)
	fee := money.FromMinor(max(amt.Minor().Int64()/200, 1), 2)
	if got := money.MustParse(h.Balance(t, servertest.OrgNordic, o.VirtualAccountNumber), 2).Sub(before); got.Cmp(amt.Sub(fee)) != 0 {
		t.Errorf("credited %s, want %s", got, amt.Sub(fee))
	}
	if got, _ := h.Store.CollectionOrder(t.Context(), servertest.OrgNordic, o.UUID); got.Status != provider.OrderCompleted {
		t.Errorf("order %s", got.Status)
	}
	_, doc = servertest.Follow(t, c, c.Do("POST", detail+"/test_case", form))
	if len(servertest.Flashes(doc)) != 1 || !strings.HasPrefix(servertest.Flashes(doc)[0], "The payment cannot be completed") {
		t.Errorf("second run: %q", servertest.Flashes(doc))
	}

	prod := servertest.NewWith(t, func(d *server.Deps) { d.Config.Env = "production" }, auth.New, New)
	pc := prod.LoggedIn("admin@demo.example")
	o2 := oneOrder(t, prod, servertest.OrgNordic, provider.OrderAuthorised, nil)
	d2 := ordersPath(servertest.OrgNordic) + "/" + o2.UUID
	if res := pc.Do("POST", d2+"/test_case", url.Values{"_csrf": {pc.CSRF(d2)}, "payment_uuid": {o2.Payments[0].UUID}}); res.StatusCode == http.StatusSeeOther &&
		strings.Contains(res.Header.Get("Location"), o2.UUID) {
		t.Errorf("production ran a test case")
	}
	if got, _ := prod.Store.CollectionOrder(t.Context(), servertest.OrgNordic, o2.UUID); got.Status != provider.OrderAuthorised {
		t.Errorf("production order %s", got.Status)
	}
}
