package collections

import (
	"net/url"
	"testing"
	"time"

	"portal/provider"
	"portal/server/servertest"
)

func col(org string) string { return "/api/v1/collection/organisations/" + org }

// The list: the spec's defaults (30 days back to the end of tomorrow), meta cursor_after and
// total, filters, paging; a bad query is 422 naming the parameter.
func TestAPIList(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("observer@demo.example")
	r := a.Call("GET", "/api/v1/collection/orders?organisation_id="+servertest.OrgNordic, nil)
	r.Expect(t, 200, "")
	h.CheckReply(t, "GET", "/collection/orders", r)
	meta := r.JSON["meta"].(map[string]any)
	after, before := apiDefaultRange(time.Now().UTC())
	page, _ := h.Store.CollectionOrders(t.Context(), servertest.OrgNordic, provider.CollectionOrderFilter{CreatedAfter: after, CreatedBefore: before})
	if int(meta["total"].(float64)) != page.Total || meta["cursor_after"] == "" || len(r.JSON["data"].([]any)) != provider.DefaultCollectionLimit {
		t.Fatalf("meta %v, store total %d", meta, page.Total)
	}
	seen := map[string]bool{}
	n := 0
	for cur := ""; ; {
		q := "/api/v1/collection/orders?organisation_id=" + servertest.OrgNordic + "&page_size=20&status=completed"
		if cur != "" {
			q += "&cursor_after=" + cur
		}
		r := a.Call("GET", q, nil)
		r.Expect(t, 200, "")
		for _, d := range r.JSON["data"].([]any) {
			o := d.(map[string]any)
			if o["status"] != provider.OrderCompleted || seen[o["uuid"].(string)] {
				t.Fatalf("row %v", o)
			}
			seen[o["uuid"].(string)] = true
			n++
		}
		if cur = r.JSON["meta"].(map[string]any)["cursor_after"].(string); cur == "" {
			if total := int(r.JSON["meta"].(map[string]any)["total"].(float64)); total != n {
				t.Errorf("paged %d of %d", n, total)
			}
			break
		}
	}
	for _, q := range []string{"&status=bogus", "&sort=x", "&page_size=0", "&cursor_after=zzz", "&created_after=yesterday"} {
		r := a.Call("GET", "/api/v1/collection/orders?organisation_id="+servertest.OrgNordic+q, nil)
		r.Expect(t, 422, "invalid")
		h.CheckReply(t, "GET", "/collection/orders", r)
	}
	// The finders without what to find: 422 naming value, whether it is missing or empty.
	for _, p := range []string{"/orders/find_by_uuid_or_vela_external_reference", "/payments/find_by_uuid_or_vela_unique_reference"} {
		for _, q := range []string{"", "?value="} {
			r := a.Call("GET", col(servertest.OrgNordic)+p+q, nil)
			r.Expect(t, 422, "invalid")
			if src, _ := r.FirstError(t)["source"].(map[string]any); src["parameter"] != "value" {
				t.Errorf("%s%s: source %v, want parameter value", p, q, src)
			}
		}
	}
}

// Membership first (404, the same for another organisation's order), then the permission
// (403).
func TestAPIAccess(t *testing.T) {
	h := newHarness(t)
	foreign := oneOrder(t, h, servertest.OrgAtlantic, provider.OrderCompleted, nil)
	mine := oneOrder(t, h, servertest.OrgNordic, provider.OrderPending, nil)
	admin := h.APILoggedIn("admin@demo.example") // member of Nordic only
	for _, p := range []string{col(servertest.OrgNordic) + "/orders/" + foreign.UUID, col(servertest.OrgNordic) + "/payments/" + foreign.Payments[0].UUID,
		col(servertest.OrgNordic) + "/orders/find_by_uuid_or_vela_external_reference?value=" + url.QueryEscape(foreign.Reference), col(servertest.OrgAtlantic) + "/orders/" + foreign.UUID} {
		admin.Call("GET", p, nil).Expect(t, 404, "not_found")
	}
	admin.Call("DELETE", col(servertest.OrgAtlantic)+"/orders/"+foreign.UUID, nil).Expect(t, 404, "not_found")
	admin.Call("POST", col(servertest.OrgNordic)+"/orders/"+foreign.UUID+"/refund", map[string]string{"amount": foreign.Amount}).Expect(t, 404, "not_found")
	admin.Call("GET", "/api/v1/collection/orders?organisation_id="+servertest.OrgAtlantic, nil).Expect(t, 404, "not_found")
	obs := h.APILoggedIn("observer@demo.example")
	r := obs.Call("DELETE", col(servertest.OrgNordic)+"/orders/"+mine.UUID, nil)
	r.Expect(t, 403, "forbidden")
	h.CheckReply(t, "DELETE", apiOrder, r)
	def := h.APILoggedIn("default@demo.example")
	def.Call("GET", col(servertest.OrgNordic)+"/orders/"+mine.UUID, nil).Expect(t, 403, "forbidden")
	if got, _ := h.Store.CollectionOrder(t.Context(), servertest.OrgNordic, mine.UUID); got.Status != provider.OrderPending {
		t.Errorf("cancelled by an observer")
	}
	if got, _ := h.Store.CollectionOrder(t.Context(), servertest.OrgAtlantic, foreign.UUID); len(got.Refunds) != 0 {
		t.Errorf("refunded through another organisation")
	}
}

