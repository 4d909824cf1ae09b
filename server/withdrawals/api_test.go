package withdrawals

import (
	"net/url"
	"strings"
	"sync"
	"testing"

	"portal/money"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/servertest"
)

func apiPath(org, rest string) string { return "/api/v1/withdrawals/organisations/" + org + rest }

func createBody(account, withdrawalAccount, amount, code, e2e, reviewID string) map[string]any {
	b := map[string]any{"end_to_end_id": e2e, "amount": amount, "currency_code": code,
		"creditor_account": map[string]any{"id": withdrawalAccount},
		"debtor_account":   map[string]any{"scheme_name": "VirtualAccount", "id": account}}
	if reviewID != "" {
		b["review_id"] = reviewID
	}
	return b
}

// The area's part of the API tour: every operation once, as documented.
func TestWithdrawalsAPITour(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("admin@demo.example")
	tour := h.Tour(t, New(h.Srv).API)
	list := tour.Call(a, "listWithdrawals", "?"+url.Values{"filter[status]": {"completed"}, "page[size]": {"5"}, "sort": {"-created_at"}}.Encode(), nil)
	ref := list.JSON["data"].([]any)[0].(map[string]any)["reference"].(string)
	tour.At["withdrawal"] = ref
	tour.Call(a, "getWithdrawal", "", nil)
	tour.Call(a, "listWithdrawalAccounts", "", nil)
	tour.Call(a, "listWithdrawalAccountAuthorizations", "?filter%5Bstatus%5D=active", nil)
	tour.Call(a, "getWithdrawalExchangeRate", "?pay_currency=GBP&buy_currency=EUR", nil)
	r := tour.Call(a, "createWithdrawalReview", "", createBody(acctEUR, demo.WithdrawalEUR, "12.34", "EUR", "TOUR-1", ""))
	id := r.JSON["data"].(map[string]any)["id"].(string)
	tour.Call(a, "createWithdrawal", "", createBody(acctEUR, demo.WithdrawalEUR, "12.34", "EUR", "TOUR-1", id))
	tour.Done()
}

