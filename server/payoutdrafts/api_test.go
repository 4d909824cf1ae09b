package payoutdrafts

import (
	"net/url"
	"strings"
	"testing"

	"portal/provider"
	"portal/server/api"
	"portal/server/servertest"
)

// Every operation of the area once, with success (the reply guard and the document check
// each reply), and the spec's error texts of the draft calls on the way.
func TestPayoutDraftsAPITour(t *testing.T) {
	h := newHarness(t)
	tour := h.Tour(t, New(h.Srv).API)
	ops := h.APILoggedIn(creator)
	rev := h.APILoggedIn(reviewer)

	tour.Call(ops, "listProductOptions", "", nil)
	tour.Call(ops, "listProductSchemas", "?product_id=sepa-eur-de", nil, api.HeaderOrganisation, servertest.OrgNordic)
	tour.Call(ops, "listPaymentInstruments", "", nil)
	tour.Call(ops, "listContractedLocalInstruments", "", nil)
	codes := tour.Call(ops, "listExternalCodes", "?"+url.Values{"filter[name]": {provider.ExternalCodeB2BPurpose}}.Encode(), nil)
	if n := len(codes.JSON["data"].([]any)); n < 10 {
		t.Errorf("%d B2B purpose codes", n)
	}
	countries := tour.Call(ops, "listCountries", "", nil)
	if n := len(countries.JSON["data"].([]any)); n != 249 {
		t.Errorf("%d countries", n)
	}
	if core := tour.Call(ops, "listCoreCountries", "", nil); string(core.Raw) != string(countries.Raw) {
		t.Errorf("/core/countries differs from /countries")
	}

	base := "/api/v1/payouts/organisations/" + servertest.OrgNordic + "/payout_drafts"
	r := ops.Call("POST", base, map[string]string{"product_id": "sepa-eur-de"})
	r.Expect(t, 422, "invalid")
	if e := r.FirstError(t); e["title"] != "Data required is required" || e["detail"] != provider.MsgDraftCreateFailed {
		t.Errorf("create without schema: %v", e)
	}
	created := tour.Call(ops, "createPayoutDraft", "", map[string]string{"product_id": "sepa-eur-de", "schema_id": "sepa-eur-de-iban"})
	id := created.JSON["data"].(map[string]any)["draft_id"].(string)
	tour.At["draft_id"] = id

	// A refused section: the spec's warning first, then the field, pointed at.
	r = ops.Call("PATCH", base+"/"+id, map[string]any{"creditor_account": map[string]string{"iban": "DE89 3704 0044 0532 0130 01"}})
	r.Expect(t, 422, "invalid")
	h.CheckReply(t, "PATCH", apiDraftPath, r)
	errs := r.JSON["errors"].([]any)
	if errs[0].(map[string]any)["title"] != provider.MsgDraftSaveFailed || errs[1].(map[string]any)["title"] != "Enter a valid IBAN" ||
		errs[1].(map[string]any)["source"].(map[string]any)["pointer"] != "/creditor_account/iban" {
		t.Errorf("save errors %v", errs)
	}
	ops.Call("PATCH", base+"/"+id, map[string]any{"creditor": map[string]string{}, "debtor": map[string]string{}}).Expect(t, 422, "invalid")

	// Publishing an incomplete draft: Precondition Failure lines.
	r = ops.Call("POST", base+"/"+id+"/publish", nil)
	r.Expect(t, 412, codePrecond)
	h.CheckReply(t, "POST", apiDraftPath+"/publish", r)
	if e := r.FirstError(t); e["title"] != provider.MsgDraftPrecondition || !strings.Contains(e["detail"].(string), "is required") {
		t.Errorf("precondition %v", e)
	}

	tour.Call(ops, "savePayoutDraftSection", "", map[string]any{"creditor_account": map[string]string{"iban": "DE89 3704 0044 0532 0130 00"}})
	tour.Call(ops, "updatePayoutDraft", "", map[string]any{
		"payout_request": map[string]string{"virtual_account_number": "4520011000000015", "amount": "1,000.00", "end_to_end_id": "API-TOUR-1"},
		"creditor": map[string]string{"full_name": "Anna Müller", "email": "anna@example.com", "address": "Hauptstraße 1",
			"city": "Berlin", "postal_code": "10115", "country_code": "DE"},
	})
	tour.Call(ops, "getPayoutDraft", "", nil)
	sum := tour.Call(ops, "getPayoutDraftSummary", "", nil).JSON["data"].(map[string]any)
	if len(sum["preconditions"].([]any)) != 0 || sum["approval_needed"] != true {
		t.Errorf("summary %v", sum)
	}
	pub := tour.Call(ops, "publishPayoutDraft", "", nil).JSON["data"].(map[string]any)
	if pub["state"] != provider.DraftStatusWaitingReview || pub["amount"] != "1000.00" {
		t.Errorf("publish %v", pub)
	}
	tour.Call(rev, "listPayoutDrafts", "?filter[status]=waiting_review&page[size]=5", nil)

	// Without payout_drafts:review: 403; the creator, even a reviewer, cannot approve: 409
	// with the spec's failure text.
	ops.Call("POST", base+"/"+id+"/approve", nil).Expect(t, 403, "forbidden")
	own := sent(t, h, servertest.OrgNordic, "API-TOUR-OWN", jonas)
	r = rev.Call("POST", base+"/"+own.DraftID+"/approve", nil)
	r.Expect(t, 409, "conflict")
	h.CheckReply(t, "POST", apiDraftPath+"/approve", r)
	if e := r.FirstError(t); e["title"] != provider.MsgDraftApproveFailed || e["detail"] != "The creator of a draft cannot review it." {
		t.Errorf("creator approve %v", e)
	}
	ok := tour.Call(rev, "approvePayoutDraft", "", nil).JSON["data"].(map[string]any)
	if ok["message"] != "Successfully approved draft with id: "+id || ok["status"] != provider.DraftStatusPublished || ok["vela_unique_reference"] == "" {
		t.Errorf("approve %v", ok)
	}

	// Decline and delete, each on a draft of its own.
	tour.At["draft_id"] = sent(t, h, servertest.OrgNordic, "API-TOUR-2", sofie).DraftID
	if m := tour.Call(rev, "rejectPayoutDraft", "", nil).JSON["data"].(map[string]any)["message"]; m != "Successfully rejected draft with id: "+tour.At["draft_id"] {
		t.Errorf("reject %v", m)
	}
	r = rev.Call("DELETE", base+"/"+tour.At["draft_id"], nil)
	r.Expect(t, 409, "conflict")
	if e := r.FirstError(t); e["title"] != provider.MsgDraftDeleteFailed {
		t.Errorf("delete by another user %v", e)
	}
	if m := tour.Call(ops, "deletePayoutDraft", "", nil).JSON["data"].(map[string]any)["message"]; m != "Successfully deleted draft "+tour.At["draft_id"] {
		t.Errorf("delete %v", m)
	}
	tour.Done()
}