// A repeated refund call with the same Idempotency-Key moves money once; another body with
// that key is 409; an amount above the total is 422 with the spec's words.
func TestAPIRefundIdempotent(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("admin@demo.example")
	o := oneOrder(t, h, servertest.OrgNordic, provider.OrderCompleted, priced)
	path := col(servertest.OrgNordic) + "/orders/" + o.UUID + "/refund"
	r := a.Call("POST", path, map[string]string{"amount": "999999999.00"})
	r.Expect(t, 422, "invalid")
	if r.FirstError(t)["title"] != provider.RefundAboveTotal(o) {
		t.Errorf("title %v", r.FirstError(t)["title"])
	}
	before := h.Balance(t, servertest.OrgNordic, o.VirtualAccountNumber)
	for range 3 {
		r := a.Call("POST", path, map[string]string{"amount": o.Amount}, "Idempotency-Key", "k-1")
		r.Expect(t, 200, "")
		h.CheckReply(t, "POST", apiOrder+"/refund", r)
	}
	after := h.Balance(t, servertest.OrgNordic, o.VirtualAccountNumber)
	a.Call("POST", path, map[string]string{"amount": "1.00"}, "Idempotency-Key", "k-1").Expect(t, 409, "conflict")
	if h.Balance(t, servertest.OrgNordic, o.VirtualAccountNumber) != after || before == after {
		t.Errorf("balance %s → %s", before, after)
	}
	got, _ := h.Store.CollectionOrder(t.Context(), servertest.OrgNordic, o.UUID)
	if len(got.Refunds) != 1 || got.Status != provider.OrderProcessingRefund {
		t.Errorf("refunds %+v", got.Refunds)
	}
}

// TestCollectionsAPITour calls every operation of the area once with success.
func TestCollectionsAPITour(t *testing.T) {
	h := newHarness(t)
	tour := h.Tour(t, New(h.Srv).API)
	completed := oneOrder(t, h, servertest.OrgNordic, provider.OrderCompleted, priced)
	pending := oneOrder(t, h, servertest.OrgNordic, provider.OrderPending, nil)
	var payment provider.CollectionPayment
	authorised := oneOrder(t, h, servertest.OrgNordic, provider.OrderAuthorised, func(o provider.CollectionOrder) bool {
		payment, _ = h.Store.CollectionPayment(t.Context(), servertest.OrgNordic, o.Payments[len(o.Payments)-1].UUID)
		return provider.PaymentCompletable(o, payment)
	})
	admin := h.APILoggedIn("admin@demo.example")
	tour.Call(admin, "listCollectionOrders", "?organisation_id="+servertest.OrgNordic, nil)
	tour.At["uuid"] = completed.UUID
	tour.Call(admin, "getCollectionOrder", "", nil)
	tour.Call(admin, "findCollectionOrder", "?value="+url.QueryEscape(completed.Reference), nil)
	tour.Call(admin, "refundCollectionOrder", "", map[string]string{"amount": completed.Amount})
	tour.At["uuid"] = pending.UUID
	tour.Call(admin, "cancelCollectionOrder", "", nil)
	tour.At["uuid"] = authorised.UUID
	tour.Call(admin, "runCollectionTestCase", "", provider.CollectionTestCaseRequest{PaymentUUID: payment.UUID, TestCase: provider.CollectionTestCaseCompletePayment})
	tour.At["uuid"] = payment.UUID
	tour.Call(admin, "getCollectionPayment", "", nil)
	tour.Call(admin, "findCollectionPayment", "?value="+url.QueryEscape(payment.UniqueReference), nil)
	tour.Done()
}