func TestAPIListAndRead(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("observer@demo.example")
	all, _ := h.Store.Withdrawals(t.Context(), servertest.OrgNordic, provider.WithdrawalFilter{Status: provider.WithdrawalRejected, DebtorAccountNumber: acctEUR})
	q := url.Values{"filter[status]": {"rejected"}, "filter[debtor_account_number]": {acctEUR}, "page[size]": {"2"}}
	r := a.Call("GET", apiPath(servertest.OrgNordic, "/withdrawals?"+q.Encode()), nil)
	r.Expect(t, 200, "")
	meta := r.JSON["meta"].(map[string]any)
	if meta["total"] != float64(all.Total) || len(r.JSON["data"].([]any)) != min(2, all.Total) || all.Total < 2 {
		t.Fatalf("meta %v, want total %d", meta, all.Total)
	}
	q.Set("page[cursor_after]", meta["cursor_next"].(string))
	next := a.Call("GET", apiPath(servertest.OrgNordic, "/withdrawals?"+q.Encode()), nil)
	if got := next.JSON["data"].([]any)[0].(map[string]any)["reference"]; got != all.Withdrawals[2%len(all.Withdrawals)].Reference && all.Total > 2 {
		t.Errorf("page 2 starts at %v", got)
	}
	for param, v := range map[string]string{"filter[status]": "lost", "sort": "amount", "page[size]": "0", "created_after": "soon",
		"page[cursor_after]": "garbage"} {
		r := a.Call("GET", apiPath(servertest.OrgNordic, "/withdrawals?"+url.Values{param: {v}}.Encode()), nil)
		r.Expect(t, 422, "invalid")
		if src, _ := r.FirstError(t)["source"].(map[string]any); src["parameter"] != param {
			t.Errorf("%s=%s: source %v", param, v, src)
		}
	}
	w := all.Withdrawals[0]
	for _, key := range []string{w.Reference, w.ID} {
		d := a.Call("GET", apiPath(servertest.OrgNordic, "/withdrawals/"+key), nil)
		d.Expect(t, 200, "")
		data := d.JSON["data"].(map[string]any)
		if data["reference"] != w.Reference || len(data["status_transitions"].([]any)) < 2 {
			t.Errorf("by %s: %v", key, data)
		}
	}
	links := a.Call("GET", apiPath(servertest.OrgNordic, "/withdrawal_account_authorizations?filter%5Bstatus%5D=active"), nil)
	for _, l := range links.JSON["data"].([]any) {
		if l.(map[string]any)["status"] != "active" {
			t.Errorf("inactive link listed: %v", l)
		}
	}
	a.Call("GET", apiPath(servertest.OrgNordic, "/withdrawal_account_authorizations?filter%5Bstatus%5D=maybe"), nil).Expect(t, 422, "invalid")
	rate := a.Call("GET", apiPath(servertest.OrgNordic, "/exchange_rate?pay_currency=EUR&buy_currency=HUF"), nil)
	rate.Expect(t, 404, "not_found")
	if rate.FirstError(t)["title"] != "Exchange rate is not available" {
		t.Errorf("no rate: %v", rate.FirstError(t))
	}
	h.CheckReply(t, "GET", "/withdrawals/organisations/{id}/exchange_rate", rate)

	// Membership first (404 like an unknown organisation), then the permission (403).
	m := h.APILoggedIn("multi@demo.example")
	m.Call("GET", apiPath(servertest.OrgAtlantic, "/withdrawals/"+w.Reference), nil).Expect(t, 404, "not_found")
	d := h.APILoggedIn("default@demo.example")
	d.Call("GET", apiPath(servertest.OrgNordic, "/withdrawals"), nil).Expect(t, 403, "forbidden")
	n := h.APILoggedIn("noorg@demo.example")
	for _, p := range []string{"/withdrawals", "/withdrawal_accounts", "/withdrawal_account_authorizations"} {
		if r := n.Call("GET", apiPath(servertest.OrgNordic, p), nil); r.StatusCode != 404 && r.StatusCode != 401 && r.StatusCode != 403 {
			t.Errorf("non-member %s: %d", p, r.StatusCode)
		}
	}
	a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawal_reviews"), createBody(acctEUR, demo.WithdrawalEUR, "1", "EUR", "OBS-1", "")).
		Expect(t, 403, "forbidden")
}