// Membership first (404, the same for another organisation's draft), then the permission.
func TestPayoutDraftsAPIAccess(t *testing.T) {
	h := newHarness(t)
	foreign := sent(t, h, servertest.OrgAtlantic, "ATL-API-1", grace)
	admin := h.APILoggedIn(reviewer2) // Nordic only
	nordic := "/api/v1/payouts/organisations/" + servertest.OrgNordic + "/payout_drafts/"
	atlantic := "/api/v1/payouts/organisations/" + servertest.OrgAtlantic + "/payout_drafts/"
	for _, c := range []struct{ method, path string }{
		{"GET", nordic + foreign.DraftID}, {"GET", atlantic + foreign.DraftID}, {"POST", nordic + foreign.DraftID + "/approve"},
		{"POST", atlantic + foreign.DraftID + "/approve"}, {"DELETE", nordic + foreign.DraftID}, {"GET", atlantic[:len(atlantic)-1]},
	} {
		admin.Call(c.method, c.path, nil).Expect(t, 404, "not_found")
	}
	obs := h.APILoggedIn("observer@demo.example")
	mine := sent(t, h, servertest.OrgNordic, "API-ACCESS-1", sofie)
	obs.Call("POST", nordic+mine.DraftID+"/approve", nil).Expect(t, 403, "forbidden")
	obs.Call("POST", nordic[:len(nordic)-1], map[string]string{"product_id": "x", "schema_id": "y"}).Expect(t, 403, "forbidden")
	def := h.APILoggedIn("default@demo.example")
	def.Call("GET", nordic[:len(nordic)-1], nil).Expect(t, 403, "forbidden")
	if d, _ := h.Store.Draft(t.Context(), servertest.OrgAtlantic, foreign.DraftID, provider.DraftActor{}); d.Status != provider.DraftStatusWaitingReview {
		t.Fatalf("another organisation's draft changed: %s", d.Status)
	}
}
