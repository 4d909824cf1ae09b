package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestFirstLinks: a payout row's panel link is told from the create-payout
// link before it, and the fragment is cut off; a missing link is named.
func TestFirstLinks(t *testing.T) {
	page := []byte(`<a href="/org/o1/payouts/create">New</a> <a href="/org/o1/payouts/PO-1#payout-panel">PO-1</a>`)
	got, err := firstLinks(page, "the page", link{payoutRowRe, "panel"}, link{createRe, "create"})
	if err != nil || len(got) != 2 || got[0] != "/org/o1/payouts/PO-1" || got[1] != "/org/o1/payouts/create" {
		t.Errorf("%q, %v", got, err)
	}
	if _, err := firstLinks(page, "the page", link{createRe, "create"}, link{accountRe, "account link"}); err == nil || err.Error() != "no account link on the page" {
		t.Errorf("no account link: %v", err)
	}
}

// TestCheck: only a 200 whole HTML page of some size holding its mark is a
// page of the mix (the earlier attempt measured a redirect's empty body).
func TestCheck(t *testing.T) {
	page := []byte("<html>" + strings.Repeat("x", minBody) + `id="payout-panel"</html>`)
	res := func(status int) *http.Response {
		return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {"text/html; charset=utf-8"}}}
	}
	if err := check(res(200), page, `id="payout-panel"`); err != nil {
		t.Errorf("a whole page: %v", err)
	}
	for name, err := range map[string]error{
		"redirect":   check(res(303), nil, ""),
		"empty body": check(res(200), nil, ""),
		"no mark":    check(res(200), page, `data-island="PayoutWizard"`),
		"not found":  check(res(404), page, ""),
	} {
		if err == nil {
			t.Errorf("%s: passed", name)
		}
	}
}

// TestHammerCountsErrors: an answer but a 200 counts as an error of its
// kind, and the clients go on with the rest of the mix.
func TestHammerCountsErrors(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/gone" {
			http.Redirect(w, r, "/", http.StatusSeeOther)
		}
	}))
	defer ts.Close()
	cl := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	mix := []pageKind{{name: "ok", url: ts.URL + "/ok"}, {name: "gone", url: ts.URL + "/gone"}}
	res, _ := hammer(cl, mix, 2, 100*time.Millisecond)
	if len(res[0].lat) == 0 || res[0].errors != 0 {
		t.Errorf("ok: %d answers, %d errors", len(res[0].lat), res[0].errors)
	}
	if len(res[1].lat) != 0 || res[1].errors == 0 || res[1].firstErr != "status 303" {
		t.Errorf("gone: %d answers, %d errors (%s)", len(res[1].lat), res[1].errors, res[1].firstErr)
	}
	if failed(res) != res[1].errors || !strings.Contains(firstFailure(mix, res), "gone") {
		t.Errorf("failed %d, %s", failed(res), firstFailure(mix, res))
	}
}
