package withdrawals

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/money"
	"portal/provider"
	"portal/reference/demo"
	"portal/server/servertest"
	"portal/withdrawalrule"
)

func formPath(org string) string { return listPath(org) + "/new" }

// fieldError is the error shown beside field id, "" for none.
func fieldError(doc *html.Node, id string) string {
	return strings.TrimPrefix(servertest.ReadText(htmlq.Find(doc, htmlq.ByID(id+"-error"))), "Error: ")
}

// review posts the form and follows it to the review page.
func review(t *testing.T, c *servertest.Client, form url.Values) (string, *html.Node) {
	t.Helper()
	form.Set("intent", "review")
	res := c.PostForm(formPath(servertest.OrgNordic), form, formPath(servertest.OrgNordic))
	if res.StatusCode != http.StatusSeeOther {
		_, doc := c.Page(formPath(servertest.OrgNordic))
		t.Fatalf("review: %d %s", res.StatusCode, servertest.ReadText(doc))
	}
	loc := res.Header.Get("Location")
	_, doc := c.Page(loc)
	return loc, doc
}

// confirmForm is the review page's confirm form as the browser would post it.
func confirmForm(doc *html.Node) url.Values {
	form := url.Values{}
	f := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "form" && htmlq.Attr(n, "method") == "post" && htmlq.Find(n, htmlq.ByTag("button")) != nil && servertest.ReadText(htmlq.Find(n, htmlq.ByTag("button"))) == "Confirm withdrawal"
	})
	for _, in := range htmlq.FindAll(f, htmlq.ByTag("input")) {
		if htmlq.Attr(in, "type") == "hidden" && htmlq.Attr(in, "name") != "_csrf" {
			form.Set(htmlq.Attr(in, "name"), htmlq.Attr(in, "value"))
		}
	}
	return form
}

func TestFormToReviewToResult(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("operations_member@demo.example")
	before := balance(t, h, acctGBP)

	// The form: the account first, then its withdrawal accounts only.
	res, doc := c.Page(formPath(servertest.OrgNordic))
	if res.StatusCode != 200 || servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Withdraw funds" {
		t.Fatalf("form: %d", res.StatusCode)
	}
	if opts := htmlq.FindAll(htmlq.Find(doc, htmlq.ByID("withdrawal_account")), htmlq.ByTag("option")); len(opts) != 1 {
		t.Errorf("withdrawal accounts before an account is chosen: %d options", len(opts))
	}
	res = c.PostForm(formPath(servertest.OrgNordic), url.Values{"intent": {"account"}, "account": {acctGBP}, "amount": {"1,000.50"}}, formPath(servertest.OrgNordic))
	doc = servertest.Parse(t, res)
	var offered []string
	for _, o := range htmlq.FindAll(htmlq.Find(doc, htmlq.ByID("withdrawal_account")), htmlq.ByTag("option")) {
		offered = append(offered, htmlq.Attr(o, "value"))
	}
	if res.StatusCode != 200 || len(offered) != 3 || !strings.Contains(servertest.ReadText(doc), "Amount (GBP)") ||
		htmlq.Attr(htmlq.Find(doc, htmlq.ByID("amount")), "value") != "1,000.50" {
		t.Errorf("after choosing GBP: %d, options %v", res.StatusCode, offered)
	}

	// GBP to the EUR bank account: the review shows the amount, the converted amount and the rate.
	loc, doc := review(t, c, url.Values{"account": {acctGBP}, "withdrawal_account": {demo.WithdrawalEUR},
		"amount": {"1,000.50"}, "end_to_end_id": {"PAGE-GBP-1"}})
	body := servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main")))
	for _, want := range []string{"Review withdrawal", "1,000.50 GBP", "Converted amount", " EUR", "Exchange rate 1 GBP = ", "FR7630006000011234567890189", "BNP Paribas", "PAGE-GBP-1"} {
		if !strings.Contains(body, want) {
			t.Errorf("review lacks %q: %s", want, body)
		}
	}
	if balance(t, h, acctGBP) != before {
		t.Fatal("the review moved money")
	}

	// Confirm twice (a double submit, a reload): one withdrawal, one debit.
	form := confirmForm(doc)
	res = c.PostForm(loc, form, loc)
	_, doc = servertest.Follow(t, c, res)
	result := servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main")))
	if !strings.Contains(result, "Withdrawal requested") || !strings.Contains(result, "will be sent for processing after review") {
		t.Fatalf("result: %s", result)
	}
	if res := c.PostForm(loc, form, loc); res.StatusCode != http.StatusSeeOther {
		t.Errorf("second confirm: %d", res.StatusCode)
	}
	want := money.MustParse(before, 2).Sub(money.MustParse("1000.50", 2)).String()
	if got := balance(t, h, acctGBP); got != want {
		t.Errorf("GBP balance %s, want %s", got, want)
	}
	w, err := h.Store.FindWithdrawals(t.Context(), servertest.OrgNordic, "PAGE-GBP-1")
	if err != nil || len(w) != 1 || !strings.Contains(result, w[0].Reference) || w[0].Status != provider.WithdrawalReceived {
		t.Fatalf("withdrawal %v %v", w, err)
	}
	// The new withdrawal is the list's first row, and its link opens it.
	_, list := c.Page(listPath(servertest.OrgNordic))
	if rs := servertest.ListRows(list); len(rs) == 0 || htmlq.Attr(rs[0], "id") != "withdrawal-"+w[0].Reference {
		t.Error("the new withdrawal is not the first row")
	}
}

