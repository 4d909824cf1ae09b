package payouts

import (
	"context"
	"net/url"
	"portal/server/api"
	"portal/server/auth"
	"portal/server/createpayout"
	"strings"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/batches"
	"portal/server/payoutdrafts"
	"portal/server/payoutreports"
	"portal/server/servertest"
)

const hdrOrg = api.HeaderOrganisation

// The list call with its query parameters (spec 001 §7) and its meta; the detail by
// reference; bad parameters named in source.parameter.
func TestAPIList(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("observer@demo.example")
	after := time.Now().UTC().AddDate(0, 0, -60).Format("2006-01-02")
	f := provider.PayoutFilter{CreatedAfter: time.Now().UTC().AddDate(0, 0, -60).Truncate(24 * time.Hour), StateCategory: "rejected", CurrencyCode: "EUR"}
	want := allPayouts(t, h, servertest.OrgNordic, f)
	q := url.Values{"created_after": {after}, "state_category": {"rejected"}, "currency_code": {"EUR"}, "page_size": {"3"}}
	r := a.Call("GET", "/api/v1"+apiListPath+"?"+q.Encode(), nil, hdrOrg, servertest.OrgNordic)
	r.Expect(t, 200, "")
	h.CheckReply(t, "GET", apiListPath, r)
	data, meta := r.JSON["data"].([]any), r.JSON["meta"].(map[string]any)
	if len(data) != min(3, len(want)) || meta["total"] != float64(len(want)) || meta["has_next_page"] != (len(want) > 3) {
		t.Fatalf("%d rows, meta %v; want total %d", len(data), meta, len(want))
	}
	if data[0].(map[string]any)[provider.UniqueReferenceField] != want[0].UniqueReference {
		t.Errorf("first row %v", data[0].(map[string]any)[provider.UniqueReferenceField])
	}
	// The next page, and the same page again from its first row (include_cursor).
	q.Set("cursor_after", meta["cursor_next"].(string))
	next := a.Call("GET", "/api/v2"+apiListPath+"?"+q.Encode(), nil, hdrOrg, servertest.OrgNordic)
	next.Expect(t, 200, "")
	if got := next.JSON["data"].([]any)[0].(map[string]any)[provider.UniqueReferenceField]; got != want[3].UniqueReference {
		t.Errorf("page 2 starts at %v, want %s", got, want[3].UniqueReference)
	}
	q.Set("include_cursor", "true")
	incl := a.Call("GET", "/api/v2"+apiListPath+"?"+q.Encode(), nil, hdrOrg, servertest.OrgNordic)
	if got := incl.JSON["data"].([]any)[0].(map[string]any)[provider.UniqueReferenceField]; got != want[2].UniqueReference {
		t.Errorf("include_cursor starts at %v, want %s", got, want[2].UniqueReference)
	}
	// Every other filter is read.
	all := url.Values{"sort": {"date"}, "virtual_account_number": {demo.AccountOrg1GBP}, "local_instrument": {"FPS"},
		"reason_code_id": {"invalid_creditor"}, "amount_from": {"0"}, "amount_to": {"1000000"}, "batch_id": {"x"}, "created_before": {"2100-01-01"},
		"business_unit": {"00000000-0000-4000-8000-000000000000"}}
	a.Call("GET", "/api/v1"+apiListPath+"?"+all.Encode(), nil, hdrOrg, servertest.OrgNordic).Expect(t, 200, "")
	for param, v := range map[string]string{"state_category": "exploded", "sort": "amount", "page_size": "501", "include_cursor": "maybe",
		"amount_from": "-1", "created_after": "yesterday", "cursor_after": "garbage"} {
		r := a.Call("GET", "/api/v1"+apiListPath+"?"+url.Values{param: {v}}.Encode(), nil, hdrOrg, servertest.OrgNordic)
		r.Expect(t, 422, "invalid")
		h.CheckReply(t, "GET", apiListPath, r)
		if src, _ := r.FirstError(t)["source"].(map[string]any); src["parameter"] != param {
			t.Errorf("%s=%s: source %v", param, v, src)
		}
	}

	// Detail and the short form by reference.
	p := want[0]
	d := a.Call("GET", "/api/v1/payouts/organisations/"+servertest.OrgNordic+"/payout_requests/"+p.UniqueReference, nil)
	d.Expect(t, 200, "")
	h.CheckReply(t, "GET", apiDetailPath, d)
	body := d.JSON["data"].(map[string]any)
	if body["end_to_end_id"] != p.EndToEndID || body["status_transitions"] == nil || body["errors"] == nil {
		t.Errorf("detail %v", body)
	}
	s := a.Call("GET", "/api/v1/payouts/organisations/"+servertest.OrgNordic+"/payouts/"+p.UniqueReference, nil)
	s.Expect(t, 200, "")
	h.CheckReply(t, "GET", apiPayoutPath, s)
	if sd := s.JSON["data"].(map[string]any); sd["amount"] != p.Amount || sd["currency"] != p.Currency || sd["end_to_end_id"] != p.EndToEndID {
		t.Errorf("by reference %v", sd)
	}
}

