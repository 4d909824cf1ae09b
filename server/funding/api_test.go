package funding

import (
	"strings"
	"testing"

	"portal/reference/demo"
	"portal/server/api"
	"portal/server/servertest"
)

func TestFundingAPI(t *testing.T) {
	h := newHarness(t)
	clients := map[string]*servertest.APIClient{}
	for _, e := range []string{emailOperations, emailAdmin, emailObserver, emailDefault} {
		a := h.APILoggedIn(e)
		clients[e] = a
	}
	org1 := "/api/v1/collection/organisations/" + demo.Org1ID
	org2 := "/api/v1/collection/organisations/" + demo.Org2ID
	c2c := func(org, q string) string { return "/api/v2/crypto/organisations/" + org + "/c2c/token" + q }
	bens := func(org string) string { return "/api/v1/crypto/organisations/" + org + "/beneficiaries" }
	accept := func(base, acct string) string { return base + "/funding_instructions/" + acct + "/accept_changes" }
	gbp, err := h.Store.FundingInstruction(t.Context(), demo.Org1ID, demo.AccountOrg1GBP)
	if err != nil {
		t.Fatal(err)
	}
	usdt := "?virtual_account_number=" + demo.AccountOrg1USDT

	cases := []struct {
		name, email, method, path string
		body                      any
		status                    int
		code                      string
	}{
		{"instructions: operations member", emailOperations, "GET", org1 + "/funding_instructions", nil, 200, ""},
		{"instructions: observer lacks accounts:funding", emailObserver, "GET", org1 + "/funding_instructions", nil, 403, api.CodeForbidden},
		{"instructions: other organisation", emailOperations, "GET", org2 + "/funding_instructions", nil, 404, api.CodeNotFound},
		{"accept: observer", emailObserver, "PUT", accept(org1, demo.AccountOrg1GBP), map[string]string{"configuration_uuid": gbp.UUID}, 403, api.CodeForbidden},
		{"accept: other organisation", emailOperations, "PUT", accept(org2, demo.AccountOrg1GBP), map[string]string{"configuration_uuid": gbp.UUID}, 404, api.CodeNotFound},
		{"accept: no uuid", emailOperations, "PUT", accept(org1, demo.AccountOrg1GBP), map[string]string{}, 422, api.CodeInvalid},
		{"accept: not JSON", emailOperations, "PUT", accept(org1, demo.AccountOrg1GBP), nil, 415, "unsupported_media_type"},
		{"accept: older configuration", emailOperations, "PUT", accept(org1, demo.AccountOrg1GBP), map[string]string{"configuration_uuid": "11111111-1111-4111-8111-111111111111"}, 409, "conflict"},
		{"accept: shared account", emailOperations, "PUT", accept(org1, demo.AccountPartnerPool), map[string]string{"configuration_uuid": gbp.UUID}, 404, api.CodeNotFound},
		{"accept: current configuration", emailOperations, "PUT", accept(org1, demo.AccountOrg1GBP), map[string]string{"configuration_uuid": gbp.UUID}, 200, ""},
		{"accept: again", emailAdmin, "PUT", accept(org1, demo.AccountOrg1GBP), map[string]string{"configuration_uuid": gbp.UUID}, 200, ""},
		{"token: admin", emailAdmin, "GET", c2c(demo.Org1ID, usdt), nil, 200, ""},
		{"token: observer", emailObserver, "GET", c2c(demo.Org1ID, usdt), nil, 200, ""},
		{"token: default role", emailDefault, "GET", c2c(demo.Org1ID, usdt), nil, 403, api.CodeForbidden},
		{"token: fiat account", emailAdmin, "GET", c2c(demo.Org1ID, "?virtual_account_number="+demo.AccountOrg1EUR), nil, 404, api.CodeNotFound},
		{"token: no account", emailAdmin, "GET", c2c(demo.Org1ID, ""), nil, 422, api.CodeInvalid},
		{"token: other organisation", emailAdmin, "GET", c2c(demo.Org2ID, usdt), nil, 404, api.CodeNotFound},
		{"beneficiaries: observer", emailObserver, "GET", bens(demo.Org1ID), nil, 200, ""},
		{"beneficiaries: default role", emailDefault, "GET", bens(demo.Org1ID), nil, 403, api.CodeForbidden},
		{"beneficiaries: other organisation", emailObserver, "GET", bens(demo.Org2ID), nil, 404, api.CodeNotFound},
	}
	for _, tc := range cases {
		r := clients[tc.email].Call(tc.method, tc.path, tc.body)
		if r.StatusCode != tc.status || (tc.code != "" && r.ErrorCode(t) != tc.code) {
			t.Errorf("%s: %d %s; want %d %s", tc.name, r.StatusCode, r.Raw, tc.status, tc.code)
			continue
		}
		if tc.status != 200 {
			continue
		}
		data, _ := r.JSON["data"].(map[string]any)
		switch {
		case strings.HasPrefix(tc.name, "instructions"):
			g, _ := data[demo.AccountOrg1GBP].(map[string]any)
			if g == nil || g["virtual_account_number"] != demo.AccountOrg1GBP || g["uuid"] != gbp.UUID || data[demo.AccountOrg2GBP] != nil {
				t.Errorf("%s: %s", tc.name, r.Raw)
			}
		case strings.HasPrefix(tc.name, "accept"):
			if data["changed"] != false || data["uuid"] != gbp.UUID {
				t.Errorf("%s: %s", tc.name, r.Raw)
			}
		case tc.name == "token: admin":
			if data["manage"] != true || !strings.HasPrefix(data["wallets_url"].(string), cryptoWidgetSandboxBase+"/wallets?token=") || data["token"] == "" {
				t.Errorf("%s: %s", tc.name, r.Raw)
			}
		case tc.name == "token: observer":
			if data["manage"] != false || data["wallets_url"] != nil || !strings.HasPrefix(data["history_url"].(string), cryptoWidgetSandboxBase+"/history?token=") {
				t.Errorf("%s: %s", tc.name, r.Raw)
			}
		case strings.HasPrefix(tc.name, "beneficiaries"):
			list, _ := r.JSON["data"].([]any)
			if len(list) != 1 || list[0].(map[string]any)["virtual_account_number"] != demo.AccountOrg1USDT {
				t.Errorf("%s: %s", tc.name, r.Raw)
			}
		}
	}

	// The island's way in: the page session cookie, with the CSRF header on the PUT.
	c := h.LoggedIn(emailOperations)
	csrf := c.CSRF(fundingPage)
	body := `{"configuration_uuid":"` + gbp.UUID + `"}`
	for _, tc := range []struct {
		name   string
		hdr    []string
		status int
	}{
		{"cookie without X-CSRF-Token", []string{"Content-Type", "application/json"}, 403},
		{"cookie with X-CSRF-Token", []string{"Content-Type", "application/json", "X-CSRF-Token", csrf}, 200},
	} {
		res := c.Send("PUT", accept(org1, demo.AccountOrg1GBP), body, tc.hdr...)
		if res.StatusCode != tc.status {
			t.Errorf("%s: %d, want %d", tc.name, res.StatusCode, tc.status)
		}
	}
}

// TestFundingAPITour calls every operation of the area once with success
// (the part of the API tour that was the funding and crypto ones').
func TestFundingAPITour(t *testing.T) {
	h := newHarness(t)
	admin := h.APILoggedIn(emailAdmin)
	gbp, err := h.Store.FundingInstruction(t.Context(), demo.Org1ID, demo.AccountOrg1GBP)
	if err != nil {
		t.Fatal(err)
	}
	tour := h.Tour(t, New(h.Srv).API)
	tour.At["id"] = demo.Org1ID
	tour.Call(admin, "listFundingInstructions", "", nil)
	tour.At["accountNumber"] = demo.AccountOrg1GBP
	tour.Call(admin, "acceptFundingChanges", "", map[string]string{"configuration_uuid": gbp.UUID})
	tour.Call(admin, "getCryptoToken", "?virtual_account_number="+demo.AccountOrg1USDT, nil)
	tour.Call(admin, "listCryptoBeneficiaries", "", nil)
	tour.Done()
}