func TestFormValidation(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	post := func(form url.Values) (*http.Response, *html.Node) {
		form.Set("intent", "review")
		res := c.PostForm(formPath(servertest.OrgNordic), form, formPath(servertest.OrgNordic))
		return res, servertest.Parse(t, res)
	}
	valid := func(kv ...string) url.Values {
		f := url.Values{"account": {acctEUR}, "withdrawal_account": {demo.WithdrawalEUR}, "amount": {"10"}, "end_to_end_id": {"V-1"}}
		for i := 0; i+1 < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		return f
	}
	res, doc := post(url.Values{})
	if res.StatusCode != 422 {
		t.Fatalf("empty form: %d", res.StatusCode)
	}
	for id, msg := range map[string]string{"account": withdrawalrule.MsgAccount, "withdrawal_account": withdrawalrule.MsgWithdrawal,
		"amount": withdrawalrule.MsgAmountRequired, "end_to_end_id": withdrawalrule.MsgEndToEnd} {
		if got := fieldError(doc, id); got != msg {
			t.Errorf("%s: %q, want %q", id, got, msg)
		}
		// The summary links each error to its field.
		if htmlq.Find(doc, func(n *html.Node) bool {
			return n.Data == "a" && htmlq.Attr(n, "href") == "#"+id && servertest.ReadText(n) == msg
		}) == nil {
			t.Errorf("no summary link to %s", id)
		}
	}
	seeded := withdrawal(t, h, func(provider.WithdrawalRequest) bool { return true })
	for _, c := range []struct {
		form     url.Values
		field    string
		msg      string
		keepsVal string
	}{
		{valid("amount", "010"), "amount", "Amount must be without leading zero", "010"},
		{valid("amount", "12abc"), "amount", "Amount must be a number", "12abc"},
		{valid("amount", "50000.01"), "amount", "Amount exceeds (withdrawal request) limit", "50000.01"},
		{valid("end_to_end_id", seeded.ExternalReference), "end_to_end_id", "End-to-end ID must be unique", seeded.ExternalReference},
		{valid("withdrawal_account", demo.WithdrawalGBP), "withdrawal_account", withdrawalrule.MsgWithdrawal, ""},
	} {
		res, doc := post(c.form)
		if res.StatusCode != 422 || fieldError(doc, c.field) != c.msg {
			t.Errorf("%v: %d %q, want %q", c.form, res.StatusCode, fieldError(doc, c.field), c.msg)
		}
		if c.keepsVal != "" && htmlq.Attr(htmlq.Find(doc, htmlq.ByID(c.field)), "value") != c.keepsVal {
			t.Errorf("%v: the typed value is gone", c.form)
		}
	}
}