// Membership first (404, the same for a foreign organisation, an unknown one and another
// organisation's payout), then the permission (403).
func TestAPIAccess(t *testing.T) {
	h := newHarness(t)
	foreign := onePayout(t, h, servertest.OrgAtlantic, provider.PayoutFilter{StateCategory: provider.PayoutProcessing}, nil)
	mine := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutReceived}, nil)
	nordic := "/api/v1/payouts/organisations/" + servertest.OrgNordic
	atlantic := "/api/v1/payouts/organisations/" + servertest.OrgAtlantic

	admin := h.APILoggedIn("admin@demo.example") // Nordic only
	admin.Call("GET", "/api/v1"+apiListPath, nil, hdrOrg, servertest.OrgAtlantic).Expect(t, 404, "not_found")
	admin.Call("GET", "/api/v1"+apiListPath, nil).Expect(t, 404, api.CodeNoOrganisation)
	for _, c := range []struct{ method, path string }{
		{"GET", atlantic + "/payout_requests/" + foreign.UniqueReference},
		{"GET", nordic + "/payout_requests/" + foreign.UniqueReference},
		{"GET", nordic + "/payouts/" + foreign.UniqueReference},
		{"DELETE", nordic + "/payout_requests/" + foreign.UniqueReference},
		{"DELETE", atlantic + "/payout_requests/" + foreign.UniqueReference},
		{"GET", atlantic + "/reason_codes"},
		{"GET", "/api/v1/customer/organisations/" + servertest.OrgAtlantic + "/business_units"},
	} {
		admin.Call(c.method, c.path, nil).Expect(t, 404, "not_found")
	}
	admin.Call("PUT", nordic+"/payouts/"+foreign.UniqueReference+"/test_case", map[string]string{"test_case": "SUCCESS"}).Expect(t, 404, "not_found")
	run(t, h)
	if got, _ := h.Store.Payout(context.Background(), servertest.OrgAtlantic, foreign.UniqueReference); got.CurrentStateName != foreign.CurrentStateName {
		t.Fatalf("another organisation's payout moved to %s", got.CurrentStateName)
	}

	def := h.APILoggedIn("default@demo.example")
	def.Call("GET", "/api/v1"+apiListPath, nil, hdrOrg, servertest.OrgNordic).Expect(t, 403, "forbidden")
	def.Call("GET", nordic+"/payout_products", nil).Expect(t, 403, "forbidden")
	obs := h.APILoggedIn("observer@demo.example")
	r := obs.Call("DELETE", nordic+"/payout_requests/"+mine.UniqueReference, nil)
	r.Expect(t, 403, "forbidden")
	h.CheckReply(t, "DELETE", apiDetailPath, r)
	obs.Call("PUT", nordic+"/payouts/"+mine.UniqueReference+"/test_case", map[string]string{"test_case": "HOLD"}).Expect(t, 403, "forbidden")
}