func TestAPICreate(t *testing.T) {
	h := newHarness(t)
	a := h.APILoggedIn("operations_member@demo.example")
	before := balance(t, h, acctEUR)

	// Without a review: an Idempotency-Key, and the same key moves money once.
	body := createBody(acctEUR, demo.WithdrawalEUR, "300.00", "EUR", "API-KEY-1", "")
	a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawals"), body).Expect(t, 400, "invalid")
	first := a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawals"), body, "Idempotency-Key", "k-1")
	first.Expect(t, 201, "")
	h.CheckReply(t, "POST", "/withdrawals/organisations/{id}/withdrawals", first)
	again := a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawals"), body, "Idempotency-Key", "k-1")
	again.Expect(t, 200, "")
	if again.JSON["data"].(map[string]any)["reference"] != first.JSON["data"].(map[string]any)["reference"] {
		t.Error("a replay answered another withdrawal")
	}
	other := createBody(acctEUR, demo.WithdrawalEUR, "301.00", "EUR", "API-KEY-1", "")
	a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawals"), other, "Idempotency-Key", "k-1").Expect(t, 409, "conflict")
	want := money.MustParse(before, 2).Sub(money.MustParse("300.00", 2))

	// Field refusals point into the body with the spec's words.
	r := a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawals"), createBody(acctEUR, demo.WithdrawalEUR, "60000", "EUR", "API-KEY-1", ""),
		"Idempotency-Key", "k-2")
	r.Expect(t, 422, "invalid")
	h.CheckReply(t, "POST", "/withdrawals/organisations/{id}/withdrawals", r)
	got := map[string]string{}
	for _, e := range r.JSON["errors"].([]any) {
		e := e.(map[string]any)
		got[e["source"].(map[string]any)["pointer"].(string)] = e["title"].(string)
	}
	if got["/amount"] != "Amount exceeds (withdrawal request) limit" || got["/end_to_end_id"] != "End-to-end ID must be unique" {
		t.Errorf("refusals %v", got)
	}
	bad := createBody(acctEUR, demo.WithdrawalEUR, "1", "EUR", "S-1", "")
	bad["debtor_account"] = map[string]any{"scheme_name": "IBAN", "id": acctEUR}
	a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawals"), bad, "Idempotency-Key", "k-3").Expect(t, 422, "invalid")

	// Review, then confirm: a changed body is refused (409), the review's body books once
	// however many times it is sent at once.
	rv := a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawal_reviews"), createBody(acctGBP, demo.WithdrawalEUR, "50", "GBP", "API-REV-1", ""))
	rv.Expect(t, 201, "")
	h.CheckReply(t, "POST", "/withdrawals/organisations/{id}/withdrawal_reviews", rv)
	review := rv.JSON["data"].(map[string]any)
	if review["rate_available"] != true || review["converted_currency"] != "EUR" || review["amount"] != "50.00" {
		t.Fatalf("review %v", review)
	}
	id := review["id"].(string)
	tampered := createBody(acctGBP, demo.WithdrawalEUR, "5000", "GBP", "API-REV-1", id)
	a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawals"), tampered).Expect(t, 409, "conflict")
	gbp := balance(t, h, acctGBP)
	var wg sync.WaitGroup
	codes := make([]int, 100)
	refs := make([]any, 100)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := a.Call("POST", apiPath(servertest.OrgNordic, "/withdrawals"), createBody(acctGBP, demo.WithdrawalEUR, "50.00", "GBP", "API-REV-1", id))
			codes[i] = c.StatusCode
			if d, ok := c.JSON["data"].(map[string]any); ok {
				refs[i] = d["reference"]
			}
		}()
	}
	wg.Wait()
	created := 0
	for i, code := range codes {
		if code == 201 {
			created++
		} else if code != 200 || refs[i] != refs[0] {
			t.Errorf("confirm %d: %d %v", i, code, refs[i])
		}
	}
	if created != 1 {
		t.Errorf("%d confirms created a withdrawal, want 1", created)
	}
	if got, want := balance(t, h, acctGBP), money.MustParse(gbp, 2).Sub(money.MustParse("50.00", 2)).String(); got != want {
		t.Errorf("GBP %s, want %s", got, want)
	}
	if got := balance(t, h, acctEUR); got != want.String() {
		t.Errorf("EUR %s, want %s", got, want)
	}
	// The search group's lookup finds it by reference.
	found, err := h.Store.FindWithdrawals(t.Context(), servertest.OrgNordic, refs[0].(string))
	if err != nil || len(found) != 1 || !strings.HasPrefix(found[0].Reference, "WD") {
		t.Errorf("FindWithdrawals: %v %v", found, err)
	}
	// An island on the page: session cookie and CSRF header, as WithdrawalDialog calls.
	c := h.LoggedIn("admin@demo.example")
	tok := c.CSRF(listPath(servertest.OrgNordic))
	res := c.Send("POST", apiPath(servertest.OrgNordic, "/withdrawal_reviews"),
		`{"end_to_end_id":"COOKIE-1","amount":"5","currency_code":"EUR","creditor_account":{"id":"`+demo.WithdrawalEUR+
			`"},"debtor_account":{"scheme_name":"VirtualAccount","id":"`+acctEUR+`"}}`,
		"Content-Type", "application/json", "X-CSRF-Token", tok)
	if res.StatusCode != 201 {
		t.Errorf("cookie review: %d", res.StatusCode)
	}
}
