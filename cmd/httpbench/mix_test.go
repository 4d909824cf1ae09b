package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestFirstLink: a payout row's panel link is told from the create-payout
// link beside it, and the fragment is cut off.
func TestFirstLink(t *testing.T) {
	page := []byte(`<a href="/org/o1/payouts/create">New</a> <a href="/org/o1/payouts/PO-1#payout-panel">PO-1</a>`)
	for _, c := range []struct {
		name string
		got  func() (string, error)
		want string
	}{
		{"panel", func() (string, error) { return firstLink(page, payoutRowRe, "panel") }, "/org/o1/payouts/PO-1"},
		{"create", func() (string, error) { return firstLink(page, createRe, "create") }, "/org/o1/payouts/create"},
	} {
		if got, err := c.got(); err != nil || got != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	if _, err := firstLink(page, accountRe, "an account link"); err == nil || !strings.Contains(err.Error(), "an account link") {
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