func TestReviewRefusals(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	before := balance(t, h, acctEUR)

	// No rate to HUF: the review says so and Confirm is disabled; posting anyway is refused.
	loc, doc := review(t, c, url.Values{"account": {acctEUR}, "withdrawal_account": {demo.WithdrawalHUF}, "amount": {"100"},
		"end_to_end_id": {"HUF-PAGE"}})
	btn := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "button" && servertest.ReadText(n) == "Confirm withdrawal" })
	if !strings.Contains(servertest.ReadText(doc), "Exchange rate is not available") || btn == nil || !htmlq.HasAttr(btn, "disabled") {
		t.Errorf("HUF review: %s", servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main"))))
	}
	res := c.PostForm(loc, confirmForm(doc), loc)
	doc = servertest.Parse(t, res)
	if res.StatusCode != 422 || servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Validation Error" || !strings.Contains(servertest.ReadText(doc), "Exchange rate is not available") {
		t.Errorf("HUF confirm: %d %s", res.StatusCode, servertest.ReadText(htmlq.Find(doc, htmlq.ByTag("main"))))
	}

	// A review whose confirm is tampered with: refused, nothing moves, Back leads to the form.
	loc, doc = review(t, c, url.Values{"account": {acctEUR}, "withdrawal_account": {demo.WithdrawalEUR}, "amount": {"75"},
		"end_to_end_id": {"TAMPER-PAGE"}})
	for field, value := range map[string]string{"amount": "7500.00", "withdrawal_account": demo.WithdrawalNoCcy} {
		form := confirmForm(doc)
		form.Set(field, value)
		res := c.PostForm(loc, form, loc)
		got := servertest.Parse(t, res)
		if res.StatusCode != 422 || servertest.ReadText(htmlq.Find(got, htmlq.ByTag("h1"))) != "Something went wrong" || !strings.Contains(servertest.ReadText(got), msgFormExpired) {
			t.Errorf("tampered %s: %d %s", field, res.StatusCode, servertest.ReadText(htmlq.Find(got, htmlq.ByTag("main"))))
		}
		back := htmlq.Find(got, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Back" })
		if back == nil || !strings.HasPrefix(htmlq.Attr(back, "href"), formPath(servertest.OrgNordic)+"?review=") {
			t.Errorf("tampered %s: no Back to the form", field)
		}
	}
	if balance(t, h, acctEUR) != before {
		t.Error("a refused confirm moved money")
	}
	// Back fills the form in from the review.
	_, form := c.Page(formPath(servertest.OrgNordic) + "?review=" + strings.TrimPrefix(loc, listPath(servertest.OrgNordic)+"/reviews/"))
	if htmlq.Attr(htmlq.Find(form, htmlq.ByID("amount")), "value") != "75.00" || htmlq.Attr(htmlq.Find(form, htmlq.ByID("end_to_end_id")), "value") != "TAMPER-PAGE" {
		t.Error("Back does not bring the reviewed values")
	}

	// Another organisation's review is not found, for its members too.
	m := h.LoggedIn("multi@demo.example")
	if res := m.Get(strings.Replace(loc, servertest.OrgNordic, servertest.OrgAtlantic, 1)); res.StatusCode == 200 {
		t.Error("Nordic's review read through Atlantic")
	}
	if res := c.Get(listPath(servertest.OrgNordic) + "/reviews/00000000-0000-4000-8000-000000000000"); res.StatusCode != 404 {
		t.Errorf("unknown review: %d", res.StatusCode)
	}
	// Confirm needs withdrawals:manage, and a CSRF token.
	o := h.LoggedIn("observer@demo.example")
	if res := o.PostForm(loc, confirmForm(doc), listPath(servertest.OrgNordic)); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgNordic {
		t.Errorf("observer confirms: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	if res := c.Do("POST", loc, confirmForm(doc)); res.StatusCode == http.StatusSeeOther {
		t.Error("confirm without CSRF went through")
	}
	if balance(t, h, acctEUR) != before {
		t.Error("money moved")
	}
}

// Many confirms of one review at once, as a nervous double-clicker on a slow link: one
// withdrawal.
func TestConcurrentConfirmsOfOneReview(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	before := balance(t, h, acctEUR)
	loc, doc := review(t, c, url.Values{"account": {acctEUR}, "withdrawal_account": {demo.WithdrawalEUR}, "amount": {"99.99"},
		"end_to_end_id": {"RACE-PAGE"}})
	form := confirmForm(doc)
	form.Set("_csrf", c.CSRF(loc))
	var wg sync.WaitGroup
	codes := make([]int, 20)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = c.Do("POST", loc, form).StatusCode
		}()
	}
	wg.Wait()
	for i, code := range codes {
		if code != http.StatusSeeOther {
			t.Errorf("confirm %d: %d", i, code)
		}
	}
	want := money.MustParse(before, 2).Sub(money.MustParse("99.99", 2)).String()
	if got := balance(t, h, acctEUR); got != want {
		t.Errorf("balance %s, want one debit: %s", got, want)
	}
}
