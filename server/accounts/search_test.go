package accounts

import (
	"context"
	"testing"

	"portal/provider"
	"portal/server/servertest"
)

func TestSearchMovementsAPI(t *testing.T) {
	h := newHarness(t)
	if _, err := h.Store.Transfer(context.Background(), servertest.OrgNordic, provider.TransferRequest{From: acctEUR, To: acctGBP, Amount: "2.00",
		EndToEndID: "API-SEARCH", IdempotencyKey: "api-search"}); err != nil {
		t.Fatal(err)
	}
	obs := h.APILoggedIn("observer@demo.example")
	def := h.APILoggedIn("default@demo.example")
	doc := "/virtual_bank/organisations/{id}/movements/search"
	path := func(org, query string) string {
		return "/api/v2/virtual_bank/organisations/" + org + "/movements/search?" + query
	}
	cases := []struct {
		c      *servertest.APIClient
		url    string
		status int
		code   string
	}{
		{obs, path(servertest.OrgNordic, "q=API-SEARCH"), 200, ""},
		{obs, path(servertest.OrgNordic, "q=%20API-SEARCH%20&limit=1"), 200, ""},
		{obs, path(servertest.OrgNordic, "q=%20%20"), 422, "invalid"},
		{obs, path(servertest.OrgNordic, ""), 422, "invalid"},
		{obs, path(servertest.OrgNordic, "q=x&limit=0"), 422, "invalid"},
		{obs, path(servertest.OrgNordic, "q=x&cursor_after=a&cursor_before=b"), 422, "invalid"},
		{obs, path(servertest.OrgAtlantic, "q=API-SEARCH"), 404, "not_found"},
		{def, path(servertest.OrgNordic, "q=API-SEARCH"), 403, "forbidden"},
	}
	for _, tc := range cases {
		r := tc.c.Call("GET", tc.url, nil)
		r.Expect(t, tc.status, tc.code)
		h.CheckReply(t, "GET", doc, r)
	}

	first := obs.Call("GET", path(servertest.OrgNordic, "q=API-SEARCH&limit=1"), nil)
	meta, _ := first.JSON["meta"].(map[string]any)
	data, _ := first.JSON["data"].([]any)
	if len(data) != 1 || meta["total"] != float64(2) || meta["has_next_page"] != true {
		t.Fatalf("first page %s", first.Raw)
	}
	if hit := data[0].(map[string]any); hit["account_number"] != acctGBP || hit["reference"] != "API-SEARCH" {
		t.Errorf("hit %v", hit)
	}
	second := obs.Call("GET", path(servertest.OrgNordic, "q=API-SEARCH&limit=1&cursor_after="+meta["cursor_next"].(string)), nil)
	data2, _ := second.JSON["data"].([]any)
	if len(data2) != 1 || data2[0].(map[string]any)["account_number"] != acctEUR {
		t.Errorf("second page %s", second.Raw)
	}
}
