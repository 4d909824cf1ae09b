package receivers

import (
	"context"
	"net/url"
	"testing"

	"portal/reference/demo"
	"portal/server/servertest"
)

// newCreditor is a creditor to save through the API.
func newCreditor(name string) map[string]any {
	p := demo.ReceiverProducts[0]
	return map[string]any{"creditor": map[string]any{
		"full_name": name, "creditor_type": "private", "birthdate": "1990-01-31", "country_code": "DE", "city": "Berlin",
		"address_lines": []string{"Unter den Linden 1"}, "postcode": "10117", "email": "new@example.com",
		"product_id": p.ProductID, "schema_id": p.SchemaID,
		"creditor_details": []map[string]string{{"key": "creditor_account.iban", "value": "DE89370400440532013000"},
			{"key": "creditor_account.bank_bic", "value": "COBADEFFXXX"}},
	}}
}

// Every receiver operation once with success (the portal's API tour), under both paths.
func TestAPITour(t *testing.T) {
	h := newHarness(t)
	tour := h.Tour(t, New(h.Srv).API)
	a := h.APILoggedIn("operations_member@demo.example")
	p := demo.ReceiverProducts[0]
	for _, col := range []apiCollection{apiReceivers, apiCreditors} {
		noun := string(col.noun[0]-'a'+'A') + col.noun[1:]
		list := tour.Call(a, "list"+noun+"s", "?page_size=2", nil)
		meta := list.JSON["meta"].(map[string]any)
		if len(list.JSON["data"].([]any)) != 2 || meta["total"] != float64(len(all(t, h, servertest.OrgNordic))) || meta["has_next_page"] != true {
			t.Fatalf("%s: list %v", col.noun, meta)
		}
		created := tour.Call(a, "create"+noun, "", newCreditor("Tour "+col.noun))
		if created.StatusCode != 201 {
			t.Errorf("%s: create %d", col.noun, created.StatusCode)
		}
		d := created.JSON["data"].(map[string]any)
		if d["currency"] != p.Currency || d["created_by"] != "Sofie Andersen" {
			t.Errorf("%s: created %v", col.noun, d)
		}
		tour.At[col.param] = d["id"].(string)
		if got := tour.Call(a, "get"+noun, "", nil); got.JSON["data"].(map[string]any)["full_name"] != "Tour "+col.noun {
			t.Errorf("%s: get %v", col.noun, got.JSON)
		}
		tour.Call(a, "delete"+noun, "", nil)
	}
	recent := tour.Call(a, "listRecentReceivers", "?"+url.Values{"product_id": {p.ProductID}, "schema_id": {p.SchemaID}, "limit": {"3"}}.Encode(), nil)
	if data := recent.JSON["data"].([]any); len(data) != 3 || data[0].(map[string]any)["product_id"] != p.ProductID {
		t.Errorf("recent %v", recent.JSON)
	}
	tour.Done()
}