// DELETE cancels (data.status pending, the same on a repeat), refuses outside the
// cancellable groups (409, "Unable to cancel Payout"); PUT test_case moves the payout or
// says why not; both need the sandbox for test cases.
func TestAPICancelAndTestCase(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("admin@demo.example")
	nordic := "/api/v1/payouts/organisations/" + servertest.OrgNordic
	p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutPending}, nil)
	for range 2 {
		r := a.Call("DELETE", nordic+"/payout_requests/"+p.UniqueReference, nil)
		r.Expect(t, 200, "")
		h.CheckReply(t, "DELETE", apiDetailPath, r)
		if r.JSON["data"].(map[string]any)["status"] != provider.CancelStatusPending {
			t.Fatalf("cancel %s", r.Raw)
		}
	}
	run(t, h)
	got, _ := h.Store.Payout(context.Background(), servertest.OrgNordic, p.UniqueReference)
	if got.CurrentStateName != provider.StateCancelled || len(got.Cancellations) != 1 || got.Cancellations[0].InitiatorType != provider.InitiatorAPI {
		t.Fatalf("after DELETE: %s %+v", got.CurrentStateName, got.Cancellations)
	}
	done := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutCompleted}, nil)
	r := a.Call("DELETE", nordic+"/payout_requests/"+done.UniqueReference, nil)
	r.Expect(t, 409, "conflict")
	h.CheckReply(t, "DELETE", apiDetailPath, r)
	if r.FirstError(t)["title"] != "Unable to cancel Payout" {
		t.Errorf("title %v", r.FirstError(t)["title"])
	}

	tc := nordic + "/payouts/" + done.UniqueReference + "/test_case"
	r = a.Call("PUT", tc, map[string]string{"test_case": "HOLD"})
	r.Expect(t, 409, "conflict")
	h.CheckReply(t, "PUT", apiTestCasePath, r)
	r = a.Call("PUT", tc, map[string]string{"test_case": "BOGUS"})
	r.Expect(t, 422, "invalid")
	h.CheckReply(t, "PUT", apiTestCasePath, r)
	r = a.Call("PUT", tc, map[string]string{"test_case": "RETURNED"})
	r.Expect(t, 200, "")
	h.CheckReply(t, "PUT", apiTestCasePath, r)
	if r.JSON["data"].(map[string]any)["status"] != provider.PayoutReturned {
		t.Errorf("after RETURNED %v", r.JSON["data"].(map[string]any)["status"])
	}

	prod := servertest.NewWith(t, func(d *server.Deps) { d.Config.Env = "production" }, auth.New, New, createpayout.New, payoutdrafts.New, batches.New, payoutreports.New)
	pa := prod.APILoggedIn("admin@demo.example")
	other := onePayout(t, prod, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutCompleted}, nil)
	r = pa.Call("PUT", "/api/v1/payouts/organisations/"+servertest.OrgNordic+"/payouts/"+other.UniqueReference+"/test_case", map[string]string{"test_case": "RETURNED"})
	r.Expect(t, 403, "forbidden")
	if !strings.Contains(r.FirstError(t)["title"].(string), "not enabled") {
		t.Errorf("title %v", r.FirstError(t)["title"])
	}
}

// TestPayoutsAPITour calls every operation of the area once with success (this area's part
// of the API tour), so the harness's reply guard compares each handler's reply type with its
// entry, and CheckReply each body with the document.
func TestPayoutsAPITour(t *testing.T) {
	h := newHarness(t)
	tour := h.Tour(t, New(h.Srv).API)
	completed := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutCompleted}, nil)
	received := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutReceived}, nil)
	admin := h.APILoggedIn("admin@demo.example")
	tour.Call(admin, "listPayoutRequests", "", nil, hdrOrg, servertest.OrgNordic)
	tour.At["reference"] = completed.UniqueReference
	for _, id := range []string{"getPayoutRequest", "getPayoutByReference", "listPayoutReasonCodes", "listPayoutProducts", "listBusinessUnits"} {
		tour.Call(admin, id, "", nil)
	}
	tour.Call(admin, "runPayoutTestCase", "", map[string]string{"test_case": provider.TestCaseReturned})
	tour.At["reference"] = received.UniqueReference
	tour.Call(admin, "cancelPayoutRequest", "", nil)
	tour.Done()
}