// Membership first (a non-member gets the 404 of an unknown organisation), then the
// permission (403), then the receiver (another organisation's is not found); saving the
// same creditor twice keeps one; bad input is named.
func TestAPIChecks(t *testing.T) {
	h := newHarness(t)
	theirs := first(t, h, servertest.OrgAtlantic, nil)
	ours := first(t, h, servertest.OrgNordic, nil)
	recent := "/api/v2/payouts/organisations/" + servertest.OrgNordic + "/recent_receivers?product_id=x&schema_id=y"

	outsider := h.APILoggedIn("admin@demo.example") // not in Atlantic
	for _, path := range []string{"/payouts/organisations/" + servertest.OrgAtlantic + "/receivers", "/customer/organisations/" + servertest.OrgAtlantic + "/creditors/" + theirs.ID} {
		outsider.Call("GET", "/api/v2"+path, nil).Expect(t, 404, "not_found")
	}
	outsider.Call("DELETE", "/api/v2/customer/organisations/"+servertest.OrgAtlantic+"/creditors/"+theirs.ID, nil).Expect(t, 404, "not_found")

	none := h.APILoggedIn("default@demo.example") // member of Nordic without receivers:read
	none.Call("GET", recent, nil).Expect(t, 403, "forbidden")
	none.Call("GET", "/api/v2/payouts/organisations/"+servertest.OrgNordic+"/receivers/"+ours.ID, nil).Expect(t, 403, "forbidden")

	reader := h.APILoggedIn("observer@demo.example")
	reader.Call("GET", recent, nil).Expect(t, 200, "")
	reader.Call("POST", "/api/v2/payouts/organisations/"+servertest.OrgNordic+"/receivers", newCreditor("Nope")).Expect(t, 403, "forbidden")
	reader.Call("DELETE", "/api/v2/payouts/organisations/"+servertest.OrgNordic+"/receivers/"+ours.ID, nil).Expect(t, 403, "forbidden")

	admin := h.APILoggedIn("multi@demo.example") // admin in Nordic, observer in Atlantic
	admin.Call("GET", "/api/v2/payouts/organisations/"+servertest.OrgNordic+"/receivers/"+theirs.ID, nil).Expect(t, 404, "not_found")
	admin.Call("DELETE", "/api/v2/customer/organisations/"+servertest.OrgNordic+"/creditors/"+theirs.ID, nil).Expect(t, 404, "not_found")
	admin.Call("DELETE", "/api/v2/customer/organisations/"+servertest.OrgAtlantic+"/creditors/"+theirs.ID, nil).Expect(t, 403, "forbidden")
	if _, err := h.Store.Receiver(context.Background(), servertest.OrgAtlantic, theirs.ID); err != nil {
		t.Errorf("the other organisation's receiver is gone: %v", err)
	}

	path := "/api/v2/payouts/organisations/" + servertest.OrgNordic + "/receivers"
	first := admin.Call("POST", path, newCreditor("Twice"))
	first.Expect(t, 201, "")
	again := admin.Call("POST", path, newCreditor("Twice"))
	again.Expect(t, 200, "")
	h.CheckReply(t, "POST", apiReceivers.path, again)
	if again.JSON["data"].(map[string]any)["id"] != first.JSON["data"].(map[string]any)["id"] {
		t.Error("saving the same creditor twice made two")
	}
	bad := newCreditor("")
	r := admin.Call("POST", path, bad)
	r.Expect(t, 422, "invalid")
	h.CheckReply(t, "POST", apiReceivers.path, r)
	if src, _ := r.FirstError(t)["source"].(map[string]any); src["pointer"] != "/creditor/full_name" {
		t.Errorf("source %v", src)
	}
	for q, param := range map[string]string{"?sort=name": "sort", "?cursor_next=garbage": "cursor_next", "?page_size=0": "page_size",
		"?cursor_next=a&cursor_prev=b": "cursor_prev"} {
		r := admin.Call("GET", path+q, nil)
		r.Expect(t, 422, "invalid")
		h.CheckReply(t, "GET", apiReceivers.path, r)
		if src, _ := r.FirstError(t)["source"].(map[string]any); src["parameter"] != param {
			t.Errorf("%s: source %v", q, src)
		}
	}
	r = admin.Call("GET", "/api/v2/payouts/organisations/"+servertest.OrgNordic+"/recent_receivers", nil)
	r.Expect(t, 422, "invalid")
	if len(r.JSON["errors"].([]any)) != 2 {
		t.Errorf("missing product_id and schema_id: %v", r.JSON)
	}
	// Paging by the API's cursors, both ways.
	p1 := admin.Call("GET", path+"?page_size=5", nil)
	next := p1.JSON["meta"].(map[string]any)["cursor_next"].(string)
	p2 := admin.Call("GET", path+"?page_size=5&cursor_next="+url.QueryEscape(next), nil)
	prev := p2.JSON["meta"].(map[string]any)["cursor_prev"].(string)
	back := admin.Call("GET", path+"?page_size=5&cursor_prev="+url.QueryEscape(prev), nil)
	if back.JSON["data"].([]any)[0].(map[string]any)["id"] != p1.JSON["data"].([]any)[0].(map[string]any)["id"] {
		t.Error("cursor_prev does not lead back to the first page")
	}
}
